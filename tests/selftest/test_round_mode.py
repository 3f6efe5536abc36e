"""Round mode (`make check MODE=round`) gives what a real round gives, and no more.

For every debugging round (`round = true` in kata.toml), on the starter, on a
single-bug variant and on the reference (those two in the full tier), its report holds none
of the spec tests' names or titles, no scenario, expected or actual value of theirs, no
line of the learner's files and no hint; it says how many behaviours break,
and exits 0 only when the kata is solved. Its JSON holds no spec test either
(checked on the single-bug variant).
"""

from pathlib import Path

import pytest

from tests.harness.core.layout import kata_names
from tests.harness.kata import catalog, variants
from tests.harness.learner import spec_hints
from tests.harness.wording import rounds
from tests.selftest.checking import (
    STARTER_LIMIT,
    Checked,
    committed_starter,
    graded_reference,
    graded_starter,
    make_check,
)

ROUNDS = [kata for kata in map(catalog.load, kata_names()) if kata.is_round]
# The quick tier (`make test`) checks round mode on each starter; a single-bug variant
# (three checks) and the reference (two) are the full tier's (`thorough`).
FOLDERS = (
    "starter",
    pytest.param("one bug", marks=pytest.mark.thorough),
    pytest.param("reference", marks=pytest.mark.thorough),
)
# Shorter lines of a file (`return None`, `pass`) may well be words of a report.
SHORTEST = 12


def folder_of(kata: catalog.Kata, which: str, tmp_path: Path) -> Path:
    if which == "starter":
        return committed_starter(kata, tmp_path / "starter")
    if which == "reference":
        return kata.solution_dir
    (bug, *_) = [bug for bug in kata.planted if not bug.in_own_tests]
    return variants.build(kata, [bug], tmp_path / bug.id)


def practice(kata: catalog.Kata, which: str, folder: Path) -> Checked:
    """The full report of the same folder, as JSON: what round mode must keep back."""
    if which == "starter":
        return graded_starter(kata.name)
    if which == "reference":
        return graded_reference(kata.name)
    return make_check(kata.name, folder, timeout=STARTER_LIMIT)


def kept_back(kata: catalog.Kata, full: Checked, folder: Path) -> dict[str, str]:
    """Each text round mode must not show, and what it is."""
    texts = {}
    team = set(catalog.tests_in(folder / kata.own_tests)) if kata.own_tests else set()
    for test in kata.spec_tests:
        if test not in team:  # a name the team's tests share is theirs to show
            texts[test] = "a spec test's name"
        texts[spec_hints.description(kata, test)] = "a spec test's title"
    for test in full.result["tests"]:
        for line in test["message"].splitlines():
            if len(line.strip()) >= SHORTEST:
                texts[line.strip()] = f"a line of {test['name']}'s message"
    for name in kata.files:
        for line in (folder / name).read_text(encoding="utf-8").splitlines():
            if len(line.strip()) >= SHORTEST:
                texts[line.strip()] = f"a line of {name}"
    hints = [level for bug in kata.planted for level in bug.hints]
    hints += [level for levels in kata.test_hints.values() for level in levels]
    for hint in hints:
        texts[hint[:60]] = "a hint"
    return texts


@pytest.mark.parametrize("which", FOLDERS)
@pytest.mark.parametrize("kata", ROUNDS, ids=lambda kata: kata.name)
def test_round_mode_keeps_back_what_a_real_round_does(kata, which, tmp_path):
    folder = folder_of(kata, which, tmp_path)
    full = practice(kata, which, folder)
    solved = which == "reference"
    checked = make_check(kata.name, folder, fmt="human", timeout=STARTER_LIMIT, mode="round")
    assert (checked.exit_status == 0) == solved, checked.stdout[-2000:]
    flat = " ".join(checked.stdout.split())  # a text wrapped over two lines is still there
    shown = {
        text: what
        for text, what in kept_back(kata, full, folder).items()
        if text in checked.stdout or " ".join(text.split()) in flat
    }
    assert not shown, f"round mode shows {shown}"
    breaking = sum(test["status"] != "pass" for test in full.result["tests"])
    assert rounds.behaviours(breaking, len(kata.spec_tests)) in checked.stdout
    if solved:
        assert "Solved." in checked.stdout and "checked against the specification" in checked.stdout
    if which != "one bug":
        return  # the JSON of one folder is enough: a check of each costs seconds
    document = make_check(kata.name, folder, timeout=STARTER_LIMIT, mode="round").result
    assert document["mode"] == "round" and document["tests"] == []
    assert document["behaviours"] == {"total": len(kata.spec_tests), "breaking": breaking}
    names = [text for text, what in kept_back(kata, full, folder).items() if "name" in what]
    assert not [name for name in names if name in str(document)]
