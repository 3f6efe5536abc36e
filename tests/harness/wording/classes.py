"""Grading a class: make grade's rows and progress, GitHub Classroom's statuses.

Part of tests.harness.wording: see its docstring for the rule.
"""

from __future__ import annotations

from tests.harness.wording.common import plural

GRADE_HISTOGRAM = "Spec tests passed, share of the kata's:"
GRADING_KILLED = "the grading process was killed (by the submission's own code?) before it reported"
# Said once, on stderr, where Linux's Landlock is missing (tests.harness.engine.landlock).
GRADE_UNCONFINED = (
    "note: this system has no Landlock (Linux 5.13 or later), so a submission's code can "
    "write wherever you can; grading anyway (docs/teachers.md says what that leaves open)"
)


def grade_not_a_folder() -> str:
    return "not a folder: a submission is a folder of the kata's files, or a clone"


def grade_missing(missing: list[str]) -> str:
    return f"no {', '.join(missing)} in it, nor in katas/<kata>/ of a clone"


def grade_not_copied(why: str) -> str:
    return f"could not be copied to be graded: {why}".splitlines()[0]


def grade_progress(done: int, total: int, errors: int) -> str:
    return f"{done}/{total} graded, {plural(errors, 'error')}"


def grade_done(count: int, seconds: float, jobs: int) -> str:
    return (
        f"{plural(count, 'submission')} graded in {seconds:.1f} s, {jobs} at a time; "
        "grades.csv and grades.json written beside them (grades.jsonl keeps each row as "
        "it is graded: a run interrupted goes on from it; delete it to grade all again)."
    )


def classroom_status(status: str) -> str:
    return {"timeout": "the test ran out of time", "error": "the test could not run"}.get(
        status, f"the test's verdict: {status}"
    )
