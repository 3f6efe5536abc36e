"""Grade a folder: run the kata's tests in a watched child process.

The child (pytest with `tests.harness.plugin`) streams events through a pipe.
The supervisor gives each phase — importing the learner's modules, collecting,
each test — the per-test limit plus a grace period; past it, the child is
killed and the phase gets a verdict. pytest-timeout's alarm fires first in
the ordinary case; the watchdog covers code that swallows the alarm, loops at
import, or ends its own process. After a kill or a crash the child is started
again without the tests already judged, so one bad test never costs the
verdicts of the others, and everything ends within the whole-check limit.
"""

from __future__ import annotations

import ast
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
from dataclasses import dataclass, field
from pathlib import Path

from tests.harness import explain
from tests.harness.catalog import ROOT, Kata

GRACE = 1.0  # s past the per-test limit before the alarm counts as swallowed
DUMP_WAIT = 0.5  # s to wait for the stack dump of a child about to be killed
STDERR_TAIL = 2000


@dataclass
class Verdict:
    name: str
    status: str
    message: str = ""
    description: str = ""
    output: str = ""
    against_yours: str | None = None  # own tests only: the run on the learner's code


@dataclass
class Grading:
    kata: Kata
    folder: Path
    limit: float
    status: str = "fail"
    message: str = ""
    tests: list[Verdict] = field(default_factory=list)
    own_tests: list[Verdict] = field(default_factory=list)
    own_tests_problem: str = ""

    @property
    def passed(self) -> int:
        return sum(verdict.status == "pass" for verdict in self.tests)

    @property
    def own_disagreements(self) -> list[Verdict]:
        return [verdict for verdict in self.own_tests if verdict.status != "pass"]


@dataclass
class _Run:
    """What one child process got through before it ended."""

    events: list[dict] = field(default_factory=list)
    killed_in: str | None = None  # "phase" (limit + grace) or "check" (whole limit)
    stuck: tuple[str, str] | None = None  # (function, place) of learner code when killed
    exit_status: int | None = None
    stderr_tail: str = ""

    def last(self, *names: str) -> dict | None:
        matching = [event for event in self.events if event["event"] in names]
        return matching[-1] if matching else None


def grade(kata: Kata, folder: Path, limit: float = 2.0, check_limit: float = 60.0) -> Grading:
    folder = folder.resolve()
    grading = Grading(kata=kata, folder=folder, limit=limit)
    deadline = time.monotonic() + check_limit
    with tempfile.TemporaryDirectory(prefix=f"kata-{kata.name}-") as scratch:
        work = Path(scratch)
        plan, paths = _plan(kata, folder, work, limit, grading)
        items: list[dict] = []
        results: dict[str, dict] = {}
        while True:
            run = _run_child(plan, paths, sorted(results), work, limit, deadline)
            fatal = _fatal_error(run, limit)
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
                    _note_collect_error(grading, event)
            progressed = _judge_interrupted_test(run, results, limit, check_limit)
            pending = [item for item in items if item["key"] not in results]
            if not pending or not progressed or run.killed_in == "check":
                break
        _assemble(grading, items, results, check_limit)
    return grading


def _plan(kata: Kata, folder: Path, work: Path, limit: float, grading: Grading):
    groups = [{"name": "spec", "tests": str(kata.spec_dir), "source": str(folder)}]
    paths = [str(path) for path in kata.spec_files]
    if kata.own_tests:
        own = folder / kata.own_tests
        if own.is_file():
            # Copies, so pytest never writes beside the learner's files and a
            # conftest.py in the learner's folder is never loaded.
            for name, source in (
                ("own_reference", kata.solution_dir),
                ("own_yours", folder),
            ):
                copy = work / name / kata.own_tests
                copy.parent.mkdir()
                shutil.copyfile(own, copy)
                groups.append({"name": name, "tests": str(copy.parent), "source": str(source)})
                paths.append(str(copy))
        else:
            grading.own_tests_problem = f"{kata.own_tests} is missing from {folder}"
    plan = {
        "modules": list(kata.modules),
        "timeout": limit,
        "yours": str(folder),
        "groups": groups,
    }
    return plan, paths


