"""The learner's loop end to end, through make, in a copy of the repository:
check, three hints, a fix, the next hint, list, a commit, a reset, and solving."""

import os
import shutil
import subprocess
import sys

from tests.harness import catalog, files, starter, variants
from tests.harness.layout import ROOT

KATA = catalog.load("round_robin")
# The starter's endless loops cost this each.
LIMIT = "TIMEOUT=0.5"


def repository_copy(target):
    """The working tree without its environment, caches or state; the kata as shipped."""
    skipped = shutil.ignore_patterns(".venv", ".git", "__pycache__", ".katas", ".*_cache")
    shutil.copytree(ROOT, target, ignore=skipped)
    for name, data in starter.shipped(KATA).items():
        (target / "katas" / KATA.name / name).write_bytes(data)
    return target


def make(repo, *arguments):
    env = {key: value for key, value in os.environ.items() if not key.startswith("KATAS_")}
    env = {key: value for key, value in env.items() if key not in ("MAKEFLAGS", "MAKELEVEL")}
    env.pop("FORCE_COLOR", None)
    return subprocess.run(
        [
            "make",
            "-s",
            "--no-print-directory",
            "-C",
            str(repo),
            *arguments,
            "PYTHON=" + sys.executable,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


def kata_line(listing: str) -> str:
    return next(line for line in listing.splitlines() if f" {KATA.name} " in line)


def test_check_hints_fix_reset_and_solve(tmp_path):
    repo = repository_copy(tmp_path / "repo")
    mine = repo / "katas" / KATA.name

    assert make(repo, "check", f"KATA={KATA.name}", LIMIT).returncode != 0
    hints = [make(repo, "hint", f"KATA={KATA.name}", LIMIT).stdout for _ in range(3)]
    titles = [text.splitlines()[0] for text in hints]
    assert [title.split(" —")[0] for title in titles] == [f"Hint {n} of 3" for n in (1, 2, 3)]
    assert len({title.split("— ")[1] for title in titles}) == 1, "three hints, one behaviour"

    # Fix the first planted bug: the hint moves on to another behaviour.
    variants.build(KATA, KATA.planted[1:], mine)
    fixed = files.every_file(mine)
    moved_on = make(repo, "hint", f"KATA={KATA.name}", LIMIT)
    assert moved_on.stdout.startswith("Hint 1 of 3"), moved_on.stdout
    assert moved_on.stdout.splitlines()[0] != titles[0]
    assert "grading katas/round_robin first" in moved_on.stderr
    listed = make(repo, "list").stdout
    assert "· 2 checks · 4 hints" in kata_line(listed), listed

    # The attempt is committed on top of the clone; a reset still finds the starter.
    git = ["git", "-C", str(repo), "-c", "user.name=L", "-c", "user.email=l@example.org"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "my attempt"], check=True)
    reset = make(repo, "reset", f"KATA={KATA.name}")
    assert reset.returncode == 0, reset.stderr
    backup = repo / reset.stdout.splitlines()[0].split("Your files are in ")[1]
    assert files.every_file(backup) == fixed, "the backup does not hold the fix"
    assert files.every_file(mine) == starter.shipped(KATA)
    again = make(repo, "reset", f"KATA={KATA.name}")
    assert "nothing to reset" in again.stdout
    assert "· 2 checks · 4 hints" in kata_line(make(repo, "list").stdout), "reset lost the attempt"

    for name in KATA.files:
        shutil.copyfile(KATA.solution_dir / name, mine / name)
    assert make(repo, "check", f"KATA={KATA.name}").returncode == 0
    listed = make(repo, "list").stdout
    assert "solved in under a minute with 4 hints" in kata_line(listed), listed
    assert "Next: make check KATA=hash_ring" in listed
    assert "is solved" in make(repo, "hint", f"KATA={KATA.name}").stdout
