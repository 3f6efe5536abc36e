"""Run one grading child and watch it: the supervisor knows processes, not verdicts.

The child (`tests.harness.engine.child`: pytest with the grading plugin) streams
events through a pipe. The supervisor gives each phase — importing the
learner's modules, collecting, each test — the limit its opening event names,
plus a grace period (tests.harness.core.limits). The child's own alarm
(tests.harness.core.timer) fires first in the ordinary case; this watchdog covers
code that swallows it, loops in C, or ends its own process: past the grace,
the child's stack is dumped and the child killed.
What it got through is a `Run`; tests.harness.check.grading decides what it means
and whether to start another child.
"""

from __future__ import annotations

import contextlib
import math
import os
import secrets
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from tests.harness.core import limits
from tests.harness.core.layout import ROOT
from tests.harness.core.limits import GRACE
from tests.harness.core.protocol import (
    PHASES,
    Event,
    ProtocolError,
    Request,
    Task,
    decode,
    temporary_folder,
)
from tests.harness.engine import reaper

DUMP_WAIT = 0.5  # s to wait for the stack dump of a child about to be killed
# The processes of this grader that are meant to run: grading children, and, for
# a class, the submissions' supervisors (tests.harness.teacher.grades). Any other child of
# this process is an orphan the learner's code left (tests.harness.engine.reaper).
LIVE: set[int] = set()
STDERR_TAIL = 2000


class Killed(str, Enum):
    PHASE = "phase"  # a phase ran past the limit and its grace
    CHECK = "check"  # the whole check ran out of time


@dataclass
class Run:
    """What one child process got through before it ended."""

    events: list[Event] = field(default_factory=list)
    killed: Killed | None = None
    dump: str = ""  # the child's stack when it was killed
    exit_status: int | None = None
    stderr_tail: str = ""
    broken: ProtocolError | None = None  # a line on the pipe that could not be read

    def last(self, *kinds: type) -> Event | None:
        matching = [event for event in self.events if isinstance(event, kinds)]
        return matching[-1] if matching else None

    @property
    def signal_name(self) -> str | None:
        """The signal that ended the child, if one did."""
        status = self.exit_status
        return signal.Signals(-status).name if status is not None and status < 0 else None


# Where Python finds modules: the learner's environment says. How it runs is the
# grading's alone: PYTHONOPTIMIZE would strip the spec tests' asserts (and pass what
# they refuse), PYTHONVERBOSE and PYTHONPROFILEIMPORTTIME print into what the learner's
# code is said to print, PYTHONTRACEMALLOC and PYTHONDEVMODE slow every test, and
# PYTHONMALLOC=malloc stops sys.getallocatedblocks(), which a spec test measures with.
PYTHON_LOCATIONS = frozenset(
    ("PYTHONPATH", "PYTHONHOME", "PYTHONUSERBASE", "PYTHONNOUSERSITE", "PYTHONPLATLIBDIR")
)


