"""The own tests' judgement is kept, reused while nothing it depends on changes, and
never trusted by make grade (tests.harness.check.judgements)."""

import json
import shutil
from pathlib import Path

from tests.harness.check import judgements
from tests.harness.core import layout
from tests.harness.kata import catalog
from tests.harness.teacher import grades
from tests.selftest.checking import make_check

KATA = catalog.load("round_robin")
LIMIT = 2.0  # make_check's


def reference_copy(tmp_path: Path) -> Path:
    return Path(shutil.copytree(KATA.solution_dir, tmp_path / "learner" / "round_robin"))


def kept(state: Path) -> list[Path]:
    return sorted((state / "judged" / KATA.name).glob("*.json"))


def doctor(path: Path, test: str) -> None:
    """Make the kept judgement say that `test` disagrees with the reference: a check that
    reuses it says so, one that judges the file again does not."""
    data = json.loads(path.read_text(encoding="utf-8"))
    for event in data["events"]:
        if event["event"] == "Result" and event["key"] == f"own_reference:{KATA.own_tests}::{test}":
            event.update(status="fail", message="doctored")
    path.write_text(json.dumps(data), encoding="utf-8")


def test_a_check_reuses_the_judgement_until_the_test_file_changes(tmp_path):
    folder, state = reference_copy(tmp_path), tmp_path / "state"
    env = {"KATAS_STATE": str(state)}
    first = make_check(KATA.name, folder, env=env)
    assert first.result["status"] == "pass", first.result
    assert len(kept(state)) == 1, "a solved check keeps its judgement"
    test = first.result["own_tests"][0]["name"]
    doctor(kept(state)[0], test)

    reused = make_check(KATA.name, folder, env=env)
    verdict = next(own for own in reused.result["own_tests"] if own["name"] == test)
    assert (verdict["status"], verdict["message"]) == ("fail", "doctored"), verdict
    assert reused.result["tests"] == first.result["tests"]

    with (folder / KATA.own_tests).open("a", encoding="utf-8") as own_tests:
        own_tests.write("# one more line: new bytes, the same tests\n")
    judged_again = make_check(KATA.name, folder, env=env)
    assert judged_again.result == first.result
    assert len(kept(state)) == 2, "the changed file is kept under a key of its own"


def test_a_conftest_beside_the_test_file_is_part_of_what_is_judged(tmp_path):
    """The learner's conftest.py serves the own tests (its fixtures are theirs): a check
    after it appears, or changes, judges the tests again rather than reuse the judgement."""
    folder, state = reference_copy(tmp_path), tmp_path / "state"
    env = {"KATAS_STATE": str(state)}
    first = make_check(KATA.name, folder, env=env)
    test = first.result["own_tests"][0]["name"]
    doctor(kept(state)[0], test)
    conftest = (folder / KATA.own_tests).with_name("conftest.py")
    conftest.write_text("import pytest\n", encoding="utf-8")
    judged_again = make_check(KATA.name, folder, env=env)
    assert judged_again.result == first.result
    assert len(kept(state)) == 2, "a conftest.py is kept under a key of its own"
    for path in kept(state):
        doctor(path, test)
    conftest.write_text("import pytest  # changed\n", encoding="utf-8")
    assert make_check(KATA.name, folder, env=env).result == first.result
    assert len(kept(state)) == 3, "a changed conftest.py is a new key"


def test_the_judgement_is_made_where_the_learners_code_never_ran(tmp_path):
    """The learner's module, imported, leaves a mark in the environment; a test added
    to the learner's own file asserts there is none. It agrees with the reference: it
    was judged in a process that never imported the learner's code (and it fails on
    that code)."""
    folder = reference_copy(tmp_path)
    module = folder / "round_robin.py"
    mark = 'import os\n\nos.environ["KATAS_LEARNER_IMPORTED"] = "1"\n'
    module.write_text(mark + module.read_text(encoding="utf-8"), encoding="utf-8")
    with (folder / KATA.own_tests).open("a", encoding="utf-8") as own_tests:
        own_tests.write(
            "\n\ndef test_no_learner_code_ran_here():\n"
            "    import os\n\n"
            '    assert "KATAS_LEARNER_IMPORTED" not in os.environ\n'
        )
    checked = make_check(KATA.name, folder, env={"KATAS_STATE": str(tmp_path / "state")})
    verdict = next(
        t for t in checked.result["own_tests"] if t["name"] == "test_no_learner_code_ran_here"
    )
    assert (verdict["status"], verdict["on_your_code"]) == ("pass", "fail"), verdict


def test_the_key_changes_with_everything_the_judgement_depends_on(tmp_path, monkeypatch):
    own_tests = (KATA.solution_dir / KATA.own_tests).read_bytes()

    def key(own: bytes = own_tests, limit: float = 0.4, memory: float = 2048) -> str:
        return judgements.key(KATA.name, own, limit, memory)

    first = key()
    assert key() == first
    assert key(own=own_tests + b"\n") != first
    assert key(limit=0.8) != first
    assert key(memory=1024) != first
    # The kata's spec folder (kata.toml: its defects and duties), its reference, the grader.
    for attribute, folder in [
        ("SPECS", layout.SPECS / KATA.name),
        ("SOLUTIONS", layout.SOLUTIONS / KATA.name),
        ("GRADER", layout.GRADER),
    ]:
        copy = tmp_path / attribute / folder.name
        shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("__pycache__"))
        monkeypatch.setattr(layout, attribute, copy if attribute == "GRADER" else copy.parent)
        assert key() == first, f"a copy of {folder} is the same"
        some_file = sorted(copy.glob("*.*"))[0]
        some_file.write_bytes(some_file.read_bytes() + b"\n")
        assert key() != first, f"a change to {some_file.name} of {folder} is a new key"
        monkeypatch.undo()


def test_a_state_folder_that_cannot_be_written_costs_nothing(tmp_path):
    folder = reference_copy(tmp_path)
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    checked = make_check(KATA.name, folder, env={"KATAS_STATE": str(blocked)})
    assert checked.exit_status == 0 and checked.result["status"] == "pass", checked.result


def test_make_grade_never_reuses_a_judgement(tmp_path, monkeypatch):
    """A kept judgement a check reuses (doctored here, as a submission could write one)
    changes nothing in make grade's rows."""
    state = tmp_path / "state"
    monkeypatch.setenv("KATAS_STATE", str(state))
    folder = reference_copy(tmp_path)
    first = make_check(KATA.name, folder)
    doctor(kept(state)[0], first.result["own_tests"][0]["name"])
    assert make_check(KATA.name, folder).result["status"] == "fail", "the check reused it"
    rows = grades.grade_all(KATA, folder.parent, 1, LIMIT, 60, progress=False)
    assert [(row.status.value, row.own_agreeing) for row in rows] == [
        ("pass", len(first.result["own_tests"]))
    ]
