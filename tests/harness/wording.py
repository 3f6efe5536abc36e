"""Every sentence the grader says to the learner, written once.

The learner reads these instead of tracebacks, so each names the call that
misbehaved and where in the learner's own file it happened. The report lays
them out; the child and the grading choose which to say.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

from tests.harness.limits import FILE_SIZE, SLOW_FACTOR
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
        return (
            f"the test did not finish within {limit:g} s; it was stopped in its own code, "
            "not in yours: calls that each take a little longer than the contract allows "
            "add up, or a thread of yours kept it waiting"
        )
    if place.lock_taken:
        inner = "" if place.function == place.entry else f" in {place.function}()"
        return (
            f"the test ran out of its {limit:g} s in {place.entry}(), waiting{inner} at "
            f"{_at(place)} (`{place.lock_taken}`) to take a lock that was never let go: "
            "which call holds it? Perhaps one further up this thread's own calls"
        )
    return f"the test ran out of its {limit:g} s in {place.entry}(), running {_at(place)}"


def swallowed_timeout(place: Place | None, limit: float) -> str:
    what, where = (f"{place.entry}()", f" (it was at {_at(place)})") if place else ("the call", "")
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


def out_of_memory(place: Place | None, mebibytes: float) -> str:
    where = f" (at {place.file} line {place.line}, in {place.function}())" if place else ""
    return (
        f"your code used more than {mebibytes / 1024:g} GiB of memory{where}, the grader's "
        "limit (MEMORY=, in MiB, changes it): a structure that grows without end?"
    )


def file_too_large(place: Place | None) -> str:
    where = f" (at {place.file} line {place.line}, in {place.function}())" if place else ""
    return f"your code wrote a file larger than the grader's limit of {FILE_SIZE} MiB{where}"


def skipped(exc: BaseException) -> str:
    return f"the test was skipped ({exc}) — only a test that runs can pass"


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


def disagreement_unclear(test: str, exc: BaseException) -> str:
    line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return f"{test} fails against the reference solution: {line}"


def toothless(checks: str) -> str:
    """Why a learner's own test that agrees with the specification is still not good enough."""
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


def plain(text: str, limit: int) -> str:
    """`text` as a report may show it: without control characters, cut at `limit`."""
    return cut(text.translate(_CONTROLS), limit)


def cut(output: str, limit: int = OUTPUT_LIMIT) -> str:
    if len(output) <= limit:
        return output
    rest = len(output) - limit
    return f"{output[:limit]}\n[… {rest:,} more characters of your output cut]"


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


def test_name(name: str) -> str:
    """Under a failing spec test: its name, which ONLY= takes."""
    return f"({name})"


FIRST_FAILURE = "The first failing behaviour:"


def counts(by_status: dict[str, int]) -> str:
    """'21 spec tests: 15 PASS, 4 FAIL, 2 TIMEOUT'."""
    total = sum(by_status.values())
    order = [status for status in LABELS if by_status.get(status)]
    parts = ", ".join(f"{by_status[status]} {LABELS[status]}" for status in order)
    return f"{total} spec tests: {parts}"


def screen_cut(hidden: int, check: str) -> str:
    """The last line of a report cut to fit the screen."""
    return f"(… {hidden} more lines: a taller window shows them, or {check} prints them all)"


def heading(title: str, folder: str, time_box: float, limit: float) -> list[str]:
    """The report's first lines; `time_box` in seconds."""
    return [
        f"{title} — grading {folder}",
        f"(time box {box(time_box)} · each test may take {limit:g} s, "
        f"a slow one {limit * SLOW_FACTOR:g} s)",
    ]


def box(seconds: float) -> str:
    """A time box: "45 min", or "0:30" when it is not whole minutes."""
    if seconds >= 60 and seconds % 60 == 0:
        return f"{int(seconds // 60)} min"
    return _mm_ss(seconds)


def own_heading(own_tests: str, judged: bool) -> str:
    if judged:
        return f"Your tests ({own_tests}), checked against the specification"
    return f"Your tests ({own_tests}), run on your code"


