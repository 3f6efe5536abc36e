"""The grader holds up against hostile and broken learner code.

Each case is a round_robin folder — the reference with something hostile
added — graded through the real `make check`. For each one: the verdict and
its message, a time bound, and the learner's files byte-for-byte unchanged.
"""

import json
import subprocess
import textwrap
from dataclasses import dataclass, field

import pytest

from tests.harness.core.limits import GRACE
from tests.harness.kata import catalog
from tests.selftest.checking import (
    AROUND_XY,
    XY_TEST,
    check_command,
    committed_starter,
    in_init,
    make_check,
    round_robin_learner,
    snapshot,
)

LIMIT = 1.0
STARTUP = 5.0  # seconds of slack for make, interpreters and restarts of the child
SWALLOWING_LOOP = """\
while True:
    try:
        while True:
            pass
    except BaseException:
        pass
"""


def indented(code: str, spaces: int) -> str:
    return textwrap.indent(code, " " * spaces)


@dataclass
class Case:
    id: str
    status: str  # of the whole check: "partial" when the spec tests it ran all pass
    says: list[str]  # in the check's message, or the XY test's when `xy` is set
    xy: str | None = None  # the XY test's own status, when only it misbehaves
    hangs: int = 0  # tests expected to run into the limit
    learner: dict = field(default_factory=dict)
    # The spec tests to run; a check that must run them all says so with ().
    only: tuple[str, ...] = AROUND_XY


CASES = [
    Case(
        # A thread of the learner's that never ends must not hold the check open.
        "thread-that-never-ends",
        "partial",
        [],
        learner={
            "top": "import threading\nimport time\n"
            "threading.Thread(target=lambda: [time.sleep(0.01) for _ in iter(int, 1)]).start()\n"
        },
    ),
    Case(
        "syntax-error",
        "error",
        ["SyntaxError", "round_robin.py line 2"],
        learner={"top": "import os\ndef broken(:\n"},
    ),
    Case(
        "import-error",
        "error",
        ["ModuleNotFoundError", "round_robin.py line 1"],
        learner={"top": "import no_such_module_anywhere\n"},
    ),
    Case(
        "raise-at-import",
        "error",
        ["RuntimeError: boom", "round_robin.py line 1"],
        learner={"top": "raise RuntimeError('boom')\n"},
    ),
    Case(
        "loop-at-import",
        "error",
        ["did not finish within 1 s", "module level"],
        hangs=1,
        learner={"top": "while True:\n    pass\n"},
    ),
    Case(
        "swallowing-loop-at-import",
        "error",
        ["did not finish within 1 s"],
        hangs=1,
        learner={"top": SWALLOWING_LOOP},
    ),
    Case(
        "sys-exit-at-import",
        "error",
        ["sys.exit(0)", "round_robin.py line 2"],
        learner={"top": "import sys\nsys.exit(0)\n"},
    ),
    Case(
        "os-exit-at-import",
        "error",
        ["exit status 0", "os._exit()"],
        learner={"top": "import os\nos._exit(0)\n"},
    ),
    Case(
        "loop-in-method",
        "fail",
        ["ran out of its 1 s in RoundRobinWorkers.__init__()", "the loop at round_robin.py"],
        xy="timeout",
        hangs=1,
        learner={"replace": in_init("            while True:\n                pass\n")},
    ),
    Case(
        "swallowing-loop-in-method",
        "fail",
        ["__init__() kept running after the 1 s time limit", "round_robin.py line"],
        xy="timeout",
        hangs=1,
        learner={"replace": in_init(indented(SWALLOWING_LOOP, 12))},
    ),
    Case(
        "sys-exit-in-method",
        "fail",
        ["SystemExit: 0", "RoundRobinWorkers.__init__()"],
        xy="error",
        learner={"replace": in_init("            raise SystemExit(0)\n")},
    ),
    Case(
        "os-exit-in-method",
        "fail",
        ["ended during this test", "exit status 0"],
        xy="error",
        learner={"top": "import os\n", "replace": in_init("            os._exit(0)\n")},
    ),
    Case(
        "endless-recursion",
        "fail",
        ["RecursionError", "RoundRobinWorkers.__init__()"],
        xy="error",
        learner={"replace": in_init("            type(self)(workers)\n")},
    ),
    Case(
        "skip-from-learner-code",
        "fail",
        ["the test was skipped (not today)"],
        xy="error",
        learner={"replace": in_init("            __import__('pytest').skip('not today')\n")},
    ),
    Case(
        "stdlib-and-harness-names",
        "partial",
        [],
        learner={
            "extra": {
                name: "raise RuntimeError('hijacked')\n"
                for name in (
                    "json.py",
                    "signal.py",
                    "pytest.py",
                    "tests.py",
                    "harness.py",
                    "plugin.py",
                    "conftest.py",
                    "ringhash.py",
                )
            }
        },
    ),
    # A module global that would break the code if it carried over from one
    # test, or one generated call sequence, to the next: no single sequence
    # makes 10,000 calls, but the spec tests make many more between them.
    Case(
        "state-in-module-globals",
        "partial",
        [],
        learner={
            "top": "CALLS = [0]\n",
            "in_assign": indented("CALLS[0] += 1\nif CALLS[0] > 10_000:\n    return None\n", 8),
        },
        only=("test_generated_call_sequences_follow_the_contract",),
    ),
]


