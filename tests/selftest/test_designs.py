"""Correct designs other than the reference are graded Solved.

The spec tests hold the contract, not the reference's internals: each kata
keeps at least three other correct implementations (other containers, other
names, lazy where the reference is eager) in tests/selftest/designs/<kata>/.
A spec test that refused one of them would be testing a design, not the
contract. So would the debrief's measure.py, which must find in any of them
what the contract names, and nothing else.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.harness.check import grading
from tests.harness.core import limits
from tests.harness.core.layout import ROOT, kata_names
from tests.harness.core.protocol import Status, Variant
from tests.harness.kata import catalog, variants
from tests.selftest.checking import learner_folder, make_check

HERE = Path(__file__).parent / "designs"
KATAS = [catalog.load(name) for name in kata_names()]
DESIGNS = [(kata, design) for kata in KATAS for design in sorted((HERE / kata.name).iterdir())]
# The katas whose debrief measures the learner's ring (tests/<kata>/measure.py).
MEASURED = [kata for kata in KATAS if (kata.spec_dir / "measure.py").is_file()]
# Seconds a grading of all of a kata's designs may take.
CHECK_LIMIT = 600
# kata.toml's [[alternatives]]: correct versions the learner's own tests must pass on too.
ALTERNATIVES = [(kata, other) for kata in KATAS for other in kata.alternatives]


def by_name(value) -> str:
    return value.name


@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_every_kata_has_three_other_designs(kata):
    designs = [design for found, design in DESIGNS if found is kata]
    assert len(designs) >= 3, f"{kata.name}: only {len(designs)} designs in {HERE / kata.name}"


@pytest.mark.thorough
@pytest.mark.parametrize(
    ("kata", "design"), DESIGNS, ids=lambda value: value.name if isinstance(value, Path) else ""
)
def test_every_correct_design_passes_every_spec_test(kata, design, tmp_path):
    """Each design on every spec test, in a grading child of its own (a kata's designs
    in one child took over the self-test's two minutes on a busy machine)."""
    tests = tuple(kata.spec_tests)
    graded = grading.grade_variants(
        kata.name,
        (Variant(design.name, learner_folder(kata, design, tmp_path / design.name), tests),),
        # Twice the learner's limit: make test runs two gradings at once on two cores,
        # and a slower machine or a noisy neighbour is timing, not a wrong verdict. That
        # the designs fit the learner's own limit under a busy loop per core is measured
        # with DESIGNS_LIMIT=1 (docs/grader.md).
        limit=limits.DEFAULT * float(os.environ.get("DESIGNS_LIMIT", "2")),
        check_limit=CHECK_LIMIT,
    )
    refused = {
        test: result.message[:300]
        for test, result in graded[design.name].items()
        if result.status is not Status.PASS
    }
    assert not refused, f"{kata.name}/{design.name}: a correct design refused: {refused}"


@pytest.mark.thorough
@pytest.mark.parametrize("kata", MEASURED, ids=by_name)
def test_the_debrief_measures_every_correct_design(kata, tmp_path):
    """measure.py, run as the debrief runs it, gives its figures for every design: it
    uses nothing of the learner's module that the contract does not name."""
    failed = {}
    for found, design in DESIGNS:
        if found is not kata:
            continue
        folder = learner_folder(kata, design, tmp_path / design.name)
        done = subprocess.run(
            [sys.executable, str(kata.spec_dir / "measure.py")],
            cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": f"{folder}{os.pathsep}{ROOT}", "PYTHONHASHSEED": "0"},
            capture_output=True,
            text=True,
            timeout=60,
        )
        if done.returncode != 0 or "movement" not in json.loads(done.stdout or "{}"):
            failed[design.name] = (done.stderr.strip().splitlines() or [done.stdout])[-1]
    assert not failed, f"{kata.name}: measure.py fails on correct designs: {failed}"


def test_a_correct_design_is_solved_by_make_check(tmp_path):
    """One design through the whole of make check, its own tests judged too."""
    kata, design = DESIGNS[0]
    checked = make_check(kata.name, learner_folder(kata, design, tmp_path))
    assert checked.result["status"] == "pass", checked.result["message"]


@pytest.mark.thorough
@pytest.mark.parametrize(
    ("kata", "alternative"),
    ALTERNATIVES,
    ids=lambda value: value.name if isinstance(value, catalog.Kata) else value.id,
)
def test_another_correct_version_is_solved(kata, alternative, tmp_path):
    """An alternative is a claim too: "this is correct". Built from the reference,
    own test file included, it is graded Solved."""
    checked = make_check(kata.name, variants.build(kata, [alternative], tmp_path / "code"))
    failing = {t["name"]: t["message"] for t in checked.result["tests"] if t["status"] != "pass"}
    assert not failing, f"{kata.name}/{alternative.id} is refused: {failing}"
    assert checked.result["status"] == "pass", checked.result["message"]
