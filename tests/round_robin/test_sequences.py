"""Spec tests for round_robin: generated call sequences against a model of the contract.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Several dispatchers at once get generated calls (awkward ids, duplicates
anywhere in the list, changes to the caller's list, availability set and set
again, runs of hundreds of assign() calls), and every call is compared with
the model in tests/harness/toolkit/rotation.py. The long runs add pools of hundreds
of workers, runs of thousands of assign() calls, pools thinned to a few
available workers that assign() walks 120,000 positions over, a worker going
down and coming back more than a thousand times, and another's health check
flapping 5,000 times while a worker stays down: state that drifts, wraps or
resets late shows there. A failure is shrunk to the smallest sequence of calls that still
breaks the contract, shown as lines to paste into python3.

The longest runs hold one pattern each, checked call by call: the rotation's
order over 140,000 calls, and a worker flapping 70,000 times.
"""

from __future__ import annotations

import pytest

from tests.harness.toolkit import rotation
from tests.harness.toolkit.spec import fresh

# Generated sequences: tests.harness.core.limits gives them a longer limit.
pytestmark = pytest.mark.slow


def dispatcher(workers: list[str]):
    return fresh("round_robin").RoundRobinWorkers(workers)


class RoundRobin(rotation.Dispatchers):
    modules = ("round_robin",)
    imports = "from round_robin import RoundRobinWorkers"
    class_name = "RoundRobinWorkers"


class RoundRobinLongRuns(rotation.LongRuns, RoundRobin):
    pass


def test_generated_call_sequences_follow_the_contract():
    """every call of hundreds of generated call sequences, on several dispatchers at once,
    does what the contract says"""
    rotation.follows_the_contract(RoundRobin, sequences=120)


def test_long_runs_follow_the_contract():
    """thousands of calls on one dispatcher, pools of hundreds of workers, hundreds of
    thousands of positions walked, and workers going down and coming back thousands of
    times: every call does what the contract says"""
    rotation.follows_the_contract_over_long_runs(RoundRobinLongRuns)


def test_the_rotation_keeps_its_order_over_the_longest_run():
    """over 140,000 assign() calls the rotation keeps its order, call after call"""
    rotation.keeps_turning_over_the_longest_run(dispatcher, "RoundRobinWorkers", "round_robin")


def test_a_worker_flapping_70_000_times_keeps_its_turn():
    """a worker made unavailable and available again 70,000 times keeps its turn"""
    rotation.keeps_a_flapping_worker_in_turn(dispatcher, "RoundRobinWorkers", "round_robin")
