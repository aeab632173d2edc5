"""Play a friend (from the lobby): host a match, or join one.

Host: the game runs a match server itself (or uses the server address from
the settings) and shows the invite code and the address to give, large, and
copies them to the clipboard; the match starts when the friend joins.
Join: type or paste the code (with the host's address, as the host's
clipboard has them: ``192.168.1.5:50123 ABCDE-FGHJK``), or pick a game
announced on the local network.  Errors get a line saying why.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, List, Optional, Tuple
from urllib.parse import urlsplit

import pygame
from pygame_gui.elements import UIButton, UITextEntryLine

from ..system import clipboard
from ..ui.host import AppHost
from ..words.i18n import t
from ..net.client import BadAddress, NetClient, check_address, server_url
from ..net.hosting import Hosting
from ..system.wake import wake_loop
from ..store.friendseat import SeatTicket
from ..net.inbound import Link, LinkChanged, Presence, State
from ..net.lan import LanBrowser, LanGame
from ..net.protocol import ClientMessage, Create, Join, Resume, format_code
from .friendhost import OwnServer
from .friendhost import hosted_words
from .friendinvite import with_web_page, awaits_friend, form_message, failure_words, invite_for, invite_problem, keep_name, keep_server, my_name, read_invite, seat_gone_by  # noqa: F401 - (read_invite: the screen's, for tests and tools)
from ..match.friendplay import seat_gone
from .friendviews import Column, bottom_button, form_view, invite_view, unreachable_view
from ..ui.typing import keys_to_entry
from ..ui.menu import Action, MenuScene
from ..ui.spoken import spelled

_BROWSER = LanBrowser()
#: seconds a seat taken back keeps trying to reach its server before the player is told it cannot
REJOIN_PATIENCE = 30.0


class FriendScene(MenuScene):
    def __init__(self, app: AppHost):
        super().__init__(app)
        self.text = ""
        self.server_text = app.settings.server_address
        self.name_text = my_name(app.settings)
        self.name_entry: Optional[UITextEntryLine] = None
        self.error: Optional[str] = None
        self.client: Optional[NetClient] = None
        self.waiting: Optional[str] = None  # "host" (the code is shown), "join" or "rejoin" (a seat held before)
        self.rejoining: Optional[SeatTicket] = None
        self.unreachable: Optional[SeatTicket] = None  # a seat taken back whose server cannot be reached
        self.own = OwnServer(app)  # the game's own server, started off the frame loop
        self.moved: Optional[str] = None  # a match hosted again, not on its old port: the words to give the new invite
        self.address = ""
        self.entry: Optional[UITextEntryLine] = None
        self.server_entry: Optional[UITextEntryLine] = None
        self.lan = _BROWSER
        self.lan.start()
        self.lan_shown: List[LanGame] = []
        self._lan_check = 0.0
        self.showing_code = False  # the invite is shown, the friend awaited
        self.join_button: Optional[UIButton] = None

    # -- building ----------------------------------------------------------------------------
    def build(self, size: Tuple[int, int]) -> None:
        w, h = size
        f = self.font_px
        tw = min(w - 2 * max(10, f), int(f * 40))
        x0 = (w - tw) // 2
        self.label(pygame.Rect(0, int(f * 0.6), w, int(f * 2.6)), t("friend.title"), object_id="#heading", fit=True)
        server = self.app.settings.server_address
        self.label(pygame.Rect(x0, int(f * 3.6), tw, int(f * 1.5)),
                   t("friend.server", address=server) if server else t("friend.server_here"), object_id="#small")
        col = Column(x0, int(f * 5.6), tw, w, h)
        if self._inviting and self.client is not None:
            self.code_label, self.address_label = invite_view(self, col, self.moved, format_code(self.client.code),
                                                              invite_for(self.client.code, self.address),
                                                              self.error or t("friend.waiting"),
                                                              with_web_page(hosted_words(self.app, self.client.url), self.client.code, self.address))
            self.back_button = bottom_button(self, col, t("button.cancel"))
            return
        if self.unreachable is not None:
            self.retry_button, self.forget_button = unreachable_view(self, col, urlsplit(self.unreachable.url).netloc)
        else:
            self.lan_shown = self.lan.games()[:4]
            form = form_view(self, col, self.name_text, self.server_text, self.text, self.lan_shown,
                             form_message(self.own.starting, self.error, self.waiting))
            self.name_entry, self.server_entry, self.host_button, self.entry, self.join_button = (
                form.name_entry, form.server_entry, form.host_button, form.entry, form.join_button)
        self.back_button = bottom_button(self, col, t("button.back"))

    @property
    def _inviting(self) -> bool:
        """Is the invite to give shown (a match hosted, or hosted again on a new port)?"""
        return self.waiting == "host" or (self.waiting == "rejoin" and self.moved is not None)

    # -- actions -------------------------------------------------------------------------------
    def _read_entries(self) -> None:
        for entry, kept in ((self.name_entry, "name_text"), (self.entry, "text"), (self.server_entry, "server_text")):
            if entry is not None and entry.alive():
                setattr(self, kept, entry.get_text())

    def act(self, action: Action) -> None:
        kind = action[0]
        self._read_entries()
        if kind == "paste":
            self.text = clipboard.paste().strip()[:400]
            self.error = None
            self._rebuild(self.app.size)
        elif kind == "server":
            self.use_server(self.server_text)
        elif kind == "host":
            self.host()
        elif kind == "join":
            self.join(self.text)
        elif kind == "lan" and isinstance(action[1], int) and action[1] < len(self.lan_shown):
            game = self.lan_shown[action[1]]
            self.join(f"{game.address} {game.code}")
        elif kind == "retry" and self.unreachable is not None:
            self.rejoin(self.unreachable)
        elif kind == "forget":
            seat_gone(self.app, None)  # the player gives the match up: the lobby no longer offers it
        elif kind == "back":
            self.back()

    def _keep_name(self) -> str:
        """The name typed, kept in the settings; the name to send."""
        self._read_entries()
        self.name_text = keep_name(self.app, self.name_text)
        return self.name_text

    def prefill(self, text: str) -> None:
        """The invite ``text`` (a link given to the game) in the join field, Join focused."""
        if self.waiting is not None or self.unreachable is not None:
            return  # busy with a match already: the player finishes that first
        self.text, self.error = text.strip()[:400], invite_problem(text.strip()[:400], self.app.settings.server_address)
        self._rebuild(self.app.size)
        if self.join_button is not None and self.join_button in self.order:
            self.focus.index = self.order.index(self.join_button)
        self.dirty = True

    def use_server(self, text: str) -> None:
        """Keep ``text`` as the match server (as the settings do), or say why it is not one."""
        self.error = keep_server(self.app, text)
        self.server_text = self.app.settings.server_address if self.error is None else self.server_text
        self._rebuild(self.app.size)

    def handle_event(self, event: pygame.event.Event) -> None:
        """While an entry has the keyboard, the keys are its (a space, the
        arrows, Backspace ... are typing, not shortcuts); Enter joins with
        the invite, or uses the server typed."""
        if keys_to_entry(self.manager, event, (self.entry, self.server_entry, self.name_entry), self._entered):
            self.dirty = True
        else:
            super().handle_event(event)

    def _entered(self, typing: UITextEntryLine) -> None:
        self._read_entries()
        if typing is self.server_entry:
            self.use_server(self.server_text)
        elif typing is self.name_entry:
            self._keep_name()
        else:
            self.join(self.text)

    def confirm(self) -> None:
        self._read_entries()
        if self.text.strip():
            self.join(self.text)

    def host(self) -> None:
        """Reach the server (the game's own, started off the frame loop), create the match, show the code."""
        s = self.app.settings
        create = Create(s.lobby_length, s.lobby_cube, self._keep_name())
        if not s.server_address:
            self._hosted(s.host_port, lambda hosting: self._connect(hosting.url, create, "host"))  # (the last port used)
            return
        try:
            url, self.address = server_url(check_address(s.server_address)), s.server_address
        except BadAddress as exc:  # (a settings file written by hand)
            self._fail(t(f"server.bad.{exc.reason}"))
            return
        self._connect(url, create, "host")

    def _hosted(self, port: int, then: Callable[[Hosting], None]) -> None:
        """``then`` with the game's own server, once it listens (started on a
        worker thread: the scene says "Starting…" meanwhile)."""
        if self.app.hosted is None and not self.own.starting:
            self._drop_client()
            self.error = None
        def ready(hosting: Hosting) -> None:
            self.address = hosting.address  # (what the friend is given)
            then(hosting)
        self.own.use(port, ready)
        if self.own.starting:
            self.waiting = self.waiting if self.waiting == "rejoin" else "starting"
            self._rebuild(self.app.size)

    def join(self, text: str) -> None:
        try:
            address, code = read_invite(text, self.app.settings.server_address)
        except ValueError as exc:
            self._fail(str(exc))
            return
        held = self.app.friend_seat.kept
        if held is not None and held.code == code and held.role == "guest":
            # this match's seat is held here: take it back (where the invite says: the host may have moved), not a second one
            self.rejoin(replace(held, url=server_url(address)))
            return
        self._connect(server_url(address), Join(code, self._keep_name()), "join")

    def rejoin(self, ticket: SeatTicket) -> None:
        """Take back the seat of a match this game was in (it crashed or was
        closed), hosting it again first if this game hosted it."""
        self.rejoining, self.unreachable, self.moved, self.waiting = ticket, None, None, "rejoin"
        if ticket.hosted:
            self._hosted(ticket.hosted_port or 0, lambda hosting: self._resume(ticket, hosting))
            return
        self._connect(ticket.url, Resume(ticket.token), "rejoin", token=ticket.token, patience=REJOIN_PATIENCE)

    def _resume(self, ticket: SeatTicket, hosting: Hosting) -> None:
        """The match hosted again: resume the seat; if its old port was taken,
        the friend needs the new invite (shown before the match, and the seat kept with the new port)."""
        if hosting.moved_from is not None:
            self.moved = t("friend.moved", port=hosting.moved_from, address=hosting.address)
            self.app.friend_seat.keep(replace(ticket, url=hosting.url, hosted_port=hosting.server.port))
        self._connect(hosting.url, Resume(ticket.token), "rejoin", token=ticket.token)

    def _connect(self, url: str, hello: ClientMessage, waiting: str, token: Optional[str] = None,
                 patience: Optional[float] = None) -> None:
        self.own.cancel(keep=self.waiting == "rejoin")  # (a start under way)
        self._drop_client()
        self.error = None
        self.client = NetClient(url, hello, give_up_after=30.0, token=token, first_give_up=patience)
        self.client.wake = wake_loop  # news from the server is shown at once, even while the loop idles
        self.client.start()
        self.showing_code = False
        self.waiting = waiting
        self._rebuild(self.app.size)

    def _fail(self, message: str) -> None:
        self.own.cancel(keep=self.waiting == "rejoin")  # (a start under way)
        self.error = message
        self.waiting = None
        self._drop_client()
        self._rebuild(self.app.size)

    def _drop_client(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None

    def back(self) -> None:
        self.own.cancel(keep=self.waiting == "rejoin")  # (a start under way)
        self._drop_client()
        if self.app.hosted is not None:
            self.app.hosted.stop(keep=self.waiting == "rejoin")  # a match rejoined is kept; one not begun is not
            self.app.hosted = None
        self.app.flow.back()

    # -- waiting for the server --------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self._lan_check += dt
        if self.waiting is None and self._lan_check >= 1.0:
            self._lan_check = 0.0
            if self.lan.games()[:4] != self.lan_shown:
                self._read_entries()
                self._rebuild(self.app.size)
        refused = self.own.check()
        if refused is not None:
            self._fail(refused)
            return
        client = self.client
        if client is None:
            return
        for msg in client.poll():
            if self.waiting == "rejoin" and (self._gone(msg) or self._cannot_reach(msg)):
                return
            failure = failure_words(msg)  # refused, or the connection's thread failed: why
            if failure is not None:
                self._fail(failure)
                return
            if isinstance(msg, State):
                if self._inviting and awaits_friend(self.waiting == "host", client.seat or 0, msg):
                    self._show_code(client)
                    continue
                self._start(client, msg)
                return
            if isinstance(msg, Presence) and self.moved is not None and client.last_state is not None \
                    and msg.connected[1 - (client.seat or 0)]:  # the friend found the match at its new address
                self._start(client, replace(client.last_state, connected=msg.connected))
                return

    def _cannot_reach(self, msg: object) -> bool:
        """Rejoining: the server cannot be reached (tried for a while): said so,
        the seat kept; the player may try again or forget the match."""
        if not (isinstance(msg, LinkChanged) and msg.link == Link.FAILED and self.rejoining is not None):
            return False
        self.unreachable, self.waiting = self.rejoining, None
        self._drop_client()
        self._rebuild(self.app.size)
        return True

    def _gone(self, msg: object) -> bool:
        """Rejoining: the server no longer has the match (or refuses the seat):
        the player is told why in the lobby, and the seat is forgotten."""
        if not seat_gone_by(msg):
            return False
        self._drop_client()
        seat_gone(self.app, self.rejoining)
        return True

    def _show_code(self, client: NetClient) -> None:
        if self._inviting and not self.showing_code:
            self.showing_code = True
            clipboard.copy(invite_for(client.code, self.address))
            if self.app.hosted is not None:
                self.app.hosted.announce(self.name_text, client.code)
            self._rebuild(self.app.size)
            self.app.announcer.say(t("friend.say_invite", code=spelled(format_code(client.code))))  # what the screen shows

    def _start(self, client: NetClient, state: State) -> None:
        from ..match.friendplay import start_friend_match

        if self.app.hosted is not None:
            self.app.hosted.stop_announcing()
        self.client = None  # the match owns it now
        start_friend_match(self.app, client, state)

    @property
    def busy(self) -> bool:
        return self.client is not None or self.own.starting or super().busy

