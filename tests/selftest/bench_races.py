"""How often the concurrency spec tests refuse each planted bug: a measurement.

    .venv/bin/python -m tests.selftest.bench_races [--runs 1000] [--jobs 2] [--only ...] [KATA]

Grades the reference and each single-bug variant of a kata (default:
concurrent_round_robin) `--runs` times through the command line, `--jobs` at
a time, and prints, for each, how many gradings refused it. A race the
grader catches only sometimes would show here as a count short of the runs.
Not a test: 1,000 runs of five folders take a while.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

from tests.harness.core.layout import ROOT
from tests.harness.kata import catalog, variants


def graded(kata: str, folder: Path) -> tuple[str, list[str]]:
    """The status of one grading, and the tests that did not pass, with their status."""
    command = [sys.executable, "-m", "tests.harness", "check", kata, "--dir", str(folder)]
    done = subprocess.run([*command, "--format", "json"], cwd=ROOT, capture_output=True, text=True)
    result = json.loads(done.stdout)
    failing = [f"{t['name']} {t['status']}" for t in result["tests"] if t["status"] != "pass"]
    return result["status"], failing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kata", nargs="?", default="concurrent_round_robin")
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", nargs="*", help="these folders only: reference, bug ids")
    args = parser.parse_args()
    kata = catalog.load(args.kata)
    folders = {"reference": kata.solution_dir}
    work = Path(tempfile.mkdtemp(prefix="bench-races-"))
    for bug in kata.planted:
        folders[bug.id] = variants.build(kata, [bug], work / bug.id)
    print(f"{'folder':<32} {'refused':>9} {'accepted':>9} {'seconds':>8}")
    for name, folder in folders.items():
        if args.only and name not in args.only:
            continue
        started = time.perf_counter()
        with ThreadPoolExecutor(args.jobs) as pool:
            gradings = list(pool.map(partial(graded, kata.name), [folder] * args.runs))
        accepted = [status for status, _ in gradings].count("pass")
        seconds = time.perf_counter() - started
        print(f"{name:<32} {args.runs - accepted:>9} {accepted:>9} {seconds:>8.0f}", flush=True)
        # Which tests refused it, and how often: a race caught only sometimes shows here.
        counts = Counter(test for _, failing in gradings for test in failing)
        for test, count in counts.most_common():
            print(f"    {count:>5}  {test}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
