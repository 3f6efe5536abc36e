"""Benchmark of `make grade`: a class of generated submissions, serial and in parallel.

    .venv/bin/python -m tests.selftest.bench_grade [KATA] [--count 100] [--jobs 1 2]

The class mixes the kata's starter, its reference and each of its single-bug
variants, in turn, up to --count submissions. Every row's status is checked
against what the submission is (the reference passes; the starter and every
variant does not), then the wall time of each JOBS value is printed with the
speed-up over the first. A benchmark, not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.harness.core.layout import ROOT
from tests.harness.kata import catalog, variants
from tests.selftest.checking import committed_starter


def make_class(kata: catalog.Kata, folder: Path, count: int) -> dict[str, bool]:
    """`count` submissions in `folder`, and whether each should pass."""
    makers = [("solution", True), ("starter", False)]
    makers += [(f"bug-{defect.id}", False) for defect in kata.defects]
    expected = {}
    for number in range(count):
        kind, passes = makers[number % len(makers)]
        entry = folder / f"{number:03d}-{kind}"
        if kind == "solution":
            shutil.copytree(kata.solution_dir, entry)
        elif kind == "starter":
            committed_starter(kata, entry)
        else:
            defect = next(d for d in kata.defects if f"bug-{d.id}" == kind)
            variants.build(kata, [defect], entry)
        expected[entry.name] = passes
    return expected


def grade(kata: catalog.Kata, folder: Path, jobs: int) -> tuple[float, list[dict]]:
    command = ["make", "-s", "--no-print-directory", "-C", str(ROOT), "grade"]
    command += [f"KATA={kata.name}", f"SUBMISSIONS={folder}", f"JOBS={jobs}"]
    started = time.perf_counter()
    subprocess.run([*command, f"PYTHON={sys.executable}"], check=True, capture_output=True)
    seconds = time.perf_counter() - started
    return seconds, json.loads((folder / "grades.json").read_text())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kata", nargs="?", default="round_robin")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    kata = catalog.load(args.kata)
    folder = Path(tempfile.mkdtemp(prefix="bench-grade-"))
    expected = make_class(kata, folder, args.count)
    first = None
    wrong = 0
    for jobs in args.jobs:
        seconds, rows = grade(kata, folder, jobs)
        for row in rows:
            if (row["status"] == "pass") != expected[row["name"]]:
                wrong += 1
                print(f"wrong status: {row['name']} is {row['status']}", file=sys.stderr)
        first = first or seconds
        print(
            f"{kata.name}: {len(rows)} submissions, JOBS={jobs}: {seconds:.1f} s "
            f"({len(rows) / seconds:.1f} per second, speed-up {first / seconds:.2f}x)"
        )
    shutil.rmtree(folder)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