class Child:
    """One grading child. Created, it starts and loads the kata, then waits;
    `start` hands it its request, `watch` follows it to its end.

    Starting it before the request is known is what makes a watch loop quick:
    the interpreter, pytest and the kata are loaded while the learner edits.
    """

    def __init__(self, kata: str, work: Path) -> None:
        self.kata, self.work = kata, work
        self.channel, self.events_fd = os.pipe()
        self.request: Request | None = None
        temporary = temporary_folder(work)
        temporary.mkdir(exist_ok=True)  # a spare child shares its grading's
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("PYTEST_", "PYTHON")) or key in PYTHON_LOCATIONS
        }
        env.update(
            PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
            PYTEST_DISABLE_PLUGIN_AUTOLOAD="1",
            # Same code, same report: str hashes, and so set and dict orders
            # built from them, must not change from one check to the next.
            PYTHONHASHSEED="0",
            KATAS_GRADER_PID=str(os.getpid()),
            # Its own temporary folder, where the learner's code may write (and pytest
            # keeps captured output): the rest of the system's is out of its reach.
            TMPDIR=str(temporary),
        )
        # The grader's own modules and the spec tests are cached as bytecode as this
        # process caches its own, unless told not to (-B, PYTHONDONTWRITEBYTECODE); the
        # child writes none once it has its request (see tests.harness.engine.child).
        if sys.dont_write_bytecode:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        reaper.become_subreaper()
        with (work / "stderr.txt").open("wb") as stderr:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tests.harness.engine.child", kata],
                cwd=work,
                env=env,
                pass_fds=(self.events_fd,),
                start_new_session=True,
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=stderr,
            )
        LIVE.add(self.process.pid)
        # The child keeps the same descriptor number (pass_fds); the request names it.
        os.close(self.events_fd)

    def start(self, folder: Path, source: Path, limit: float, task: Task) -> None:
        """Hand the waiting child what to grade (`folder`, read from its copy `source`): it
        loads it and collects the tests, then waits for `go`."""
        key = secrets.token_hex(16)
        self.request = Request(
            self.kata, folder, source, self.work, limit, self.events_fd, task, key, limits.memory
        )
        # A child that already died says so through its exit status, read by `watch`.
        with contextlib.suppress(BrokenPipeError):
            self.process.stdin.write(self.request.encode())
            self.process.stdin.flush()

    def go(self, skip: tuple[str, ...] = ()) -> None:
        """Let the started child run its tests, but those in `skip`."""
        with contextlib.suppress(BrokenPipeError):
            self.process.stdin.write(Request.encode_skip(skip))
        with contextlib.suppress(BrokenPipeError):
            self.process.stdin.close()

    def watch(
        self,
        deadline: float,
        overdue: Callable[[], None] = lambda: None,
        seen: Callable[[Event], None] = lambda event: None,
    ) -> Run:
        """Follow the started child to its end, or kill it at a deadline; always reaps it.

        `overdue` is called when a phase is half way through its grace: the
        child's alarm has not ended it, so the child may be about to be killed,
        and a caller can get a new one ready. (Not at the limit itself: an alarm
        that works ends the phase a few milliseconds after it.) `seen` is called
        with each event as it comes.
        """
        assert self.request is not None, "watch() before start()"
        run = Run()
        try:
            exited = self.process.poll  # None while the child runs
            _watch(self.channel, run, deadline, overdue, seen, self.request.key, exited)
            if run.killed:
                run.dump = _dump_stack(self.process, self.request.stack_file)
        finally:
            self.stop()
        run.exit_status = self.process.returncode
        run.stderr_tail = _tail(self.work / "stderr.txt")
        return run

    def stop(self) -> None:
        """Kill the child and every process it started, and close the pipe."""
        if self.channel < 0:
            return
        # The process group: grandchildren the learner's code may have started too.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        LIVE.discard(self.process.pid)
        # And those that left the group: orphans now, and so children of ours.
        reaper.sweep(LIVE)
        if self.process.stdin is not None:
            with contextlib.suppress(BrokenPipeError):
                self.process.stdin.close()
        os.close(self.channel)
        self.channel = -1


# s between two looks at whether the child has ended, while its pipe is quiet.
EXIT_POLL = 0.1


def _watch(
    channel: int,
    run: Run,
    deadline: float,
    overdue: Callable[[], None],
    seen: Callable[[Event], None],
    key: str,
    exited: Callable[[], int | None],
) -> None:
    phase_overdue = phase_deadline = math.inf
    pending = b""
    while True:
        now = time.monotonic()
        if now >= phase_overdue:
            phase_overdue = math.inf
            overdue()
            continue
        wake = min(deadline, phase_deadline)
        if now >= wake:
            run.killed = Killed.CHECK if wake == deadline else Killed.PHASE
            return
        wait = min(wake, phase_overdue, now + EXIT_POLL) - now
        ready, _, _ = select.select([channel], [], [], wait)
        if not ready:
            # The child has ended and its pipe is quiet: a process it forked may hold
            # the pipe open for ever, so the end of the child is the end of the run.
            if exited() is not None and not select.select([channel], [], [], 0)[0]:
                return
            continue
        chunk = os.read(channel, 65536)
        if not chunk:
            return
        *lines, pending = (pending + chunk).split(b"\n")
        for line in lines:
            try:
                event = decode(line, key)
            except ProtocolError as error:
                run.broken = error
                return
            run.events.append(event)
            seen(event)
            phase_overdue = phase_deadline = math.inf
            if isinstance(event, PHASES):
                phase_deadline = time.monotonic() + event.limit + GRACE
                phase_overdue = phase_deadline - GRACE / 2


def _dump_stack(process: subprocess.Popen, stack_file: Path) -> str:
    """Ask the child for its stack (faulthandler, see the plugin) before it is killed."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(process.pid, signal.SIGUSR1)
    give_up = time.monotonic() + DUMP_WAIT
    while time.monotonic() < give_up and not _size(stack_file):
        time.sleep(0.02)
    # Empty when the child was killed before the plugin was ready.
    return stack_file.read_text(encoding="utf-8", errors="replace") if _size(stack_file) else ""


def _size(path: Path) -> int:
    return path.stat().st_size if path.exists() else 0


def _tail(path: Path) -> str:
    with path.open("rb") as handle:
        handle.seek(max(0, path.stat().st_size - STDERR_TAIL))
        return handle.read().decode("utf-8", "replace").strip()
