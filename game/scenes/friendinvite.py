"""What the friend screen reads and keeps: the invite typed or pasted (an
address and a code, or a link), the invite to give, the player's name and
the match server, as the settings keep them.  No widgets here."""

from __future__ import annotations

import re
from typing import List, Optional, Sequence, Tuple

from ..ui.host import AppHost
from ..words.i18n import t
from ..net.client import NO_CONNECTION, BadAddress, check_address
from ..net.inbound import Ended, Link, LinkChanged, ServerError, State
from ..net.invite import BadLink, InviteLink, is_link, link_for, parse_link
from ..net.names import clean_name
from ..net.protocol import CODE_LENGTH, EndReason, ErrorCode, format_code, normalize_code
from ..store.settings import Settings
from ..system.username import system_first_name

_ADDRESS = re.compile(r"(\[[0-9A-Fa-f:]+\]|[A-Za-z0-9.\-]+):(\d+)(?![\w.])")
_SPACED_COLON = re.compile(r"(?<=[\w.\]])[ \t]*:[ \t]*(?=\d)")

def my_name(settings: Settings) -> str:
    """The name the friend sees: the one set, else the system's first name for this account, else "Player"."""
    return clean_name(settings.player_name) or clean_name(system_first_name()) or t("friend.default_name")


def read_invite(text: str, default_address: str) -> Tuple[str, str]:
    """(address, code) from what was typed or pasted; ValueError saying what is missing.

    >>> read_invite("192.168.1.5:50123 ABCDE-FGHJK", "")
    ('192.168.1.5:50123', 'ABCDEFGHJK')
    >>> read_invite("127.0.0.1 : 32909 SAHA5-V57DM", "")
    ('127.0.0.1:32909', 'SAHA5V57DM')
    >>> read_invite("backgammon://join/203.0.113.7:50123/ABCDE-FGHJK", "")
    ('203.0.113.7:50123', 'ABCDEFGHJK')
    >>> read_invite("abcde fghjk", "example.org:8765")
    ('example.org:8765', 'ABCDEFGHJK')
    >>> read_invite("127.0.0.1:99999 ABCDE-FGHJK", "")
    Traceback (most recent call last):
    ...
    ValueError: The port in the invite must be a number from 1 to 65535 (as in 192.168.1.5:50123 ABCDE-FGHJK).
    """
    if is_link(text):
        try:
            link = parse_link(text)
        except BadLink:
            raise ValueError(t("friend.bad_link")) from None
        return link.address, link.code
    text = _SPACED_COLON.sub(":", text)  # "127.0.0.1: 32909" as typed by hand
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


def invite_problem(text: str, default_address: str) -> Optional[str]:
    """Why ``text`` is not an invite (:func:`read_invite`'s words), or None when it is one."""
    try:
        read_invite(text, default_address)
    except ValueError as exc:
        return str(exc)
    return None


def invite_for(code: str, address: str) -> str:
    """The invite to give for ``code`` at ``address``: the ``backgammon://`` link
    (the address and the code where no link can be made).

    >>> invite_for("ABCDEFGHJK", "192.168.1.5:50123")
    'backgammon://join/192.168.1.5:50123/ABCDE-FGHJK'
    """
    return link_for(code, address) or f"{address} {format_code(code)}"


def keep_name(app: AppHost, typed: str) -> str:
    """The name ``typed``, cleaned and kept in the settings (nothing kept when it is
    the default: the default then follows the system); the name to send."""
    name = clean_name(typed)
    settings = app.settings
    if name != settings.player_name and name != my_name(settings):
        settings.player_name = name
        app.save_settings()
    return my_name(settings)


def keep_server(app: AppHost, text: str) -> Optional[str]:
    """Keep ``text`` as the match server (as the settings do); why it is not one, or None."""
    try:
        address = check_address(text)
    except BadAddress as exc:
        return t(f"server.bad.{exc.reason}")
    app.settings.server_address = address
    app.save_settings()
    return None


#: the server's refusals the friend screen words itself (others: the server's detail)
SERVER_ERRORS = ("unknown_code", "match_full", "too_many_matches", "version", "rate_limited")


def failure_words(msg: object) -> Optional[str]:
    """Why hosting or joining failed, for a refusal or a failed connection (None: ``msg`` is neither)."""
    if isinstance(msg, ServerError):
        return t(f"friend.error.{msg.code}") if msg.code in SERVER_ERRORS else t("friend.refused", reason=msg.detail)
    if isinstance(msg, LinkChanged) and msg.link == Link.FAILED:
        failed = msg.detail and msg.detail != NO_CONNECTION
        return t("friend.connect_failed", reason=msg.detail) if failed else t("friend.no_connection")
    return None


def seat_gone_by(msg: object) -> bool:
    """Does ``msg`` say that a seat taken back is no more (the match ended, or the token unknown)?"""
    gone = isinstance(msg, Ended) and msg.reason != EndReason.SERVER_CLOSING.value
    return gone or (isinstance(msg, ServerError) and msg.code == ErrorCode.UNKNOWN_TOKEN.value)


def form_message(starting: bool, error: Optional[str], waiting: Optional[str]) -> str:
    """The line under the friend screen's form: what goes on, or why it failed."""
    if starting:
        return t("friend.starting")
    if error:
        return error
    return {"join": t("friend.connecting"), "rejoin": t("friend.rejoining")}.get(waiting or "", "")


def awaits_friend(hosting: bool, seat: int, state: State) -> bool:
    """Is the invite still to be given, the friend not there yet (``hosting``: a new match, else one hosted again)?"""
    if hosting:
        return not state.names[1] and not state.connected[1]
    return not state.connected[1 - seat]


def with_web_page(reach: Sequence[str], code: str, address: str) -> List[str]:
    """Who can join (``reach``, the fullest words first), each followed by the
    server's join page to send in a chat program (which makes only http(s)
    addresses clickable); the words alone last, for a small window.

    >>> with_web_page([], "ABCDEFGHJK", "203.0.113.7:8765")
    ['In a chat program, send this page instead (it opens the game): http://203.0.113.7:8765/join/ABCDE-FGHJK']
    """
    try:
        web = t("friend.web_link", url=InviteLink(code, address).web_url)
    except BadLink:
        return list(reach)
    return [f"{words} {web}" for words in reach] + list(reach) if reach else [web]
