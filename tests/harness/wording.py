"""Every sentence the grader says to the learner, written once.

The learner reads these instead of tracebacks, so each names the call that
misbehaved and where in the learner's own file it happened. The report lays
them out; the child and the grading choose which to say.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from tests.harness.places import Place

OUTPUT_LIMIT = 1000
WIDTH = 88


def _at(place: Place) -> str:
    if place.in_loop:
        return f"the loop at {place.file} line {place.line}"
    return f"{place.file} line {place.line}"


# -- one test's verdict --


def timeout(place: Place | None, limit: float) -> str:
    """A test that ran out of its time: a loop that never ends, or code too slow."""
    if place is None:
        return f"the test did not finish within {limit:g} s"
    return f"the test ran out of its {limit:g} s in {place.entry}(), running {_at(place)}"


def swallowed_timeout(place: Place | None, limit: float) -> str:
    what, where = (f"{place.entry}()", f" (it was at {_at(place)})") if place else ("the call", "")
    return (
        f"{what} kept running after the {limit:g} s time limit interrupted it{where} — "
        "does the code catch BaseException (a bare `except:`) and carry on?"
    )


def exception(exc: BaseException, place: Place | None, last: tuple[str, int] | None) -> str:
    """An exception, and the learner's line that raised it (else the last line that did)."""
    kind = type(exc).__name__
    text = f"{kind}: {exc}" if str(exc) else kind
    if place is not None:
        where = "at module level" if place.function == "<module>" else f"in {place.function}()"
        return f"{text} — raised {where}, {place.file} line {place.line}"
    if last is not None:
        return f"{text} — raised at {last[0]} line {last[1]}"
    return text


def skipped(exc: BaseException) -> str:
    return f"the test was skipped ({exc}) — only a test that runs can pass"


def phase_failed(when: str, what: str) -> str:
    return f"{when} failed: {what}"


def assertion(exc: BaseException, test: str) -> str:
    return str(exc).strip() or f"{test} failed"


def first_line(exc: BaseException, test: str) -> str:
    """The learner's own assertion, on their code or a variant: its first line says enough."""
    return (str(exc).strip().splitlines() or [f"{test} failed"])[0]


def disagreement(test: str, expected: object, actual: object) -> str:
    """Why a learner's own test fails against the reference solution."""
    return f"{test} expects {expected!r}; the specified behaviour gives {actual!r}"


def disagreement_unclear(test: str, exc: BaseException) -> str:
    line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return f"{test} fails against the reference solution: {line}"


def toothless(checks: str) -> str:
    """Why a learner's own test that agrees with the specification is still not good enough."""
    return (
        f"it passes even on code that breaks what it is there to check ({checks}): "
        "a test must fail when the behaviour it holds is broken"
    )


def cut(output: str, limit: int = OUTPUT_LIMIT) -> str:
    if len(output) <= limit:
        return output
    rest = len(output) - limit
    return f"{output[:limit]}\n[… {rest:,} more characters of your output cut]"


def ended(exit_status: int | None, signal_name: str | None) -> str:
    """How the grading process ended."""
    if signal_name is not None:
        return f"killed by signal {signal_name}"
    return f"exit status {exit_status}"


def ended_during_test(how: str) -> str:
    return (
        f"the grading process ended during this test ({how}) — "
        "does the code call os._exit() or end its own process?"
    )


def check_limit(limit: float) -> str:
    return f"the whole check reached its {limit:g} s limit"


def check_limit_during_test(limit: float) -> str:
    return f"{check_limit(limit)} during this test"


def stopped_before_test(how: str) -> str:
    return f"the grading process stopped before this test ({how})"


def not_run(why: str) -> str:
    return f"not run: {why}"


# -- why no test could run --


def syntax_error(exc: SyntaxError, joined: str = "in") -> str:
    where = f"{Path(exc.filename or '?').name} line {exc.lineno or 0}"
    return f"{type(exc).__name__} {joined} {where}: {exc.msg}"


def import_failure(
    exc: BaseException, module: str, place: Place | None, last: tuple[str, int] | None
) -> str:
    """Why importing one of the learner's modules failed."""
    file = f"{module}.py"
    if isinstance(exc, SyntaxError) and exc.filename:
        return f"{syntax_error(exc)} — no test could run"
    if isinstance(exc, ModuleNotFoundError) and place is None:
        return f"{exc} — no test could run"
    where = f"{place.file} line {place.line}" if place else file
    if isinstance(exc, SystemExit):
        what = f"called sys.exit({exc.code!r})"
    else:
        what = f"raised {type(exc).__name__}: {exc}"
    return f"importing {file} {what} at {where} — no test could run"


def endless_import(module: str, place: Place | None, limit: float) -> str:
    where = f" (it was running {_at(place)})" if place else ""
    return (
        f"importing {module}.py did not finish within {limit:g} s{where} — "
        "is there an endless loop at module level?"
    )


def import_ended(module: str, how: str) -> str:
    return (
        f"the grading process ended while importing {module}.py ({how}) — "
        "does the module call os._exit() or end its own process?"
    )


def pytest_did_not_start(how: str, stderr: str) -> str:
    return f"the grader could not start pytest ({how}):\n{stderr}"


def collecting_timed_out(limit: float) -> str:
    return f"collecting the tests did not finish within {limit:g} s"


def collecting_ended(how: str) -> str:
    return f"the grading process ended while collecting the tests ({how})"


