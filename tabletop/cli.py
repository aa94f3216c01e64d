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
    args, rest = parser.parse_known_args(argv)
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
