"""How long each phase of a grading may take, decided in one place.

A check has one base limit, `--timeout` (make's TIMEOUT, 0.4 s by default):
what a scenario test may take. A spec test that measures speed, or runs
thousands of generated calls, is marked `@pytest.mark.slow` and gets
SLOW_FACTOR times the base. Collecting the tests (which imports the learner's
own test files) gets COLLECT_FACTOR times the base, and COLLECT_PER_GROUP times
it more for each group of tests collected: each group imports its test files
anew, and the self-tests grade 16 variants in one child. So TIMEOUT=0.8
doubles every limit: scenario tests 0.8 s, slow tests 4 s.

The child arms each limit (tests.harness.core.timer) and names it in the event
that opens the phase; the supervisor kills a child whose phase runs GRACE
seconds past it (code that swallows the alarm, or loops in C).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the grader's side never imports pytest: see tests.harness.check.grading
    import pytest

DEFAULT = 0.4  # s: a scenario test runs in milliseconds; this is make's TIMEOUT
# The marker of spec tests that need more than the base limit.
SLOW = "slow"
# Slow spec tests: the reference's slowest takes about a quarter of its limit,
# measured on a 2-core machine under a busy loop per core (docs/grader.md).
SLOW_FACTOR = 5
COLLECT_FACTOR = 20
COLLECT_PER_GROUP = 2
GRACE = 0.25  # s past a phase's limit before the alarm counts as swallowed


def is_slow(item: pytest.Item) -> bool:
    return item.get_closest_marker(SLOW) is not None


def for_test(base: float, item: pytest.Item) -> float:
    """The limit of one test: the base, or SLOW_FACTOR times it for a slow test."""
    return base * SLOW_FACTOR if is_slow(item) else base


def for_collection(base: float, groups: int) -> float:
    """The limit of collecting `groups` groups of tests (a check's spec tests, the team's
    tests on each version, or a self-test's variants)."""
    return base * (COLLECT_FACTOR + COLLECT_PER_GROUP * groups)


def register(config: pytest.Config) -> None:
    """Make the marker known, so pytest does not warn about it."""
    config.addinivalue_line(
        "markers", f"{SLOW}: a spec test that gets {SLOW_FACTOR} times the base time limit"
    )


# -- what a grading child may use besides time: set on it before the learner's code runs --

MEMORY = 2048  # MiB of address space (RLIMIT_AS), make's MEMORY; macOS does not enforce it
FILE_SIZE = 64  # MiB: the largest file the learner's code may write (RLIMIT_FSIZE)
MORE_PROCESSES = 64  # processes the learner's code may start (RLIMIT_NPROC, per user)

# The grader process's choice, set once by the command line (MEMORY=).
memory = MEMORY


def set_memory(mebibytes: float) -> None:
    global memory
    memory = mebibytes


def confine(mebibytes: float) -> None:
    """In the grading child, before the learner's code runs: the memory, file size
    and process limits. A limit the system does not have, or will not lower, is
    left as it is."""
    import resource

    wanted = [
        ("RLIMIT_AS", int(mebibytes * 2**20)),
        ("RLIMIT_FSIZE", FILE_SIZE * 2**20),
        ("RLIMIT_NPROC", _processes() + MORE_PROCESSES),
    ]
    for name, value in wanted:
        kind = getattr(resource, name, None)
        if kind is None:
            continue
        hard = resource.getrlimit(kind)[1]
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        try:
            resource.setrlimit(kind, (value, value))
        except (ValueError, OSError):
            continue


def _processes() -> int:
    """The processes this user runs now (Linux; elsewhere a generous guess): the
    process limit counts them all, not only the learner's."""
    import os
    from pathlib import Path

    try:
        uid = os.getuid()
        return sum(
            1
            for entry in Path("/proc").iterdir()
            if entry.name.isdigit() and entry.stat().st_uid == uid
        )
    except OSError:
        return 1024
