"""The ``tabletop`` command: ``simulate`` games, rank agents in a ``tournament``, ``serve`` the
dashboards, ``store copy`` saved matches between stores."""
from __future__ import annotations

import argparse
import sys

from .errors import TabletopError
from .agents import agent_names
from .registry import get_title, title_names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tabletop", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play many random games and summarise them")
    sim.add_argument("title", choices=title_names())
    sim.add_argument("--players", type=int, required=True)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    tour = sub.add_parser("tournament", help="rank agents over many games, seats rotated",
                          description="Play agents against each other, one per seat, and rank them "
                                      "by win share with 95% intervals. Agents: "
                                      + "; ".join(f"{t}: {', '.join(agent_names(t))}" for t in title_names())
                                      + "; or module:object, or file.py:object.")
    tour.add_argument("title", choices=title_names())
    tour.add_argument("--agents", required=True,
                      help="one agent per seat, separated by commas (a name may repeat)")
    tour.add_argument("--games", type=int, default=100)
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--jobs", type=int, default=1, help="processes to play on (default 1)")
    tour.add_argument("--dask", default=None, metavar="ADDRESS",
                      help="spread the games over the Dask cluster with this scheduler address "
                           "(needs the 'cluster' extra)")
    tour.add_argument("--csv", default=None, metavar="PATH", help="write one row per game and agent here")
    tour.add_argument("--move-seconds", type=float, default=1.0,
                      help="time an agent may take for one move before it loses the game (default 1)")
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
    srv.add_argument("--database", default=None, metavar="URL",
                     help="keep the saved matches in this PostgreSQL database (postgresql://user:password@"
                          "host/name) instead of a file, e.g. one that a class's servers share (default: "
                          "$TABLETOP_DATABASE_URL if set; prefer it: other users of this computer can "
                          "read a command line)")
    store = sub.add_parser("store", help="saved matches: copy them between stores")
    store_sub = store.add_subparsers(dest="store_command", required=True)
    copy = store_sub.add_parser("copy", help="copy saved matches from SRC to DST",
                                description="Copy saved matches, whole (entries, undone entries, PIN hashes "
                                            "and waits, seat keys), from SRC to DST; each a SQLite file "
                                            "(matches.sqlite3, by its path) or a postgresql:// address. SRC is "
                                            "only read. DST is a new file in a folder that exists, tabletop's "
                                            "saved matches, or a PostgreSQL database; anything else is refused "
                                            "and left as it is.")
    copy.add_argument("source", metavar="SRC")
    copy.add_argument("target", metavar="DST")
    copy.add_argument("--match", action="append", dest="matches", metavar="ID",
                      help="copy only this match (repeat for more; default: every match)")
    copy.add_argument("--replace", action="store_true",
                      help="overwrite the matches DST already holds (default: refuse, copying nothing)")
    args, rest = parser.parse_known_args(argv)
    if args.command in ("serve", "store") and rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "serve":
        from .serve import serve
        return serve(port=args.port, host=args.host, open_browser=not args.no_browser,
                     home=args.home, token=args.token, database=args.database)
    try:
        if args.command == "simulate":
            from .simulate import simulate
            title = get_title(args.title)
            options = title.cli_options(rest)
            print(simulate(args.title, args.players, args.games, args.seed, options))
            return 0
        if args.command == "tournament":
            return _tournament(args, get_title(args.title).cli_options(rest))
        if args.command == "store":
            from .store import copy_matches, location_words
            copied = copy_matches(args.source, args.target, args.matches, replace=args.replace)
            print(f"copied {len(copied)} match{'es' * (len(copied) != 1)} from {location_words(args.source)} "
                  f"to {location_words(args.target)}" + (f": {', '.join(copied)}" if copied else ""))
            return 0
    except TabletopError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 2
    return 1


def _tournament(args, options: dict) -> int:
    from pathlib import Path

    from .errors import OptionsError
    from .tournament import run
    if args.csv is not None and not Path(args.csv).resolve().parent.is_dir():
        raise OptionsError(f"Cannot write {args.csv}: there is no folder {Path(args.csv).parent}.")
    agents = [a.strip() for a in args.agents.split(",")]
    if args.dask is None:
        result = run(args.title, agents, args.games, args.seed, options, jobs=args.jobs,
                     move_seconds=args.move_seconds)
    else:
        try:
            import distributed
        except ImportError:
            raise OptionsError("--dask needs the 'cluster' extra: pip install 'tabletop[cluster]'.") from None
        with distributed.Client(args.dask) as client:
            result = run(args.title, agents, args.games, args.seed, options,
                         executor=client.get_executor(), move_seconds=args.move_seconds)
    print(result)
    if args.csv is not None:
        try:
            result.to_csv(args.csv)
        except OSError as exc:
            raise OptionsError(f"Cannot write {args.csv}: {exc.strerror or exc}.") from None
        print(f"wrote {result.games * len(agents):,} rows (one per game and agent) to {args.csv}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
