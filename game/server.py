"""``python -m game.server --host H --port P`` (and the ``backgammon-server``
command): a headless match server for friend games, for a machine both
players can reach.  Ctrl+C stops it: without a store the players are told
the match has ended; with ``--store FILE`` the matches are kept in that file
(SQLite) and a server started again on it resumes them (the players'
clients reconnect and resume with their tokens).  The store is off by
default.

With ``--store postgresql://...`` several processes share one PostgreSQL
database behind a proxy such as HAProxy (docs/server.md): ``--server-id``
names the process, ``--behind-proxy`` takes the player's address from the
proxy's ``X-Forwarded-For``, ``--log-format json`` logs one JSON object a
line; ``GET /healthz`` and ``GET /metrics`` (Prometheus) answer on the same
port; SIGTERM drains the process (its matches move to the others).

With ``--certfile FILE --keyfile FILE`` it serves ``wss://`` (and its join
pages over ``https://``); ``--download-url URL`` is linked from the join
pages for players who do not have the game yet.

``--event-loop`` picks the event loop: uvloop where it is installed (the
``cluster`` extra installs it) and the server makes no TLS itself, else
Python's own asyncio.  (The TLS handshake is made by each connection once
it is counted against its address, :mod:`game.net.gate`; uvloop starts
reading a connection before its protocol could wait, so the client's first
TLS bytes would be lost: behind HAProxy, TLS ends at the proxy.)

The process does nothing but serve, so it runs the cycle collector's policy
of :mod:`game.net.heap` (what lives on is frozen once a second, out of the
full collections' way); ``--gc-stats`` prints the collector's pauses.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import ssl
from typing import Any, Callable, Coroutine, List, Optional

from .net import eventlog
from .net.heap import PauseLog, ServerHeap
from .net.pgstore import available as postgres_available
from .net.pgstore import is_url
from .net.protocol import DEFAULT_PORT
from .net.server import Limits, MatchServer
from .net.store import StoreError


#: seconds between SIGTERM and the players being sent on (a proxy's health check sees the process draining first)
DRAIN_DELAY = 1.5


def parse(argv: Optional[List[str]] = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="backgammon-server", description="Match server for backgammon friend games")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 or :: for every interface)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT})")
    parser.add_argument("--matches-per-address", type=int, default=Limits.matches_per_address,
                        help="matches one address may host at once")
    parser.add_argument("--connections-per-address", type=int, default=Limits.connections_per_address,
                        help="connections one address may hold at once (0: no limit, e.g. behind a proxy that "
                             "limits them)")
    parser.add_argument("--idle-expiry", type=float, default=Limits.idle_expiry, metavar="SECONDS",
                        help="a match without any action for this long is dropped")
    parser.add_argument("--store", metavar="FILE|URL", default=None,
                        help="keep the matches in this SQLite file, so that a restarted server resumes them, or in "
                             "the PostgreSQL database of this postgresql:// URL, shared by several server processes "
                             "(default: none, the matches live in memory only)")
    parser.add_argument("--server-id", metavar="NAME", default=None,
                        help="this process's name in the shared store's leases and in the logs (default: host:port)")
    parser.add_argument("--send-back", type=int, default=Limits.send_back, metavar="N",
                        help="with a postgresql:// store: matches sent back a second to a process that runs again "
                             f"after they were taken over from it (default {Limits.send_back}; 0: never)")
    parser.add_argument("--behind-proxy", action="store_true",
                        help="the player's address is the last one in the proxy's X-Forwarded-For header "
                             "(for the per-address limits); only behind a proxy that sets it")
    parser.add_argument("--log-format", choices=("text", "json"), default="text",
                        help="json: one JSON object a line per event, with its match code (never a token)")
    parser.add_argument("--certfile", metavar="FILE", default=None,
                        help="serve wss:// (and https://) with this certificate chain (PEM); "
                             "without it the server speaks plain ws:// (and http://)")
    parser.add_argument("--keyfile", metavar="FILE", default=None,
                        help="the private key of --certfile (PEM; default: in the certificate file)")
    parser.add_argument("--download-url", metavar="URL", default=None,
                        help="where the join pages send players who do not have the game yet (http(s)://)")
    parser.add_argument("--verbose", action="store_true", help="log each match")
    parser.add_argument("--event-loop", choices=("auto", "asyncio", "uvloop"), default="auto",
                        help="the event loop: uvloop (libuv: fewer CPU cycles a connection and a message) or "
                             "Python's own asyncio; auto (the default): uvloop where it is installed (the cluster "
                             "extra installs it where it exists) and the server does not make TLS itself "
                             "(--certfile: asyncio)")
    parser.add_argument("--gc-stats", type=float, default=0.0, metavar="SECONDS",
                        help="every SECONDS, print the garbage collector's pauses (for measuring)")
    args = parser.parse_args(argv)
    if args.keyfile is not None and args.certfile is None:
        parser.error("--keyfile needs --certfile")
    if args.download_url is not None and not args.download_url.startswith(("https://", "http://")):
        parser.error("--download-url must be an http:// or https:// address")
    if is_url(args.store) and not postgres_available():
        parser.error("a postgresql:// store needs psycopg: pip install 'backgammon[cluster]'")
    if args.event_loop == "uvloop" and args.certfile is not None:
        parser.error("--certfile runs on asyncio (the server's TLS handshakes count each connection first, "
                     "which uvloop does not allow): end TLS at the proxy to run on uvloop")
    if args.event_loop == "uvloop" and runner("uvloop") is asyncio.run:
        parser.error("--event-loop uvloop needs uvloop: pip install uvloop")
    if args.event_loop == "auto" and args.certfile is not None:
        args.event_loop = "asyncio"
    if args.connections_per_address < 0 or args.matches_per_address < 1 or args.send_back < 0:
        parser.error("--connections-per-address and --send-back must be 0 or more, --matches-per-address 1 or more")
    return args


def runner(choice: str) -> Callable[[Coroutine[Any, Any, None]], None]:
    """What runs the server's coroutine for ``--event-loop``: ``uvloop.run``
    for "uvloop", and for "auto" where uvloop is installed; else ``asyncio.run``.
    Neither changes the event loop policy of the process (tests call
    :func:`main` in theirs).

    >>> runner("asyncio") is asyncio.run
    True
    """
    if choice != "asyncio":
        try:
            import uvloop
        except ImportError:
            pass
        else:
            return uvloop.run
    return asyncio.run


def event_loop_name() -> str:
    """Which event loop runs (for the first line the server prints)."""
    return "uvloop" if type(asyncio.get_running_loop()).__module__.startswith("uvloop") else "asyncio"


def tls_context(certfile: str, keyfile: Optional[str] = None) -> ssl.SSLContext:
    """A server context with the certificate chain and its key (TLS 1.2 or later);
    ``OSError`` (``ssl.SSLError`` included) if they cannot be read or do not match."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(certfile, keyfile)
    return context