def own_closing(
    passing: int, right: int, total: int, weak: int, judged: bool, incomplete: bool = False
) -> str:
    """The last line on the learner's tests; `incomplete`: the file lost a test (said above)."""
    if judged:
        whose = "the tests left in your file" if incomplete else "your tests"
        closing = (
            f"{right}/{total} of {whose} are right: they agree with the specification and "
            "fail on the bugs they are there to catch"
        )
        closing += f"; {weak} weak" if weak else ""
        return closing + ("; put back the test named above." if incomplete else ".")
    return (
        f"{own_summary_on_your_code(passing, total, whose='your')}. "
        "Once every spec test passes, each is also checked against the specification."
    )


def other_test_files(names: tuple[str, ...]) -> str:
    return (
        f"Your other test files ({', '.join(names)}) are not part of the check: once the kata "
        "is solved, make debrief runs them on the reference and on every planted bug and "
        "mutant, and says what they catch."
    )


def selection_passes(rerun_all: str) -> list[str]:
    return [
        "The selected tests pass. That is not the whole kata: grade it all with",
        f"  {rerun_all}",
    ]


def unknown_tests(kata: str, names: list[str], known: list[str]) -> str:
    return (
        f"{kata} has no spec test {', '.join(names)} (ONLY= takes whole test names, as "
        f"the report shows them in parentheses); its spec tests are: {', '.join(known)}"
    )


def solved(folder: str, kata: str) -> list[str]:
    return [
        "Solved. Compare your fix with the reference solution:",
        f"  diff -r {folder} solutions/{kata}",
    ]


# What to do next: the report chooses which steps apply; these are their words.
STEP_ERROR = "Fix the error above first: no test can run while it is there."
STEP_TIMEOUT = (
    "A TIMEOUT is a test that ran out of time: a loop that never ends, code far "
    "slower than the contract allows, or a wait that never ends (a lock taken "
    "twice). Start from the line the report names, not from the test's title: a "
    "test that makes many calls runs out of time on whichever call is too slow."
)


def step_failure(folder: str) -> str:
    return (
        "Take the first FAIL or ERROR and reproduce its scenario in a few lines "
        f"(cd {folder}, start python3, import your code), find the line that causes "
        "it, fix it."
    )


STEP_SAVE = "Save, and the check runs again."


def step_only_first(command: str) -> str:
    return f"To run only the first failing test while you work on it: {command}"


def step_wrong(own_tests: str) -> str:
    return (
        "A test marked WRONG expects something the specification does not "
        f"say: fix the test in {own_tests}, not the code."
    )


def step_weak(own_tests: str) -> str:
    return (
        "A test marked WEAK no longer fails on the bug it is there to catch: in "
        f"{own_tests}, make it hold the behaviour exactly again (an emptied test, a "
        "dropped assert or a loosened comparison checks nothing)."
    )


def step_own_file(own_tests: str) -> str:
    return f"Put {own_tests} right: see above."


def step_rerun(command: str) -> str:
    return f"Then run it again: {command}"


# A command a step gives: make, its target, and its NAME=value arguments.
COMMAND = re.compile(r"make \S+(?: [A-Z_]+=\S+)*")


def next_steps(steps: list[str]) -> list[str]:
    lines = ["Next:"]
    for step in steps:
        lines += paragraph(step, first="  - ", then="    ")
    return lines


def paragraph(text: str, first: str = "", then: str = "") -> list[str]:
    """`text` wrapped to the report's width, breaking no word, name or command (a
    command is kept on one line, so that it is copied whole)."""
    text = COMMAND.sub(lambda found: found.group().replace(" ", "\0"), text)
    wrapped = textwrap.wrap(
        text,
        WIDTH,
        initial_indent=first,
        subsequent_indent=then,
        break_long_words=False,
        break_on_hyphens=False,
    )
    return [line.replace("\0", " ") for line in wrapped]


# -- the command line --


def unknown_kata(name: str, known: list[str]) -> str:
    which = f"unknown kata {name!r}" if name else "no kata given (KATA=<kata>)"
    return f"{which}; the katas are: {', '.join(known) or 'none'}"


def not_a_folder(folder: str) -> str:
    return f"DIR={folder} is not a folder"


def unknown_defect(kata: str, defect: str, known: list[str]) -> str:
    return f"{kata} has no defect {defect!r}; it has: {', '.join(known) or 'none'}"


def scaffolded(kata: str, written: list[str]) -> list[str]:
    return [
        f"wrote the skeleton of {kata}:",
        *(f"  {path}" for path in written),
        f"Next: make check KATA={kata} (the starter fails), make test KATA={kata} (its "
        "self-tests), then docs/authoring.md to grow it into your kata.",
    ]


