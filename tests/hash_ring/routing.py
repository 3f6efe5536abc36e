"""Shared by the hash_ring spec tests: a ring factory and comparisons with the model."""

from __future__ import annotations

from tests.harness.toolkit.differential import shown
from tests.hash_ring.model import Ring, points, position

# Plain keys: the test of keys of every shape is test_keys.py.
KEYS = [f"key-{n}" for n in range(1000)]


def new_ring(points_per_worker: int, workers: list[str] = ()):
    """A learner's ring with `workers` added in order."""
    from ring import HashRing

    ring = HashRing(points_per_worker)
    for worker in workers:
        ring.add_worker(worker)
    return ring


def owners(workers: list[str], points_per_worker: int, keys: list[str]) -> dict:
    """Each key's worker by the contract."""
    model = Ring(points_per_worker)
    for worker in workers:
        model.add_worker(worker)
    points = model.points()
    result = {}
    for key in keys:
        at_or_after = (worker for spot, worker in points if spot >= position(key))
        result[key] = next(at_or_after, points[0][1] if points else None)
    return result


def mismatches(
    ring, workers: list[str], points_per_worker: int, keys: list[str], wrapping: bool = False
) -> str:
    """'' if the ring routes every key as the contract says, else the first few misroutes.

    Keys past the highest point are left out unless `wrapping` is set: only
    the test of wrapping uses them, so that code that mishandles them fails
    that test and no others.
    """
    highest = max((spot for spot, _ in points(workers, points_per_worker)), default=-1)
    wrong = []
    for key, expected in owners(workers, points_per_worker, keys).items():
        if not wrapping and position(key) > highest:
            continue
        try:
            got = repr(ring.worker_for(key))
        except Exception as error:
            got = f"{type(error).__name__}: {error}"
        if got != repr(expected):
            wrong.append(f"worker_for({shown(key)}): expected {expected!r}, got {got}")
    if not wrong:
        return ""
    return f"{len(wrong)} of {len(keys)} keys misrouted, e.g. " + "; ".join(wrong[:3])


def describe(workers: list[str], points_per_worker: int) -> str:
    points = "1 point" if points_per_worker == 1 else f"{points_per_worker} points"
    return f"{'/'.join(workers)} with {points} each"
