"""Turn the events of the grading child's runs into verdicts.

Imported by the supervisor once the first child is running, so that none of
this is on the path to starting it.
"""

from __future__ import annotations

import signal
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tests.harness import catalog, explain
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
    # Own tests only: the test's result on the learner's code, and why it failed there.
    on_your_code: str | None = None
    on_your_code_message: str = ""


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
    def spec_passed(self) -> bool:
        """Every spec test passes: only then are the own tests judged, and shown judged."""
        return bool(self.tests) and self.passed == len(self.tests)

    @property
    def own_agreeing(self) -> int:
        return sum(verdict.status in ("pass", "weak") for verdict in self.own_tests)

    @property
    def own_weak(self) -> int:
        return sum(verdict.status == "weak" for verdict in self.own_tests)

    @property
    def own_passing_on_your_code(self) -> int:
        return sum(verdict.on_your_code == "pass" for verdict in self.own_tests)

    @property
    def own_wrong(self) -> list[Verdict]:
        return [verdict for verdict in self.own_tests if verdict.status not in ("pass", "pending")]


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
    groups: dict[str, dict[str, Verdict]] = {}
    for item in items:
        result = results.get(item["key"], not_run)
        groups.setdefault(item["group"], {})[item["name"]] = Verdict(
            item["name"], result["status"], result["message"], item["description"], result["output"]
        )
    grading.tests = list(groups.get("spec", {}).values())
    grading.own_tests = _own_verdicts(grading, groups)
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
    own_ok = not grading.own_tests_problem and not grading.own_wrong
    grading.status = "pass" if grading.spec_passed and own_ok else "fail"
    grading.message = f"{passed}/{total} spec tests pass"
    if grading.own_tests:
        grading.message += "; " + _own_summary(grading)


def _own_verdicts(grading: Grading, groups: dict[str, dict[str, Verdict]]) -> list[Verdict]:
    """The own tests, judged against the specification once every spec test passes.

    Before that, each shows only its result on the learner's code: which of
    the team's tests is wrong is the learner's to find out, not the report's.
    A test that agrees with the reference is WEAK if it also passes on a
    defect it is there to catch.
    """
    yours = groups.get("own_yours", {})
    duties = {duty.name: duty for duty in grading.kata.own_test_duties}
    verdicts = []
    for name, reference in groups.get("own_reference", {}).items():
        mine = yours.get(name)
        verdict = Verdict(
            name,
            "fail" if reference.status != "pass" else "pass",
            reference.message,
            reference.description,
            on_your_code=mine.status if mine else "error",
            on_your_code_message=mine.message if mine else "not run",
        )
        if verdict.status == "pass" and name in duties:
            missed = [
                defect_id
                for defect_id in duties[name].catches
                if groups.get(f"own_on:{defect_id}", {}).get(name, verdict).status == "pass"
            ]
            if missed:
                verdict.status, verdict.message = "weak", explain.toothless(duties[name].checks)
        if not grading.spec_passed:
            verdict.status, verdict.message = "pending", ""
        verdicts.append(verdict)
    return verdicts


def _own_summary(grading: Grading) -> str:
    total = len(grading.own_tests)
    if not grading.spec_passed:
        return f"{grading.own_passing_on_your_code}/{total} of your own tests pass on your code"
    summary = f"{grading.own_agreeing}/{total} of your own tests agree with the specification"
    return summary + (f", {grading.own_weak} of them weak" if grading.own_weak else "")


def _missing_own_tests(grading: Grading) -> list[str]:
    name = grading.kata.own_tests
    yours = set(catalog.tests_in(grading.folder / name))
    return [
        test for test in catalog.tests_in(grading.kata.solution_dir / name) if test not in yours
    ]
