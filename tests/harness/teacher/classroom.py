"""A `make check` JSON document as a GitHub Classroom runner result.

The Classroom workflow (.github/workflows/classroom.yml) runs
`make check FORMAT=json` and hands this module's output to
classroom-resources/autograding-grading-reporter, which reads a runner's
result as base64 of `{version, status, max_score, tests: [{name, status,
score, message}]}`. A point per spec test, so a class sees partial credit;
the learner's own tests earn nothing (a learner could write any number).
A document that is not a check's JSON (a refused kata name, a crash) is an
error result worth 0, so the reporter fails the run rather than a score
silently going missing.
"""

from __future__ import annotations

import base64
import json

from tests.harness.wording import classes

RUNNER_VERSION = 1


def result(text: str) -> dict:
    """The runner result for the check JSON `text`."""
    try:
        document = json.loads(text)
        tests = document["tests"]
        status = document["status"]
    except (ValueError, KeyError, TypeError):
        return {"version": RUNNER_VERSION, "status": "error", "max_score": 0, "tests": []}
    return {
        "version": RUNNER_VERSION,
        "status": "pass" if status == "pass" else ("fail" if tests else "error"),
        "max_score": len(tests),
        "tests": [
            {
                "name": test.get("description") or test["name"],
                "status": "pass" if test["status"] == "pass" else "fail",
                "score": 1 if test["status"] == "pass" else 0,
                "message": test["message"] or classes.classroom_status(test["status"]),
            }
            for test in tests
        ],
    }


def encoded(text: str) -> str:
    """The runner result for `text`, as the base64 line the reporter reads."""
    document = json.dumps(result(text), ensure_ascii=False)
    return base64.b64encode(document.encode("utf-8")).decode("ascii")
