"""`make grade`: one kata, a folder of learners' submissions, a grade each.

Each entry of the submissions folder is one learner: a folder holding the
kata's files, or a clone of this repository (its katas/<kata>/ is graded).
Anything else is a row with status `error` and a reason, never a failed run.
Submissions are graded `jobs` at a time, each a grading like `make check`
with its own per-test and per-check bounds, so one that hangs or floods
costs its own bounds and no more; never more than `jobs` grading processes
run at once. The rows go to grades.csv and grades.json beside the
submissions, and a summary to the terminal.

Each submission is graded from a private copy in a temporary folder of its own,
never in place: the teacher's folder is only read (but for the grades files),
and the grading child may write only in that copy and in its own temporary
folder (tests.harness.engine.landlock), so no submission reaches a classmate's
files, the grader, or the teacher's home. The kata's given files come from the
repository, whatever a submission holds in their place.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from tests.harness.check import grading
from tests.harness.core import limits
from tests.harness.core.files import write_atomically
from tests.harness.core.layout import ROOT
from tests.harness.core.protocol import Status
from tests.harness.engine import landlock, reaper
from tests.harness.engine.supervisor import LIVE
from tests.harness.kata.catalog import Kata
from tests.harness.wording import classes

OUTPUTS = ("grades.csv", "grades.json", "grades.jsonl")
# The rows as they are graded, one a line: what an interrupted run resumes from.
JOURNAL = "grades.jsonl"
# s a submission's supervisor may take past the check's own bound before it is killed.
SUPERVISOR_SLACK = 30
# Histogram buckets of the share of spec tests passed.
BUCKETS = 10


@dataclass
class Row:
    name: str
    status: Status  # pass, fail, timeout (not solved, some test timed out), error
    spec_passed: int = 0
    spec_total: int = 0
    own_agreeing: int = 0
    own_total: int = 0
    timeouts: int = 0
    seconds: float = 0.0
    reason: str = ""  # why a row is an error, in one line

    def to_data(self) -> dict:
        return {**asdict(self), "status": self.status.value}

    @classmethod
    def from_data(cls, data: dict) -> Row:
        return cls(**{**data, "status": Status(data["status"])})


def submissions(folder: Path) -> list[Path]:
    """The entries of `folder` that are learners' submissions, by name."""
    return sorted(
        entry
        for entry in folder.iterdir()
        if not entry.name.startswith(".") and entry.name not in OUTPUTS
    )


def kata_folder(kata: Kata, entry: Path) -> Path | str:
    """Where `entry` holds the kata's files, or why it does not. The given files
    need not be there: they come from the repository (see `private_copy`)."""
    if not entry.is_dir():
        return classes.grade_not_a_folder()
    clone = entry / "katas" / kata.name
    folder = clone if clone.is_dir() else entry
    own = [name for name in kata.files if name not in kata.given]
    missing = [name for name in own if not (folder / name).is_file()]
    if missing:
        return classes.grade_missing(missing)
    return folder


def private_copy(kata: Kata, folder: Path, copy: Path) -> Path:
    """`copy`: the submission's files in `folder` (no hidden ones, no caches; links
    as links, never followed; no pipes or devices), with the kata's given files taken
    from the repository instead of the submission's own."""
    given = {os.path.join(folder, name) for name in kata.given}

    def left_out(directory: str, names: list[str]) -> set[str]:
        return {
            name
            for name in names
            if name.startswith(".")
            or name == "__pycache__"
            or os.path.join(directory, name) in given
            or not _copied(os.lstat(os.path.join(directory, name)).st_mode)
        }

    shutil.copytree(folder, copy, symlinks=True, ignore=left_out)
    for name in kata.given:
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(kata.solution_dir / name, copy / name)
    return copy


def _copied(mode: int) -> bool:
    return stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISLNK(mode)


def grade_one(kata: Kata, folder: Path, limit: float, check_limit: float) -> Row:
    """The row of one submission, from its private copy `folder` (named as the
    submission), graded in this process (its supervisor's)."""
    started = time.monotonic()
    graded = grading.grade(kata.name, folder, limit, check_limit)
    timeouts = sum(verdict.status is Status.TIMEOUT for verdict in graded.tests)
    status = graded.status
    if graded.status is Status.FAIL and timeouts:
        status = Status.TIMEOUT
    reason = "" if graded.tests else graded.message.splitlines()[0]
    return Row(
        folder.name,
        status,
        graded.passed,
        len(graded.tests),
        graded.own_right if graded.spec_passed else 0,
        len(graded.own_tests),
        timeouts,
        round(time.monotonic() - started, 2),
        reason,
    )


def supervised(kata: Kata, entry: Path, limit: float, check_limit: float) -> Row:
    """The row of one submission, graded from a private copy by a supervisor process
    of its own, in a session of its own (`python -m tests.harness grade-one`): code
    that kills its parent, its process group or its supervisor costs its own row, and
    nothing it started survives it (tests.harness.engine.reaper).

    The copy, and every temporary folder of its grading (the supervisor's TMPDIR),
    are in one folder, removed once the supervisor has ended, however it ended."""
    scratch = Path(tempfile.mkdtemp(prefix=f"katas-grade-{kata.name}-"))
    try:
        try:
            folder = kata_folder(kata, entry)
            if isinstance(folder, str):
                return Row(entry.name, Status.ERROR, reason=folder)
            copy = private_copy(kata, folder, scratch / entry.name)
        except OSError as error:  # a file or folder the teacher cannot read, say
            return Row(entry.name, Status.ERROR, reason=classes.grade_not_copied(_why(error)))
        return _supervise(kata, entry, copy, scratch, limit, check_limit)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _why(error: OSError) -> str:
    """What went wrong, in one line: shutil.Error holds a list, one error per file."""
    if isinstance(error, shutil.Error) and error.args and error.args[0]:
        return str(error.args[0][0][-1])
    return str(error)


