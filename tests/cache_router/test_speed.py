"""Spec tests for cache_router: the lookup complexity the contract states.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Its verdict is the time limit; it says what it measured on a 2-core
machine. Keys whose name starts with "past-" hash past the last token, so
lookups wrap around: both paths of a lookup are timed.
"""

import pytest

from tests.cache_router.model import cluster_of, owners_of, sha64
from tests.harness.toolkit.token_ring import TOP, past_the_end, placed

# A timing test: tests.harness.core.limits gives it a longer limit.
pytestmark = pytest.mark.slow

# Nodes a, b, c, d of weight 400, V=50: 80,000 tokens spread evenly round the ring, a#0,
# b#0, c#0, d#0, a#1, ... The keys end-... sit just before the last token, so that a walk
# from the key's token wraps past the end for its second owner, and past-... hash past the
# last token, so that the lookup of the key's token wraps. Made here, so that the test
# times the cluster alone.
SPREAD = 2**64 // (4 * 400 * 50 + 1)
PLACES = {
    f"{node}#{i}": (4 * i + n + 1) * SPREAD
    for n, node in enumerate("abcd")
    for i in range(400 * 50)
}
LAST = max(PLACES.values())
KEYS = [f"end-{n}" for n in range(30000)] + [f"past-{n}" for n in range(2000)]
PLACES |= {key: LAST - 1 if key.startswith("end-") else TOP for key in KEYS}


def test_owners_and_get_take_logarithmic_time():
    """owners and get take O(log M) plus the tokens walked: 32,000 of each, on a cluster of
    80,000 tokens, with keys just before the last token or past it, finish in time

    Nodes a, b, c, d of weight 400, V=50: four add_node calls, so that a
    cluster that sorts every token again at each change builds quickly. The
    tokens are placed by a table made beforehand, so that the test times the
    cluster alone. Measured on a 2-core machine under a load of 4, in CPU time,
    two runs: the reference 0.24 to 0.26 s, building included, the correct
    designs kept in the self-tests and three of a blind hunt 0.16 to 0.32 s; a
    walk that steps over the tokens before the key's (itertools.islice from the
    first token, at C speed) 14.4 s, while on 40,000 tokens with the keys
    anywhere it took 2.1 s; a scan of the tokens for the key's place, or a walk
    that goes once round the ring whatever it has found, longer still.
    """
    cluster = cluster_of(dict.fromkeys("abcd", 400), 50, 2, PLACES.__getitem__)
    sizes = {len(cluster.owners(key)) for key in KEYS}
    assert sizes == {2}, (
        "nodes a, b, c, d of weight 400, V=50, replicas=2: owners(key) should always give 2 "
        f"nodes; it gave lists of {sorted(sizes)} nodes"
    )
    values = [cluster.get(key) for key in KEYS]
    assert values == [f"{key}@{n}" for n, key in enumerate(KEYS, start=1)], (
        "the same cluster: the first get of each of 32,000 keys should load it once"
    )


DRAINED_KEYS = [f"{kind}-{n}" for n in range(1000) for kind in ("key", "past")]


def test_lookups_beside_a_drained_member_take_logarithmic_time():
    """with a drained member, owners and get still take O(log M) plus the tokens walked:
    the walk stops once every node with tokens is taken, and 2,000 of each on a node of
    20,000 tokens finish in time

    V=50, replicas=2, node a of weight 400, then node spare added and drained:
    each key has one owner, a, found at its first token. Measured on a 2-core
    machine under a load of 8, in CPU time: the reference 0.07 s, building
    included, and the correct designs kept in the self-tests 0.05 to 0.13 s; a
    walk that goes once round the 20,000 tokens at every lookup, wanting as
    many owners as there are members (drained ones included) or `replicas`
    however few nodes hold tokens, 20 to 24 s (a design that did the latter,
    with more work a token, 9 s).
    """
    cluster = cluster_of({"a": 400}, 50, 2, past_the_end)
    cluster.add_node("spare")
    cluster.set_weight("spare", 0)
    owners = {repr(cluster.owners(key)) for key in DRAINED_KEYS}
    assert owners == {"['a']"}, (
        "V=50, replicas=2, node a of weight 400, node spare added and drained: owners(key) "
        f"should always be ['a'], the one node with tokens; it gave {', '.join(sorted(owners))}"
    )
    values = [cluster.get(key) for key in DRAINED_KEYS]
    assert values == [f"{key}@{n}" for n, key in enumerate(DRAINED_KEYS, start=1)], (
        "the same cluster: the first get of each of 2,000 keys should load it once"
    )


