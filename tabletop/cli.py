"""The ``tabletop`` command: ``simulate`` games, ``serve`` the dashboards."""
from __future__ import annotations

import argparse
import sys

from .errors import TabletopError
from .registry import get_title, title_names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tabletop", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play many random games and summarise them")
    sim.add_argument("title", choices=title_names())
    sim.add_argument("--players", type=int, required=True)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    srv = sub.add_parser("serve", help="start the table-companion dashboards (Voila) in a browser")
    srv.add_argument("--port", type=int, default=8866,
                     help="port to listen on (default 8866; 0: any free port); a busy port is an error")
    srv.add_argument("--host", default="127.0.0.1",
                     help="address to listen on (default 127.0.0.1: this computer only); 0.0.0.0 lets "
                          "tablets on the local network connect with a token (the address with the "
                          "token is printed, and a QR code to scan)")
    srv.add_argument("--token", default=None,
                     help="the token a browser must bring (default: made up for any host but loopback; "
                          "none on loopback)")
    srv.add_argument("--no-browser", action="store_true", help="do not open a browser")
    srv.add_argument("--home", default=None, help="folder for saved matches (default: $TABLETOP_HOME "
                                                 "or the user data folder)")
    args, rest = parser.parse_known_args(argv)
    if args.command == "serve":
        if rest:
            parser.error(f"unrecognized arguments: {' '.join(rest)}")
        from .serve import serve
        return serve(port=args.port, host=args.host, open_browser=not args.no_browser,
                     home=args.home, token=args.token)
    try:
        if args.command == "simulate":
            from .simulate import simulate
            title = get_title(args.title)
            options = title.cli_options(rest)
            print(simulate(args.title, args.players, args.games, args.seed, options))
            return 0
    except TabletopError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 2
    return 1


if __name__ == "__main__":
    sys.exit(main())
