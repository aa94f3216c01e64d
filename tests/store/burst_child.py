"""A burst of entries for the kill -9 test: plays random legal entries on a stored match through
the public API and acknowledges each one on stdout once ``apply`` has returned.

    python burst_child.py DATABASE MATCH_ID SEED        # continue a stored match
    python burst_child.py DATABASE new:TITLE SEED       # create a store and a match first

Lines: ``opening`` (before the store is opened), ``match ID`` (a new match), ``entry N {action}`` (entry N is saved), ``over``.
"""
import json
import random
import sys

from tabletop import Match
from tabletop.store import Store


def main(path: str, match: str, seed: int) -> None:
    rng = random.Random(seed)
    print("opening", flush=True)
    store = Store(path)
    if match.startswith("new:"):
        saved = store.create(Match(match[4:], ["Ann", "Ben", "Cy"], seed=seed))
        print("match", saved.id, flush=True)
    else:
        saved = store.open(match)
    while not saved.match.is_over():
        action = rng.choice(saved.match.legal_actions())
        saved.apply(action)
        print("entry", len(saved.match), json.dumps(action.to_dict(), sort_keys=True), flush=True)
    print("over", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
