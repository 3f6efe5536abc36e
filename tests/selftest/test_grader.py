"""The grader's own contract: verdicts, report shapes, refusals."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.harness.core.layout import ROOT
from tests.harness.kata import catalog
from tests.selftest.checking import (
    XY_TEST,
    committed_starter,
    graded_starter,
    in_init,
    make_check,
    round_robin_learner,
    snapshot,
)

KATA = catalog.load("round_robin")
SPEC_TESTS = sum(len(catalog.tests_in(path)) for path in KATA.spec_files)


def test_hanging_test_is_a_timeout_and_later_tests_still_run(tmp_path):
    # Hangs in the second spec test only: one limit's worth of waiting.
    hang = in_init("            while True:\n                pass\n")
    folder = round_robin_learner(tmp_path, replace=hang)
    checked = make_check("round_robin", folder, timeout=0.5)
    names = list(checked.statuses())
    statuses = list(checked.statuses().values())
    hung = names.index(XY_TEST)
    assert statuses[hung] == "timeout", checked.result["tests"]
    message = checked.result["tests"][hung]["message"]
    assert message.startswith("the test ran out of its 0.5 s in RoundRobinWorkers.__init__()")
    written = (folder / "round_robin.py").read_text().splitlines()
    loop = next(n for n, line in enumerate(written, 1) if "while True:" in line)
    assert f"running the loop at round_robin.py line {loop}" in message, message
    # Every test after the hanging one was graded, not lost.
    assert statuses[hung + 1 :] == ["pass"] * (len(statuses) - hung - 1), statuses


def test_syntax_error_is_an_error_naming_file_and_line(tmp_path):
    folder = round_robin_learner(tmp_path, top="def broken(:\n")
    checked = make_check("round_robin", folder)
    assert checked.result["status"] == "error"
    assert "round_robin.py line 1" in checked.result["message"]
    assert checked.result["tests"] == []
    assert checked.exit_status != 0


def starter(tmp_path):
    return committed_starter(KATA, tmp_path)


def test_broken_own_test_file_is_reported_and_spec_tests_still_run(tmp_path):
    folder = round_robin_learner(tmp_path)
    with (folder / "test_round_robin.py").open("a") as own_tests:
        own_tests.write("def test_broken(:\n")
    checked = make_check("round_robin", folder)
    assert set(checked.statuses().values()) == {"pass"}, checked.result["tests"]
    assert checked.result["status"] == "fail"
    assert "SyntaxError at test_round_robin.py line 34" in checked.result["message"]


def test_an_own_test_using_a_name_the_reference_lacks_is_told_so_from_the_repository_root(
    tmp_path,
):
    # The learner's helper exists in their code only: the test passes there, and fails
    # on the reference for want of the name, not for another expectation.
    folder = round_robin_learner(tmp_path, top="def mine_only():\n    return 1\n\n\n")
    with (folder / "test_round_robin.py").open("a") as own_tests:
        own_tests.write(
            "\n\ndef test_my_helper():\n    from round_robin import mine_only\n\n"
            "    assert mine_only() == 1\n"
        )
    checked = make_check("round_robin", folder)
    judged = {test["name"]: test for test in checked.result["own_tests"]}["test_my_helper"]
    assert judged["status"] == "fail" and judged["on_your_code"] == "pass", judged
    message = judged["message"]
    assert "which has no such name" in message and "a file of your own" in message, message
    assert "(solutions/round_robin/round_robin.py)" in message, message
    assert str(ROOT) not in message, message


def test_json_is_one_complete_document():
    checked = graded_starter("round_robin")
    document = json.loads(checked.stdout)  # the whole of stdout, nothing else
    assert set(document) == {"version", "kata", "status", "message", "tests", "own_tests"}
    assert document["kata"] == "round_robin" and document["status"] == "fail"
    assert len(document["tests"]) == SPEC_TESTS
    for test in document["tests"]:
        assert {"name", "status", "message"} <= set(test)
        assert test["status"] in {"pass", "fail", "error", "timeout"}
        assert test["status"] == "pass" or test["message"], f"{test['name']} has no message"
    for test in document["own_tests"]:
        assert {"name", "status", "message", "on_your_code"} <= set(test)
        assert test["on_your_code"] in {"pass", "fail", "error", "timeout"}


def test_human_report_lists_every_spec_test_and_says_what_next(tmp_path):
    checked = make_check("round_robin", starter(tmp_path), fmt="human", timeout=0.5)
    lines = checked.stdout.splitlines()
    assert lines[0].startswith("Round-robin dispatcher")
    spec_section = lines[
        lines.index("Spec tests") : lines.index(
            "Your tests (test_round_robin.py), run on your code"
        )
    ]
    verdicts = [
        line.split()[0]
        for line in spec_section
        if line.startswith("  ") and line.split()[0] in {"PASS", "FAIL", "TIMEOUT", "ERROR"}
    ]
    assert len(verdicts) == SPEC_TESTS and "TIMEOUT" in verdicts
    assert f"/{SPEC_TESTS} spec tests pass." in checked.stdout
    assert "Next:" in checked.stdout and "Traceback" not in checked.stdout
    # The starter's first failure is a FAIL: the advice on failures is read first.
    first = next(verdict for verdict in verdicts if verdict != "PASS")
    advice = checked.stdout[checked.stdout.index("Next:") :]
    assert first == "FAIL" and advice.index("first FAIL") < advice.index("A TIMEOUT"), advice


def test_unknown_kata_is_refused_with_the_list():
    checked = make_check("no_such_kata", fmt="human")
    assert checked.exit_status != 0
    assert "unknown kata 'no_such_kata'" in checked.stderr and "round_robin" in checked.stderr


def test_missing_folder_is_refused(tmp_path):
    checked = make_check("round_robin", tmp_path / "nowhere", fmt="human")
    assert checked.exit_status != 0 and "is not a folder" in checked.stderr


def test_a_value_given_to_make_is_never_taken_for_an_option():
    """KATA=-h is an unknown kata, not a request for help (it printed the usage and
    exited 0); ONLY=-h an unknown test; ONLY=-- is refused (argparse read it as no value:
    a traceback); and a refused value is said in one line."""
    for checked in (
        make_check("-h", fmt="human"),
        make_check("round_robin", fmt="human", only=("-h",)),
        make_check("round_robin", fmt="human", only=("--",)),
        make_check("round_robin", fmt="human", timeout="abc"),
    ):
        lines = [line for line in checked.stderr.splitlines() if not line.startswith("make")]
        assert checked.exit_status != 0 and len(lines) == 1, checked.stderr


def test_settings_of_other_programs_in_the_shell_change_no_command():
    """A PYTHON in the shell's environment (node-gyp reads one) is not the interpreter
    make runs, and PYTHONINSPECT leaves no command at a prompt (make list failed with
    PYTHON=/bin/false, and ended with a SystemExit traceback with PYTHONINSPECT)."""
    venv = Path(sys.executable).parents[1]
    env = {**os.environ, "PYTHON": "/bin/false", "PYTHONINSPECT": "1"}
    listed = subprocess.run(
        ["make", "-s", "--no-print-directory", "-C", str(ROOT), "list", f"VENV={venv}"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        stdin=subprocess.DEVNULL,
    )
    assert listed.returncode == 0 and "round_robin" in listed.stdout, listed.stderr
    assert "Traceback" not in listed.stderr, listed.stderr


def test_make_takes_its_values_from_its_command_line_only():
    """A DIR, MODE, FORMAT or TIMEOUT in the shell's environment is another program's: a
    check given none of them grades katas/<kata>, in practice mode, as text (they had
    graded another folder, in another mode, at another limit)."""
    venv = Path(sys.executable).parents[1]
    env = {**os.environ, "DIR": "/nowhere", "MODE": "round", "FORMAT": "json", "TIMEOUT": "x"}
    make = ["make", "-s", "--no-print-directory", "-C", str(ROOT), "check", f"VENV={venv}"]
    only = "ONLY=test_the_walkthrough"
    checked = subprocess.run(
        [*make, "KATA=round_robin", only], capture_output=True, text=True, timeout=120, env=env
    )
    title = "Round-robin dispatcher — grading katas/round_robin"
    assert checked.stdout.startswith(title + "\n"), checked.stdout + checked.stderr


def test_ctrl_c_during_a_check_stops_it_in_one_line(tmp_path):
    """Ctrl-C while a check grades says "stopped" in one line, with the shell's status for
    it, and leaves no grading process behind (it printed a traceback)."""
    command = [sys.executable, "-m", "tests.harness", "check", "round_robin", "--dir"]
    checking = subprocess.Popen(
        [*command, str(starter(tmp_path))],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        # As a shell starts it: a pytest-xdist worker ignores SIGINT, and its children
        # would inherit that.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    children = Path(f"/proc/{checking.pid}/task/{checking.pid}/children")
    deadline = time.monotonic() + 60
    while not children.read_text().split() and time.monotonic() < deadline:
        time.sleep(0.05)  # until it has started a grading child
    grading = [int(pid) for pid in children.read_text().split()]
    checking.send_signal(signal.SIGINT)
    _, stderr = checking.communicate(timeout=60)
    assert (checking.returncode, stderr.strip()) == (130, "stopped")
    assert not [pid for pid in grading if Path(f"/proc/{pid}").exists()]


def test_a_refused_check_in_json_is_a_check_document(tmp_path):
    """A refusal in FORMAT=json has the keys of every check document, its version too."""
    checked = make_check("round_robin", tmp_path / "nowhere")
    assert checked.result == {
        "version": 2,
        "kata": "round_robin",
        "status": "error",
        "message": f"DIR={tmp_path / 'nowhere'} is not a folder",
        "tests": [],
        "own_tests": [],
    }


def test_grading_the_default_folder_changes_no_learner_file():
    before = snapshot(ROOT / "katas")
    make_check("hash_ring", timeout=0.5)
    assert snapshot(ROOT / "katas") == before


def test_a_check_where_bytecode_is_cached_writes_none_beside_the_learners_files(tmp_path):
    """The grading child caches the grader's bytecode as the learner's Python would, and
    stops before it imports the learner's modules and tests."""
    folder = round_robin_learner(tmp_path)
    before = snapshot(folder)
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    command = [sys.executable, "-m", "tests.harness", "check", "round_robin", "--dir", str(folder)]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert snapshot(folder) == before