def make_server(args: argparse.Namespace) -> MatchServer:
    """The server the command runs: its limits, and the collector's policy
    of a process that only serves (:class:`ServerHeap`)."""
    limits = Limits(connections_per_address=args.connections_per_address,
                    matches_per_address=args.matches_per_address, idle_expiry=args.idle_expiry,
                    send_back=args.send_back)
    context = tls_context(args.certfile, args.keyfile) if args.certfile else None
    return MatchServer(args.host, args.port, limits=limits, heap=ServerHeap(), store=args.store,
                       ssl_context=context, download_url=args.download_url, server_id=args.server_id,
                       behind_proxy=args.behind_proxy)


async def report_pauses(server: MatchServer, every: float) -> None:
    """Print the collector's pauses every ``every`` seconds (``--gc-stats``)."""
    pauses = PauseLog().install()
    try:
        while True:
            await asyncio.sleep(every)
            frozen = server.heap.frozen if server.heap else 0
            print(f"gc: {pauses.summary()}; {len(server.lobby.rooms)} matches, {frozen} objects frozen",
                  flush=True)
            pauses.clear()
    finally:
        pauses.remove()


async def drain(server: MatchServer, serving: "asyncio.Future[None]", delay: float = DRAIN_DELAY) -> None:
    """SIGTERM: /healthz says "not ready" at once; once the proxy has seen it
    (``delay`` seconds), the matches are let go and the process stops."""
    server.draining = True
    await asyncio.sleep(delay)
    serving.cancel()


def main(argv: Optional[List[str]] = None) -> int:
    args = parse(argv)
    eventlog.setup(args.log_format == "json", args.verbose)
    try:
        server = make_server(args)
    except OSError as exc:  # ssl.SSLError is one
        print(f"backgammon-server: cannot use the certificate {args.certfile} and its key: {exc}")
        return 1

    async def run() -> None:
        host, port = await server.start()
        print(f"backgammon match server on {server.scheme}://{host}:{port} (Ctrl+C stops it; "
              f"event loop: {event_loop_name()})", flush=True)
        stats = asyncio.ensure_future(report_pauses(server, args.gc_stats)) if args.gc_stats > 0 else None
        serving = asyncio.ensure_future(server.serve_forever())
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(drain(server, serving)))
        try:
            await serving
        except asyncio.CancelledError:
            pass
        finally:
            if stats is not None:
                stats.cancel()
            await server.close()

    try:
        runner(args.event_loop)(run())
    except KeyboardInterrupt:
        pass
    except StoreError as exc:
        print(f"backgammon-server: {exc}")
        return 1
    except OSError as exc:
        print(f"backgammon-server: cannot listen on {args.host}:{args.port}: {exc}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
