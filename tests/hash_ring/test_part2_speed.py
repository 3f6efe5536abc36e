"""Spec tests for hash_ring: the lookup complexity the contract states.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Their verdict is the time limit; each says what it measured on a 2-core
machine. The rings are built in a way cheap for any sensible design (even
one that sorts every point again at each change), so that only lookups are
timed in earnest. Each test also checks that every answer is a worker on the
ring.
"""

from tests.hash_ring.routing import new_ring

LOOKUPS = 200_000


def strangers(ring, workers: list[str]) -> list:
    answers = {ring.worker_for(f"key-{n}") for n in range(LOOKUPS)}
    return sorted(answers - set(workers), key=repr)[:3]


def test_lookups_take_logarithmic_time():
    """worker_for takes O(log M) time: 200,000 lookups on a ring of 10,000 points finish
    in time

    50 workers with 200 points each. Measured: the reference builds the ring
    and answers in 0.35 s; a scan of the points takes about 20 s, a copy of
    the points at each lookup about 6 s.
    """
    workers = [f"w{n}" for n in range(50)]
    ring = new_ring(200, workers)
    wrong = strangers(ring, workers)
    assert not wrong, f"50 workers w0..w49: every lookup should give one of them; got {wrong}"


def test_lookups_stay_fast_after_workers_come_and_go():
    """M counts only the points on the ring now: after 300 workers joined and left, lookups
    on a ring of 200 points take O(log 200)

    Measured: 0.4 s for the reference; a ring that keeps the points of
    removed workers and steps over them takes about 9 s.
    """
    ring = new_ring(200, ["w0"])
    for n in range(1, 301):
        ring.add_worker(f"w{n}")
        ring.remove_worker(f"w{n}")
    wrong = strangers(ring, ["w0"])
    assert not wrong, (
        "w0 with 200 points, then w1..w300 each added and removed: every lookup should give "
        f"'w0'; got {wrong}"
    )
