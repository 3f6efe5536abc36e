"""A learner's regression tests for weighted_ring, of the kind the debrief scores."""

from weighted_ring import ConsistentHashRing


def test_removing_n1_keeps_n10():
    ring = ConsistentHashRing(5)
    ring.add_node("n1")
    ring.add_node("n10")
    ring.remove_node("n1")
    assert ring.get_node("any key") == "n10"


def test_keys_past_the_last_token_wrap_around():
    ring = ConsistentHashRing(3, hash64=lambda text: 10 if text == "late" else 1)
    ring.add_node("a")
    assert ring.get_node("late") == "a"


def test_replicas_are_distinct():
    ring = ConsistentHashRing(10)
    for node in ("a", "b", "c"):
        ring.add_node(node)
    nodes = ring.get_nodes("key", 3)
    assert sorted(nodes) == ["a", "b", "c"]


def test_empty_ring_has_no_node():
    assert ConsistentHashRing(2).get_node("k") is None


def test_adding_twice_is_refused():
    ring = ConsistentHashRing(2)
    ring.add_node("a")
    try:
        ring.add_node("a")
    except ValueError:
        return
    raise AssertionError("no ValueError")
