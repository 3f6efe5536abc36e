"""The learner's loop end to end, through make, in a copy of the repository:
check, three hints, a fix, the next hint, list, a commit, a reset, and solving."""

import json
import shutil
import subprocess
import sys

from tests.harness.core import files
from tests.harness.core.layout import kata_names
from tests.harness.kata import catalog, starter, variants
from tests.harness.wording.common import COMMAND
from tests.selftest.checking import (
    ROOT,
    STARTER_LIMIT,
    STARTER_SEED,
    graded_starter,
    learner_env,
    make_in,
    repository_copy,
)

KATA = catalog.load("round_robin")


# The starter's endless loops cost this each.
LIMIT = "TIMEOUT=0.5"


def kata_line(listing: str) -> str:
    return next(line for line in listing.splitlines() if f" {KATA.name} " in line)


def test_check_hints_fix_reset_and_solve(tmp_path):
    repo = repository_copy(tmp_path / "repo", KATA)
    mine = repo / "katas" / KATA.name

    assert make_in(repo, "check", f"KATA={KATA.name}", LIMIT).returncode != 0
    hints = [make_in(repo, "hint", f"KATA={KATA.name}", LIMIT).stdout for _ in range(3)]
    titles = [text.splitlines()[0] for text in hints]
    assert [title.split(" —")[0] for title in titles] == [f"Hint {n} of 3" for n in (1, 2, 3)]
    assert len({title.split("— ")[1] for title in titles}) == 1, "three hints, one behaviour"

    # Fix the first planted bug: the hint moves on to another behaviour.
    variants.build(KATA, KATA.planted[1:], mine)
    fixed = files.every_file(mine)
    moved_on = make_in(repo, "hint", f"KATA={KATA.name}", LIMIT)
    assert moved_on.stdout.startswith("Hint 1 of 3"), moved_on.stdout
    assert moved_on.stdout.splitlines()[0] != titles[0]
    assert "grading katas/round_robin first" in moved_on.stderr
    listed = make_in(repo, "list").stdout
    assert "· 2 checks · 4 hints" in kata_line(listed), listed

    # The attempt is committed on top of the clone; a reset still finds the starter.
    git = ["git", "-C", str(repo), "-c", "user.name=L", "-c", "user.email=l@example.org"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "my attempt"], check=True)
    reset = make_in(repo, "reset", f"KATA={KATA.name}")
    assert reset.returncode == 0, reset.stderr
    backup = repo / reset.stdout.splitlines()[0].split("Your files are in ")[1]
    assert files.every_file(backup) == fixed, "the backup does not hold the fix"
    assert files.every_file(mine) == starter.shipped(KATA)
    again = make_in(repo, "reset", f"KATA={KATA.name}")
    assert "nothing to reset" in again.stdout
    assert "· 2 checks · 4 hints" in kata_line(make_in(repo, "list").stdout), (
        "reset lost the attempt"
    )

    for name in KATA.files:
        shutil.copyfile(KATA.solution_dir / name, mine / name)
    solving = make_in(repo, "check", f"KATA={KATA.name}")
    assert solving.returncode == 0
    assert "Debrief — " in solving.stdout, "the check that solves the kata ends with the debrief"
    listed = make_in(repo, "list").stdout
    assert "solved in under a minute with 4 hints" in kata_line(listed), listed
    after = min(
        (k for k in map(catalog.load, kata_names()) if k.order > KATA.order),
        key=lambda kata: kata.order,
    )
    assert f"Next: make check KATA={after.name}" in listed
    assert "is solved" in make_in(repo, "hint", f"KATA={KATA.name}").stdout


def pasted(command: str) -> subprocess.CompletedProcess:
    """`command` pasted into a learner's shell at the repository's top."""
    return subprocess.run(
        command,
        shell=True,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**learner_env(), "PYTHON": sys.executable},
    )


def test_the_commands_a_report_gives_run_as_pasted_wherever_the_folder_is(tmp_path):
    """A folder given with DIR= whose path holds spaces, quotes, a $ and backquotes: it is
    graded, and the commands the report says to run next, and the diff it gives once
    solved, run as pasted (they named the folder unquoted, and the shell split it in
    two; make put it in double quotes, and the shell ran what the backquotes held)."""
    folder = tmp_path / """it's "my" `katas` $HOME""" / KATA.name
    shutil.copytree(KATA.starter_dir, folder)
    first = make_in(ROOT, "check", f"KATA={KATA.name}", f"DIR={folder}", LIMIT).stdout
    checks = [command for command in COMMAND.findall(first) if command.startswith("make check")]
    assert len(checks) == 2, "the report gives the check again, and of the first failing test"
    for command in checks:
        graded = pasted(f"{command} {LIMIT}").stdout
        assert graded.splitlines()[:1] == first.splitlines()[:1], f"{command}: another folder"
    shutil.copytree(KATA.solution_dir, folder, dirs_exist_ok=True)
    solved = make_in(ROOT, "check", f"KATA={KATA.name}", f"DIR={folder}").stdout.splitlines()
    diff = pasted(solved[solved.index("Solved. Compare your fix with the reference solution:") + 1])
    assert diff.returncode == 0, diff.stdout + diff.stderr


def test_modules_named_like_pythons_own_do_not_stand_in_for_them(tmp_path):
    """A random.py, json.py and tempfile.py a learner leaves at the repository's top, or
    in a folder on PYTHONPATH, change no report (every command had ended with a
    traceback: the harness imported them in place of Python's own)."""
    repo = repository_copy(tmp_path / "repo", KATA)
    elsewhere = tmp_path / "on-the-path"
    elsewhere.mkdir()
    for folder in (repo, elsewhere):
        for name in ("random", "json", "tempfile"):
            (folder / f"{name}.py").write_text(f'raise SystemExit("my own {name}")\n')
    check = ("check", f"KATA={KATA.name}", "FORMAT=json", f"TIMEOUT={STARTER_LIMIT}")
    checked = make_in(repo, *check, env={**STARTER_SEED, "PYTHONPATH": str(elsewhere)})
    assert json.loads(checked.stdout) == graded_starter(KATA.name).result, checked.stderr
