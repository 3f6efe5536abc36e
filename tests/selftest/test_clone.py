"""A fresh clone sets itself up with the README's command, from any directory.

Its own file, collected early: it installs a virtual environment from
scratch, the slowest self-test, so it starts first rather than last.
"""

import os
import subprocess

import pytest

from tests.harness.core.layout import ROOT

# The full tier: make test-all runs this file, make test does not.
pytestmark = pytest.mark.thorough


def test_fresh_clone_sets_itself_up_and_works_from_another_directory(tmp_path):
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    # As a learner's shell would be: not inside this make, nor with its PYTHON.
    outside = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "PYTHON")
    env = {key: value for key, value in os.environ.items() if key not in outside}
    done = subprocess.run(
        [
            "make",
            "-s",
            "-C",
            str(clone),
            "check",
            "KATA=round_robin",
            "FORMAT=json",
            f"DIR={ROOT / 'solutions/round_robin'}",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert (clone / ".venv/.installed").is_file()
    # A learner gets what a learner's commands need; make test and make lint add the rest.
    assert not (clone / ".venv/.installed-dev").exists()
    assert '"status": "pass"' in done.stdout and done.stdout.lstrip().startswith("{")
    assert "Setting up" in done.stderr  # setup talked on stderr, not into the JSON
