"""Play a friend (from the lobby): host a match, or join one.

Host: the game runs a match server itself (or uses the server address from
the settings) and shows the invite code and the address to give, large, and
copies them to the clipboard; the match starts when the friend joins.
Join: type or paste the code (with the host's address, as the host's
clipboard has them: ``192.168.1.5:50123 ABCDE-FGHJK``), or pick a game
announced on the local network.  Errors get a line saying why.
"""

from __future__ import annotations

import re
from typing import List, Optional, Tuple

import pygame
from pygame_gui.elements import UITextEntryLine

from .. import clipboard
from ..app import App
from ..i18n import t
from ..net.client import NO_CONNECTION, BadAddress, NetClient, check_address, server_url
from ..net.hosting import Hosting
from ..friendseat import SeatTicket
from ..net.inbound import Ended, Link, LinkChanged, ServerError, State
from ..net.lan import LanBrowser, LanGame
from ..net.protocol import CODE_LENGTH, ClientMessage, Create, EndReason, ErrorCode, Join, Resume, format_code, normalize_code
from .ui import Action, MenuScene

_ADDRESS = re.compile(r"(\[[0-9A-Fa-f:]+\]|[A-Za-z0-9.\-]+):(\d+)(?![\w.])")
_BROWSER = LanBrowser()


def read_invite(text: str, default_address: str) -> Tuple[str, str]:
    """(address, code) from what was typed or pasted; ValueError saying what is missing.

    >>> read_invite("192.168.1.5:50123 ABCDE-FGHJK", "")
    ('192.168.1.5:50123', 'ABCDEFGHJK')
    >>> read_invite("abcde fghjk", "example.org:8765")
    ('example.org:8765', 'ABCDEFGHJK')
    >>> read_invite("127.0.0.1:99999 ABCDE-FGHJK", "")
    Traceback (most recent call last):
    ...
    ValueError: The port in the invite must be a number from 1 to 65535 (as in 192.168.1.5:50123 ABCDE-FGHJK).
    """
    found = _ADDRESS.search(text)
    address = found.group(0) if found else default_address.strip()
    rest = text.replace(found.group(0), " ") if found else text
    code = normalize_code(rest) or next((c for c in map(normalize_code, rest.split()) if c), None)
    if found is not None:
        try:
            check_address(address)
        except BadAddress as exc:
            raise ValueError(t("friend.bad_port" if exc.reason == "port" else "friend.bad_host")) from None
    if code is None:
        raise ValueError(t("friend.bad_code", n=CODE_LENGTH))
    if not address:
        raise ValueError(t("friend.need_address"))
    return address, code


