"""One test's verdict, and why no test could run: the words of the grading child and the grading.

Part of tests.harness.wording: see its docstring for the rule.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from tests.harness.core.limits import FILE_SIZE
from tests.harness.wording.common import at, repo_relative

if TYPE_CHECKING:
    from tests.harness.core.places import Place, Unasked

OUTPUT_LIMIT = 1000


def timeout(place: Place | None, limit: float) -> str:
    """A test that ran out of its time: a loop that never ends, or code too slow."""
    if place is None:
        return (
            f"the test did not finish within {limit:g} s; it was stopped in its own code, "
            "not in yours: calls that each take a little longer than the contract allows "
            "add up, or a thread of yours kept it waiting"
        )
    if place.lock_taken:
        inner = "" if place.function == place.entry else f" in {place.function}()"
        return (
            f"the test ran out of its {limit:g} s in {place.entry}(), waiting{inner} at "
            f"{at(place)} (`{place.lock_taken}`) to take a lock that was never let go: "
            "which call holds it? Perhaps one further up this thread's own calls"
        )
    if place.entry == "<module>":
        # A test that imports the package afresh many times was stopped in one of those
        # imports: the check already imported it once in time, so the time went on the
        # test as a whole, not on that line.
        return (
            f"the test ran out of its {limit:g} s while it imported your code afresh "
            f"({place.file} line {place.line}), not in a call of yours: calls that each "
            "take a little longer than the contract allows add up, or the machine is busy"
        )
    return f"the test ran out of its {limit:g} s in {place.entry}(), running {at(place)}"


def swallowed_timeout(place: Place | None, limit: float) -> str:
    what, where = (f"{place.entry}()", f" (it was at {at(place)})") if place else ("the call", "")
    return (
        f"{what} kept running after the {limit:g} s time limit interrupted it{where}: "
        "either one call there runs a long time inside Python's C code (a sort, or "
        "`index`, `remove` or `in` on a long list, or arithmetic on a huge number), "
        "which no interruption stops before it returns, or the code catches "
        "BaseException (a bare `except:`) and carries on"
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


# What a spec test's own code could not do with the learner's objects (places.Unasked),
# by use: the contract asks for none of it.
UNASKED_USES = {
    "hash": "use your {type} as a dict key or in a set",
    "weakref": "make a weak reference to your {type}",
    "pickle": "pickle or copy your {type}",
    "order": "compare your {type} objects by order ({detail})",
    "attribute": "read the attribute {detail} of your {type}",
}
# A "pickle" that met an object of a type not the learner's.
UNASKED_PICKLE_HELD = (
    "pickle or copy your objects (one holds a '{type}' object, which Python cannot pickle)"
)
# What tells such an ERROR from the learner's own: the report and the hints may look for it.
GRADERS_FAULT = "the grader relied on something the contract does not ask for"


def unasked(refused: Unasked) -> str:
    """An exception a spec test's own code raised on the learner's objects, doing what the
    contract does not ask for: the grader's fault, and nothing the learner can fix."""
    what = UNASKED_USES[refused.use] if refused.yours else UNASKED_PICKLE_HELD
    return (
        f"the test could not {what.format(type=refused.type_name, detail=refused.detail)}: "
        f"{GRADERS_FAULT}. This is a fault of the grader, not of your code: there is no "
        "line of yours to find, and this ERROR says nothing about your code. Please report "
        f"it, with this message ({refused.error})."
    )


def out_of_memory(place: Place | None, mebibytes: float) -> str:
    where = f" (at {place.file} line {place.line}, in {place.function}())" if place else ""
    return (
        f"your code used more than {mebibytes / 1024:g} GiB of memory{where}, the grader's "
        "limit (MEMORY=, in MiB, changes it): a structure that grows without end?"
    )


def file_too_large(place: Place | None) -> str:
    where = f" (at {place.file} line {place.line}, in {place.function}())" if place else ""
    return f"your code wrote a file larger than the grader's limit of {FILE_SIZE} MiB{where}"


def write_refused(message: str) -> str:
    """A PermissionError of a write the grader refused (tests.harness.engine.landlock)."""
    return (
        f"{message}. While it is graded, your code may write only in its own folder and "
        "in its temporary folder (tempfile.gettempdir())"
    )


def skipped(exc: BaseException) -> str:
    return f"the test was skipped ({exc}) — only a test that runs can pass"


def not_failed(how: str) -> str:
    """An own test's failure on a defect that pytest reports as `how`, not as a failure."""
    return f"pytest reports it {how}, not failed"


def phase_failed(when: str, what: str) -> str:
    return f"{when} failed: {what}"


def assertion(exc: BaseException, test: str) -> str:
    return str(exc).strip() or f"{test} failed"


# Characters of a learner's failed comparison a report shows.
OWN_ASSERT = 400