FEW_KEYS = [f"{kind}-{n}" for n in range(1500) for kind in ("key", "past")]


def test_owners_and_get_take_no_longer_with_replicas_far_above_the_node_count():
    """with replicas far above the number of nodes, owners and get still take O(log M) plus
    the tokens walked, nothing for the replicas they cannot have: 3,000 of each, half of
    them wrapping around, with replicas=10**9 and 3 nodes, finish in time

    V=16, replicas=10**9, nodes a, b, c: each key has the three nodes as owners,
    found within 48 tokens. Measured on a 2-core machine under a load of 4, in
    CPU time: the reference 0.023 s, building included, the correct designs kept
    in the self-tests 0.011 to 0.024 s; a walk that loops over range(replicas),
    doing nothing once it has every node, 2.4 s for one lookup with
    replicas=10**8, so some 24 s for its first lookup here.
    """
    cluster = cluster_of(["a", "b", "c"], 16, 10**9, past_the_end)
    owners = {repr(sorted(cluster.owners(key))) for key in FEW_KEYS}
    assert owners == {"['a', 'b', 'c']"}, (
        "V=16, replicas=10**9, nodes a, b, c: owners(key) should always give the three "
        f"nodes, every node with tokens; it gave {', '.join(sorted(owners))}"
    )
    values = [cluster.get(key) for key in FEW_KEYS]
    assert values == [f"{key}@{n}" for n, key in enumerate(FEW_KEYS, start=1)], (
        "the same cluster: the first get of each of 3,000 keys should load it once"
    )


MEMBERS = [f"spare-{n}" for n in range(1600)]
READ = [f"key-{n}" for n in range(1000)]
ROUNDS = 150


def test_get_takes_logarithmic_time_whatever_the_number_of_members():
    """get takes O(log M) plus the tokens walked, whatever the number of members, up or
    down: 150,000 gets beside 1,600 drained members, the first 1,200 down, finish in time

    V=1, replicas=2, 1,600 members added and drained (each add_node then
    set_weight 0), the first 1,200 marked down, then nodes a and b: the ring holds
    a#0 and b#0 alone, and 1,000 keys are got 150 times each. hash64 is a table made
    first, so that the gets cost what the cluster does. Measured on a 2-core
    machine under a load of 6, in CPU time, three runs: the reference 0.33 s,
    building included, the correct designs kept in the self-tests 0.15 to 0.46 s
    (one that rebuilds its tokens from every member at each change takes 0.27 s
    to build them); a get that looks at every member to find those up 9.7 to
    10.6 s (10 s again under a load of 2, with the first 1,200 down), and one
    that first asks whether any member is up, in the order they joined, 7 s.
    Many members cost a correct design that much to build, so the margin is no
    wider.
    """
    texts = ["a#0", "b#0", *(f"{member}#0" for member in MEMBERS), *READ]
    cluster = cluster_of([], 1, 2, {text: sha64(text) for text in texts}.__getitem__)
    for member in MEMBERS:
        cluster.add_node(member)
        cluster.set_weight(member, 0)
    for member in MEMBERS[:1200]:
        cluster.mark_down(member)
    cluster.add_node("a")
    cluster.add_node("b")
    owners = {repr(sorted(cluster.owners(key))) for key in READ}
    assert owners == {"['a', 'b']"}, (
        "V=1, replicas=2, 1,600 members added and drained, the first 1,200 marked down, then "
        "nodes a and b: "
        "the owners of every key should be a and b, the two nodes with tokens; got "
        f"{', '.join(sorted(owners))}"
    )
    get = cluster.get
    values = [get(key) for _ in range(ROUNDS) for key in READ]
    assert values == [f"{key}@{n}" for n, key in enumerate(READ, start=1)] * ROUNDS, (
        "the same cluster: each of 1,000 keys got 150 times should be loaded once, at its "
        "first get, and hit from then on"
    )


RESIZES = 3000
ON_B = [f"key-{n}" for n in range(15000)]
TOKENS = placed({"b#0": 1000, "a#0": 2000})  # and every other token far above


