"""Hints: every behaviour has three levels, none gives code, and they follow the code;
a command a hint gives runs as written."""

import io
import os
import re
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

from tests.harness.core.layout import kata_names
from tests.harness.core.protocol import Status
from tests.harness.kata import catalog
from tests.harness.learner import hints, spec_hints
from tests.harness.learner.progress import Outcome, Progress
from tests.harness.wording import loop
from tests.selftest.checking import committed_starter, graded_starter

KATAS = [catalog.load(name) for name in kata_names()]
# Shorter lines of code ("return None") are words a hint may well use.
CODE_LINE = 12


def by_name(kata: catalog.Kata) -> str:
    return kata.name


def spec_names(kata: catalog.Kata) -> list[str]:
    return kata.spec_tests


def every_hint(kata: catalog.Kata) -> list[str]:
    texts = [text for bug in kata.planted for text in bug.hints]
    return texts + [text for name in spec_names(kata) for text in spec_hints.levels(kata, name)]


def code_lines(kata: catalog.Kata) -> set[str]:
    """The reference's lines of code, stripped: not comments, not strings alone.

    Of its Python files only: a round's INCIDENT.md or pytest.ini is no Python, and
    the tokenizer of 3.12 and later refuses what older ones let through.
    """
    lines = set()
    for name in kata.files:
        if not name.endswith(".py"):
            continue
        source = (kata.solution_dir / name).read_text(encoding="utf-8")
        rows = {
            token.start[0]
            for token in tokenize.generate_tokens(io.StringIO(source).readline)
            if token.type in (tokenize.NAME, tokenize.OP)
        }
        numbered = enumerate(source.splitlines(), start=1)
        lines |= {line.strip() for row, line in numbered if row in rows}
    # An import is no fix: a hint's command imports the learner's module too.
    return {
        line
        for line in lines
        if len(line) >= CODE_LINE and not line.startswith(("from ", "import "))
    }


@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_every_planted_bug_has_three_levels(kata):
    for bug in kata.planted:
        assert len(bug.hints) == catalog.HINT_LEVELS, f"{kata.name}/{bug.id}: {bug.hints}"


@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_every_spec_test_has_three_levels_and_no_hint_is_stale(kata):
    names = spec_names(kata)
    stale = [name for name in kata.test_hints if name not in names]
    assert not stale, f"{kata.name}: [[hint]] for tests that do not exist: {stale}"
    for name in names:
        levels = spec_hints.levels(kata, name)
        assert len(levels) == catalog.HINT_LEVELS and all(levels), f"{kata.name}/{name}: {levels}"


@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_a_made_hint_names_what_the_tests_mutants_change(kata):
    """A spec test without hand-written hints gets them from its docstring and its
    mutants: where they change the reference, and their summaries."""
    for name in spec_names(kata):
        catching = [d for d in kata.defects if name in d.caught_by and not d.in_own_tests]
        if name in kata.test_hints or not catching:
            continue
        ask, look, mistakes = spec_hints.made(kata, name)
        assert spec_hints.description(kata, name) in ask
        assert "()" in look, f"{kata.name}/{name}: no function named in {look!r}"
        assert any(d.summary in mistakes for d in catching), f"{kata.name}/{name}: {mistakes!r}"


@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_no_hint_holds_a_line_of_the_reference(kata):
    code = code_lines(kata)
    assert code, f"{kata.name}: no line of code found in the reference"
    for text in every_hint(kata):
        quoted = [line for line in code if line in text]
        assert not quoted, f"{kata.name}: a hint quotes the reference {quoted}: {text!r}"
        assert "```" not in text and not re.search(r"^ {4}", text, re.MULTILINE), text


# A command a hint gives: python -c "...", after the hash seed it needs, if any.
COMMAND = re.compile(r'(?:PYTHONHASHSEED=(\d+) )?python -c "([^"]*)"')
# What a command may not raise, on the starter or the reference: it could not run.
BROKEN = ("SyntaxError", "IndentationError", "NameError", "ImportError", "ModuleNotFoundError")
HANG = 15  # s: a command runs a few calls
LOOPING = 3  # s after which a command the hint says to stop with Ctrl-C is taken to hang