def collect_failure(exc: BaseException, place: Place | None, last: tuple[str, int] | None) -> str:
    """Why a test file could not be loaded."""
    if isinstance(exc, SyntaxError) and exc.filename:
        return syntax_error(exc, joined="at")
    return exception(exc, place, last)


def spec_file_failed(message: str) -> str:
    return f"a spec test file failed to load: {message}"


def protocol_broken(error: Exception) -> str:
    return f"the grading process sent what the grader cannot read: {error}"


def no_spec_test_ran() -> str:
    return "no spec test ran"


# -- the learner's own test file --


def own_tests_missing(own_tests: str, folder: Path) -> str:
    return f"{own_tests} is missing from {folder}"


def own_tests_uncollectable(own_tests: str, message: str) -> str:
    return f"your {own_tests} cannot be collected: {message}"


def own_tests_deleted(own_tests: str, missing: list[str]) -> str:
    return f"{own_tests} no longer has {', '.join(missing)}: fix a wrong test rather than delete it"


# -- summaries --


def spec_summary(passed: int, total: int) -> str:
    return f"{passed}/{total} spec tests pass"


def partial_summary(passed: int, total: int) -> str:
    return f"{passed}/{total} of the selected spec tests pass (ONLY: not a full check)"


def own_summary_on_your_code(passing: int, total: int, whose: str = "your own") -> str:
    return f"{passing}/{total} of {whose} tests pass on your code"


def own_summary_judged(right: int, total: int, weak: int, whose: str = "your own") -> str:
    """Right: agrees with the specification, and fails on the bugs it is there to catch."""
    summary = f"{right}/{total} of {whose} tests are right"
    return summary + (f" ({weak} weak)" if weak else "")


# -- the report's frame --

LABELS = {"pass": "PASS", "fail": "FAIL", "timeout": "TIMEOUT", "error": "ERROR"}
# An own test once judged against the specification.
JUDGED = {"pass": "agrees", "fail": "WRONG", "weak": "WEAK"}
NO_TEST_RAN = "no test could run"
SPEC_HEADING = "Spec tests"
YOUR_OUTPUT = "your code printed:"


def heading(title: str, folder: str, time_box: int, limit: float) -> list[str]:
    return [
        f"{title} — grading {folder}",
        f"(time box {time_box} min · each test may take {limit:g} s)",
    ]


def own_heading(own_tests: str, judged: bool) -> str:
    if judged:
        return f"Your tests ({own_tests}), checked against the specification"
    return f"Your tests ({own_tests}), run on your code"


def own_closing(passing: int, right: int, total: int, weak: int, judged: bool) -> str:
    if judged:
        closing = (
            f"{right}/{total} of your tests are right: they agree with the specification and "
            "fail on the bugs they are there to catch"
        )
        return closing + (f"; {weak} weak." if weak else ".")
    return (
        f"{own_summary_on_your_code(passing, total, whose='your')}. "
        "Once every spec test passes, each is also checked against the specification."
    )


def selection_passes(rerun_all: str) -> list[str]:
    return [
        "The selected tests pass. That is not the whole kata: grade it all with",
        f"  {rerun_all}",
    ]


def unknown_tests(kata: str, names: list[str], known: list[str]) -> str:
    return f"{kata} has no spec test {', '.join(names)}; its spec tests are: {', '.join(known)}"


def solved(folder: str, kata: str) -> list[str]:
    return [
        "Solved. Compare your fix with the reference solution:",
        f"  diff -r {folder} solutions/{kata}",
    ]


def next_steps(
    *,
    error: bool,
    timeouts: bool,
    failures: bool,
    wrong: bool,
    weak: bool,
    problem: bool,
    own_tests: str | None,
    rerun: str,
    first_failing: str | None = None,
) -> list[str]:
    steps = []
    if error:
        steps.append("Fix the error above first: no test can run until your code imports.")
    if timeouts:
        steps.append(
            "A TIMEOUT is a test that ran out of time: a loop that never ends, or code "
            "far slower than the contract allows. Start from the loop the report names."
        )
    if failures:
        steps.append(
            "Take the first FAIL or ERROR, reproduce its scenario in a few lines, "
            "find the line that causes it, fix it."
        )
    if first_failing and " ONLY=" not in rerun:
        steps.append(
            f"To run only the first failing test while you work on it: {rerun} ONLY={first_failing}"
        )
    if wrong:
        steps.append(
            "A test marked WRONG expects something the specification does not "
            f"say: fix the test in {own_tests}, not the code."
        )
    if weak:
        steps.append(
            f"A test marked WEAK no longer fails on the bug it is there to catch: "
            f"put its checks back in {own_tests}."
        )
    if problem:
        steps.append(f"Put {own_tests} right: see above.")
    steps.append(f"Then run it again: {rerun}")
    lines = ["Next:"]
    for step in steps:
        lines += textwrap.wrap(step, WIDTH, initial_indent="  - ", subsequent_indent="    ")
    return lines


# -- the command line --


def unknown_kata(name: str, known: list[str]) -> str:
    which = f"unknown kata {name!r}" if name else "no kata given (KATA=<kata>)"
    return f"{which}; the katas are: {', '.join(known) or 'none'}"


def not_a_folder(folder: str) -> str:
    return f"DIR={folder} is not a folder"


def unknown_defect(kata: str, defect: str, known: list[str]) -> str:
    return f"{kata} has no defect {defect!r}; it has: {', '.join(known) or 'none'}"


def variant_written(kata: str, folder: Path) -> str:
    return f"wrote {folder}: grade it with make check KATA={kata} DIR={folder}"