def by_id(case: Case) -> str:
    return case.id


@pytest.mark.parametrize("case", CASES, ids=by_id)
def test_hostile_learner_code(case, tmp_path):
    folder = round_robin_learner(tmp_path, **case.learner)
    before = snapshot(folder)
    checked = make_check("round_robin", folder, timeout=LIMIT, only=case.only)
    result = checked.result
    assert result["status"] == case.status, result["message"]
    if case.xy:
        statuses = checked.statuses()
        assert statuses.pop(XY_TEST) == case.xy, result["tests"]
        assert set(statuses.values()) == {"pass"}, f"other tests were not graded: {statuses}"
        message = next(t["message"] for t in result["tests"] if t["name"] == XY_TEST)
    else:
        message = result["message"]
    for words in case.says:
        assert words in message, f"{words!r} not in {message!r}"
    bound = case.hangs * (LIMIT + GRACE) + STARTUP
    assert checked.seconds < bound, f"took {checked.seconds:.1f} s, bound {bound:.1f} s"
    assert snapshot(folder) == before, "grading changed the learner's files"


def test_a_missing_module_is_never_taken_from_elsewhere(tmp_path):
    folder = round_robin_learner(tmp_path)
    (folder / "round_robin.py").unlink()
    before = snapshot(folder)
    checked = make_check("round_robin", folder, timeout=LIMIT)
    assert snapshot(folder) == before, "grading changed the learner's files"
    assert checked.result["status"] == "error"
    assert f"round_robin.py is missing from {folder}" in checked.result["message"]


def test_megabytes_of_output_still_pass_and_are_cut(tmp_path):
    printing = in_init("            print('x' * 2_000_000)\n")
    folder = round_robin_learner(tmp_path, replace=printing)
    before = snapshot(folder)
    checked = make_check("round_robin", folder, timeout=LIMIT, only=AROUND_XY)
    assert snapshot(folder) == before, "grading changed the learner's files"
    assert checked.result["status"] == "partial", checked.result["message"]
    assert len(checked.stdout) < 100_000, f"the JSON is {len(checked.stdout):,} characters"
    outputs = {test["name"]: test["output"] for test in checked.result["tests"] if "output" in test}
    assert list(outputs) == [XY_TEST], f"output reported for {list(outputs)}"
    assert "more characters of your output cut" in outputs[XY_TEST]


def test_whole_check_limit_bounds_a_check_that_keeps_hanging(tmp_path):
    folder = round_robin_learner(tmp_path, in_assign=indented(SWALLOWING_LOOP, 8))
    # 8 s: time for a loaded machine (a parallel make test) to start the child and
    # time the first tests out before the whole check's limit ends it.
    # A machine too loaded to collect in 8 s gets the same words, in the check's message.
    checked = make_check("round_robin", folder, timeout=LIMIT, check_timeout=8)
    assert checked.seconds < 8 + STARTUP, f"took {checked.seconds:.1f} s"
    result = checked.result
    messages = [result["message"]] + [test["message"] for test in result["tests"]]
    assert any("whole check reached its 8 s limit" in message for message in messages), messages


def test_a_check_whose_time_ends_before_collection_does_not_blame_the_import(tmp_path):
    # A slow import, not an endless one: the per-phase limit (10 s) outlasts the check's.
    folder = round_robin_learner(tmp_path, top="__import__('time').sleep(4)\n")
    checked = make_check("round_robin", folder, timeout=10, check_timeout=1.5)
    message = checked.result["message"]
    assert "whole check reached its 1.5 s limit before the tests were collected" in message
    assert "endless loop" not in message, message


def test_the_time_limit_can_be_raised_for_a_slow_machine(tmp_path):
    slow = in_init("            __import__('time').sleep(0.6)\n")
    folder = round_robin_learner(tmp_path, replace=slow)
    slow = make_check("round_robin", folder, timeout=0.3, only=(XY_TEST,))
    assert slow.statuses()[XY_TEST] == "timeout"
    assert (
        make_check("round_robin", folder, timeout=2, only=(XY_TEST,)).statuses()[XY_TEST] == "pass"
    )


def test_two_checks_at_once_keep_their_own_results(tmp_path):
    kata = catalog.load("round_robin")
    starter = committed_starter(kata, tmp_path / "starter")
    solved, broken = (
        subprocess.Popen(check_command(kata.name, folder, timeout=0.5), stdout=subprocess.PIPE)
        for folder in (kata.solution_dir, starter)
    )
    outputs = [json.loads(process.communicate(timeout=120)[0]) for process in (solved, broken)]
    assert [output["status"] for output in outputs] == ["pass", "fail"]
    assert (solved.returncode, broken.returncode) == (0, 2)
