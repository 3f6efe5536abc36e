"""Benchmark of `make watch`: the time from a save to the report, on a solved kata.

    .venv/bin/python -m tests.selftest.bench_watch [KATA ...] [--saves 20]

For each kata, a copy of the reference is watched; each save appends a
comment (new bytes, so it is graded), one second after the previous report,
as a learner would. Printed beside it: a plain `make check` of the same
folder (a new grading process each time), and the spec tests' own time, as
pytest reports it when run bare on the reference (no grader around it).
A benchmark, not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import re
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.harness.core.layout import ROOT, kata_names
from tests.harness.kata import catalog
from tests.harness.wording import loop

PAUSE = 1.0  # s between a report and the next save: the learner reads, then types


def watch_latencies(kata: catalog.Kata, saves: int) -> list[float]:
    folder = Path(tempfile.mkdtemp(prefix="bench-watch-")) / kata.name
    shutil.copytree(kata.solution_dir, folder)
    target = folder / f"{kata.modules[0]}.py"
    command = [sys.executable, "-m", "tests.harness", "watch", kata.name, "--dir", str(folder)]
    watch = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL)
    latencies = []
    try:
        _until_report(watch)
        for number in range(saves):
            time.sleep(PAUSE)
            with target.open("a") as handle:
                handle.write(f"# save {number}\n")
            saved = time.perf_counter()
            _until_report(watch)
            latencies.append(time.perf_counter() - saved)
    finally:
        watch.terminate()
        watch.wait()
        shutil.rmtree(folder.parent, ignore_errors=True)
    return latencies


def _until_report(watch: subprocess.Popen) -> None:
    """Read the watch's output until a report is complete (it ends with WATCH_WAITING)."""
    pending = b""
    while loop.WATCH_WAITING.encode() not in pending:
        ready, _, _ = select.select([watch.stdout], [], [], 60)
        if not ready:
            raise TimeoutError("no report within 60 s")
        chunk = os.read(watch.stdout.fileno(), 65536)
        if not chunk:
            raise RuntimeError("the watch ended")
        pending += chunk


def check_times(kata: catalog.Kata, runs: int) -> list[float]:
    command = [sys.executable, "-m", "tests.harness", "check", kata.name]
    command += ["--dir", str(kata.solution_dir)]
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
        times.append(time.perf_counter() - started)
    return times


def bare_pytest_times(kata: catalog.Kata, runs: int) -> list[float]:
    """The session time pytest reports for the spec tests on the reference."""
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts="]
    command += ["--import-mode=importlib", str(kata.spec_dir)]
    env = {**os.environ, "PYTHONPATH": f"{kata.solution_dir}{os.pathsep}{ROOT}"}
    env["PYTHONHASHSEED"] = "0"
    times = []
    for _ in range(runs):
        out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env).stdout
        found = re.search(r"passed in ([0-9.]+)s", out)
        if found:
            times.append(float(found.group(1)))
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("katas", nargs="*", default=kata_names())
    parser.add_argument("--saves", type=int, default=20)
    args = parser.parse_args()
    print(f"{'kata':<14} {'save→report median / worst':>28} {'make check':>11} {'bare pytest':>12}")
    for name in args.katas:
        kata = catalog.load(name)
        latencies = watch_latencies(kata, args.saves)
        checks = check_times(kata, 5)
        bare = bare_pytest_times(kata, 5)
        print(
            f"{name:<14} {statistics.median(latencies):>18.2f} s / {max(latencies):.2f} s"
            f" {statistics.median(checks):>9.2f} s {statistics.median(bare):>10.2f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