def variant_written(kata: str, folder: Path) -> str:
    return f"wrote {folder}: grade it with make check KATA={kata} DIR={folder}"


# -- the learner loop: hints, reset, progress, watch --

HINT_KEY = "press h"


def stuck_step(hint_command: str) -> str:
    return (
        f"Stuck? {hint_command} gives a hint about the first failing "
        "behaviour: a question first, then where to look, then the mistake (never the code)."
    )


def own_test_about(name: str) -> str:
    return f"your test {name}"


# A learner's own test file that is missing or has lost tests.
OWN_FILE_HINTS = (
    "The report's section on your own tests says what is wrong with the file: what does it say?",
    "A test of the kata's own file may be wrong, but it is there for a reason: compare your file "
    "with the tests the report expects to find.",
    "Put the missing file or tests back (git shows what you changed) and fix a wrong test's "
    "expectation instead of deleting it.",
)


def wrong_hints(name: str) -> tuple[str, ...]:
    """Hints for an own test that fails on the reference, when no planted bug explains it."""
    return (
        f"{name} fails against the reference: work its scenario by hand from the README's "
        "contract. What should each call give, and what does the test expect?",
        "Compare the test's expected values with the contract and its worked example, not with "
        "what your code does: the code now agrees with the specification.",
        "The test expects something the contract does not say: fix its expectation (or its "
        "scenario), not the code.",
    )


def weak_hints(name: str, checks: str) -> tuple[str, ...]:
    """Hints for an own test that no longer catches the bug it is there to catch."""
    return (
        f"{name} is there to check that {checks}: if that broke, which of its lines would fail?",
        "Look at its asserts: an emptied test, a dropped assert, or a comparison loosened to "
        "accept several answers checks nothing.",
        "Put back an assert that holds the behaviour exactly: one expected value, compared with "
        "==, for each call that matters.",
    )


def made_hints(description: str, places: list[str], mistakes: list[str]) -> tuple[str, ...]:
    """The hints of a spec test without hand-written ones (tests.harness.spec_hints)."""
    where = ", ".join(f"{name}()" for name in places)
    return (
        f"The report's line says what the contract expects here ({description}) and what "
        "your code did instead. Make that scenario's calls yourself, one by one, in python3 "
        "started in your kata folder: which call first does something else, or never returns?",
        (
            f"Look at {where}: a change there is what breaks this behaviour most often."
            if where
            else "Follow the failing call through your code, line by line, with the values of "
            "the scenario: where does it first do something the contract does not say?"
        ),
        (
            "Mistakes that break this behaviour: "
            + " Or: ".join(mistakes)
            + " Fix the one your code makes, then check again."
            if mistakes
            else "Compare each line the call runs with the sentence of the contract it "
            "implements, and fix the first that disagrees."
        ),
    )


def hint(
    about: str, levels: tuple[str, ...], level: int, kata: str, new: bool, again: str
) -> list[str]:
    """The hints (`levels`) about the behaviour `about` up to `level`, the last one
    marked if `new`; `again` is how to ask for the next."""
    lines = [*textwrap.wrap(f"Hint {level} of {len(levels)} — {about}", WIDTH), ""]
    for number, text in enumerate(levels[:level], start=1):
        marker = f"{number}. (new)" if new and number == level else f"{number}."
        lines += textwrap.wrap(
            text, WIDTH, initial_indent=f"  {marker} ", subsequent_indent="     "
        )
    if level < len(levels):
        closing = f"Try it, then {again} again for a deeper hint."
    else:
        closing = (
            "That was the last hint for this behaviour: the rest is yours. "
            f"The reference is in solutions/{kata}, for when you are done."
        )
    return [*lines, "", *textwrap.wrap(closing, WIDTH)]


def hint_solved(kata: str) -> str:
    return f"{kata} is solved: no hint needed. Compare your fix with solutions/{kata}."


def hint_blocked(message: str, kata: str, watching: bool) -> list[str]:
    then = "save" if watching else f"make check KATA={kata}"
    return textwrap.wrap(
        f"No test could run, so there is no behaviour to hint at yet: {message}. "
        f"Fix that first, then {then}.",
        WIDTH,
    )


def grading_first(folder: str) -> str:
    return f"grading {folder} first…"


def nothing_to_reset(kata: str) -> str:
    return f"{kata}: nothing to reset, katas/{kata} is the starter as shipped"


