"""A ring asked the same key again after every count of changes, up to tens of thousands.

A memo of lookups is a fair way to speed a ring up, and a common way to break
it: trusted while a counter of changes "matches", kept modulo 2**12, 10**4 or
2**16, it serves a worker that left long ago. Here one worker is on the ring
at a time (w1 joins and w0 leaves, w2 joins and w1 leaves, ...), so every
answer is plain, and each key is asked once at the start and once more after
its own number of swaps: whatever the modulus below SWAPS, some key comes back
to a memo entry whose counter matches and whose worker has gone.

Shared by the rings (hash_ring, weighted_ring): each passes its own calls.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from tests.harness.wording import snippets

# Past 2**16 swaps (2**17 changes): a counter kept in 16 bits wraps before the end.
SWAPS = 66_000


@dataclass(frozen=True)
class Ring:
    """A learner's ring, and the same calls as lines of Python for the repro."""

    join: Callable[[str], object]
    leave: Callable[[str], object]
    ask: Callable[[str], object]
    make_line: str  # "ring = HashRing(1)", imports before it
    join_line: str  # with {worker}: 'ring.add_worker({worker})'
    leave_line: str
    ask_line: str  # with {key}


def serve_no_stale_answer(ring: Ring) -> None:
    """Fail at the first key whose second answer is not the one worker on the ring then."""
    ring.join("w0")
    keys = [f"key-{n}" for n in range(SWAPS + 1)]
    for key in keys:
        ring.ask(key)  # the first answer of each, w0's (test_lookup holds it)
    for swap in range(1, SWAPS + 1):
        ring.join(f"w{swap}")
        ring.leave(f"w{swap - 1}")
        got = ring.ask(keys[swap])
        if got != f"w{swap}":
            _fail(ring, swap, got)


def _fail(ring: Ring, swap: int, got: object) -> None:
    each_key = ring.ask_line.format(key="f'key-{n}'")
    lines = [
        ring.make_line,
        ring.join_line.format(worker="'w0'"),
        f"first = [{each_key} for n in range({SWAPS + 1})]",
        f"for n in range(1, {swap + 1}):",
        "    " + ring.join_line.format(worker="f'w{n}'"),
        "    " + ring.leave_line.format(worker="f'w{n - 1}'"),
        f"    got = {each_key}",
        "",  # the end of the loop, for the interactive prompt
        "got",
    ]
    pytest.fail(
        "one worker on the ring at a time (w0; then w1 joins and w0 leaves, w2 joins and w1 "
        "leaves, ...), every key-<n> asked once with w0 alone and once more after the n-th "
        f"swap: after swap {swap:,}, key-{swap} should go to 'w{swap}', the one worker on "
        f"the ring; got {got!r}. " + snippets.to_see_it(lines)
    )