def _run_child(
    plan: dict,
    paths: list[str],
    done: list[str],
    work: Path,
    limit: float,
    deadline: float,
) -> _Run:
    read_end, write_end = os.pipe()
    plan_file = work / "plan.json"
    stack_file = work / "stack.txt"
    plan_file.write_text(
        json.dumps({**plan, "events_fd": write_end, "skip": done, "stack_file": str(stack_file)}),
        encoding="utf-8",
    )
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-c",
        str(ROOT / "pyproject.toml"),
        "--rootdir",
        str(ROOT),
        "-p",
        "pytest_timeout",
        "-p",
        "tests.harness.plugin",
        "-o",
        f"timeout={limit}",
        "-o",
        "timeout_method=signal",
        "--kata-plan",
        str(plan_file),
        *paths,
    ]
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST_")}
    env.update(
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        PYTEST_DISABLE_PLUGIN_AUTOLOAD="1",
        PYTHONDONTWRITEBYTECODE="1",
    )
    run = _Run()
    stderr_path = work / "stderr.txt"
    with stderr_path.open("wb") as stderr:
        child = subprocess.Popen(
            command,
            cwd=work,
            env=env,
            pass_fds=(write_end,),
            start_new_session=True,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
    os.close(write_end)
    try:
        _watch(child, read_end, run, limit, deadline)
        if run.killed_in:
            run.stuck = _where_stuck(child, stack_file, Path(plan["yours"]))
    finally:
        _kill_group(child)
        run.exit_status = child.wait()
        os.close(read_end)
    run.stderr_tail = _tail(stderr_path)
    return run


def _watch(child: subprocess.Popen, channel: int, run: _Run, limit: float, deadline: float) -> None:
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


def _where_stuck(child: subprocess.Popen, stack_file: Path, folder: Path):
    """Ask the child for its stack (faulthandler, see the plugin) before it is killed."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(child.pid, signal.SIGUSR1)
    give_up = time.monotonic() + DUMP_WAIT
    while time.monotonic() < give_up and not _size(stack_file):
        time.sleep(0.02)
    if not _size(stack_file):
        return None  # killed before the plugin was ready, or the dump never came
    return explain.stuck_at(stack_file.read_text(encoding="utf-8", errors="replace"), folder)


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


def _ended(run: _Run) -> str:
    status = run.exit_status
    if status is not None and status < 0:
        return f"killed by signal {signal.Signals(-status).name}"
    return f"exit status {status}"


def _fatal_error(run: _Run, limit: float) -> str | None:
    """Why no test could run, if none could."""
    failed = run.last("probe_error")
    if failed:
        return failed["message"]
    if run.last("probe_ok") is None:
        probe = run.last("probe")
        if probe is None:
            return f"the grader could not start pytest ({_ended(run)}):\n{run.stderr_tail}"
        file = f"{probe['module']}.py"
        if run.killed_in:
            return explain.endless_import(file, run.stuck, limit)
        return (
            f"the grading process ended while importing {file} ({_ended(run)}) — "
            "does the module call os._exit() or end its own process?"
        )
    if run.last("collected") is None:
        if run.killed_in:
            return f"collecting the tests did not finish within {limit:g} s"
        return f"the grading process ended while collecting the tests ({_ended(run)})"
    return None


def _judge_interrupted_test(run: _Run, results: dict, limit: float, check_limit: float) -> bool:
    """Give the test the child was in when it ended a verdict; True if any test got one."""
    started = [e["key"] for e in run.events if e["event"] == "start"]
    interrupted = started[-1] if started and started[-1] not in results else None
    if interrupted:
        if run.killed_in == "phase":
            status, message = "timeout", explain.swallowed_timeout(run.stuck, limit)
        elif run.killed_in == "check":
            status, message = (
                "error",
                f"the whole check reached its {check_limit:g} s limit during this test",
            )
        else:
            status, message = (
                "error",
                (
                    f"the grading process ended during this test ({_ended(run)}) — "
                    "does the code call os._exit() or end its own process?"
                ),
            )
        results[interrupted] = {"status": status, "message": message, "output": ""}
    return bool(interrupted) or any(e["event"] == "result" for e in run.events)


def _note_collect_error(grading: Grading, event: dict) -> None:
    if event["group"] == "own_reference":
        grading.own_tests_problem = (
            f"your {grading.kata.own_tests} cannot be collected: {event['message']}"
        )
    elif event["group"] == "spec":
        grading.status, grading.message = (
            "error",
            f"a spec test file failed to load: {event['message']}",
        )


def _assemble(grading: Grading, items: list[dict], results: dict, check_limit: float) -> None:
    not_run = {
        "status": "error",
        "message": f"not run: the whole check reached its {check_limit:g} s limit",
        "output": "",
    }
    own_yours = {}
    for item in items:
        result = results.get(item["key"], not_run)
        verdict = Verdict(
            item["name"],
            result["status"],
            result["message"],
            item["description"],
            result["output"],
        )
        if item["group"] == "spec":
            grading.tests.append(verdict)
        elif item["group"] == "own_reference":
            grading.own_tests.append(verdict)
        else:
            own_yours[item["name"]] = verdict.status
    for verdict in grading.own_tests:
        verdict.against_yours = own_yours.get(verdict.name)
    if grading.kata.own_tests and not grading.own_tests_problem:
        missing = _missing_own_tests(grading)
        if missing:
            grading.own_tests_problem = (
                f"{grading.kata.own_tests} no longer has {', '.join(missing)}: "
                "fix a wrong test rather than delete it"
            )
    if grading.status == "error":
        return
    if not grading.tests:
        grading.status, grading.message = "error", "no spec test ran"
        return
    total, passed = len(grading.tests), grading.passed
    own_ok = not grading.own_tests_problem and not grading.own_disagreements
    grading.status = "pass" if passed == total and own_ok else "fail"
    grading.message = f"{passed}/{total} spec tests pass"
    if grading.kata.own_tests:
        agree = len(grading.own_tests) - len(grading.own_disagreements)
        grading.message += (
            f"; {agree}/{len(grading.own_tests)} of your own tests agree with the specification"
        )


def _test_names(path: Path) -> list[str]:
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return []
    return [
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test")
    ]


def _missing_own_tests(grading: Grading) -> list[str]:
    name = grading.kata.own_tests
    yours = set(_test_names(grading.folder / name))
    return [test for test in _test_names(grading.kata.solution_dir / name) if test not in yours]