def reset_done(kata: str, backup: str, restored: list[str], removed: list[str]) -> list[str]:
    lines = [f"{kata}: back to the starter. Your files are in {backup}"]
    if restored:
        lines.append(f"  restored: {', '.join(restored)}")
    if removed:
        lines.append(f"  removed (kept in the backup): {', '.join(removed)}")
    return lines


def progress_unwritable(path: Path, error: OSError) -> str:
    return f"could not update {path} ({error}); this check is not recorded"


def progress_moved_aside(path: Path, why: str, aside: Path) -> str:
    return f"{path} could not be read ({why}); moved to {aside.name}, starting a new one"


def minutes(seconds: float) -> str:
    if seconds < 60:
        return "under a minute"
    return f"{round(seconds / 60)} min"


def hints_count(count: int) -> str:
    return "no hint" if count == 0 else f"{count} hint" + ("s" if count > 1 else "")


def state_broken(checks: int, hints: int) -> str:
    return f"no test could run · {_count(checks, 'check')} · {hints_count(hints)}"


def state_not_started() -> str:
    return "not started"


def state_in_progress(passed: int, total: int, checks: int, hints: int) -> str:
    return f"{passed}/{total} · {checks} check{'s' if checks != 1 else ''} · {hints_count(hints)}"


def state_solved(seconds: float, hints: int) -> str:
    return f"solved in {minutes(seconds)} with {hints_count(hints)}"


def state_solved_before(seconds: float) -> str:
    return f"reset; solved before in {minutes(seconds)}"


def next_kata(kata: str | None) -> str:
    if kata is None:
        return "Every kata is solved. make reset KATA=all starts them over."
    return f"Next: make check KATA={kata}"


# What the header says the loop is doing with the folder.
WATCHING = "watching"
INTERVIEWING = "interview on"


def watch_header(doing: str, folder: str, summary: str, changed: str, clock: str) -> str:
    clock = f" · {clock}" if clock else ""
    return f"{doing} {folder} · {summary}{clock} · last change {changed} · h hint · q quit"


def watch_plain_header(kata: str, summary: str, changed: str, clock: str) -> str:
    clock = f" · {clock}" if clock else ""
    return f"== {kata} · {summary}{clock} · last change {changed} =="


WATCH_WAITING = "(watching for changes; Ctrl-C to stop)"
WATCH_START = "none yet"
WATCH_STUCK = (
    "Stuck? Press h for a hint about the first failing behaviour: a question first, then "
    "where to look, then the mistake (never the code)."
)


def watch_stopped(folder: str, summary: str) -> str:
    return f"Stopped: {folder}, {summary}." if summary else f"Stopped: {folder}."


def watch_solved(kata: str) -> str:
    return f"{kata} is solved. Still watching: a change grades it again."


# -- the debrief --

A_TEST_FILE = "a test file"
DEBRIEF_BUGS = "2. The bugs, revealed"
DEBRIEF_BEHAVIOURS = (
    "2. The behaviours of the contract (the starter was a rewrite), and the test that holds each"
)
DEBRIEF_BEHAVIOURS_LEFT = (
    "2. The behaviours of the contract your code does not hold yet, and the test of each"
)
DEBRIEF_FIX = "3. The size of your fix"
DEBRIEF_REGRESSION = "4. Your regression tests"
DEBRIEF_TALK = "5. Say it aloud: the talking points"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'s' if number != 1 else ''}"


def _bullet(text: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent="   - ", subsequent_indent="     ")


def _indented(text: str, indent: str = "   ") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent)


def debrief_title(title: str, solved: bool) -> str:
    state = "solved" if solved else "not solved: time is up"
    return f"Debrief — {title} ({state})"


def debrief_effort(
    seconds: float | None, checks: int, hints: int, time_box: float, recorded: bool
) -> list[str]:
    if not recorded:
        return [
            "1. Time and effort",
            *_indented(
                "Not recorded: progress follows katas/<kata>, not a folder given with DIR=."
            ),
        ]
    took = f"solved in {minutes(seconds)}" if seconds is not None else "not solved"
    within = (
        ""
        if seconds is None
        else (
            f", within the {box(time_box)} time box"
            if seconds <= time_box
            else f", over the {box(time_box)} time box"
        )
    )
    return [
        "1. Time and effort",
        *_indented(f"{took}{within}; {_count(checks, 'check')}, {hints_count(hints)}."),
    ]


