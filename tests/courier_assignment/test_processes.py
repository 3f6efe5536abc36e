"""Spec tests for courier_assignment: the same offers in every process.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Support replays an evening in a new process, whose salt for Python's built-in
hash() is not the one the evening had: a new process per side, with
PYTHONHASHSEED set to 1 and to 2, each importing the learner's package from
the learner's folder, both running at once.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

EVENING = """
import json, sys
sys.path.insert(0, sys.argv[1])
from courier import CourierService

t = 1_700_000_000.0
declines = {("c3", f"o{n}") for n in range(0, 60, 7)}


def offer(courier, order):
    return (courier, order) not in declines


svc = CourierService(offer, lambda: t, seed=5)
for n in range(8):
    svc.online(f"c{n}")
    svc.report(f"c{n}", 37.7776, -122.4194, 1_700_000_000_000)  # one spot: a tie of eight
taken = []
for n in range(60):
    # A crash is an answer too: only a difference between processes counts here.
    try:
        taken.append(svc.assign(f"o{n}", 37.7749, -122.4194).courier)
        svc.complete(f"o{n}")
    except Exception as error:
        taken.append(f"raised {type(error).__name__}")
print(json.dumps(taken))
"""
HASH_SEEDS = ("1", "2")


def evenings(folder: str) -> list:
    """For each of HASH_SEEDS, the couriers who took o0 to o59 in a new process."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", EVENING, folder],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**env, "PYTHONHASHSEED": seed},
        )
        for seed in HASH_SEEDS
    ]
    done = []
    for seed, run in zip(HASH_SEEDS, runs, strict=True):
        out, err = run.communicate(timeout=10)
        if run.returncode != 0:
            last = (err.strip().splitlines() or ["no error message"])[-1]
            pytest.fail(
                "eight couriers at one spot, seed 5, 60 orders in a new process "
                f"(PYTHONHASHSEED={seed}) failed: {last}"
            )
        done.append(json.loads(out))
    return done


@pytest.mark.slow
def test_the_same_seed_and_the_same_calls_make_the_same_offers_in_every_process():
    """the same seed and the same calls make the same offers in a new process too, whatever
    its salt for hash() (PYTHONHASHSEED)"""
    import courier

    first, second = evenings(str(Path(courier.__file__).resolve().parent.parent))
    differ = next((n for n, (a, b) in enumerate(zip(first, second, strict=True)) if a != b), None)
    assert differ is None, (
        "eight couriers c0 to c7 at one spot 300 m from the pickup, seed 5, c3 declining o0, "
        "o7, o14, ..., orders o0 to o59 each delivered once taken, run in two new processes "
        "with PYTHONHASHSEED=1 and =2: each order should go to the same courier in both; "
        f"o{differ} went to {first[differ]!r} in one, {second[differ]!r} in the other"
    )
