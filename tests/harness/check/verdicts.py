"""The verdicts of a grading, from the results its children sent.

Imported by the grading once the first child is running, so that none of
this is on the path to starting it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tests.harness.core.protocol import CollectError, Item, Result, Role, Status
from tests.harness.kata import catalog
from tests.harness.kata.catalog import Kata
from tests.harness.wording import outcomes, reports


@dataclass
class Verdict:
    name: str
    status: Status
    message: str = ""
    description: str = ""
    output: str = ""
    # Own tests only: the test's result on the learner's code, and why it failed there.
    on_your_code: Status | None = None
    on_your_code_message: str = ""


@dataclass
class Grading:
    kata: Kata
    folder: Path
    limit: float
    status: Status = Status.FAIL
    message: str = ""
    tests: list[Verdict] = field(default_factory=list)
    own_tests: list[Verdict] = field(default_factory=list)
    own_tests_problem: str = ""
    only: tuple[str, ...] = ()  # the spec tests a partial check ran; () for a full check
    fingerprint: str = ""  # of the files graded, as the check began (core.files.snapshot)

    @property
    def passed(self) -> int:
        return sum(verdict.status is Status.PASS for verdict in self.tests)

    @property
    def spec_passed(self) -> bool:
        """Every spec test passes: only then are the own tests judged, and shown judged."""
        return bool(self.tests) and self.passed == len(self.tests)

    @property
    def own_right(self) -> int:
        """Own tests that agree with the specification and catch what they must."""
        return sum(verdict.status is Status.PASS for verdict in self.own_tests)

    @property
    def own_weak(self) -> int:
        return sum(verdict.status is Status.WEAK for verdict in self.own_tests)

    @property
    def own_passing_on_your_code(self) -> int:
        return sum(verdict.on_your_code is Status.PASS for verdict in self.own_tests)

    @property
    def own_wrong(self) -> list[Verdict]:
        """Own tests that keep the kata from being solved: wrong, weak or broken."""
        settled = (Status.PASS, Status.PENDING)
        return [verdict for verdict in self.own_tests if verdict.status not in settled]


# The verdicts of a grading by group, (role, defect), then by test name.
Groups = dict[tuple[Role, str], dict[str, Verdict]]


def failed(kata: Kata, folder: Path, limit: float, why: str, fingerprint: str) -> Grading:
    """A grading in which no test could run."""
    return Grading(kata, folder, limit, Status.ERROR, why, fingerprint=fingerprint)


def assemble(
    kata: Kata,
    folder: Path,
    limit: float,
    fingerprint: str,
    items: tuple[Item, ...],
    results: dict[str, Result],
    collect_errors: list[CollectError],
    own_tests: Path | None,
    why_not_run: str,
) -> Grading:
    """The grading, from what the children sent; a test without a result gets `why_not_run`.

    `own_tests` is the copy of the learner's own test file the children ran.
    """
    grading = Grading(kata, folder, limit, fingerprint=fingerprint)
    groups: Groups = {}
    for item in items:
        result = results.get(item.key) or Result(
            item.key, Status.ERROR, outcomes.not_run(why_not_run)
        )
        test = item.test
        groups.setdefault((test.role, test.defect), {})[test.name] = Verdict(
            test.name, result.status, result.message, item.description, result.output
        )
    grading.tests = list(groups.get((Role.SPEC, ""), {}).values())
    grading.own_tests = _own_verdicts(grading, groups)
    # Which own tests pytest collected; unknown when not even the spec tests were.
    collected = set(groups.get((Role.OWN_REFERENCE, ""), {})) if grading.tests else None
    grading.own_tests_problem = _own_tests_problem(
        kata, folder, collect_errors, own_tests, collected
    )
    spec_broken = [e for e in collect_errors if e.role is Role.SPEC]
    if spec_broken:
        grading.status = Status.ERROR
        grading.message = outcomes.spec_file_failed(spec_broken[0].message)
        return grading
    if not grading.tests:
        grading.status, grading.message = Status.ERROR, outcomes.no_spec_test_ran()
        return grading
    own_ok = not grading.own_tests_problem and not grading.own_wrong
    grading.status = Status.PASS if grading.spec_passed and own_ok else Status.FAIL
    grading.message = reports.spec_summary(grading.passed, len(grading.tests))
    if grading.own_tests:
        total, whose = len(grading.own_tests), reports.whose(kata.is_round)
        if grading.spec_passed:
            own = reports.own_summary_judged(grading.own_right, total, grading.own_weak, whose)
        else:
            own = reports.own_summary_on_your_code(grading.own_passing_on_your_code, total, whose)
        grading.message += "; " + own
    return grading


def only(grading: Grading, names: tuple[str, ...]) -> Grading:
    """A partial check: the selected spec tests, and no own test. It is never solved."""
    grading.only = names
    grading.own_tests, grading.own_tests_problem = [], ""
    if grading.status is Status.ERROR:
        return grading
    grading.status = Status.PARTIAL if grading.spec_passed else Status.FAIL
    grading.message = reports.partial_summary(grading.passed, len(grading.tests))
    return grading


def _own_verdicts(grading: Grading, groups: Groups) -> list[Verdict]:
    """The own tests, judged against the specification once every spec test passes.

    Before that, each shows only its result on the learner's code: which of
    the team's tests is wrong is the learner's to find out, not the report's.
    A test that agrees with the reference (and with each of the kata's other
    correct versions) is WEAK if it also passes on a defect it is there to catch.
    """
    yours = groups.get((Role.OWN_YOURS, ""), {})
    duties = {duty.name: duty for duty in grading.kata.own_test_duties}
    others = [groups.get((Role.OWN_REFERENCE, other.id), {}) for other in grading.kata.alternatives]
    verdicts = []
    for name, reference in groups.get((Role.OWN_REFERENCE, ""), {}).items():
        # A test that passes on the reference must pass on its other correct versions too.
        disagreeing = [o[name] for o in others if name in o and o[name].status is not Status.PASS]
        message = reference.message
        if reference.status is Status.PASS and disagreeing:
            reference = disagreeing[0]
            message = reference.message
        elif disagreeing and disagreeing[0].message != message:
            # The reference's answer is one of several the specification allows: say so,
            # or the learner pins the test to the reference's answer instead.
            message = f"{message}. {disagreeing[0].message}"
        mine = yours.get(name)
        verdict = Verdict(
            name,
            Status.PASS if reference.status is Status.PASS else Status.FAIL,
            message,
            reference.description,
            on_your_code=mine.status if mine else Status.ERROR,
            on_your_code_message=mine.message if mine else outcomes.not_run("no result"),
        )
        if verdict.status is Status.PASS and name in duties:
            on_variants = [
                groups.get((Role.OWN_VARIANT, defect), {}).get(name)
                for defect in duties[name].catches
            ]
            passed = [result for result in on_variants if result and result.status is Status.PASS]
            if passed:
                # A message on a pass: pytest reported the failure as xfailed or skipped.
                hidden = next((result.message for result in passed if result.message), "")
                verdict.status = Status.WEAK
                verdict.message = outcomes.toothless(duties[name].checks, hidden)
        if not grading.spec_passed:
            verdict.status, verdict.message = Status.PENDING, ""
        verdicts.append(verdict)
    return verdicts


def _own_tests_problem(
    kata: Kata,
    folder: Path,
    collect_errors: list[CollectError],
    own_tests: Path | None,
    collected: set[str] | None,
) -> str:
    """What is wrong with the learner's own test file as a whole, if anything.

    `collected` names the own tests pytest collected (a parametrized one as
    name[params]): a test still defined but turned into a fixture, or given
    `__test__ = False`, never runs under `python -m pytest`, as if deleted.
    """
    if not kata.own_tests:
        return ""
    if own_tests is None:
        return reports.own_tests_missing(kata.own_tests, folder)
    broken = [e for e in collect_errors if e.role is Role.OWN_REFERENCE]
    if broken:
        return reports.own_tests_uncollectable(kata.own_tests, broken[0].message)
    yours = set(catalog.tests_in(own_tests))
    reference = catalog.tests_in(kata.solution_dir / kata.own_tests)
    missing = [test for test in reference if test not in yours]
    if missing:
        return reports.own_tests_deleted(kata.own_tests, missing)
    hidden = [
        test
        for test in reference
        if collected is not None
        and not any(name == test or name.startswith(f"{test}[") for name in collected)
    ]
    return reports.own_tests_not_collected(kata.own_tests, hidden) if hidden else ""
