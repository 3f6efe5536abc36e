"""`make debrief`: the end of the interview, rehearsed, once the kata is solved.

Five parts, as an interviewer grades a debugging round: time and effort (from
the progress file), the bugs revealed and whether the learner's change
touched each, the size of the fix against the reference fix, the learner's
own regression tests scored against every planted bug and mutant, and the
talking points, with what the fix buys measured on the learner's own ring
where the kata has a `measure.py`.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from tests.harness.check import grading
from tests.harness.core import diffs, files
from tests.harness.core.layout import ROOT
from tests.harness.core.protocol import Status, Task
from tests.harness.kata import starter
from tests.harness.kata.catalog import Kata
from tests.harness.learner import regression
from tests.harness.learner.progress import Effort, Outcome
from tests.harness.wording import debriefs

# Each regression test on each variant: a test of the learner's runs in
# milliseconds, and a variant that loops is caught at this limit.
REGRESSION_LIMIT = 0.5
MEASURE_LIMIT = 20.0  # s for measure.py on the learner's code
# A fix this many times the reference fix's size is a rewrite, and hides the bugs found.
REWRITE = 2
MEASURE = "measure.py"
TALKING_POINTS = "## Talking points"


@dataclass
class Bug:
    id: str
    summary: str
    file: str
    places: list[str]  # the functions it lives in, in the starter
    touched: str = ""  # where the learner's change touched it ("assign(), line 31"), or ""


@dataclass
class Debrief:
    kata: Kata
    solved: bool
    time_to_solve_s: float | None
    checks: int
    hints: int
    recorded: bool  # the folder is the one progress follows
    time_box: float  # seconds
    bugs: list[Bug] = field(default_factory=list)
    behaviours: dict[str, str] = field(default_factory=dict)  # a rewrite: test -> behaviour
    behaviours_passing: int = 0  # not solved: the behaviours that pass, left out of the list
    lines_changed: int = 0
    reference_lines_changed: int = 0
    # Of those, the lines of the kata's own test file: the two sizes compare part by part.
    test_lines_changed: int = 0
    reference_test_lines_changed: int = 0
    rewrite_expected: bool = False
    regression: regression.Score | None = None
    measured: dict | None = None
    measure_problem: str = ""
    talking_points: str = ""
    asked: int | None = None  # an interview in round mode: asks of the full report


def build(
    kata: Kata,
    folder: Path,
    effort: Effort,
    outcome: Outcome | None,
    solved: bool,
    check_limit: float,
    time_box: float | None = None,
) -> Debrief:
    """The debrief of the learner's `folder`, `effort` being what solving it took (from
    the progress record, or an interview's); `time_box` in seconds, if not the kata's
    (an interview's)."""
    debrief = Debrief(
        kata,
        solved,
        effort.time_to_solve_s,
        effort.checks,
        effort.hints,
        recorded=folder.resolve() == kata.starter_dir.resolve(),
        time_box=time_box or kata.time_box_minutes * 60,
        asked=effort.asked,
    )
    shipped = {name: data.decode("utf-8") for name, data in starter.shipped(kata).items()}
    yours = {name: _read(folder / name) for name in kata.files}
    debrief.bugs = _bugs(kata, folder)
    if not kata.planted and outcome is not None:
        # Solved, every behaviour and its test; not yet (time is up), those that fail.
        debrief.behaviours = {
            test: description
            for test, description in outcome.descriptions.items()
            if solved or outcome.tests.get(test) is not Status.PASS
        }
        debrief.behaviours_passing = 0 if solved else outcome.passed
    fixed = starter.smallest_fix(kata)
    debrief.lines_changed = sum(diffs.lines_changed(shipped[n], yours[n]) for n in fixed)
    debrief.reference_lines_changed = sum(diffs.lines_changed(shipped[n], fixed[n]) for n in fixed)
    own = kata.own_tests
    if own in fixed:
        debrief.test_lines_changed = diffs.lines_changed(shipped[own], yours[own])
        debrief.reference_test_lines_changed = diffs.lines_changed(shipped[own], fixed[own])
    debrief.rewrite_expected = not kata.planted
    files = kata.added_tests(folder)
    if files:
        task = Task(regression=files)
        with grading.Check(kata.name, folder, REGRESSION_LIMIT, check_limit, task) as check:
            debrief.regression = regression.score(kata, files, check.follow())
    if (kata.spec_dir / MEASURE).is_file():
        debrief.measured, debrief.measure_problem = _measure(kata, folder)
    debrief.talking_points = _talking_points(shipped[starter.README])
    return debrief


def _read(path: Path) -> str:
    try:
        return files.python_source(path)
    except (OSError, SyntaxError, ValueError):
        return ""


def _bugs(kata: Kata, folder: Path) -> list[Bug]:
    """The planted bugs, each with where the learner's change touched its lines."""
    places, touched = starter.bug_places(kata), starter.touched(kata, folder)
    bugs = []
    for defect in kata.planted:
        bug = Bug(defect.id, defect.summary, defect.file, places[defect.id])
        if defect.id in touched:
            function, line = touched[defect.id]
            bug.touched = debriefs.touched_at(function, defect.file, line)
        bugs.append(bug)
    return bugs


def _measure(kata: Kata, folder: Path) -> tuple[dict | None, str]:
    """Run the kata's measure.py on the learner's code, in a child bounded in time."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST_")}
    env.update(PYTHONPATH=os.pathsep.join([str(folder.resolve()), str(ROOT)]), PYTHONHASHSEED="0")
    with tempfile.TemporaryDirectory(prefix="kata-measure-") as work:
        process = subprocess.Popen(
            [sys.executable, str(kata.spec_dir / MEASURE)],
            cwd=work,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        try:
            out, err = process.communicate(timeout=MEASURE_LIMIT)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            return None, debriefs.measure_timed_out(MEASURE_LIMIT)
    try:
        figures = json.loads(out)
    except ValueError:
        figures = None
    if isinstance(figures, dict) and "shared" in figures:
        return None, debriefs.measure_shared(figures["shared"])
    if isinstance(figures, dict):
        return figures, ""
    last = (err.decode(errors="replace").strip().splitlines() or ["no output"])[-1]
    return None, debriefs.measure_failed(last)


def _talking_points(readme: str) -> str:
    """The README's talking points section, without its heading."""
    start = readme.find(f"\n{TALKING_POINTS}")
    if start < 0:
        return ""
    body = readme[start + 1 :].split("\n", 1)[1]
    end = body.find("\n## ")
    return (body if end < 0 else body[:end]).strip()


# -- as text and as JSON --


def as_json(debrief: Debrief) -> str:
    score = debrief.regression
    document: dict = {
        "kata": debrief.kata.name,
        "solved": debrief.solved,
        "time_to_solve_s": debrief.time_to_solve_s,
        "checks": debrief.checks if debrief.recorded else None,
        "hints": debrief.hints,
        "bugs": [
            {"id": bug.id, "summary": bug.summary, "touched": bool(bug.touched)}
            for bug in debrief.bugs
        ],
        "fix": {
            "lines_changed": debrief.lines_changed,
            "reference_lines_changed": debrief.reference_lines_changed,
            "rewrite_expected": debrief.rewrite_expected,
        },
        "regression": {
            "files": list(score.files) if score else [],
            "caught": score.caught if score else [],
            "missed": score.missed if score else [],
            "wrong": sorted(score.wrong) if score else [],
            "starter_caught": score.starter_caught if score else False,
        },
    }
    if debrief.measured:
        document["movement"] = debrief.measured["movement"]
        document["spread"] = debrief.measured["spread"]
    return json.dumps(document, indent=2)


def as_text(debrief: Debrief) -> str:
    kata = debrief.kata
    lines = [debriefs.debrief_title(kata.title, debrief.solved), ""]
    lines += debriefs.debrief_effort(
        debrief.time_to_solve_s,
        debrief.checks,
        debrief.hints,
        debrief.time_box,
        debrief.recorded,
        debrief.asked,
    )
    if kata.planted:
        lines += ["", debriefs.DEBRIEF_BUGS]
    else:
        whole = debrief.solved or not debrief.behaviours_passing
        lines += ["", debriefs.DEBRIEF_BEHAVIOURS if whole else debriefs.DEBRIEF_BEHAVIOURS_LEFT]
    for bug in debrief.bugs:
        lines += debriefs.debrief_bug(
            bug.id, bug.summary, bug.touched, bug.places, bug.file, debrief.solved
        )
    for test, behaviour in debrief.behaviours.items():
        lines += debriefs.debrief_behaviour(behaviour, test)
    if debrief.behaviours_passing:
        lines += debriefs.debrief_behaviours_passing(debrief.behaviours_passing)
    lines += ["", debriefs.DEBRIEF_FIX]
    lines += debriefs.debrief_fix(
        (debrief.lines_changed, debrief.test_lines_changed),
        (debrief.reference_lines_changed, debrief.reference_test_lines_changed),
        debrief.rewrite_expected,
        hides_the_bugs=debrief.lines_changed > REWRITE * debrief.reference_lines_changed,
    )
    lines += ["", debriefs.DEBRIEF_REGRESSION]
    lines += _regression_text(debrief)
    lines += ["", debriefs.DEBRIEF_TALK]
    lines += [f"   {line}" for line in debrief.talking_points.splitlines()]
    if debrief.measured:
        lines += ["", *debriefs.debrief_movement(debrief.measured["movement"])]
        lines += ["", *debriefs.debrief_spread(debrief.measured["spread"])]
    elif debrief.measure_problem:
        lines += ["", debrief.measure_problem]
    return "\n".join(lines)


def _regression_text(debrief: Debrief) -> list[str]:
    score, kata = debrief.regression, debrief.kata
    if score is None:
        return debriefs.debrief_no_tests(kata.own_tests)
    if score.problem:
        return debriefs.debrief_regression_problem(score.problem)
    planted = {bug.id for bug in kata.planted}
    return debriefs.debrief_regression(
        files=list(score.files),
        tests=score.tests,
        wrong=score.wrong,
        starter_caught=score.starter_caught,
        mutants_missed=[kata.defect(i).summary for i in score.missed if i not in planted],
        planted_caught=[i for i in score.caught if i in planted],
        planted_missed=[i for i in score.missed if i in planted],
        planted_in_tests=len([bug for bug in kata.planted if bug.in_own_tests]),
        mutants_caught=len([i for i in score.caught if i not in planted]),
        mutants=len([d for d in kata.defects if not d.planted and not d.in_own_tests]),
        hints={bug.id: bug.hints[0] for bug in kata.planted if bug.hints},
    )
