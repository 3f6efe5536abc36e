"""Turn the events of the grading child's runs into verdicts.

Imported by the supervisor once the first child is running, so that none of
this is on the path to starting it.
"""

from __future__ import annotations

import ast
import signal
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tests.harness import explain
from tests.harness.catalog import Kata

if TYPE_CHECKING:
    from tests.harness.supervisor import Run


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


def stuck(run: Run) -> tuple[str, str] | None:
    """Where the learner's code was when the child was killed, from its stack dump."""
    return explain.stuck_at(run.dump, run.folder) if run.dump else None


def ended(run: Run) -> str:
    status = run.exit_status
    if status is not None and status < 0:
        return f"killed by signal {signal.Signals(-status).name}"
    return f"exit status {status}"


def fatal_error(run: Run, limit: float) -> str | None:
    """Why no test could run, if none could."""
    failed = run.last("probe_error")
    if failed:
        return failed["message"]
    if run.last("probe_ok") is None:
        probe = run.last("probe")
        if probe is None:
            return f"the grader could not start pytest ({ended(run)}):\n{run.stderr_tail}"
        file = f"{probe['module']}.py"
        if run.killed_in:
            place = stuck(run)
            return explain.endless_import(file, place[1] if place else None, limit)
        return (
            f"the grading process ended while importing {file} ({ended(run)}) — "
            "does the module call os._exit() or end its own process?"
        )
    if run.last("collected") is None:
        if run.killed_in:
            return f"collecting the tests did not finish within {limit:g} s"
        return f"the grading process ended while collecting the tests ({ended(run)})"
    return None


def judge_interrupted_test(run: Run, results: dict, limit: float, check_limit: float) -> bool:
    """Give the test the child was in when it ended a verdict; True if any test got one."""
    started = [e["key"] for e in run.events if e["event"] == "start"]
    interrupted = started[-1] if started and started[-1] not in results else None
    if interrupted:
        if run.killed_in == "phase":
            status, message = "timeout", explain.swallowed_timeout(stuck(run), limit)
        elif run.killed_in == "check":
            status, message = (
                "error",
                f"the whole check reached its {check_limit:g} s limit during this test",
            )
        else:
            status, message = (
                "error",
                (
                    f"the grading process ended during this test ({ended(run)}) — "
                    "does the code call os._exit() or end its own process?"
                ),
            )
        results[interrupted] = {"status": status, "message": message, "output": ""}
    return bool(interrupted) or any(e["event"] == "result" for e in run.events)


def note_collect_error(grading: Grading, event: dict) -> None:
    if event["group"] == "own_reference":
        grading.own_tests_problem = (
            f"your {grading.kata.own_tests} cannot be collected: {event['message']}"
        )
    elif event["group"] == "spec":
        grading.status, grading.message = (
            "error",
            f"a spec test file failed to load: {event['message']}",
        )


def assemble(grading: Grading, items: list[dict], results: dict, why_not_run: str) -> None:
    """Fill in the grading's verdicts; a test without a result gets `why_not_run`."""
    not_run = {"status": "error", "message": f"not run: {why_not_run}", "output": ""}
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
    if grading.own_tests:
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
