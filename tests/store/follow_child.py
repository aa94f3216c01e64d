"""A device that writes, for the follower tests: on each ``burst N`` line read from stdin it makes N
changes to a stored match (random legal entries, undos, redos, an occasional jump back several
entries), through the public API, then prints ``quiet REVISION``. A change another writer beat it
to (``StaleMatch``) is not counted: it catches up and tries another.

    python follow_child.py LOCATION MATCH_ID SEED

Lines out: ``ready`` (the match is open), ``ack REVISION FINGERPRINT`` (a change is saved; what the
match then holds, see ``fingerprint``), ``quiet REVISION``.
"""
import hashlib
import json
import random
import sys

from tabletop.store import StaleMatch, Store


def fingerprint(match) -> str:
    """The entries and the undone entries of ``match``, as a short comparable text."""
    data = [[a.to_dict() for a in match.log], [a.to_dict() for a in match.undone]]
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]


def change(saved, rng: random.Random) -> None:
    match = saved.match
    roll = rng.random()
    if match.undone and roll < 0.15:
        saved.redo()
    elif len(match) and (roll < 0.3 or match.is_over()):
        saved.undo()
    elif len(match) > 3 and roll < 0.33:
        saved.undo_to(rng.randrange(len(match) - 3, len(match)))
    else:
        saved.apply(rng.choice(match.legal_actions()))


def main(location: str, match_id: str, seed: int) -> None:
    rng = random.Random(seed)
    saved = Store(location, busy_timeout=20).open(match_id)
    print("ready", flush=True)
    for line in sys.stdin:
        word, _, count = line.partition(" ")
        if word != "burst":
            break
        done = 0
        while done < int(count):
            try:
                change(saved, rng)
            except StaleMatch:
                saved.refresh()
                continue
            done += 1
            print("ack", saved.revision, fingerprint(saved.match), flush=True)
        print("quiet", saved.revision, flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
