"""``python -m game.server --host H --port P`` (and the ``backgammon-server``
command): a headless match server for friend games, for a machine both
players can reach.  Ctrl+C stops it: without a store the players are told
the match has ended; with ``--store FILE`` the matches are kept in that file
(SQLite) and a server started again on it resumes them (the players'
clients reconnect and resume with their tokens).  The store is off by
default.

With ``--certfile FILE --keyfile FILE`` it serves ``wss://`` (and its join
pages over ``https://``); ``--download-url URL`` is linked from the join
pages for players who do not have the game yet.

The process does nothing but serve, so it runs the cycle collector's policy
of :mod:`game.net.heap` (what lives on is frozen once a second, out of the
full collections' way); ``--gc-stats`` prints the collector's pauses.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import ssl
from typing import List, Optional

from .net.heap import PauseLog, ServerHeap
from .net.protocol import DEFAULT_PORT
from .net.server import Limits, MatchServer
from .net.store import StoreError


def parse(argv: Optional[List[str]] = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="backgammon-server", description="Match server for backgammon friend games")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 or :: for every interface)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT})")
    parser.add_argument("--matches-per-address", type=int, default=Limits.matches_per_address,
                        help="matches one address may host at once")
    parser.add_argument("--connections-per-address", type=int, default=Limits.connections_per_address,
                        help="connections one address may hold at once")
    parser.add_argument("--idle-expiry", type=float, default=Limits.idle_expiry, metavar="SECONDS",
                        help="a match without any action for this long is dropped")
    parser.add_argument("--store", metavar="FILE", default=None,
                        help="keep the matches in this SQLite file, so that a restarted server resumes them "
                             "(default: none, the matches live in memory only)")
    parser.add_argument("--certfile", metavar="FILE", default=None,
                        help="serve wss:// (and https://) with this certificate chain (PEM); "
                             "without it the server speaks plain ws:// (and http://)")
    parser.add_argument("--keyfile", metavar="FILE", default=None,
                        help="the private key of --certfile (PEM; default: in the certificate file)")
    parser.add_argument("--download-url", metavar="URL", default=None,
                        help="where the join pages send players who do not have the game yet (http(s)://)")
    parser.add_argument("--verbose", action="store_true", help="log each match")
    parser.add_argument("--gc-stats", type=float, default=0.0, metavar="SECONDS",
                        help="every SECONDS, print the garbage collector's pauses (for measuring)")
    args = parser.parse_args(argv)
    if args.keyfile is not None and args.certfile is None:
        parser.error("--keyfile needs --certfile")
    if args.download_url is not None and not args.download_url.startswith(("https://", "http://")):
        parser.error("--download-url must be an http:// or https:// address")
    return args


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
                    matches_per_address=args.matches_per_address, idle_expiry=args.idle_expiry)
    context = tls_context(args.certfile, args.keyfile) if args.certfile else None
    return MatchServer(args.host, args.port, limits=limits, heap=ServerHeap(), store=args.store,
                       ssl_context=context, download_url=args.download_url)


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


def main(argv: Optional[List[str]] = None) -> int:
    args = parse(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        server = make_server(args)
    except OSError as exc:  # ssl.SSLError is one
        print(f"backgammon-server: cannot use the certificate {args.certfile} and its key: {exc}")
        return 1

    async def run() -> None:
        host, port = await server.start()
        print(f"backgammon match server on {server.scheme}://{host}:{port} (Ctrl+C stops it)", flush=True)
        stats = asyncio.ensure_future(report_pauses(server, args.gc_stats)) if args.gc_stats > 0 else None
        try:
            await server.serve_forever()
        finally:
            if stats is not None:
                stats.cancel()
            await server.close()

    try:
        asyncio.run(run())
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
