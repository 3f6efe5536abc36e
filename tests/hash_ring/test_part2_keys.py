"""Spec test for hash_ring: keys of every shape the contract allows.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.
"""

from tests.hash_ring.routing import describe, mismatches, new_ring

KEYS = [
    "",
    " ",
    "x" * 100,
    "é",
    "中文",
    "🙂" * 100,
    "tab\tand\nnewline",
    "Key-1",
    "key-1",
    "key-1 ",
    " key-2",
    "key-3\n",
    "\tkey-4",
    "oak:0",
    "\x00",
]


def test_any_key_is_routed_by_its_position():
    """keys of every shape: empty, 100 characters, whitespace, case, non-ASCII text"""
    workers = ["oak", "elm", "ash"]
    ring = new_ring(5, workers)
    problem = mismatches(ring, workers, 5, KEYS, wrapping=True)
    assert not problem, f"{describe(workers, 5)}: {problem}"
