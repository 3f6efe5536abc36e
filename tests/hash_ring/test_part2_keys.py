"""Spec test for hash_ring: keys of every shape the contract allows.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.
"""

from tests.hash_ring.model import JUST_PAST, label, position
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
    "e\u0301",
    "cafe\u0301",
    "\u212b",
    "\ufb01",
    "order-100\n",
    "line\r\norder-101",
    *("\r\n", "a\r\nb", "order\r\n", "x\r\ny\r\nz", "\r\n\r\n", "ab\x00", "\x00\x00"),
    "order\x00101",
    *("x" * 64 + end for end in "abcdefgh"),  # long keys alike in their first 64 characters
]


def test_any_key_is_routed_by_its_position():
    """keys of every shape: empty, 100 characters, whitespace, line ends, NUL, case,
    non-ASCII text in any Unicode form, long keys alike but for their end"""
    workers = ["oak", "elm", "ash"]
    ring = new_ring(5, workers)
    problem = mismatches(ring, workers, 5, KEYS, wrapping=True)
    assert not problem, f"{describe(workers, 5)}: {problem}"


def test_a_key_on_a_point_goes_to_it_whatever_its_id_starts_with():
    """a key on a point goes to that point's worker, whatever character its id starts with"""
    workers = ["-a", "_b", "0c", "Zd", "e", "-"]
    ring = new_ring(3, workers)
    wrong = [
        f"worker_for({key!r}) gave {got!r}"
        for worker in workers
        for key in (f"{worker}:0", f"{worker}:1", f"{worker}:2")
        if (got := ring.worker_for(key)) != worker
    ]
    assert not wrong, (
        f"workers {', '.join(workers)} with 3 points each: a key written like a point's label "
        f"sits on that point and goes to its worker; {len(wrong)} did not, e.g. {wrong[:3]}"
    )


def test_a_key_just_past_a_point_goes_beyond_it():
    """a key one position above a point goes to a later point, whatever that point's id"""
    key, (worker, i) = JUST_PAST
    assert position(key) == position(label(worker, i)) + 1, "test setup: no longer adjacent"
    workers = [worker, "oak", "elm"]
    ring = new_ring(1, workers)
    problem = mismatches(ring, workers, 1, [key, label(worker, i)], wrapping=True)
    assert not problem, (
        f"{describe(workers, 1)}: the key {key!r} sits one position above point "
        f"{label(worker, i)}: {problem}"
    )