def test_variant_command_writes_one_defect_and_refuses_unknown_ones(tmp_path):
    def variant(defect: str) -> subprocess.CompletedProcess:
        command = [sys.executable, "-m", "tests.harness", "variant", "round_robin", defect]
        return subprocess.run([*command, str(tmp_path)], capture_output=True, text=True, cwd=ROOT)

    assert variant("misspelled-status").returncode == 0
    written = (tmp_path / "round_robin.py").read_text()
    reference = (ROOT / "solutions/round_robin/round_robin.py").read_text()
    assert written == reference.replace(
        '"AVAILABLE" if is_available', '"AVIALABLE" if is_available'
    )
    refused = variant("no-such-bug")
    assert refused.returncode == 2 and "it has: cursor-is-local" in refused.stderr


def test_only_runs_the_named_spec_tests_and_never_says_solved(tmp_path):
    names = ("test_nobody_available_gives_none", "test_the_walkthrough")
    checked = make_check("round_robin", KATA.solution_dir, only=names, fmt="human")
    assert checked.exit_status != 0, "a partial check must never exit 0"
    assert "2/2 of the selected spec tests pass (ONLY: not a full check)" in checked.stdout
    assert "Solved" not in checked.stdout and "grade it all with" in checked.stdout
    document = make_check("round_robin", KATA.solution_dir, only=names).result
    assert document["status"] == "partial"
    assert [test["name"] for test in document["tests"]] == list(names)
    assert document["own_tests"] == [] and document["only"] == list(names)
    refused = make_check("round_robin", KATA.solution_dir, only=("test_nope",), fmt="human")
    assert refused.exit_status != 0 and "round_robin has no spec test test_nope" in refused.stderr


def test_a_deleted_own_test_is_named_and_the_closing_says_the_file_lost_it(tmp_path):
    folder = round_robin_learner(tmp_path)
    own = folder / "test_round_robin.py"
    text = own.read_text(encoding="utf-8")
    start = text.index("def test_recovered_worker_rejoins_rotation")
    own.write_text(text[:start] + text[text.index("def test_", start + 1) :], encoding="utf-8")
    checked = make_check("round_robin", folder, fmt="human")
    assert checked.exit_status != 0
    report = " ".join(checked.stdout.split())
    assert "no longer has test_recovered_worker_rejoins_rotation" in report, report
    assert "4/4 of the tests left in your file are right" in report, report
    assert "put back the test named above." in report, report


def test_a_timeout_met_while_a_test_imports_the_code_afresh_blames_no_line():
    # A test that imports the package anew many times (generated sequences) can run out
    # of time in one of those imports: its line did not take the time, the test did.
    from tests.harness.core.places import Place
    from tests.harness.wording import outcomes

    message = outcomes.timeout(Place("<module>", "<module>", "cache/client.py", 16), 2.0)
    assert message.startswith("the test ran out of its 2 s while it imported your code afresh")
    assert "not in a call of yours" in message and "running" not in message, message
