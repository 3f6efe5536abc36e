"""A learner's regression tests for hash_ring, of the kind the debrief scores."""

from ring import HashRing


def ring_of(*workers: str, points: int = 10) -> HashRing:
    ring = HashRing(points)
    for worker in workers:
        ring.add_worker(worker)
    return ring


def test_empty_ring_gives_none():
    assert HashRing(3).worker_for("anything") is None


def test_every_key_goes_to_a_worker_of_the_ring():
    ring = ring_of("a", "b", "c")
    assert {ring.worker_for(str(key)) for key in range(300)} <= {"a", "b", "c"}


def test_removal_moves_only_the_removed_workers_keys():
    ring = ring_of("a", "b", "c")
    before = {key: ring.worker_for(key) for key in map(str, range(300))}
    ring.remove_worker("b")
    assert all(ring.worker_for(key) == owner for key, owner in before.items() if owner != "b")


def test_two_rings_do_not_share_workers():
    ring_of("a")
    assert HashRing(5).worker_for("x") is None


def test_a_worker_added_back_gets_its_keys_back():
    ring = ring_of("a", "b")
    before = {key: ring.worker_for(key) for key in map(str, range(300))}
    ring.remove_worker("a")
    ring.add_worker("a")
    assert {key: ring.worker_for(key) for key in before} == before