def on_b0(text: str) -> int:
    """Every key at 1,000, on b#0, with a#0 at 2,000 after it."""
    return 1000 if text.startswith("key-") else TOKENS(text)


def resize(cluster, times: int) -> None:
    for _ in range(times):
        cluster.set_weight("b", 3)
        cluster.set_weight("b", 1)


def test_a_weight_raised_and_lowered_thousands_of_times_leaves_lookups_fast():
    """a node's weight raised and lowered again thousands of times leaves it each of its
    tokens once: owners and get still take O(log M) plus the tokens walked, and 15,000 of
    each on that node's token finish in time

    V=1, replicas=2, nodes a and b of weight 1, then set_weight('b', 3) and
    set_weight('b', 1) 3,000 times: b has b#0 alone, a has a#0, and every key
    lies on b#0, so its walk takes two tokens. Measured on a 2-core machine
    under a load of 7: the reference 0.11 s of CPU (0.35 to 0.5 s), its 6,000
    changes included, and the correct designs kept in the self-tests no more;
    a version whose raise adds b#0 again (b holds it 3,001 times, and every
    walk passes each copy) 8.6 s of CPU (24 to 30 s), 0.7 s (2 s) of them in
    its changes.
    """
    cluster = cluster_of(["a", "b"], 1, 2, on_b0)
    resize(cluster, 1)
    # The tokens first, once: a resize that loses b#0 fails here, not in its slow walks.
    got = owners_of(cluster, "key-0")
    assert got == "['b', 'a']", (
        "V=1, replicas=2, nodes a, b (b#0 at 1,000, a#0 at 2,000, every other token far "
        "above), then set_weight('b', 3) and set_weight('b', 1): b has b#0 again, so the "
        f"owners of a key at 1,000 should be ['b', 'a']; got {got}"
    )
    resize(cluster, RESIZES - 1)
    owners = {repr(cluster.owners(key)) for key in ON_B}
    assert owners == {"['b', 'a']"}, (
        "V=1, replicas=2, nodes a, b, then set_weight('b', 3) and set_weight('b', 1) 3,000 "
        "times, every key on b#0 (a#0 after it): owners(key) should always be ['b', 'a']; "
        f"it gave {', '.join(sorted(owners))}"
    )
    values = [cluster.get(key) for key in ON_B]
    assert values == [f"{key}@{n}" for n, key in enumerate(ON_B, start=1)], (
        "the same cluster: the first get of each of 15,000 keys should load it once"
    )


HELD = 50000
# Three keys in four are ones the backing store has no value for (None), and one in
# eight is False (tests.cache_router.model.Loads): a None or a False is cached like any
# value, and a hit on it must not cost more than a hit on a string.
KINDS = ("user", "none", "none", "none", "false", "none", "none", "none")
CACHED = [f"{KINDS[n % 8]}:{n:06d}" for n in range(HELD)]


def test_a_hit_takes_no_longer_with_more_keys_cached():
    """a hit takes O(log M) plus the tokens walked, however many keys its node holds:
    50,000 keys cached on one node, most of them None, then got again, the last cached
    first, finish in time

    V=1, replicas=1, node a alone, every key and token at 0: 50,000 misses,
    then 50,000 hits, each key asked again as a new string equal to the one
    cached; three keys' values in four are None, one in eight is False.
    Measured on a 2-core machine under a load of 8, in CPU time: the reference
    0.30 s, building included, the correct designs kept in the self-tests and
    four of a blind hunt 0.13 to 0.36 s; a node that keeps its keys in order of
    use, with a list.remove() at each hit, 16 s; one that keeps the keys cached
    with None in a list, and asks `key in` it at each miss and each None hit,
    17 s.
    """
    cluster = cluster_of(["a"], 1, 1, lambda text: 0)
    get = cluster.get
    values = [get(key) for key in CACHED]
    # New strings: a hit is asked with a key equal to the cached one, not the same object.
    again = [f"{KINDS[n % 8]}:{n:06d}" for n in reversed(range(HELD))]
    values += [get(key) for key in again]
    expected = [
        None if key.startswith("none") else False if key.startswith("false") else f"{key}@{n}"
        for n, key in enumerate(CACHED, start=1)
    ]
    assert values == expected + expected[::-1], (
        "V=1, replicas=1, node a alone: 50,000 keys got once (three in four with the value "
        "None, one in eight False) should each load once, and got again, the last first, each hit "
        "with the value of its load"
    )
