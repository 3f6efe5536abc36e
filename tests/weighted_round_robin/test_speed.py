"""Spec test for weighted_round_robin: the cost the contract states.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

The test does work that takes a small part of its time limit at the stated
cost and many times the limit at the next cost up; the times measured are in
its docstring.
"""

import pytest

# Timing tests: tests.harness.core.limits gives them a longer limit.
pytestmark = pytest.mark.slow


def balancer(weights: dict):
    from weighted_round_robin import WeightedRoundRobin

    return WeightedRoundRobin(weights)


WEIGHTS = {f"w{n}": n % 7 + 1 for n in range(5000)}


def test_assign_takes_linear_time():
    """each assign() takes O(n) time

    5,000 workers of weights 1 to 7, all available but the first, and 20
    assign() calls, each looking at every worker (what they give is held by
    other tests). Measured on a 2-core machine: 25 ms for the reference,
    set-up included, and 45 ms for a design that lists the available workers
    once a call; listing them, or summing their weights, anew at each step of
    the walk takes 3 s a call, a minute for the 20: thirty times the limit.
    """
    wrr = balancer(WEIGHTS)
    wrr.set_available("w0", False)
    got = [wrr.assign() for _ in range(20)]
    unknown = [worker for worker in got if worker not in WEIGHTS or worker == "w0"]
    assert not unknown, (
        "5,000 workers w0..w4999, all available but w0: 20 assign() calls should each give "
        f"one of w1..w4999; got {', '.join(map(repr, unknown[:3]))} among the results"
    )
