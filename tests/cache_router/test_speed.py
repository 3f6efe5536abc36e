"""Spec tests for cache_router: the lookup complexity the contract states.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Its verdict is the time limit; it says what it measured on a 2-core
machine. Keys whose name starts with "past-" hash past the last token, so
half the lookups wrap around: both paths of a lookup are timed.
"""

import pytest

from tests.cache_router.model import cluster_of
from tests.harness.toolkit.token_ring import past_the_end

# A timing test: tests.harness.core.limits gives it a longer limit.
pytestmark = pytest.mark.slow

KEYS = [f"{kind}-{n}" for n in range(3000) for kind in ("key", "past")]


def test_owners_and_get_take_logarithmic_time():
    """owners and get take O(log M) plus the tokens walked: 6,000 of each, half of them
    wrapping around, on a cluster of 40,000 tokens finish in time

    Nodes a, b, c, d of weight 200, V=50: four add_node calls, so that a
    cluster that sorts every token again at each change builds quickly.
    Measured on a 2-core machine: 0.15 s for the reference, building included,
    0.22 s for the slowest correct design kept in the self-tests; a scan of the
    tokens for the key's place takes 11 s (on 10,000 tokens it took 2.4 s,
    near the limit), a walk that goes once round the ring whatever it has
    found over 40 s.
    """
    cluster = cluster_of({"a": 200, "b": 200, "c": 200, "d": 200}, 50, 2, past_the_end)
    sizes = {len(cluster.owners(key)) for key in KEYS}
    assert sizes == {2}, (
        "nodes a, b, c, d of weight 200, V=50, replicas=2: owners(key) should always give 2 "
        f"nodes; it gave lists of {sorted(sizes)} nodes"
    )
    values = [cluster.get(key) for key in KEYS]
    assert values == [f"{key}@{n}" for n, key in enumerate(KEYS, start=1)], (
        "the same cluster: the first get of each of 6,000 keys should load it once"
    )