def touched_at(function: str, file: str, line: int) -> str:
    if not function:  # a line outside any function: an import, say
        return f"{file} line {line}"
    return f"{function.rsplit('.', 1)[-1]}(), {file} line {line}"


def debrief_bug(
    bug: str, summary: str, touched: str, places: list[str], file: str, solved: bool
) -> list[str]:
    functions = ", ".join(f"{name.rsplit('.', 1)[-1]}()" for name in places)
    where = f"{functions} of {file}" if functions else file
    if touched:
        state = f"you changed it: {touched}"
    elif not solved:
        state = f"not touched yet: it lives in {where}"
    else:
        state = (
            f"your change left the lines it lives in ({where}) as they were: fixed some other way?"
        )
    return [*_bullet(f"{bug}: {summary}"), *_indented(state, "     ")]


def debrief_behaviour(behaviour: str, test: str) -> list[str]:
    return textwrap.wrap(
        f"{behaviour} ({test})", WIDTH, initial_indent="   - ", subsequent_indent="     "
    )


def debrief_behaviours_passing(count: int) -> list[str]:
    return _indented(f"… and {_count(count, 'behaviour')} that your code already holds.")


def debrief_fix(
    lines: tuple[int, int], reference: tuple[int, int], rewrite: bool, hides_the_bugs: bool
) -> list[str]:
    """`lines` and `reference`: (all lines changed, those of the kata's own test file)."""
    (yours, your_tests), (theirs, their_tests) = lines, reference
    if your_tests or their_tests:
        text = (
            f"You changed {_count(yours, 'line')}: {yours - your_tests} of code and "
            f"{your_tests} of tests; the reference fix changes {theirs}: "
            f"{theirs - their_tests} and {their_tests}."
        )
    else:
        text = f"You changed {_count(yours, 'line')}; the reference fix changes {theirs}."
    if rewrite:
        text += (
            " This kata's starter is the wrong design, so a rewrite is what it asks for: "
            "the number says how much you wrote, not how well you aimed."
        )
    else:
        text += (
            " Interviewers look for a targeted fix: the smallest change that makes each "
            "behaviour right, each one you can explain."
        )
        if hides_the_bugs:
            text += " A rewrite hides the bugs you found."
    return textwrap.wrap(text, WIDTH, initial_indent="   ", subsequent_indent="   ")


def debrief_no_tests(own_tests: str | None) -> list[str]:
    besides = f" besides {own_tests}" if own_tests else ""
    text = (
        f"You added no test file{besides}. Add one (test_*.py, in your kata folder) with a test "
        "for each bug you found, and the debrief runs it against every planted bug and "
        'mutant of the kata: "what test would have caught this?" is the interviewer\'s '
        "next question."
    )
    return textwrap.wrap(text, WIDTH, initial_indent="   ", subsequent_indent="   ")


def debrief_regression_problem(problem: str) -> list[str]:
    return textwrap.wrap(
        f"Your tests could not run: {problem}", WIDTH, initial_indent="   ", subsequent_indent="   "
    )


def debrief_regression(
    *,
    files: list[str],
    tests: int,
    wrong: dict[str, str],
    starter_caught: bool,
    planted_caught: list[str],
    planted_missed: list[str],
    planted_in_tests: int,
    mutants_caught: int,
    mutants: int,
    mutants_missed: list[str],
    hints: dict[str, str],
) -> list[str]:
    planted = len(planted_caught) + len(planted_missed)
    bugs = "every planted bug and mutant" if planted else "every mutant"
    lines = _indented(
        f"{', '.join(files)}: {_count(tests, 'test')}, run on the reference, then on the "
        f"starter and on {bugs} of the kata."
    )
    for test, why in wrong.items():
        lines += _bullet(
            f"WRONG {test}: it fails on the reference ({why}), so it counts for nothing."
        )
    lines += _indented(
        "On the starter as shipped, "
        + (
            "some of your tests fail: they would have caught it."
            if starter_caught
            else "all your tests pass: they would not have caught it."
        )
    )
    if planted:
        lines += _indented(
            f"Your tests catch {len(planted_caught)} of the {planted} planted bugs in the code, "
            f"and {mutants_caught} of {mutants} mutants."
            + (
                " The kata's wrong test is a planted bug too, but in a test: your tests cannot "
                "catch it, so it is not counted."
                if planted_in_tests
                else ""
            )
        )
    else:
        lines += _indented(f"Your tests catch {mutants_caught} of {mutants} mutants.")
    for bug in planted_missed:
        question = hints.get(bug, "")
        lines += _bullet(f"not caught: {bug}" + (f" — {question}" if question else ""))
    if mutants_missed:
        lines += _indented(f"Mutants not caught, the first {min(len(mutants_missed), 5)}:")
        lines += [line for summary in mutants_missed[:5] for line in _bullet(summary)]
    return lines