def _supervise(
    kata: Kata, entry: Path, copy: Path, scratch: Path, limit: float, check_limit: float
) -> Row:
    started = time.monotonic()
    command = [sys.executable, "-m", "tests.harness", "grade-one", kata.name, str(copy)]
    command += ["--timeout", str(limit), "--check-timeout", str(check_limit)]
    command += ["--memory", str(limits.memory)]
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env={**os.environ, "TMPDIR": str(scratch)},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    LIVE.add(process.pid)
    try:
        out, _ = process.communicate(timeout=check_limit + SUPERVISOR_SLACK)
    except subprocess.TimeoutExpired:
        out = b""
    finally:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        LIVE.discard(process.pid)
        reaper.sweep(LIVE)
    try:
        row = Row.from_data(json.loads(out))
    except (ValueError, KeyError, TypeError):
        seconds = round(time.monotonic() - started, 2)
        return Row(entry.name, Status.ERROR, seconds=seconds, reason=classes.GRADING_KILLED)
    return (
        row
        if row.name == entry.name
        else Row(entry.name, Status.ERROR, reason=classes.GRADING_KILLED)
    )


def grade_all(
    kata: Kata, folder: Path, jobs: int, limit: float, check_limit: float, progress: bool
) -> list[Row]:
    """Every submission's row: those of grades.jsonl kept from an interrupted run,
    the others graded `jobs` at a time, each appended to grades.jsonl when done."""
    reaper.become_subreaper()
    if not landlock.version():
        print(classes.GRADE_UNCONFINED, file=sys.stderr, flush=True)
    kept = {row.name: row for row in journal(folder)}
    entries = [entry for entry in submissions(folder) if entry.name not in kept]
    done, errors, lock = [len(kept)], [0], threading.Lock()
    total = len(kept) + len(entries)

    def one(entry: Path) -> Row:
        row = supervised(kata, entry, limit, check_limit)
        with lock:
            record(folder, row)
            done[0] += 1
            errors[0] += row.status is Status.ERROR
            if progress:
                line = classes.grade_progress(done[0], total, errors[0])
                print(f"\r{line}", end="", file=sys.stderr, flush=True)
        return row

    with ThreadPoolExecutor(max_workers=max(jobs, 1)) as pool:
        graded = {row.name: row for row in pool.map(one, entries)}
    # A supervisor killed before it reported may have been killed by another
    # submission graded at the same time (its code runs as the same user): each
    # such submission is graded once more, alone. A submission that kills its own
    # grading keeps its error. The later row is the one grades.jsonl keeps.
    for entry in entries:
        if graded[entry.name].reason == classes.GRADING_KILLED:
            row = supervised(kata, entry, limit, check_limit)
            record(folder, row)
            graded[entry.name] = row
    if progress and entries:
        print(file=sys.stderr)
    return sorted([*kept.values(), *graded.values()], key=lambda row: row.name)


def journal(folder: Path) -> list[Row]:
    """The rows grades.jsonl holds, one a line; a line cut short by an interruption
    (the last one) is left out, and its submission graded again."""
    path = folder / JOURNAL
    if not path.is_file():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            rows.append(Row.from_data(json.loads(line)))
        except (ValueError, KeyError, TypeError):
            continue
    return rows


def record(folder: Path, row: Row) -> None:
    """Append one row to grades.jsonl, on disk before the next is graded."""
    with (folder / JOURNAL).open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(row.to_data(), ensure_ascii=False) + "\n")
        handle.flush()
        os.fsync(handle.fileno())


def write(rows: list[Row], folder: Path) -> None:
    """grades.csv and grades.json in `folder`, each written whole."""
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=list(asdict(Row("", Status.ERROR)).keys()))
    writer.writeheader()
    writer.writerows(row.to_data() for row in rows)
    write_atomically(folder / OUTPUTS[0], text.getvalue().encode("utf-8"))
    document = json.dumps([row.to_data() for row in rows], indent=2, ensure_ascii=False)
    write_atomically(folder / OUTPUTS[1], (document + "\n").encode("utf-8"))


def summary(rows: list[Row], seconds: float, jobs: int) -> str:
    width = max((len(row.name) for row in rows), default=4) + 2
    lines = [f"{'name':<{width}}{'status':<9}{'spec':>9}{'own':>7}{'timeouts':>10}{'s':>7}"]
    for row in rows:
        spec = f"{row.spec_passed}/{row.spec_total}" if row.spec_total else "-"
        own = f"{row.own_agreeing}/{row.own_total}" if row.own_total else "-"
        lines.append(
            f"{row.name:<{width}}{row.status.value:<9}{spec:>9}{own:>7}{row.timeouts:>10}"
            f"{row.seconds:>7.1f}" + (f"  {row.reason}" if row.reason else "")
        )
    lines += ["", *histogram(rows), "", classes.grade_done(len(rows), seconds, jobs)]
    return "\n".join(lines)


def histogram(rows: list[Row]) -> list[str]:
    """Spec tests passed, as a share, in buckets of a tenth: a bar chart."""
    counts = [0] * (BUCKETS + 1)
    for row in rows:
        if row.spec_total:
            counts[row.spec_passed * BUCKETS // row.spec_total] += 1
    lines = [classes.GRADE_HISTOGRAM]
    for bucket, count in enumerate(counts):
        low = bucket * 100 // BUCKETS
        label = "100%" if bucket == BUCKETS else f"{low}-{low + 100 // BUCKETS - 1}%"
        lines.append(f"  {label:>7} {'█' * count} {count}")
    return lines
