"""`make grade`: a class of submissions, each with the right status, written down."""

import base64
import csv
import json
import os
import secrets
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.harness.core.layout import ROOT
from tests.harness.core.protocol import Status
from tests.harness.engine import landlock
from tests.harness.kata import catalog
from tests.harness.teacher import classroom, grades
from tests.harness.wording import classes
from tests.selftest.checking import (
    STARTER_LIMIT,
    committed_starter,
    make_in,
    repository_copy,
    snapshot,
    vandal,
)

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


def test_a_class_folder_whose_name_holds_quotes_and_backquotes_is_graded(tmp_path):
    """SUBMISSIONS reaches the grader word for word: a folder named with quotes, a $ and
    backquotes is graded (make had put it in double quotes: the shell ran what the
    backquotes held, and cut the rest)."""
    submissions = tmp_path / """the "red" class's `false` $HOME"""
    shutil.copytree(KATA.solution_dir, submissions / "solved")
    settings = [f"KATA={KATA.name}", f"SUBMISSIONS={submissions}", "TIMEOUT=0.5"]
    done = make_in(ROOT, "grade", *settings)
    assert done.returncode == 0, done.stderr
    rows = json.loads((submissions / "grades.json").read_text())
    assert [(row["name"], row["status"]) for row in rows] == [("solved", "pass")]


@pytest.mark.skipif(not landlock.version(), reason="no Landlock here: writes are not confined")
# The vandal last costs a class's grading more: the full tier's (`thorough`).
@pytest.mark.parametrize(
    "name",
    [
        pytest.param("aaa_vandal", id="first"),
        pytest.param("zzz_vandal", id="last", marks=pytest.mark.thorough),
    ],
)
def test_a_vandal_in_a_class_changes_nothing_outside_its_own_copy(name, tmp_path):
    """A class of three graded one at a time, the vandal first, then last: a submission
    that overwrites its classmates' files, appends a line to every module of the grader
    and the spec tests, writes in the teacher's home and in /tmp, then is the reference;
    alice and bob are the reference. Every write fails, and each of the three is graded
    as if the others were not there."""
    repo = repository_copy(tmp_path / "repo", KATA)
    submissions = tmp_path / "class"
    for learner in ("alice", "bob"):
        shutil.copytree(KATA.solution_dir, submissions / learner)
    home = tmp_path / "home"
    home.mkdir()
    in_tmp = Path("/tmp") / f"katas-vandal-{secrets.token_hex(8)}"
    vandal(submissions / name, str(in_tmp), parents=(submissions,))
    submitted, repository = snapshot(submissions), _repository(repo)
    settings = [f"KATA={KATA.name}", f"SUBMISSIONS={submissions}", "JOBS=1", "TIMEOUT=0.8"]
    done = make_in(repo, "grade", *settings, env={"HOME": str(home)})
    assert done.returncode == 0, done.stderr
    graded = snapshot(submissions)
    assert {path: graded[path] for path in submitted} == submitted, "a submission was changed"
    assert sorted(set(graded) - set(submitted)) == sorted(grades.OUTPUTS)
    with (submissions / "grades.csv").open() as handle:
        statuses = {row["name"]: row["status"] for row in csv.DictReader(handle)}
    assert statuses == {"alice": "pass", "bob": "pass", name: "pass"}, statuses
    assert _repository(repo) == repository, "a file of the repository was changed"
    assert not list(home.iterdir()), "the vandal wrote in the home folder"
    assert not in_tmp.exists(), "the vandal wrote in /tmp"


def _repository(repo: Path) -> dict[str, bytes]:
    """The repository's files, but the bytecode its grader's own processes cache."""
    return {path: data for path, data in snapshot(repo).items() if "__pycache__" not in path}