def debrief_movement(movement: dict[str, float]) -> list[str]:
    return [
        "What the fix buys, measured on your ring: a fifth worker joins four, and of 10,000 keys",
        f"   {movement['your_ring']:6.1%} move on your ring (the ideal is 1/5 = 20%)",
        f"   {movement['modulo']:6.1%} move with hash % N on the same workers",
    ]


def debrief_spread(spread: list[list[float]]) -> list[str]:
    lines = ["Load spread on your ring, five workers: the busiest worker's share over the mean"]
    lines.append("   points per worker")
    for points, ratio in spread:
        lines.append(f"   {int(points):>5}  {'█' * round(ratio * 10):<40} {ratio:.2f}")
    lines.append("   (1.00 is perfect spread: more points per worker, a smoother ring)")
    return lines


def measure_timed_out(limit: float) -> str:
    return f"Measuring your ring did not finish within {limit:g} s."


def measure_shared(answer: str) -> str:
    return (
        f"Your rings seem to share state: a new ring with no worker answered {answer} once "
        "another ring had workers. Measuring them would measure the wrong thing, so the "
        "figures are left out: give each ring its own points (no class attribute, no module "
        "global)."
    )


def measure_failed(last_line: str) -> str:
    return f"Measuring your ring failed: {last_line}"


def debrief_not_solved(kata: str) -> str:
    return (
        f"{kata} is not solved yet: the debrief reveals the bugs, so it waits until "
        f"make check KATA={kata} passes (an interview shows it when you stop after its "
        "time has run out, too)."
    )


# -- the interview --

INTERVIEW_PRESS_A_KEY = "Press any key to start the clock (q to leave)."
INTERVIEW_KEEP_GOING = (
    "Keep going untimed? y: yes (the debrief, which reveals the bugs, waits until you "
    "stop); any other key: stop here and see the debrief."
)
INTERVIEW_GOES_ON = "Going on untimed: save to grade again, Ctrl-C to stop and see the debrief."
INTERVIEW_OVER = "The interview is over."
CLOCK_UNTIMED = "untimed"


