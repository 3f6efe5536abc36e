"""`make new-kata`: the skeleton of a kata works before its author changes a line.

In a copy of the repository: the skeleton is written, its starter fails and
its reference passes through `make check`, its own self-tests pass through
`make test KATA=`, and the lint is clean. A name that cannot be a kata's is
refused in one line.
"""

import subprocess
import sys

import pytest

from tests.harness.kata import catalog
from tests.selftest.checking import learner_env, make_in, repository_copy

# The full tier: make test-all runs this file, make test does not.
pytestmark = pytest.mark.thorough

NAME = "vote_tally"


def test_a_new_kata_is_graded_and_its_self_tests_pass(tmp_path):
    repo = repository_copy(tmp_path / "repo", catalog.load("round_robin"))
    written = make_in(repo, "new-kata", f"KATA={NAME}")
    assert written.returncode == 0, written.stderr
    assert f"tests/{NAME}/kata.toml" in written.stdout
    starter = make_in(repo, "check", f"KATA={NAME}")
    assert starter.returncode != 0 and "FAIL" in starter.stdout, starter.stdout
    reference = make_in(repo, "check", f"KATA={NAME}", f"DIR=solutions/{NAME}")
    assert reference.returncode == 0 and "Solved." in reference.stdout, reference.stdout
    # Its self-tests, in this test's own process count: one pytest, no xdist; those of
    # make test-all, not its gradings on every other CPython found.
    pytest_run = [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-m", "not versions"]
    selftests = subprocess.run(
        [*pytest_run, "--kata", NAME],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=300,
        env=learner_env(),
    )
    assert selftests.returncode == 0, selftests.stdout[-3000:]
    lint = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "."],
        cwd=repo,
        capture_output=True,
        text=True,
    )
    assert lint.returncode == 0, lint.stdout


def test_a_name_that_cannot_be_a_kata_is_refused_in_one_line(tmp_path):
    repo = repository_copy(tmp_path / "repo", catalog.load("round_robin"))
    for name in ("Vote", "round_robin", "test_x", "a-b", ""):
        refused = subprocess.run(
            [sys.executable, "-m", "tests.harness", "new-kata", name],
            cwd=repo,
            capture_output=True,
            text=True,
            env=learner_env(),
        )
        assert refused.returncode == 2, (name, refused.stdout, refused.stderr)
        assert refused.stderr.startswith("error: ") and refused.stderr.count("\n") == 1, name
