"""Spec tests for dispatch_service: what a dispatch may cost.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

With n workers in the rotation the contract allows O(n) a dispatch, plus the
sends, and says nothing of the other calls' costs: the test makes few of
those. It runs the reference well inside its time limit and a plausible
quadratic version far outside it; the times measured on a 2-core machine are
in its docstring.
"""

import pytest

from tests.dispatch_service.model import World

# Timing tests: tests.harness.core.limits gives them a longer limit.
pytestmark = pytest.mark.slow

WORKERS = [f"w{n}" for n in range(4000)]
DISPATCHES = 60


def test_a_dispatch_takes_linear_time():
    """each dispatch takes O(n) time for n workers in the rotation

    4,000 workers join at 0; at 40 only the last has a fresh heartbeat
    (timeout 30), and 60 dispatches each examine every worker. Measured on
    a 2-core machine, idle: 0.05 s for the reference, joins included; a
    search that walks the rotation one successor look-up at a time, or
    checks each worker's membership by searching the rotation, takes 7.5 s
    and more (at 2,000 workers it took 1.8 s, too close to a limit).
    """
    from dispatch import DispatchService

    world = World()
    svc = DispatchService(world.send, world.clock, 30.0)
    for worker in WORKERS:
        svc.join(worker)
    world.t = 40.0
    last = WORKERS[-1]
    svc.heartbeat(last)
    got = [svc.dispatch(f"o{n}").worker for n in range(DISPATCHES)]
    assert got == [last] * DISPATCHES, (
        f"4,000 workers, only the last, {last}, with a fresh heartbeat: {DISPATCHES} "
        f"dispatches should each go to {last!r}; {got.count(last)} did"
    )