def first_line(
    exc: BaseException, test: str, compared: tuple[str, object, object] | None = None
) -> str:
    """The learner's own assertion, on their code or a variant: its first line says
    enough, but a failed comparison is written out whole (pytest cuts long sides short)."""
    if compared is not None:
        op, left, right = compared
        text = f"assert {left!r} {op} {right!r}"
        return text if len(text) <= OWN_ASSERT else f"{text[:OWN_ASSERT]}… (cut)"
    return (str(exc).strip().splitlines() or [f"{test} failed"])[0]


def disagreement(test: str, expected: object, actual: object, alternative: str = "") -> str:
    """Why a learner's own test fails against the reference solution, or against
    another correct version of it (`alternative`, its id in kata.toml)."""
    if alternative:
        return (
            f"{test} expects {expected!r}; another correct version of the code "
            f"({alternative.replace('-', ' ')}) gives {actual!r}: the specification "
            "allows both"
        )
    return f"{test} expects {expected!r}; the specified behaviour gives {actual!r}"


def missing_name(exc: BaseException) -> bool:
    """Whether `exc` says a test used a name the code does not have (an import, or a
    module's attribute), not that it expects another behaviour."""
    if isinstance(exc, ImportError):
        return True
    return isinstance(exc, AttributeError) and isinstance(getattr(exc, "obj", None), ModuleType)


def disagreement_unclear(test: str, exc: BaseException) -> str:
    line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    line = repo_relative(line)
    if missing_name(exc):
        return (
            f"{test} fails against the reference solution, which has no such name: {line}. "
            "The check runs these tests on it, so they may use only its names: keep the "
            "names they import, and test helpers of your own in a file of your own"
        )
    return f"{test} fails against the reference solution: {line}"


def toothless(checks: str, how: str = "") -> str:
    """Why a learner's own test that agrees with the specification is still not good
    enough; `how`, what pytest says of it there if it failed there (tests.harness.engine.plugin)."""
    if how:
        return (
            f"on code that breaks what it is there to check ({checks}), {how}: "
            "it never fails there, and a test must fail when the behaviour it holds is broken"
        )
    return (
        f"it passes even on code that breaks what it is there to check ({checks}): "
        "a test must fail when the behaviour it holds is broken"
    )


# A generated sequence that broke the contract, when shrinking it ran out of time.
NOT_SHRUNK = (
    "(This is the sequence as found: the test's time ran out while it was being made shorter.)"
)


# Characters of one test's message a report shows: a message the learner's code
# made (an exception's) can be megabytes long.
MESSAGE_LIMIT = 4000
# Control characters but the newline and the tab: escape sequences the learner's
# code prints could redraw a terminal (a fake "Solved."), so a report shows none.
_CONTROLS = {code: None for code in [*range(0, 9), *range(11, 32), 127]}


# What a cut text was, in the note that ends it.
OF_YOUR_OUTPUT = "of your output"
OF_THE_MESSAGE = "of the message"


def plain(text: str, limit: int, what: str = OF_YOUR_OUTPUT) -> str:
    """`text` as a report may show it: without control characters, cut at `limit`."""
    return cut(text.translate(_CONTROLS), limit, what)


def cut(output: str, limit: int = OUTPUT_LIMIT, what: str = OF_YOUR_OUTPUT) -> str:
    """`output` cut to at most `limit` characters, at the end of a line where one ends
    within them: a line of code cut in two would not paste."""
    if len(output) <= limit:
        return output
    end = output.rfind("\n", 0, limit + 1)
    end = end if end > 0 else limit
    kept, rest = output[:end].rstrip("\n"), len(output) - end
    return f"{kept}\n[… {rest:,} more characters {what} cut]"


def ended(exit_status: int | None, signal_name: str | None) -> str:
    """How the grading process ended."""
    if signal_name == "SIGXFSZ":
        return f"killed for writing a file larger than the grader's limit of {FILE_SIZE} MiB"
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


def check_limit_before_tests(limit: float) -> str:
    return (
        f"{check_limit(limit)} before the tests were collected — "
        "on a busy machine, raise it with CHECK_TIMEOUT=<seconds>"
    )


def stopped_before_test(how: str) -> str:
    return f"the grading process stopped before this test ({how})"


def not_run(why: str) -> str:
    return f"not run: {why}"


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
    where = f" (it was running {at(place)})" if place else ""
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


FORGED_EVENT = "a line on the grader's channel that the grader did not write"
RESULT_TWICE = "two results for one test on the grader's channel"
ENDED_AFTER_RESULT = "the test run ended by itself just after a result, before the run's end"


def tampered(what: list[str]) -> str:
    shown = "; ".join(what[:3]) + (f"; and {len(what) - 3} more" if len(what) > 3 else "")
    return (
        f"your code changed the test runner ({shown}): no verdict of this check can be "
        "trusted. Code under test must leave pytest and the grader alone."
    )


def protocol_broken(error: Exception) -> str:
    return f"the grading process sent what the grader cannot read: {error}"


def no_spec_test_ran() -> str:
    return "no spec test ran"