def test_a_submission_without_its_given_files_is_graded_like_a_whole_one(tmp_path):
    """kata.toml's given files (round_robin's pytest.ini) come from the repository: a
    submission of only the learner's files is graded, like one with them."""
    shutil.copytree(KATA.solution_dir, tmp_path / "whole")
    (tmp_path / "own-files-only").mkdir()
    for name in set(KATA.files) - set(KATA.given):
        shutil.copyfile(KATA.solution_dir / name, tmp_path / "own-files-only" / name)
    assert KATA.given and not (tmp_path / "own-files-only" / KATA.given[0]).exists()
    rows = grades.grade_all(KATA, tmp_path, 2, STARTER_LIMIT, 60, progress=False)
    graded = {row.name: (row.status, row.spec_passed, row.own_agreeing) for row in rows}
    assert graded["own-files-only"] == graded["whole"], graded
    assert graded["whole"][0] is Status.PASS, graded


def test_a_submissions_own_copy_of_a_given_module_is_not_graded(tmp_path):
    """hash_ring's ringhash.py is given: the repository's is graded, never the
    submission's, whatever it holds."""
    kata = catalog.load("hash_ring")
    learner = shutil.copytree(kata.solution_dir, tmp_path / "learner")
    (learner / "ringhash.py").write_text("raise SystemExit('not the given ringhash.py')\n")
    rows = grades.grade_all(kata, tmp_path, 1, STARTER_LIMIT, 60, progress=False)
    assert [(row.name, row.status) for row in rows] == [("learner", Status.PASS)], rows


def test_a_private_copy_holds_the_submissions_files_and_the_repositorys_given_ones(tmp_path):
    """Hidden files, caches, pipes and devices are left out (a pipe would hang the
    copy), links are copied as links (never followed), and the given files are the
    repository's, whatever the submission holds in their place."""
    submission = shutil.copytree(KATA.solution_dir, tmp_path / "learner")
    (submission / "pytest.ini").write_text("[pytest\nnot the given one\n")
    (submission / ".git").mkdir()
    (submission / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (submission / "__pycache__").mkdir()
    (submission / "__pycache__" / "round_robin.cpython-311.pyc").write_bytes(b"\0")
    os.mkfifo(submission / "pipe")
    (submission / "notes.txt").symlink_to(tmp_path / "elsewhere.txt")
    copy = grades.private_copy(KATA, submission, tmp_path / "copy" / "learner")
    expected = {*KATA.files, "README.md", "notes.txt"}
    assert {path.relative_to(copy).as_posix() for path in copy.rglob("*")} == expected
    assert (copy / "notes.txt").readlink() == tmp_path / "elsewhere.txt"
    for name in KATA.given:
        assert (copy / name).read_bytes() == (KATA.solution_dir / name).read_bytes(), name


def test_a_submission_that_cannot_be_read_is_an_error_row(tmp_path, monkeypatch):
    shutil.copytree(KATA.solution_dir, tmp_path / "unreadable")

    def unreadable(kata, folder, copy):
        raise PermissionError(13, "Permission denied", str(folder / "round_robin.py"))

    monkeypatch.setattr(grades, "private_copy", unreadable)
    [row] = grades.grade_all(KATA, tmp_path, 1, 1, 1, progress=False)
    assert row.status is Status.ERROR, row
    assert row.reason.startswith("could not be copied to be graded: [Errno 13]"), row


def test_make_grade_says_in_one_line_when_writes_cannot_be_confined(tmp_path, monkeypatch, capsys):
    (tmp_path / "learner").mkdir()
    monkeypatch.setattr(
        grades, "supervised", lambda kata, entry, *_: grades.Row(entry.name, Status.PASS)
    )
    for version, said in ((0, [classes.GRADE_UNCONFINED]), (1, [])):
        monkeypatch.setattr(landlock, "version", lambda version=version: version)
        (tmp_path / grades.JOURNAL).unlink(missing_ok=True)
        grades.grade_all(KATA, tmp_path, 1, 1, 1, progress=False)
        assert capsys.readouterr().err.splitlines() == said


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
