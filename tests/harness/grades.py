"""`make grade`: one kata, a folder of learners' submissions, a grade each.

Each entry of the submissions folder is one learner: a folder holding the
kata's files, or a clone of this repository (its katas/<kata>/ is graded).
Anything else is a row with status `error` and a reason, never a failed run.
Submissions are graded `jobs` at a time, each a grading like `make check`
with its own per-test and per-check bounds, so one that hangs or floods
costs its own bounds and no more; never more than `jobs` grading processes
run at once. The rows go to grades.csv and grades.json beside the
submissions, and a summary to the terminal.
"""

from __future__ import annotations

import csv
import io
import json
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from tests.harness import grading, wording
from tests.harness.catalog import Kata
from tests.harness.files import write_atomically
from tests.harness.protocol import Status

OUTPUTS = ("grades.csv", "grades.json")
# Histogram buckets of the share of spec tests passed.
BUCKETS = 10


@dataclass
class Row:
    name: str
    status: str  # pass, fail, timeout (not solved, some test timed out), error
    spec_passed: int = 0
    spec_total: int = 0
    own_agreeing: int = 0
    own_total: int = 0
    timeouts: int = 0
    seconds: float = 0.0
    reason: str = ""  # why a row is an error, in one line


def submissions(folder: Path) -> list[Path]:
    """The entries of `folder` that are learners' submissions, by name."""
    return sorted(
        entry
        for entry in folder.iterdir()
        if not entry.name.startswith(".") and entry.name not in OUTPUTS
    )


def kata_folder(kata: Kata, entry: Path) -> Path | str:
    """Where `entry` holds the kata's files, or why it does not."""
    if not entry.is_dir():
        return wording.grade_not_a_folder()
    clone = entry / "katas" / kata.name
    folder = clone if clone.is_dir() else entry
    missing = [name for name in kata.files if not (folder / name).is_file()]
    if missing:
        return wording.grade_missing(missing)
    return folder


def grade_one(kata: Kata, entry: Path, limit: float, check_limit: float) -> Row:
    started = time.monotonic()
    folder = kata_folder(kata, entry)
    if isinstance(folder, str):
        return Row(entry.name, Status.ERROR.value, reason=folder)
    graded = grading.grade(kata.name, folder, limit, check_limit)
    timeouts = sum(verdict.status is Status.TIMEOUT for verdict in graded.tests)
    status = graded.status.value
    if graded.status is Status.FAIL and timeouts:
        status = Status.TIMEOUT.value
    reason = "" if graded.tests else graded.message.splitlines()[0]
    return Row(
        entry.name,
        status,
        graded.passed,
        len(graded.tests),
        graded.own_right if graded.spec_passed else 0,
        len(graded.own_tests),
        timeouts,
        round(time.monotonic() - started, 2),
        reason,
    )


def grade_all(
    kata: Kata, folder: Path, jobs: int, limit: float, check_limit: float, progress: bool
) -> list[Row]:
    entries = submissions(folder)
    done, errors, lock = [0], [0], threading.Lock()

    def one(entry: Path) -> Row:
        row = grade_one(kata, entry, limit, check_limit)
        with lock:
            done[0] += 1
            errors[0] += row.status == Status.ERROR.value
            if progress:
                line = wording.grade_progress(done[0], len(entries), errors[0])
                print(f"\r{line}", end="", file=sys.stderr, flush=True)
        return row

    with ThreadPoolExecutor(max_workers=max(jobs, 1)) as pool:
        rows = list(pool.map(one, entries))
    if progress and entries:
        print(file=sys.stderr)
    return sorted(rows, key=lambda row: row.name)


def write(rows: list[Row], folder: Path) -> None:
    """grades.csv and grades.json in `folder`, each written whole."""
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=list(asdict(Row("", "")).keys()))
    writer.writeheader()
    writer.writerows(asdict(row) for row in rows)
    write_atomically(folder / OUTPUTS[0], text.getvalue().encode("utf-8"))
    document = json.dumps([asdict(row) for row in rows], indent=2, ensure_ascii=False)
    write_atomically(folder / OUTPUTS[1], (document + "\n").encode("utf-8"))


def summary(rows: list[Row], seconds: float, jobs: int) -> str:
    width = max((len(row.name) for row in rows), default=4) + 2
    lines = [f"{'name':<{width}}{'status':<9}{'spec':>9}{'own':>7}{'timeouts':>10}{'s':>7}"]
    for row in rows:
        spec = f"{row.spec_passed}/{row.spec_total}" if row.spec_total else "-"
        own = f"{row.own_agreeing}/{row.own_total}" if row.own_total else "-"
        lines.append(
            f"{row.name:<{width}}{row.status:<9}{spec:>9}{own:>7}{row.timeouts:>10}"
            f"{row.seconds:>7.1f}" + (f"  {row.reason}" if row.reason else "")
        )
    lines += ["", *histogram(rows), "", wording.grade_done(len(rows), seconds, jobs)]
    return "\n".join(lines)


def histogram(rows: list[Row]) -> list[str]:
    """Spec tests passed, as a share, in buckets of a tenth: a bar chart."""
    counts = [0] * (BUCKETS + 1)
    for row in rows:
        if row.spec_total:
            counts[row.spec_passed * BUCKETS // row.spec_total] += 1
    lines = [wording.GRADE_HISTOGRAM]
    for bucket, count in enumerate(counts):
        low = bucket * 100 // BUCKETS
        label = "100%" if bucket == BUCKETS else f"{low}-{low + 100 // BUCKETS - 1}%"
        lines.append(f"  {label:>7} {'█' * count} {count}")
    return lines
