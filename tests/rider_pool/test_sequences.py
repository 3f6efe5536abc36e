"""Spec tests for rider_pool: generated call sequences against a model of the contract.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Several pools at once, each with a seeded rng, get generated calls: awkward
ids (the empty id, case and whitespace variants, é written two ways, ids that
are prefixes of each other), ids built at run time (equal to a rider's,
another object), riders added twice, removed when not there, removed and
added back, families of look-alike ids added together, whole pools drained,
len and `in` asked for riders in and out, single picks and runs of hundreds
of picks. A pick must give a rider of the model's pool (None when it is
empty), and a run of picks each of its riders. The long runs add pools of
hundreds of riders, hundreds of removals in a row (past 64, 100 and 256),
thousands of picks on one pool, and a rider removed and added back over a
thousand times: state that drifts, wraps, resets or is compacted late shows
there. A failure is shrunk to the smallest sequence of calls that still
breaks the contract, shown as lines to paste into python3. The machines are
in tests/rider_pool/machines.py.
"""

from __future__ import annotations

import pytest

from tests.harness.differential import explore
from tests.rider_pool.machines import LongRuns, Pools

# Generated sequences: tests.harness.limits gives them a longer limit.
pytestmark = pytest.mark.slow


def test_generated_call_sequences_follow_the_contract():
    """every call of hundreds of generated call sequences, on several pools at once, does
    what the contract says"""
    explore(Pools, sequences=100, steps=40, seed=1)


def test_long_runs_follow_the_contract():
    """pools of hundreds of riders, hundreds of removals in a row, thousands of picks on
    one pool, and a rider removed and added back over a thousand times: every call does
    what the contract says"""
    explore(LongRuns, sequences=8, steps=14, seed=2, min_steps=8)