class FriendScene(MenuScene):
    def __init__(self, app: App):
        super().__init__(app)
        self.text = ""
        self.server_text = app.settings.server_address
        self.error: Optional[str] = None
        self.client: Optional[NetClient] = None
        self.hosting: Optional[Hosting] = None
        self.waiting: Optional[str] = None  # "host" (the code is shown), "join" or "rejoin" (a seat held before)
        self.rejoining: Optional[SeatTicket] = None
        self.address = ""
        self.entry: Optional[UITextEntryLine] = None
        self.server_entry: Optional[UITextEntryLine] = None
        self.lan = _BROWSER
        self.lan.start()
        self.lan_shown: List[LanGame] = []
        self._lan_check = 0.0
        self._code_shown = False

    # -- building ----------------------------------------------------------------------------
    def build(self, size: Tuple[int, int]) -> None:
        w, h = size
        f = self.font_px
        m = max(10, f)
        tw = min(w - 2 * m, int(f * 40))
        x0 = (w - tw) // 2
        bh = int(f * 2.3)
        self.label(pygame.Rect(0, int(f * 0.6), w, int(f * 2.6)), t("friend.title"), object_id="#heading", fit=True)
        y = int(f * 3.6)
        server = self.app.settings.server_address
        self.label(pygame.Rect(x0, y, tw, int(f * 1.5)),
                   t("friend.server", address=server) if server else t("friend.server_here"), object_id="#small")
        y += int(f * 2)
        if self.waiting == "host" and self.client is not None:
            self._build_waiting(x0, y, tw, w, h)
            return
        sw = int(f * 9)
        self.server_entry = UITextEntryLine(pygame.Rect(x0, y, tw - sw - f // 2, bh), self.manager,
                                            placeholder_text=t("friend.server_placeholder"))
        self.server_entry.set_text(self.server_text)
        self.button(pygame.Rect(x0 + tw - sw, y, sw, bh), t("friend.use_server"), ("server",))
        y += bh + f
        self.host_button = self.button(pygame.Rect(x0, y, tw, int(bh * 1.2)), t("friend.host"), ("host",), object_id="#play")
        y += int(bh * 1.2) + f
        pw, jw = int(f * 6), int(f * 7)
        self.entry = UITextEntryLine(pygame.Rect(x0, y, tw - pw - jw - f, bh), self.manager,
                                     placeholder_text=t("friend.code_placeholder"))
        self.entry.set_text(self.text)
        self.button(pygame.Rect(x0 + tw - pw - jw - f // 2, y, pw, bh), t("setup.paste"), ("paste",))
        self.join_button = self.button(pygame.Rect(x0 + tw - jw, y, jw, bh), t("friend.join"), ("join",))
        y += bh + f
        self.lan_shown = self.lan.games()[:4]
        if self.lan_shown:
            self.label(pygame.Rect(x0, y, tw, int(f * 1.5)), t("friend.nearby"), object_id="#small")
            y += int(f * 1.6)
            for i, game in enumerate(self.lan_shown):
                self.button(pygame.Rect(x0, y, tw, bh), t("friend.join_nearby", game=game.label), ("lan", i))
                y += bh + f // 3
        message = self.error or (t("friend.connecting") if self.waiting == "join" else "")
        if self.waiting == "rejoin" and not self.error:
            message = t("friend.rejoining")
        if message:
            self.wrapped_label(pygame.Rect(x0, y + f // 2, tw, int(f * 1.5)), message, object_id="#small")
        bw = int(f * 10)
        self.back_button = self.button(pygame.Rect(w // 2 - bw // 2, h - f - int(f * 2.5), bw, int(f * 2.5)), t("button.back"), ("back",))

    def _build_waiting(self, x0: int, y: int, tw: int, w: int, h: int) -> None:
        f = self.font_px
        assert self.client is not None
        self.label(pygame.Rect(x0, y, tw, int(f * 1.5)), t("friend.give_code"), object_id="#small")
        y += int(f * 1.8)
        self.code_label = self.label(pygame.Rect(0, y, w, int(f * 4)), format_code(self.client.code), object_id="#title")
        y += int(f * 4.2)
        self.address_label = self.label(pygame.Rect(0, y, w, int(f * 2.6)), self.address, object_id="#heading")
        y += int(f * 3)
        self.wrapped_label(pygame.Rect(x0, y, tw, int(f * 1.5)), self.error or t("friend.waiting"), object_id="#small")
        bw = int(f * 10)
        self.back_button = self.button(pygame.Rect(w // 2 - bw // 2, h - f - int(f * 2.5), bw, int(f * 2.5)), t("button.cancel"), ("back",))

    # -- actions -------------------------------------------------------------------------------
    def _read_entries(self) -> None:
        if self.entry is not None and self.entry.alive():
            self.text = self.entry.get_text()
        if self.server_entry is not None and self.server_entry.alive():
            self.server_text = self.server_entry.get_text()

    def act(self, action: Action) -> None:
        kind = action[0]
        self._read_entries()
        if kind == "paste":
            self.text = clipboard.paste().strip()[:120]
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
        elif kind == "back":
            self.back()

    def use_server(self, text: str) -> None:
        """Keep ``text`` as the match server (as the settings do), or say why it is not one."""
        try:
            address = check_address(text)
        except BadAddress as exc:
            self.error = t(f"server.bad.{exc.reason}")
        else:
            self.server_text = address
            self.app.settings.server_address = address
            self.app.save_settings()
            self.error = None
        self._rebuild(self.app.size)

    def handle_event(self, event: pygame.event.Event) -> None:
        """While an entry has the keyboard, the keys are its (a space, the
        arrows, Backspace ... are typing, not shortcuts); Enter joins with
        the invite, or uses the server typed."""
        typing = next((e for e in (self.entry, self.server_entry) if e is not None and e.alive() and e.is_focused), None)
        if event.type == pygame.KEYDOWN and typing is not None and event.key not in (pygame.K_ESCAPE, pygame.K_TAB):
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._read_entries()
                if typing is self.server_entry:
                    self.use_server(self.server_text)
                else:
                    self.join(self.text)
                return
            assert self.manager is not None
            self.manager.process_events(event)
            self.dirty = True
            return
        super().handle_event(event)

    def confirm(self) -> None:
        self._read_entries()
        if self.text.strip():
            self.join(self.text)

    def host(self) -> None:
        """Start (or reach) the server, create the match, show the code."""
        s = self.app.settings
        try:
            if s.server_address:
                url, self.address = server_url(check_address(s.server_address)), s.server_address
            else:
                if self.app.hosted is None:
                    self.app.hosted = Hosting.start(store=self.app.storage.hosted_store)
                url, self.address = self.app.hosted.url, self.app.hosted.address
        except BadAddress as exc:  # (a settings file written by hand)
            self._fail(t(f"server.bad.{exc.reason}"))
            return
        except (OSError, ValueError) as exc:
            self._fail(t("friend.cannot_host", reason=str(exc)))
            return
        self._connect(url, Create(s.lobby_length, s.lobby_cube, ""), "host")

    def join(self, text: str) -> None:
        try:
            address, code = read_invite(text, self.app.settings.server_address)
        except ValueError as exc:
            self._fail(str(exc))
            return
        held = self.app.friend_seat.kept
        if held is not None and held.code == code and held.role == "guest":
            self.rejoin(held)  # this match's seat is held here: take it back, not a second one
            return
        self._connect(server_url(address), Join(code, ""), "join")

    def rejoin(self, ticket: SeatTicket) -> None:
        """Take back the seat of a match this game was in (it crashed or was
        closed), hosting it again first if this game hosted it."""
        url = ticket.url
        if ticket.hosted:
            try:
                if self.app.hosted is None:
                    self.app.hosted = Hosting.start(ticket.hosted_port or 0, store=self.app.storage.hosted_store)
                url = self.app.hosted.url
            except OSError as exc:
                self._fail(t("friend.cannot_host", reason=str(exc)))
                return
        self.rejoining = ticket
        self._connect(url, Resume(ticket.token), "rejoin", token=ticket.token)

    def _connect(self, url: str, hello: ClientMessage, waiting: str, token: Optional[str] = None) -> None:
        self._drop_client()
        self.error = None
        self.client = NetClient(url, hello, give_up_after=30.0, token=token).start()
        self._code_shown = False
        self.waiting = waiting
        self._rebuild(self.app.size)

    def _fail(self, message: str) -> None:
        self.error = message
        self.waiting = None
        self._drop_client()
        self._rebuild(self.app.size)

    def _drop_client(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None

    def back(self) -> None:
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
        client = self.client
        if client is None:
            return
        for msg in client.poll():
            if self.waiting == "rejoin" and self._gone(msg):
                return
            if isinstance(msg, ServerError):
                self._fail(t(f"friend.error.{msg.code}") if msg.code in SERVER_ERRORS else t("friend.refused", reason=msg.detail))
                return
            if isinstance(msg, LinkChanged) and msg.link == Link.FAILED:  # (the connection's thread failed: why)
                failed = msg.detail and msg.detail != NO_CONNECTION
                self._fail(t("friend.connect_failed", reason=msg.detail) if failed else t("friend.no_connection"))
                return
            if isinstance(msg, State):
                if self.waiting == "host" and not msg.names[1] and not msg.connected[1]:
                    self._show_code(client)
                    continue
                self._start(client, msg)
                return

    def _gone(self, msg: object) -> bool:
        """Rejoining: the server no longer has the match (or refuses the seat):
        the player is told why in the lobby, and the seat is forgotten."""
        gone = isinstance(msg, Ended) and msg.reason != EndReason.SERVER_CLOSING.value
        refused = isinstance(msg, ServerError) and msg.code == ErrorCode.UNKNOWN_TOKEN.value
        if not (gone or refused):
            return False
        ticket = self.rejoining
        self._drop_client()
        self.app.friend_seat.clear()
        if self.app.hosted is not None:
            self.app.hosted.stop(keep=False)
            self.app.hosted = None
        name = ticket.friend if ticket is not None and ticket.friend else t("net.friend")
        self.app.notice = t("friend.gone", name=name)
        self.app.flow.lobby()
        return True

    def _show_code(self, client: NetClient) -> None:
        if self.waiting == "host" and not self._code_shown:
            self._code_shown = True
            clipboard.copy(f"{self.address} {format_code(client.code)}")
            if self.app.hosted is not None:
                self.app.hosted.announce("", client.code)
            self._rebuild(self.app.size)

    def _start(self, client: NetClient, state: State) -> None:
        from .friendplay import start_friend_match

        if self.app.hosted is not None:
            self.app.hosted.stop_announcing()
        self.client = None  # the match owns it now
        start_friend_match(self.app, client, state)

    @property
    def busy(self) -> bool:
        return self.client is not None or super().busy


SERVER_ERRORS = ("unknown_code", "match_full", "too_many_matches", "version", "rate_limited")
