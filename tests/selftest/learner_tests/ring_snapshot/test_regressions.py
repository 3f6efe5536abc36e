"""A learner's regression tests for ring_snapshot, of the kind the debrief scores."""

from ring_snapshot import SnapshotRing

KEYS = [f"user:{n}" for n in range(200)]


def test_old_snapshot_keeps_its_answers():
    ring = SnapshotRing(4)
    ring.set_weight("a", 1)
    ring.set_weight("b", 1)
    before = ring.snapshot()
    answers = [before.get_node(key) for key in KEYS]
    ring.set_weight("c", 3)
    assert [before.get_node(key) for key in KEYS] == answers


def test_weight_zero_takes_the_node_off():
    ring = SnapshotRing(4)
    ring.set_weight("a", 2)
    ring.set_weight("b", 1)
    ring.set_weight("a", 0)
    assert {ring.get_node(key) for key in KEYS} == {"b"}


def test_raising_a_weight_keeps_the_keys_of_that_node():
    ring = SnapshotRing(8)
    ring.set_weight("a", 1)
    ring.set_weight("b", 1)
    mine = [key for key in KEYS if ring.get_node(key) == "a"]
    ring.set_weight("a", 2)
    assert all(ring.get_node(key) == "a" for key in mine)


def test_same_weight_keeps_the_version():
    ring = SnapshotRing(2)
    ring.set_weight("a", 2)
    ring.set_weight("a", 2)
    ring.set_weight("ghost", 0)
    assert ring.snapshot().version == 1


def test_snapshot_during_set_weight_is_whole():
    seen = []
    ring = None

    def peeking(text):
        if ring is not None:
            seen.append(ring.snapshot().version)
        return sum(map(ord, text))

    ring = SnapshotRing(3, hash64=peeking)
    ring.set_weight("a", 1)
    seen.clear()
    ring.set_weight("a", 2)
    assert set(seen) <= {1}
