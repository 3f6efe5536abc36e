"""Correct designs other than the reference are graded Solved.

The spec tests hold the contract, not the reference's internals: each kata
keeps at least three other correct implementations (other containers, other
names, lazy where the reference is eager) in tests/selftest/designs/<kata>/.
A spec test that refused one of them would be testing a design, not the
contract.
"""

from pathlib import Path

import pytest

from tests.harness import catalog, variants
from tests.harness.layout import kata_names
from tests.selftest.checking import learner_folder, make_check

HERE = Path(__file__).parent / "designs"
KATAS = [catalog.load(name) for name in kata_names()]
DESIGNS = [(kata, design) for kata in KATAS for design in sorted((HERE / kata.name).iterdir())]
# kata.toml's [[alternatives]]: correct versions the learner's own tests must pass on too.
ALTERNATIVES = [(kata, other) for kata in KATAS for other in kata.alternatives]


def by_name(value) -> str:
    return value.name


@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_every_kata_has_three_other_designs(kata):
    designs = [design for found, design in DESIGNS if found is kata]
    assert len(designs) >= 3, f"{kata.name}: only {len(designs)} designs in {HERE / kata.name}"


@pytest.mark.parametrize(("kata", "design"), DESIGNS, ids=by_name)
def test_a_correct_design_is_solved(kata, design, tmp_path):
    checked = make_check(kata.name, learner_folder(kata, design, tmp_path))
    failing = {t["name"]: t["message"] for t in checked.result["tests"] if t["status"] != "pass"}
    assert not failing, f"{kata.name}/{design.name} is refused: {failing}"
    assert checked.result["status"] == "pass", checked.result["message"]


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
