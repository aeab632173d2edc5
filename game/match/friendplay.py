"""What the match scene does for a friend game over the network: start it,
show the connection line, ask what to do when the friend has been gone for
2 minutes or the match has ended at the other end, leave, and rematch.

The match scene calls these for a :class:`~game.play.netplay.NetSession` only;
everything else about the match (board, panel, animation of the friend's
moves, keyboard, controller and touch) is the same as against the computer.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, List, Optional, Tuple

from ..ui.host import AppHost
from ..store.friendseat import SeatTicket
from ..words.i18n import t, tr
from ..net.client import NetClient
from ..net.inbound import State
from ..play.netplay import FALLBACK_LEVEL, NetSession
from ..play.options import MatchOptions


#: seconds a connection line that may pass at once (:data:`PASSING`) stands before it is said
STATUS_STANDS = 1.0
#: the lines of a connection lost that a reconnection may end at once
PASSING = frozenset({"net.status.reconnecting", "net.status.held", "net.status.friend_away"})


def start_friend_match(app: AppHost, client: NetClient, state: State) -> None:
    """Show a friend match that has just started (or restarted: a rematch)."""
    session = NetSession(client, state, app.settings)
    m = session.match
    options = MatchOptions(mode="friend", colour="white" if session.me == 0 else "black", length=m.length, cube=m.cube)
    app.keep_match(session, options)  # recorded as friend games; never saved to continue
    app.flow.show_match(session)


def status_line(session: NetSession, status: str) -> str:
    """The panel's status line with the connection's state after it."""
    return t("common.joined", a=status, b=tr(session.status()))


def friend_update(app: AppHost, session: NetSession, animating: bool, say: Callable[[str], None], shown: Optional[str]) -> bool:
    """Once a frame: a rematch starts (not while the board ``animating``),
    or a question for the player, or the server's word on the player's
    action (``say`` puts it on the board); True when the panel's connection
    line, ``shown`` (None: no panel), no longer says how things stand (the
    connection's state changed: the scene shows it at once)."""
    remember_seat(app, session)
    if session.rematch_state is not None and not animating:
        state, session.rematch_state = session.rematch_state, None
        start_friend_match(app, session.client, state)
        return False
    if session.fallback and app.session is session and app.options is not None and app.options.mode == "friend":
        # the computer took the friend's seat: a match against the computer now, saved to continue like one
        app.keep_match(session, replace(app.options, mode="computer", level=FALLBACK_LEVEL))
    if session.told is not None:  # the server's word on the player's action: said on the board
        say(tr(session.told))
        app.announcer.say(tr(session.told))
        session.told = None
    line = session.status()
    status = tr(line)
    if status != session.status_seen[0]:
        session.status_seen = (status, session.clock())
    if status != session.status_said and (session.status_said is None or line.key not in PASSING
                                          or session.clock() - session.status_seen[1] >= STATUS_STANDS):
        # the connection's news, told as the panel shows it; a connection lost is told once it has stood
        # a moment: a reconnection that is over at once (a match moved to another server process) is no news
        if session.status_said is not None:
            app.announcer.say(status)
        session.status_said = status
    if (session.may_continue or session.may_play_here) and not session.asked_continue:
        session.asked_continue = True  # (after "Wait" the panel's button and C still offer it)
        session.told_ended = True
        ask_play_on(app, session)
    elif session.ended is not None and not session.told_ended and not session.fallback:
        session.told_ended = True
        ask(app, t("net.ended.title"), tr(session.status()), [(t("net.ended.ok"), lambda: leave(app, session))])
    return shown is not None and shown != tr(session.status())


def ask_play_on(app: AppHost, session: NetSession) -> None:
    """The friend gone 2 minutes (or the host's game): play on against the computer, or wait;
    the friend left on purpose (their seat is given up): play on, or leave, but nothing to wait for."""
    status = tr(session.status())
    if session.friend_left or session.may_play_here:  # nothing to wait for
        text = t("net.gone.left_text", status=status)
        last = (t("net.gone.lobby"), lambda: leave(app, session))
    else:
        text = t("net.gone.text", status=status)
        last = (t("net.gone.wait"), lambda: None)
    if app.saves.has_game():  # the match played on is saved to continue: it takes the saved game's place
        text = t("net.gone.replaces", text=text)
    if session.may_play_here:
        title = t("net.gone.left_title" if session.ended == "host_left" else "net.ended.title")
    else:
        title = t("net.gone.left_title" if session.friend_left else "net.gone.host_title" if session.host_gone else "net.gone.title")
    ask(app, title, text, [(t("net.gone.continue"), session.continue_alone), last])


def remember_seat(app: AppHost, session: NetSession) -> None:
    """Keep the seat on disk while the match goes on, to rejoin it after a
    crash or a close; forget it once the match is over for this player."""
    seat = app.friend_seat
    client = session.client
    if not session.online or session.match.over or client.token is None:
        if seat.kept is not None and (not session.online or session.match.over):
            seat.clear()
        return
    hosted = app.hosted
    port = hosted.server.port if hosted is not None and client.url == hosted.url else None
    seat.keep(SeatTicket(client.url, client.token, client.code, client.role or "guest", session.me,
                         session.names[1 - session.me], port))


def seat_gone(app: AppHost, ticket: Optional[SeatTicket]) -> None:
    """The seat kept to rejoin a match is no more: the server no longer has
    the match (``ticket``: the player is told, in the lobby) or the player
    gave it up (None).  Forgotten, the game's own server stopped, the lobby."""
    app.friend_seat.clear()
    if app.hosted is not None:
        app.hosted.stop(keep=False)
        app.hosted = None
    if ticket is not None:
        app.notice = t("friend.gone", name=ticket.friend or t("net.friend"))
    app.flow.lobby()


def ask(app: AppHost, title: str, text: str, choices: List[Tuple[str, Callable[[], object]]]) -> None:
    """A question over the board (it closes before its answer acts; Escape only closes it)."""
    app.flow.ask(title, text, list(choices), cancel=(t("button.back"), None))


def leave(app: AppHost, session: NetSession) -> None:
    """Leave the friend match for the lobby (the host leaving ends it for the guest)."""
    session.leave()
    app.friend_seat.clear()  # left on purpose: nothing to rejoin
    if app.session is session:
        app.drop_match()
    if app.hosted is not None:
        app.hosted.stop(keep=False)
        app.hosted = None
    app.flow.lobby()


def ask_leave(app: AppHost, session: NetSession) -> None:
    """Leave the match for the lobby: it cannot be continued later, so ask
    (the host leaving ends it for the friend).  Played on against the
    computer it is a match like any other: see ``MatchQuestions.ask_lobby``."""
    if session.match.over or not session.online:
        leave(app, session)
        return
    key = "net.leave.host" if session.client.role == "host" else "net.leave.guest"
    ask(app, t("net.leave.title"), t(key), [(t("button.yes"), lambda: leave(app, session)), (t("button.no"), lambda: None)])
