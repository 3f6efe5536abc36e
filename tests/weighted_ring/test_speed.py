"""Spec tests for weighted_ring: the lookup complexity the contract states.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.
"""

from tests.weighted_ring.model import before_the_end, model, new_ring

NODES = {f"n{i}": 1 for i in range(200)}
KEYS = before_the_end([f"key-{n}" for n in range(40_000)], model(50, NODES))


def test_get_node_takes_logarithmic_time():
    """get_node takes O(log M) time: 40,000 lookups on a ring of 10,000 tokens finish in time

    200 nodes with 50 tokens each. Its verdict is the time limit: on a 2-core
    machine the reference builds the ring and answers in 0.15 s; a linear
    scan of the tokens needs about 10 s.
    """
    ring = new_ring(50, NODES)
    answers = {ring.get_node(key) for key in KEYS}
    strangers = answers - set(NODES)
    assert not strangers, (
        f"200 nodes n0..n199: every lookup should give one of them; some gave "
        f"{sorted(strangers, key=repr)[:3]}"
    )


def test_get_nodes_takes_logarithmic_time():
    """get_nodes takes O(log M) plus the tokens walked: 20,000 calls for 3 replicas on a ring
    of 10,000 tokens finish in time

    Measured on a 2-core machine: 0.15 s for the reference; a walk that starts
    from the first token rather than from the key's needs about 10 s.
    """
    ring = new_ring(50, NODES)
    answers = {len(ring.get_nodes(key, 3)) for key in KEYS[:20_000]}
    assert answers == {3}, (
        f"200 nodes n0..n199: get_nodes(key, 3) should always give 3 nodes; it gave lists of "
        f"{sorted(answers)} nodes"
    )
