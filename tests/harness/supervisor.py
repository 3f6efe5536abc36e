"""Grade a folder: run the kata's tests in a watched child process.

The child (`tests.harness.child`: pytest with the grading plugin) streams
events through a pipe. The supervisor gives each phase — importing the
learner's modules, each test — the per-test limit plus a grace period; past
it, the child's stack is dumped, the child is killed and the phase gets a
verdict. pytest-timeout's alarm fires first in the ordinary case; the
watchdog covers code that swallows the alarm, loops at import, or ends its
own process. After a kill or a crash a new child runs the tests not yet
judged, so one bad test never costs the verdicts of the others, and the
whole check ends within its own limit.

A `Check` starts its first child as soon as it is created, before the kata is
read: the imports here are kept to what starting it needs, and the verdict
side (tests.harness.results) is imported while the child is running.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from tests.harness.layout import ROOT

if TYPE_CHECKING:
    from tests.harness.catalog import Kata
    from tests.harness.results import Grading

GRACE = 1.0  # s past the per-test limit before the alarm counts as swallowed
DUMP_WAIT = 0.5  # s to wait for the stack dump of a child about to be killed
STDERR_TAIL = 2000


class Run:
    """What one child process got through before it ended."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.events: list[dict] = []
        self.killed_in: str | None = None  # "phase" (limit + grace) or "check" (whole limit)
        self.dump = ""  # the child's stack when it was killed
        self.exit_status: int | None = None
        self.stderr_tail = ""

    def last(self, *names: str) -> dict | None:
        matching = [event for event in self.events if event["event"] in names]
        return matching[-1] if matching else None


class Check:
    """One grading of one folder; use as a context manager.

    Creating it starts the first child; `finish(kata)` watches it (and any
    restarts) to the end and returns the grading.
    """

    def __init__(self, kata: str, folder: Path, limit: float, check_limit: float) -> None:
        self.kata_name = kata
        self.folder = folder.resolve()
        self.limit, self.check_limit = limit, check_limit
        self.deadline = time.monotonic() + check_limit
        self.work = Path(tempfile.mkdtemp(prefix=f"kata-{kata}-"))
        self.child: subprocess.Popen | None = None
        self._start(skip=[])

    def __enter__(self) -> Check:
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self.child is not None:
            _kill_group(self.child)
            self.child.wait()
            os.close(self.channel)
        shutil.rmtree(self.work, ignore_errors=True)

    def _start(self, skip: list[str]) -> None:
        self.channel, write_end = os.pipe()
        request = self.work / "request.json"
        request.write_text(
            json.dumps(
                {
                    "kata": self.kata_name,
                    "folder": str(self.folder),
                    "work": str(self.work),
                    "timeout": self.limit,
                    "events_fd": write_end,
                    "skip": skip,
                }
            ),
            encoding="utf-8",
        )
        env = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST_")}
        env.update(
            PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
            PYTEST_DISABLE_PLUGIN_AUTOLOAD="1",
            PYTHONDONTWRITEBYTECODE="1",
            # Same code, same report: str hashes, and so set and dict orders
            # built from them, must not change from one check to the next.
            PYTHONHASHSEED="0",
        )
        with (self.work / "stderr.txt").open("wb") as stderr:
            self.child = subprocess.Popen(
                [sys.executable, "-m", "tests.harness.child", str(request)],
                cwd=self.work,
                env=env,
                pass_fds=(write_end,),
                start_new_session=True,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=stderr,
            )
        os.close(write_end)

    def _collect(self) -> Run:
        """Watch the running child to its end, or kill it at a deadline."""
        run = Run(self.folder)
        child = self.child
        try:
            _watch(child, self.channel, run, self.limit, self.deadline)
            if run.killed_in:
                run.dump = _dump_stack(child, self.work / "stack.txt")
        finally:
            _kill_group(child)
            run.exit_status = child.wait()
            os.close(self.channel)
            self.child = None
        run.stderr_tail = _tail(self.work / "stderr.txt")
        return run

    def finish(self, kata: Kata) -> Grading:
        # Imported now that the child is running, not before: see the module docstring.
        from tests.harness import results as verdicts

        grading = verdicts.Grading(kata=kata, folder=self.folder, limit=self.limit)
        if kata.own_tests and not (self.folder / kata.own_tests).is_file():
            grading.own_tests_problem = f"{kata.own_tests} is missing from {self.folder}"
        items: list[dict] = []
        results: dict[str, dict] = {}
        while True:
            run = self._collect()
            fatal = verdicts.fatal_error(run, self.limit)
            if fatal:
                grading.status, grading.message = "error", fatal
                return grading
            collected = run.last("collected")
            if collected and not items:
                items = collected["items"]
            for event in run.events:
                if event["event"] == "result":
                    results[event["key"]] = event
                elif event["event"] == "collect_error":
                    verdicts.note_collect_error(grading, event)
            progressed = verdicts.judge_interrupted_test(run, results, self.limit, self.check_limit)
            pending = [item for item in items if item["key"] not in results]
            if not pending or not progressed or run.killed_in == "check":
                break
            self._start(skip=sorted(results))
        if run.killed_in == "check":
            why_not_run = f"the whole check reached its {self.check_limit:g} s limit"
        else:
            why_not_run = f"the grading process stopped before this test ({verdicts.ended(run)})"
        verdicts.assemble(grading, items, results, why_not_run)
        return grading


def _watch(child: subprocess.Popen, channel: int, run: Run, limit: float, deadline: float) -> None:
    phase_deadline = math.inf
    pending = b""
    while True:
        now = time.monotonic()
        wake = min(deadline, phase_deadline)
        if now >= wake:
            run.killed_in = "check" if wake == deadline else "phase"
            return
        ready, _, _ = select.select([channel], [], [], wake - now)
        if not ready:
            continue
        chunk = os.read(channel, 65536)
        if not chunk:
            return
        *lines, pending = (pending + chunk).split(b"\n")
        for line in lines:
            event = json.loads(line)
            run.events.append(event)
            opens_phase = event["event"] in ("probe", "probe_ok", "start")
            phase_deadline = time.monotonic() + limit + GRACE if opens_phase else math.inf


def _dump_stack(child: subprocess.Popen, stack_file: Path) -> str:
    """Ask the child for its stack (faulthandler, see the plugin) before it is killed."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(child.pid, signal.SIGUSR1)
    give_up = time.monotonic() + DUMP_WAIT
    while time.monotonic() < give_up and not _size(stack_file):
        time.sleep(0.02)
    # Empty when the child was killed before the plugin was ready.
    return stack_file.read_text(encoding="utf-8", errors="replace") if _size(stack_file) else ""


def _size(path: Path) -> int:
    return path.stat().st_size if path.exists() else 0


def _kill_group(child: subprocess.Popen) -> None:
    # Also reaps grandchildren the learner's code may have started.
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(child.pid, signal.SIGKILL)


def _tail(path: Path) -> str:
    with path.open("rb") as handle:
        handle.seek(max(0, path.stat().st_size - STDERR_TAIL))
        return handle.read().decode("utf-8", "replace").strip()