def _mm_ss(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def interview_intro(title: str, story: str, seconds: float, folder: str) -> list[str]:
    lines = [f"Interview — {title}", ""]
    for paragraph in story.split("\n\n"):
        rows = paragraph.strip().splitlines()
        if all(row.startswith("|") for row in rows):
            lines += [*_table(rows), ""]
        else:
            lines += [*textwrap.wrap(" ".join(paragraph.split()), WIDTH), ""]
    lines += textwrap.wrap(
        f"You have {box(seconds)}. The code is in {folder}, the contract in its README.md; "
        "each save is graded; h gives a hint (each one counted), q or Ctrl-C stops. When "
        "every test passes, the clock stops and the debrief follows.",
        WIDTH,
    )
    return lines


def _table(rows: list[str]) -> list[str]:
    """A Markdown table as a terminal shows it: its rows, the columns lined up, no
    heading rule."""
    cells = [
        [cell.strip().replace("`", "") for cell in row.strip().strip("|").split("|")]
        for row in rows
        if not set(row) <= set("|-: ")
    ]
    widths = [max(len(row[n]) for row in cells if n < len(row)) for n in range(len(cells[0]))]
    return [
        "  " + "  ".join(cell.ljust(widths[n]) for n, cell in enumerate(row)).rstrip()
        for row in cells
    ]


def interview_tools(commands: list[str]) -> list[str]:
    """The README's commands that run the code, for a round whose repro is run, not read."""
    if not commands:
        return []
    return ["", "To run the code (from the README's loop):", *(f"  {c}" for c in commands)]


def interview_footer(clock: str) -> str:
    return f"{clock} · h hint · q quit"


@dataclass(frozen=True)
class Moment:
    """One check of an interview: when (seconds in), and the spec tests it passed."""

    seconds: float
    passed: int
    total: int


CHART_WIDTH, CHART_HEIGHT = 56, 8


def attempt_chart(moments: list[Moment], hints: list[float], time_box: float) -> list[str]:
    """The attempt as a picture: spec tests passing at each check over the minutes,
    a ▲ under the time axis where a hint was taken."""
    if not moments:
        return []
    total = max(moment.total for moment in moments) or 1
    span = max(time_box, moments[-1].seconds, *hints, 1.0)
    grid = [[" "] * CHART_WIDTH for _ in range(CHART_HEIGHT + 1)]
    for moment in moments:
        column = min(round(moment.seconds / span * (CHART_WIDTH - 1)), CHART_WIDTH - 1)
        row = round(moment.passed / total * CHART_HEIGHT)
        grid[CHART_HEIGHT - row][column] = "●"
    marks = [" "] * CHART_WIDTH
    for seconds in hints:
        marks[min(round(seconds / span * (CHART_WIDTH - 1)), CHART_WIDTH - 1)] = "▲"
    lines = ["6. Your attempt: spec tests passing at each check (▲ a hint)"]
    for number, row in enumerate(grid):
        count = round((CHART_HEIGHT - number) / CHART_HEIGHT * total)
        axis = f"{count:>5} ┤" if number in (0, CHART_HEIGHT // 2, CHART_HEIGHT) else "      │"
        lines.append((axis + "".join(row)).rstrip())
    lines.append("      └" + "─" * CHART_WIDTH)
    lines.append("       " + "".join(marks).rstrip())
    half = CHART_WIDTH // 2
    ticks = f"{_mm_ss(0):<{half}}{_mm_ss(span / 2):<{CHART_WIDTH - half - 5}}{_mm_ss(span)}"
    lines.append("       " + ticks)
    return lines


def attempt_table(moments: list[Moment], hints: list[float], time_box: float) -> list[str]:
    """The attempt, for a log rather than a screen: a line per check and per hint."""
    if not moments:
        return []
    events = [(moment.seconds, f"{moment.passed}/{moment.total} spec tests") for moment in moments]
    events += [(seconds, "a hint") for seconds in hints]
    lines = ["6. Your attempt, check by check"]
    lines += [f"   {_mm_ss(seconds):>6}  {what}" for seconds, what in sorted(events)]
    return lines


def clock_left(seconds: float) -> str:
    return f"{_mm_ss(seconds)} left"


def clock_stopped(seconds: float) -> str:
    return f"clock stopped at {_mm_ss(seconds)}"


def interview_solved(seconds: float, time_box: float) -> str:
    within = "within" if seconds <= time_box else "over"
    return f"Solved in {_mm_ss(seconds)}, {within} the {box(time_box)} time box: the clock stops."


def time_up(time_box: float, passed: int) -> list[str]:
    return textwrap.wrap(
        f"Time is up: {box(time_box)}. Where you stand: {passed} spec tests pass. "
        "In the real round this is where you explain what you would do next.",
        WIDTH,
    )


def best_interview(seconds: float) -> str:
    return f"best interview {_mm_ss(seconds)}"


# -- grading a class --

GRADE_HISTOGRAM = "Spec tests passed, share of the kata's:"
GRADING_KILLED = "the grading process was killed (by the submission's own code?) before it reported"


def grade_not_a_folder() -> str:
    return "not a folder: a submission is a folder of the kata's files, or a clone"


def grade_missing(missing: list[str]) -> str:
    return f"no {', '.join(missing)} in it, nor in katas/<kata>/ of a clone"


def grade_progress(done: int, total: int, errors: int) -> str:
    return f"{done}/{total} graded, {_count(errors, 'error')}"


def grade_done(count: int, seconds: float, jobs: int) -> str:
    return (
        f"{_count(count, 'submission')} graded in {seconds:.1f} s, {jobs} at a time; "
        "grades.csv and grades.json written beside them (grades.jsonl keeps each row as "
        "it is graded: a run interrupted goes on from it; delete it to grade all again)."
    )


def not_a_submissions_folder(folder: str) -> str:
    return f"SUBMISSIONS={folder} is not a folder"


def classroom_status(status: str) -> str:
    return {"timeout": "the test ran out of time", "error": "the test could not run"}.get(
        status, f"the test's verdict: {status}"
    )
