"""`make grade`: a class of submissions, each with the right status, written down."""

import base64
import csv
import json
import shutil
import subprocess
import sys
import threading
import time

from tests.harness.core.layout import ROOT
from tests.harness.core.protocol import Status
from tests.harness.kata import catalog
from tests.harness.teacher import classroom, grades
from tests.harness.wording import classes
from tests.selftest.checking import committed_starter

KATA = catalog.load("round_robin")


def test_a_class_gets_the_right_row_each(tmp_path):
    submissions = tmp_path / "class"
    submissions.mkdir()
    shutil.copytree(KATA.solution_dir, submissions / "solved")
    committed_starter(KATA, submissions / "starter")
    clone = submissions / "a-clone" / "katas" / KATA.name
    shutil.copytree(KATA.solution_dir, clone)
    hostile = shutil.copytree(KATA.solution_dir, submissions / "hangs-at-import")
    (hostile / "round_robin.py").write_text("while True:\n    pass\n")
    (submissions / "missing").mkdir()
    (submissions / "missing" / "round_robin.py").write_text("")
    (submissions / "stray-file.txt").write_text("not a submission")
    make = ["make", "-s", "--no-print-directory", "-C", str(ROOT), "grade"]
    settings = [f"KATA={KATA.name}", f"SUBMISSIONS={submissions}", "JOBS=2", "TIMEOUT=0.5"]
    done = subprocess.run(
        [*make, *settings, f"PYTHON={sys.executable}"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    rows = {row["name"]: row for row in json.loads((submissions / "grades.json").read_text())}
    statuses = {name: row["status"] for name, row in rows.items()}
    assert statuses == {
        "a-clone": "pass",
        "hangs-at-import": "error",
        "missing": "error",
        "solved": "pass",
        "starter": "timeout",
        "stray-file.txt": "error",
    }, statuses
    assert rows["solved"]["spec_passed"] == rows["solved"]["spec_total"] > 0
    assert "test_round_robin.py" in rows["missing"]["reason"]
    with (submissions / "grades.csv").open() as handle:
        assert [row["name"] for row in csv.DictReader(handle)] == sorted(rows)
    assert "solved" in done.stdout and "100%" in done.stdout, done.stdout


def test_never_more_gradings_at_once_than_jobs(tmp_path, monkeypatch):
    for name in "abcdefg":
        shutil.copytree(KATA.solution_dir, tmp_path / name)
    running, most, lock = [0], [0], threading.Lock()

    def slow_supervised(kata, entry, limit, check_limit):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.05)
        with lock:
            running[0] -= 1
        return grades.Row(entry.name, Status.PASS)

    # Each submission is graded by its own supervisor process: the pool is what is timed.
    monkeypatch.setattr(grades, "supervised", slow_supervised)
    rows = grades.grade_all(KATA, tmp_path, jobs=3, limit=1, check_limit=1, progress=False)
    assert [row.name for row in rows] == list("abcdefg")
    assert most[0] == 3, f"{most[0]} gradings ran at once with jobs=3"


def test_a_grading_killed_mid_run_is_graded_again_alone(tmp_path, monkeypatch):
    """A classmate's code may kill another's grading (same user): that submission
    is graded once more, alone; one whose own code kills its grading stays an error."""
    for name in ("killer", "victim", "calm"):
        shutil.copytree(KATA.solution_dir, tmp_path / name)
    calls = []

    def supervised(kata, entry, limit, check_limit):
        calls.append(entry.name)
        if entry.name == "killer" or (entry.name == "victim" and calls.count("victim") == 1):
            return grades.Row(entry.name, Status.ERROR, reason=classes.GRADING_KILLED)
        return grades.Row(entry.name, Status.PASS)

    monkeypatch.setattr(grades, "supervised", supervised)
    rows = grades.grade_all(KATA, tmp_path, jobs=3, limit=1, check_limit=1, progress=False)
    statuses = {row.name: row.status for row in rows}
    assert statuses == {"calm": Status.PASS, "killer": Status.ERROR, "victim": Status.PASS}
    assert sorted(calls) == ["calm", "killer", "killer", "victim", "victim"], calls
    kept = {row.name: row.status for row in grades.journal(tmp_path)}
    assert kept["victim"] is Status.PASS, "grades.jsonl must keep the later row"


def test_the_classroom_score_is_a_point_per_spec_test_passed(tmp_path):
    committed_starter(KATA, tmp_path / "starter")
    command = ["check", KATA.name, "--format", "json", "--dir", str(tmp_path / "starter")]
    checked = subprocess.run(
        [sys.executable, "-m", "tests.harness", *command],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    document = json.loads(checked.stdout)
    line = subprocess.run(
        [sys.executable, "-m", "tests.harness", "classroom"],
        input=checked.stdout,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    ).stdout
    result = json.loads(base64.b64decode(line))
    passed = sum(test["status"] == "pass" for test in document["tests"])
    assert result["status"] == "fail"
    assert result["max_score"] == len(document["tests"]) > passed > 0
    assert sum(test["score"] for test in result["tests"]) == passed
    assert all(test["message"] for test in result["tests"] if test["status"] == "fail")


def test_a_refused_check_is_a_classroom_error():
    result = classroom.result("error: unknown kata 'nope'\n")
    assert (result["status"], result["max_score"], result["tests"]) == ("error", 0, [])
