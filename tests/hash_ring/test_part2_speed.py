"""Spec test for hash_ring: the lookup complexity the contract states.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.
"""

from tests.hash_ring.routing import new_ring


def test_lookups_take_logarithmic_time():
    """worker_for takes O(log M) time: 40,000 lookups on a ring of 10,000 points finish in
    time

    50 workers with 200 points each. Its verdict is the time limit: on a
    2-core machine the reference builds the ring and answers in 0.14 s; a
    linear scan of the points needs about 12 s, a sort of the points at every
    lookup about 45 s.
    """
    workers = [f"w{n}" for n in range(50)]
    ring = new_ring(200, workers)
    answers = {ring.worker_for(f"key-{n}") for n in range(40_000)}
    strangers = answers - set(workers)
    assert not strangers, (
        f"50 workers w0..w49 with 200 points each: every lookup should give one of them; "
        f"some gave {sorted(strangers, key=repr)[:3]}"
    )
