"""Every CPython the README promises gives every kata's starter and reference the same
verdicts, test by test, as the Python that runs the self-tests.

The other CPythons are those tests.selftest.pythons finds (BOOTSTRAP_PYTHON,
python3.X on PATH, pyenv's versions; one of each minor version from 3.10). Each is
set up as a learner sets it up, by make, into a folder of this run (VENV=), with
the dev group, so that every pin is shown to install on it. Where none is found,
the test is skipped with one line saying where it looked.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.harness.core.layout import ROOT, kata_names
from tests.harness.kata import catalog
from tests.selftest.checking import (
    SHARED,
    STARTER_LIMIT,
    STARTER_SEED,
    committed_starter,
    graded_starter,
    make_check,
)
from tests.selftest.pythons import WHERE, Python, others

# The full tier: make test-all runs this file (.ci/run among them), make test does not.
pytestmark = pytest.mark.thorough

KATAS = [catalog.load(name) for name in kata_names()]


def environment(python: Python) -> str:
    """The interpreter of an environment made from `python` by make, as the README says,
    with the dev group: made once per run, whichever test process asks first."""
    venv = Path(os.environ[SHARED]) / f"venv-{python.name}"
    with (venv.parent / f"venv-{python.name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (venv / ".installed-dev").is_file():
            outside = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "PYTHON", "VENV")
            env = {key: value for key, value in os.environ.items() if key not in outside}
            setup = [f"{venv}/.installed-dev", f"VENV={venv}", f"BOOTSTRAP_PYTHON={python.path}"]
            done = subprocess.run(
                ["make", "-s", "-C", str(ROOT), *setup],
                capture_output=True,
                text=True,
                timeout=600,
                env=env,
            )
            assert done.returncode == 0, (
                f"setting up Python {python.name} ({python.path}) failed: {done.stderr[-3000:]}"
            )
    return str(venv / "bin" / "python")


def differences(python: Python, got: dict[str, str], expected: dict[str, str]) -> list[str]:
    here = ".".join(map(str, sys.version_info[:3]))
    return [
        f"{name}: {got.get(name, 'missing')} on {python.name}, {expected.get(name, 'missing')} "
        f"on {here}"
        for name in sorted(set(got) | set(expected))
        if got.get(name) != expected.get(name)
    ]


def by_name(kata: catalog.Kata) -> str:
    return kata.name


@pytest.mark.timeout(1200)
@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_every_cpython_gives_the_starter_and_the_reference_the_same_verdicts(kata, tmp_path):
    pythons = others()
    if not pythons:
        pytest.skip(f"no CPython 3.10+ besides this {sys.version.split()[0]} in {WHERE}")
    # Each test process starts with another Python, so that their set-ups run at once.
    turn = KATAS.index(kata) % len(pythons)
    baseline = graded_starter(kata.name)
    starter = committed_starter(kata, tmp_path / "starter")
    passing = {key: dict.fromkeys(baseline.statuses(key), "pass") for key in ("tests", "own_tests")}
    wrong = []
    for python in pythons[turn:] + pythons[:turn]:
        interpreter = environment(python)
        checked = make_check(
            kata.name, starter, env=STARTER_SEED, timeout=STARTER_LIMIT, python=interpreter
        )
        reference = make_check(kata.name, kata.solution_dir, python=interpreter)
        for key in ("tests", "own_tests"):
            # The reference passes every test here: test_katas holds it.
            wrong += [
                f"starter, {line}"
                for line in differences(python, checked.statuses(key), baseline.statuses(key))
            ]
            wrong += [
                f"reference, {line}"
                for line in differences(python, reference.statuses(key), passing[key])
            ]
    found = ", ".join(python.name for python in pythons)
    assert not wrong, f"{kata.name}, graded on {found}:\n" + "\n".join(wrong)
