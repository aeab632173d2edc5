"""``python -m game.server --host H --port P`` (and the ``backgammon-server``
command): a headless match server for friend games, for a machine both
players can reach.  Ctrl+C stops it (the players are told).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
from typing import List, Optional

from .net.protocol import DEFAULT_PORT
from .net.server import Limits, MatchServer


def main(argv: Optional[List[str]] = None) -> int:
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
    parser.add_argument("--verbose", action="store_true", help="log each match")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")
    limits = Limits(connections_per_address=args.connections_per_address,
                    matches_per_address=args.matches_per_address, idle_expiry=args.idle_expiry)
    server = MatchServer(args.host, args.port, limits=limits)

    async def run() -> None:
        host, port = await server.start()
        print(f"backgammon match server on ws://{host}:{port} (Ctrl+C stops it)", flush=True)
        try:
            await server.serve_forever()
        finally:
            await server.close()

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        print(f"backgammon-server: cannot listen on {args.host}:{args.port}: {exc}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
