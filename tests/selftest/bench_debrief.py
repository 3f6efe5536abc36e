"""Benchmark of `make debrief` on a solved kata with a learner test file of 5 tests.

    .venv/bin/python -m tests.selftest.bench_debrief [KATA ...] [--runs 5]

Each kata's reference, with tests/selftest/learner_tests/<kata>/ beside it, is
debriefed through the command line, in a new process each time. The folder is
given with --dir, so no check is on record and each run grades it first: the
time is a check and a debrief, regression run and measurements included.
A benchmark, not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.harness.core.layout import ROOT, kata_names
from tests.harness.kata import catalog

LEARNER_TESTS = Path(__file__).parent / "learner_tests"


def debrief_times(kata: catalog.Kata, runs: int) -> list[float]:
    folder = Path(tempfile.mkdtemp(prefix="bench-debrief-")) / kata.name
    shutil.copytree(kata.solution_dir, folder)
    for test_file in (LEARNER_TESTS / kata.name).glob("test_*.py"):
        shutil.copyfile(test_file, folder / test_file.name)
    command = [sys.executable, "-m", "tests.harness", "debrief", kata.name, "--dir", str(folder)]
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, cwd=ROOT, capture_output=True, check=True)
        times.append(time.perf_counter() - started)
    shutil.rmtree(folder.parent)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("katas", nargs="*", default=kata_names())
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{'kata':<14} {'check + debrief, median / worst':>32}")
    for name in args.katas:
        times = debrief_times(catalog.load(name), args.runs)
        print(f"{name:<14} {statistics.median(times):>22.2f} s / {max(times):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
