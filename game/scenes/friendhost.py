"""The game's own match server as the friend screen uses it: started off the
frame loop (:class:`~game.net.hoststart.HostStarter`), kept by the app once
it listens (``app.hosted``, its port kept in the settings for the next
match), then what it was started for is done; and the words that tell the
player who can join it (:func:`reach_words`)."""

from __future__ import annotations

from typing import Callable, List, Optional

from ..ui.host import AppHost
from ..words.i18n import t
from ..net.hosting import Hosting
from ..net.hoststart import HostFailed, HostReady, HostStarter
from ..net.portmap import Why

Then = Callable[[Hosting], None]


class OwnServer:
    """At most one start of the game's own server at a time, and what follows it."""

    def __init__(self, app: AppHost):
        self.app = app
        self.starter: Optional[HostStarter] = None
        self._then: Optional[Then] = None

    @property
    def starting(self) -> bool:
        return self.starter is not None

    def use(self, port: int, then: Then) -> None:
        """``then`` with the server: at once if it runs, else once it listens
        (see :meth:`check`); ``port``: the one to ask for (0: any)."""
        if self.app.hosted is not None:
            then(self.app.hosted)
            return
        if self.starter is None:
            self.starter = HostStarter(port, self.app.storage.hosted_store)
        self._then = then

    def check(self) -> Optional[str]:
        """Once a frame: when the server has started, the app keeps it and
        what it was started for is done; the words of a failure (else None)."""
        outcome = self.starter.outcome if self.starter is not None else None
        if outcome is None:
            return None
        then, self.starter, self._then = self._then, None, None
        if isinstance(outcome, HostFailed):
            return t("friend.cannot_host", reason=outcome.reason)
        if isinstance(outcome, HostReady):
            self.app.hosted = outcome.hosting
            remember_port(self.app, outcome.hosting.server.port)
            if then is not None:
                then(outcome.hosting)
        return None

    def cancel(self, keep: bool) -> None:
        """Not wanted any more: a start under way is stopped once started (off the loop)."""
        if self.starter is not None:
            self.starter.cancel(keep=keep)
            self.starter = self._then = None


def remember_port(app: AppHost, port: int) -> None:
    """The next match is hosted on ``port`` too (a forward made by hand on the router stays right)."""
    if app.settings.host_port != port:
        app.settings.host_port = port
        app.save_settings()


def reach_words(hosting: Hosting, short: bool = False) -> str:
    """Who can join, in a line: the router forwards the port (friends anywhere
    can join), or why not and what to do; the IPv6 address where there is one.
    ``short``: the fewest words (a small window)."""
    reach, port = hosting.reach, hosting.server.port
    here = hosting.lan_address.rpartition(":")[0]
    key = "friend.reach.short." if short else "friend.reach."
    if reach.mapped:
        words = t(key + "mapped", port=reach.external_port, lan=hosting.lan_address)
    elif reach.why is Why.NOT_PUBLIC:
        offline = reach.external_ip in ("", "0.0.0.0")
        words = t(key + "offline") if offline else t(key + "not_public", ip=reach.external_ip)
    elif reach.why is Why.REFUSED:
        words = t(key + "refused", port=port, address=here, reason=reach.detail)
    elif reach.why is Why.NO_ROUTER:
        words = t(key + "no_router", port=port, address=here)
    else:  # nothing asked: the network is kept on this computer
        words = ""
    if hosting.ipv6_address and not short:
        words = f"{words} {t('friend.reach.ipv6', address=hosting.ipv6_address)}".strip()
    return words


def hosted_words(app: AppHost, url: str) -> List[str]:
    """:func:`reach_words` for the match at ``url`` when it is the game's own
    server, the full words and the short ones (none otherwise)."""
    hosting = app.hosted
    if hosting is None or hosting.url != url or not reach_words(hosting):
        return []
    return [reach_words(hosting), reach_words(hosting, short=True)]