def run_command(code: str, seed: str | None, folder: Path, hang: float) -> str:
    """How a hint's command ended in `folder`: the last line of its error, "hang", or ""."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PYTHONPATH"))}
    env.pop("PYTHONHASHSEED", None)
    if seed is not None:
        env["PYTHONHASHSEED"] = seed
    try:
        ran = subprocess.run(
            [sys.executable, "-c", code],
            cwd=folder,
            env=env,
            capture_output=True,
            text=True,
            timeout=hang,
        )
    except subprocess.TimeoutExpired:
        return "hang"
    return (ran.stderr.strip().splitlines() or [""])[-1] if ran.returncode else ""


@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_every_command_a_hint_gives_runs_as_written(kata, tmp_path):
    """Each `python -c` of a hint runs in the starter's folder and in the reference's:
    it may show the bug (an exception the contract does not expect, a hang where the
    hint says to press Ctrl-C), but it never fails to run for want of a name."""
    starter = committed_starter(kata, tmp_path / "starter")
    broken = []
    for text in every_hint(kata):
        for seed, code in COMMAND.findall(text):
            for folder in (starter, kata.solution_dir):
                may_hang = "Ctrl-C" in text and folder == starter
                ended = run_command(code, seed or None, folder, LOOPING if may_hang else HANG)
                if ended == "hang" and not may_hang:
                    broken.append(f"{folder.name}: it hangs: {code}")
                elif ended.startswith(BROKEN):
                    broken.append(f"{folder.name}: {ended}: {code}")
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_a_hint_prints_each_command_whole_on_a_line(kata):
    """A command a hint gives, with the hash seed it needs, is printed on one line of its
    own, so that it runs as pasted (wrapped into the prose, it broke in two)."""
    for text in every_hint(kata):
        shown = loop.hint("a behaviour", (text,), 1, kata.name, True, "", f"katas/{kata.name}")
        for command in (found.group(0) for found in COMMAND.finditer(text)):
            assert any(line.strip() == command for line in shown), f"{command!r} in {shown}"


def test_a_hint_on_a_folder_given_with_dir_says_to_run_its_command_there():
    """A hint's command is run from the folder graded: with DIR=, that folder, quoted for
    the shell (the hint named katas/<kata>, where the code may be another)."""
    kata = catalog.load("round_robin")
    text = next(text for text in every_hint(kata) if f"From katas/{kata.name}:" in text)
    shown = " ".join(loop.hint("a behaviour", (text,), 1, kata.name, True, "", "'/my dir'"))
    assert "From '/my dir': python -c" in " ".join(shown.split()), shown


@pytest.mark.parametrize("kata", [k for k in KATAS if k.planted], ids=by_name)
def test_the_first_hint_on_the_starter_is_about_a_planted_bug(kata):
    checked = graded_starter(kata.name)
    behaviour = hints.stuck_on(kata, outcome_of(checked.result))
    assert behaviour is not None and behaviour.key.startswith("bug:"), behaviour


def outcome_of(result: dict) -> Outcome:
    return Outcome(
        fingerprint="",
        status=Status(result["status"]),
        tests={test["name"]: Status(test["status"]) for test in result["tests"]},
        own_tests={test["name"]: Status(test["status"]) for test in result["own_tests"]},
    )


ROUND_ROBIN = catalog.load("round_robin")
FIRST_BUG = ROUND_ROBIN.planted[0]


def outcome(failing: dict[str, str], own: dict[str, str] | None = None) -> Outcome:
    """A round_robin outcome where only the tests in `failing` do not pass."""
    tests = {name: Status(failing.get(name, "pass")) for name in spec_names(ROUND_ROBIN)}
    own_tests = {name: Status(status) for name, status in (own or {}).items()}
    return Outcome("", Status.FAIL, tests, own_tests=own_tests)


def test_levels_deepen_then_stay_at_the_last(tmp_path):
    state = Progress(tmp_path)
    stuck = outcome(dict.fromkeys(FIRST_BUG.caught_by, "fail"))
    shown = [hints.give(ROUND_ROBIN, ROUND_ROBIN.starter_dir, stuck, state) for _ in range(4)]
    assert [lines[0].split(" —")[0] for lines in shown] == [
        "Hint 1 of 3",
        "Hint 2 of 3",
        "Hint 3 of 3",
        "Hint 3 of 3",
    ]
    for level, lines in enumerate(shown[:3]):
        assert any(FIRST_BUG.hints[level][:40] in line for line in lines), lines
    assert not any("(new)" in line for line in shown[3]), "a repeated level is not new"
    assert state.current("round_robin").hints_taken == 3


def test_a_fixed_behaviour_moves_the_hint_on(tmp_path):
    state = Progress(tmp_path)
    first = outcome(dict.fromkeys(FIRST_BUG.caught_by, "fail"))
    hints.give(ROUND_ROBIN, ROUND_ROBIN.starter_dir, first, state)
    second_bug = ROUND_ROBIN.planted[1]
    after = outcome(dict.fromkeys(second_bug.caught_by, "timeout"))
    lines = hints.give(ROUND_ROBIN, ROUND_ROBIN.starter_dir, after, state)
    assert lines[0].startswith("Hint 1 of 3"), lines
    assert any(second_bug.hints[0][:40] in line for line in lines), lines


def test_a_failure_no_planted_bug_explains_gets_the_tests_own_hints(tmp_path):
    # One of the bug's tests passes: the bug is gone, the learner broke something else.
    broken = FIRST_BUG.caught_by[0]
    behaviour = hints.stuck_on(ROUND_ROBIN, outcome({broken: "fail"}))
    assert behaviour.key == f"test:{broken}"
    assert behaviour.levels == spec_hints.levels(ROUND_ROBIN, broken)


def test_a_wrong_own_test_gets_the_hints_of_its_planted_bug():
    bug = next(bug for bug in ROUND_ROBIN.planted if bug.in_own_tests)
    behaviour = hints.stuck_on(ROUND_ROBIN, outcome({}, own={bug.caught_by[0]: "fail"}))
    assert behaviour.key == f"bug:{bug.id}" and behaviour.levels == bug.hints


def test_a_weak_own_test_gets_hints_about_what_it_must_catch():
    duty = ROUND_ROBIN.own_test_duties[0]
    behaviour = hints.stuck_on(ROUND_ROBIN, outcome({}, own={duty.name: "weak"}))
    assert behaviour.key == f"own:{duty.name}" and duty.checks in behaviour.levels[0]


def test_a_solved_kata_and_code_that_does_not_import_get_no_level(tmp_path):
    state = Progress(tmp_path)
    solved = hints.give(ROUND_ROBIN, ROUND_ROBIN.starter_dir, outcome({}), state)
    assert "is solved" in solved[0]
    blocked = Outcome("", Status.ERROR, message="SyntaxError in round_robin.py line 3")
    assert "SyntaxError" in hints.give(ROUND_ROBIN, ROUND_ROBIN.starter_dir, blocked, state)[0]
    assert state.current("round_robin").hints_taken == 0
