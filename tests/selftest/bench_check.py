"""Benchmark of `make check` against bare pytest on the same spec tests.

    .venv/bin/python -m tests.selftest.bench_check [KATA ...] [--pairs 5]

For each kata, two folders are checked: a variant with one planted bug in the
kata's code (the first [[bugs]] entry outside its own test file, or failing
that the first mutant, built as the grader's `variant` command builds it):
the learner's loop; and the reference: the solved check. Each folder is
graded with `make -s check KATA=<kata> DIR=<folder>` and, in turn, run bare:

    PYTHONPATH=<folder>:. .venv/bin/python -m pytest tests/<kata> -q -p no:cacheprovider -p no:xdist

The two run in turn (check, bare, check, bare, ...) and each figure is the
median of the ratios pair by pair, which stays meaningful when the machine's
speed drifts; wall time and CPU time (of the processes and of all they
waited for). Before the pairs, each folder is checked once, unpaired: its
judgement of the team's tests is then kept (tests.harness.check.judgements)
and reused by the paired checks, as in a learner's loop that does not change
the test file; that first check's time is printed too. The load average is
printed: on a busy machine, quote CPU ratios before wall ones.

A benchmark, not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from tests.harness.core.layout import ROOT, kata_names
from tests.harness.kata import catalog, variants


@dataclass(frozen=True)
class Timed:
    wall: float
    cpu: float


def timed(command: list[str], env: dict[str, str]) -> Timed:
    """One run of `command`, its output thrown away."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Timed(wall, cpu)


def one_bug(kata: catalog.Kata, folder: Path) -> str:
    """Write the reference with one bug in its code to `folder`; the bug's id."""
    in_code = [defect for defect in kata.defects if not defect.in_own_tests]
    defect = next((d for d in in_code if d.planted), in_code[0])
    variants.build(kata, [defect], folder)
    return defect.id


@dataclass(frozen=True)
class Compared:
    first: Timed  # the unpaired check that judged the team's tests
    checks: list[Timed]
    bare: list[Timed]

    def ratio(self, kind: str) -> float:
        pairs = zip(self.checks, self.bare, strict=True)
        return statistics.median(getattr(a, kind) / getattr(b, kind) for a, b in pairs)

    def median(self, runs: list[Timed], kind: str) -> float:
        return statistics.median(getattr(run, kind) for run in runs)


def compare(kata: str, folder: Path, pairs: int, env: dict[str, str]) -> Compared:
    check = ["make", "-s", "--no-print-directory", "check", f"KATA={kata}", f"DIR={folder}"]
    bare = [sys.executable, "-m", "pytest", f"tests/{kata}", "-q", "-p", "no:cacheprovider"]
    bare += ["-p", "no:xdist"]
    bare_env = {**env, "PYTHONPATH": f"{folder}{os.pathsep}."}
    first = timed([*check, f"PYTHON={sys.executable}"], env)
    timed(bare, bare_env)  # its warm-up
    checks, bares = [], []
    for _ in range(pairs):
        checks.append(timed([*check, f"PYTHON={sys.executable}"], env))
        bares.append(timed(bare, bare_env))
    return Compared(first, checks, bares)


def row(name: str, compared: Compared) -> str:
    check, bare = compared.median(compared.checks, "wall"), compared.median(compared.bare, "wall")
    return (
        f"  {name:<8} {compared.ratio('wall'):>5.2f}x {compared.ratio('cpu'):>5.2f}x"
        f"  {check:>5.2f} s / {bare:>5.2f} s (+{check - bare:.2f} s)"
        f"  {compared.first.wall:>5.2f} s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("katas", nargs="*", default=kata_names())
    parser.add_argument("--pairs", type=int, default=5)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-check-"))
    # A state folder of its own: the judgements it keeps are not the learner's.
    env = {**os.environ, "KATAS_STATE": str(work / "state")}
    print(f"load average {os.getloadavg()[0]:.1f}; {args.pairs} pairs; medians of paired ratios")
    print(f"  {'':<8} {'wall':>6} {'cpu':>6}  median wall: check / bare    first check")
    try:
        for name in args.katas:
            kata = catalog.load(name)
            bug = one_bug(kata, work / "bug" / name)
            print(f"{name} (one bug: {bug})", flush=True)
            print(row("one bug", compare(name, work / "bug" / name, args.pairs, env)), flush=True)
            print(row("solved", compare(name, kata.solution_dir, args.pairs, env)), flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
