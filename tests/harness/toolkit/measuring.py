"""What a consistent-hash ring buys, measured on the learner's own ring.

A kata whose debrief measures this has a `measure.py` in tests/<kata>/: it
tells `main` how to build a router from the learner's module and which hash
the kata uses, and the debrief runs it in a child process of its own (the
learner's code, so bounded in time), which prints the figures as JSON.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable

# A fixed set of keys, so the same code gives the same figures.
KEYS = [f"key-{number}" for number in range(10_000)]
WORKERS = ["w1", "w2", "w3", "w4"]
JOINING = "w5"
POINTS = 100  # per worker, for the movement figure
SPREAD_POINTS = (1, 10, 100, 1000)

# Builds a router over `workers` with `points` per worker; returns its lookup.
Router = Callable[[list[str], int], Callable[[str], str]]


def moved(before: Callable[[str], str], after: Callable[[str], str]) -> float:
    """The share of KEYS whose worker changes."""
    return sum(before(key) != after(key) for key in KEYS) / len(KEYS)


def modulo(workers: list[str], hash_: Callable[[str], int]) -> Callable[[str], str]:
    return lambda key: workers[hash_(key) % len(workers)]


def spread(router: Router, points: int) -> float:
    """Largest share of the keys over the mean share, five workers."""
    lookup = router([*WORKERS, JOINING], points)
    counts = Counter(lookup(key) for key in KEYS)
    return max(counts.values()) / (len(KEYS) / (len(WORKERS) + 1))


def shared_state(router: Router) -> str | None:
    """What a ring with no worker answered after another ring was built, if anything:
    two rings of the learner's that share their workers make every figure a lie."""
    router(WORKERS, POINTS)
    empty = router([], POINTS)
    for key in KEYS[:50]:
        try:
            answer = empty(key)
        except Exception:  # a ring with no worker may refuse: that is not sharing
            continue
        if answer is not None:
            return repr(answer)
    return None


def main(router: Router, hash_: Callable[[str], int]) -> None:
    """Print the figures as JSON; each router comes from the learner's module imported
    afresh (see `fresh`), so a ring is measured as it behaves on its own."""
    shared = shared_state(router)
    if shared is not None:
        json.dump({"shared": shared}, sys.stdout)
        return
    figures = {
        "movement": {
            "your_ring": moved(router(WORKERS, POINTS), router([*WORKERS, JOINING], POINTS)),
            "modulo": moved(modulo(WORKERS, hash_), modulo([*WORKERS, JOINING], hash_)),
        },
        "spread": [[points, spread(router, points)] for points in SPREAD_POINTS],
    }
    json.dump(figures, sys.stdout)
