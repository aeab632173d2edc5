"""The game's own match server as the friend screen uses it: started off the
frame loop (:class:`~game.net.hoststart.HostStarter`), kept by the app once
it listens (``app.hosted``), then what it was started for is done."""

from __future__ import annotations

from typing import Callable, Optional

from .host import AppHost
from ..words.i18n import t
from ..net.hosting import Hosting
from ..net.hoststart import HostFailed, HostReady, HostStarter

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
            if then is not None:
                then(outcome.hosting)
        return None

    def cancel(self, keep: bool) -> None:
        """Not wanted any more: a start under way is stopped once started (off the loop)."""
        if self.starter is not None:
            self.starter.cancel(keep=keep)
            self.starter = self._then = None
