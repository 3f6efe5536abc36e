"""The debrief: regression scores exactly right, bugs located, and only once solved."""

import json
import shutil
import subprocess
import sys

import pytest

from tests.harness.core import diffs
from tests.harness.core.layout import ROOT, kata_names
from tests.harness.kata import catalog, starter, variants
from tests.harness.learner import debrief
from tests.harness.learner.progress import Effort
from tests.selftest.checking import make_check

KATAS = [catalog.load(name) for name in kata_names()]
ROUND_ROBIN = catalog.load("round_robin")

# Each test catches exactly one planted bug of round_robin, or none (it is wrong).
CATCHES_TWO = '''
from round_robin import RoundRobinWorkers


def test_rotation_goes_on():
    """Catches cursor-is-local, and none of the other planted bugs."""
    rr = RoundRobinWorkers(["A", "B"])
    assert [rr.assign(), rr.assign()] == ["A", "B"]


def test_a_worker_comes_back():
    """Catches misspelled-status: B made available again must be assigned."""
    rr = RoundRobinWorkers(["B"])
    rr.set_available("B", False)
    rr.set_available("B", True)
    assert rr.assign() == "B"


def test_expects_what_the_contract_does_not_say():
    """Wrong: fails on the reference, so it must count for nothing."""
    assert RoundRobinWorkers(["A", "B"]).assign() == "B"
'''


def by_name(kata: catalog.Kata) -> str:
    return kata.name


def harness(*arguments: str, **options) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tests.harness", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        **options,
    )


def test_regression_score_names_exactly_what_the_tests_catch(tmp_path):
    folder = tmp_path / "mine"
    shutil.copytree(ROUND_ROBIN.solution_dir, folder)
    (folder / "test_mine.py").write_text(CATCHES_TWO)
    done = harness("debrief", "round_robin", "--dir", str(folder), "--format", "json")
    assert done.returncode == 0, done.stderr
    score = json.loads(done.stdout)["regression"]
    planted = {bug.id for bug in ROUND_ROBIN.planted if not bug.in_own_tests}
    assert set(score["caught"]) & planted == {"cursor-is-local", "misspelled-status"}
    assert set(score["missed"]) & planted == {"unbounded-search"}
    assert score["wrong"] == ["test_mine.py::test_expects_what_the_contract_does_not_say"]
    assert score["starter_caught"], "the rotation test fails on the starter"
    # Counted, the wrong test would catch every variant: it is not.
    assert score["missed"], "a test that fails on the reference was counted"
    assert set(score["caught"]) | set(score["missed"]) == {
        defect.id for defect in ROUND_ROBIN.defects if not defect.in_own_tests
    }


def test_a_kata_not_solved_gets_no_debrief(tmp_path):
    folder = tmp_path / "mine"
    shutil.copytree(ROUND_ROBIN.starter_dir, folder)
    done = harness("debrief", "round_robin", "--dir", str(folder), "--timeout", "0.3")
    assert done.returncode == 1
    assert "Debrief" not in done.stdout and "not solved yet" in done.stderr


def test_the_debrief_as_json_has_its_fields(tmp_path):
    folder = tmp_path / "mine"
    shutil.copytree(catalog.load("hash_ring").solution_dir, folder)
    done = harness("debrief", "hash_ring", "--dir", str(folder), "--format", "json")
    document = json.loads(done.stdout)
    for key in ("solved", "time_to_solve_s", "checks", "hints", "bugs", "fix", "regression"):
        assert key in document, key
    assert document["fix"]["lines_changed"] == document["fix"]["reference_lines_changed"]
    movement = document["movement"]
    assert 0.1 < movement["your_ring"] < 0.3 and 0.7 < movement["modulo"] < 0.9, movement


@pytest.mark.parametrize("kata", [k for k in KATAS if k.planted], ids=by_name)
def test_every_planted_bug_is_found_in_the_starter(kata):
    shipped = starter.shipped(kata)
    places = starter.bug_places(kata)
    for bug, lines in starter.bug_lines(kata).items():
        functions = diffs.functions(shipped[kata.defect(bug).file].decode())
        assert lines, f"{kata.name}/{bug}: no line of the starter found"
        assert places[bug] and set(places[bug]) <= set(functions), places[bug]


def test_a_fix_of_one_bug_touches_that_bug_only(tmp_path):
    """Two bugs share assign(): fixing one must not count as touching the other."""
    folder = variants.build(ROUND_ROBIN, [ROUND_ROBIN.planted[0]], tmp_path / "mine")
    built = debrief.build(ROUND_ROBIN, folder, Effort(), None, solved=False, check_limit=60)
    touched = {bug.id for bug in built.bugs if bug.touched}
    assert touched == {"unbounded-search", "misspelled-status", "wrong-expectation"}


@pytest.mark.parametrize("kata", [k for k in KATAS if k.planted], ids=by_name)
def test_the_reference_fix_touches_every_planted_bug(kata, tmp_path):
    """The debrief says where a fix touched each bug: the reference fix touches all."""
    fixed = starter.smallest_fix(kata)
    folder = tmp_path / "fixed"
    folder.mkdir()
    for name, text in fixed.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)  # a package's files too
        (folder / name).write_text(text)
    built = debrief.build(kata, folder, Effort(), None, solved=True, check_limit=60)
    assert all(bug.touched for bug in built.bugs), [b.id for b in built.bugs if not b.touched]


@pytest.mark.parametrize(
    "kata", [k for k in KATAS if not k.starter_is_planted and k.planted], ids=by_name
)
def test_the_smallest_fix_of_a_hand_written_starter_solves_it(kata, tmp_path):
    folder = tmp_path / "fixed"
    folder.mkdir()
    for name, text in starter.smallest_fix(kata).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    checked = make_check(kata.name, folder)
    assert checked.result["status"] == "pass", checked.result["message"]
