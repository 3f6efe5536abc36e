"""Spec tests for cache_router: the README's worked example.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

It runs last of the scenario tests: it goes through most of the contract at
once, so a bug fails a test that names what it breaks before this one.
"""


def test_the_worked_example():
    """the README's worked example gives what it says"""
    from cache import CacheCluster

    profiles = {"user:1": "Ada"}
    cluster = CacheCluster(profiles.get, virtuals_per_weight=4)
    for node in ("cache-a", "cache-b", "cache-c"):
        cluster.add_node(node)
    steps = [
        ("owners('user:1')", lambda: cluster.owners("user:1"), ["cache-a", "cache-b"]),
        ("get('user:1')", lambda: cluster.get("user:1"), "Ada"),
        ("get('user:1')", lambda: cluster.get("user:1"), "Ada"),
        ("mark_down('cache-a')", lambda: cluster.mark_down("cache-a"), None),
        ("get('user:1')", lambda: cluster.get("user:1"), "Ada"),
        ("get('user:1')", lambda: cluster.get("user:1"), "Ada"),
        ("mark_up('cache-a')", lambda: cluster.mark_up("cache-a"), None),
        ("get('user:1')", lambda: cluster.get("user:1"), "Ada"),
        ("stats()", lambda: cluster.stats(), {"hits": 3, "misses": 2}),
        ("set_weight('cache-b', 3)", lambda: cluster.set_weight("cache-b", 3), None),
        ("owners('user:1')", lambda: cluster.owners("user:1"), ["cache-b", "cache-a"]),
        ("get('user:1')", lambda: cluster.get("user:1"), "Ada"),
        ("get('user:9')", lambda: cluster.get("user:9"), None),
        ("get('user:9')", lambda: cluster.get("user:9"), None),
        ("remove_node('cache-c')", lambda: cluster.remove_node("cache-c"), True),
        ("remove_node('cache-c')", lambda: cluster.remove_node("cache-c"), False),
        ("stats()", lambda: cluster.stats(), {"hits": 5, "misses": 3}),
    ]
    done = ["CacheCluster(profiles.get, virtuals_per_weight=4), cache-a, cache-b, cache-c added"]
    for call, make, expected in steps:
        got = make()
        assert got == expected, (
            f"the worked example: after {', '.join(done)}: {call} should give {expected!r}; "
            f"got {got!r}"
        )
        done.append(call)
