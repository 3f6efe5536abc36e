"""Every CPython the README promises gives every kata's starter and reference the same
verdicts, test by test, as the Python that runs the self-tests; and make's set-up
says why a Python it cannot use is refused.

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
from tests.selftest.pythons import FOLLOWS_STR_HASH, WHERE, Python, others, same_str_hash

KATAS = [catalog.load(name) for name in kata_names()]
# What a pyenv shim of a version not selected says, and its status.
SHIM = """#!/bin/sh
echo "pyenv: python3.12: command not found" >&2
exit 127
"""
# This Python, saying it is 3.9 to the code make runs with -c.
OLD = """#!/bin/sh
exec {python} -c 'import sys; sys.version_info = (3, 9, 18); exec(sys.argv[1])' "$2"
"""


def set_up_with(tmp_path, script: str) -> subprocess.CompletedProcess:
    """make list with a BOOTSTRAP_PYTHON that is `script`, into a VENV of tmp_path."""
    bootstrap = tmp_path / "python3.12"
    bootstrap.write_text(script, encoding="utf-8")
    bootstrap.chmod(0o755)
    outside = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "PYTHON", "VENV")
    env = {key: value for key, value in os.environ.items() if key not in outside}
    command = ["make", "-s", "-C", str(ROOT), "list", f"VENV={tmp_path / 'venv'}"]
    return subprocess.run(
        [*command, f"BOOTSTRAP_PYTHON={bootstrap}"], capture_output=True, text=True, env=env
    )


def test_a_bootstrap_python_that_does_not_run_is_reported_with_its_own_words(tmp_path):
    done = set_up_with(tmp_path, SHIM)
    assert done.returncode == 2, done.stderr
    assert "pyenv: python3.12: command not found" in done.stderr
    assert "did not run" in done.stderr and "older" not in done.stderr, done.stderr
    assert not (tmp_path / "venv").exists()


def test_a_bootstrap_python_older_than_3_10_is_reported_as_too_old(tmp_path):
    done = set_up_with(tmp_path, OLD.format(python=sys.executable))
    assert done.returncode == 2, done.stderr
    assert "is Python 3.9, older than 3.10" in done.stderr, done.stderr
    assert not (tmp_path / "venv").exists()


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


Statuses = dict[str, dict[str, str]]  # by "tests" and "own_tests": each test's status


def graded(kata: catalog.Kata, folder: Path, python: str, label: str) -> Statuses:
    """The statuses of `folder` graded with `python`: a starter as graded_starter grades
    it, the reference as test_katas does."""
    limits = {"env": STARTER_SEED, "timeout": STARTER_LIMIT} if label == "starter" else {}
    checked = make_check(kata.name, folder, python=python, **limits)
    return {key: checked.statuses(key) for key in ("tests", "own_tests")}


def differences(
    kata: catalog.Kata, label: str, python: Python, got: Statuses, expected: Statuses
) -> list[str]:
    here = ".".join(map(str, sys.version_info[:3]))
    hashed_alike = same_str_hash(python.version, sys.version_info)
    return [
        f"{name}: {got[key].get(name, 'missing')} on {python.name}, "
        f"{expected[key].get(name, 'missing')} on {here}"
        for key in ("tests", "own_tests")
        for name in sorted(set(got[key]) | set(expected[key]))
        if got[key].get(name) != expected[key].get(name)
        and (hashed_alike or label != "starter" or name not in FOLLOWS_STR_HASH.get(kata.name, ()))
    ]


def by_name(kata: catalog.Kata) -> str:
    return kata.name


# make test-versions runs it (.ci/run among them), make test and make test-all do not.
@pytest.mark.versions
@pytest.mark.timeout(1200)
@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_every_cpython_gives_the_starter_and_the_reference_the_same_verdicts(kata, tmp_path):
    pythons = others()
    if not pythons:
        pytest.skip(f"no CPython 3.10+ besides this {sys.version.split()[0]} in {WHERE}")
    # Each test process starts with another Python, so that their set-ups run at once.
    turn = KATAS.index(kata) % len(pythons)
    cached = graded_starter(kata.name)
    starter = committed_starter(kata, tmp_path / "starter")
    keys = ("tests", "own_tests")
    expected = {
        "starter": {key: cached.statuses(key) for key in keys},
        # The reference passes every test here: test_katas holds it.
        "reference": {key: dict.fromkeys(cached.statuses(key), "pass") for key in keys},
    }
    wrong = []
    for python in pythons[turn:] + pythons[:turn]:
        interpreter = environment(python)
        for label, folder in (("starter", starter), ("reference", kata.solution_dir)):
            got = graded(kata, folder, interpreter, label)
            differ = differences(kata, label, python, got, expected[label])
            if any("timeout" in line for line in differ):
                # A TIMEOUT on one side only may be the machine's load, not the code:
                # both sides are graded again, and what differs then is what counts.
                got = graded(kata, folder, interpreter, label)
                if label == "starter":
                    expected[label] = graded(kata, folder, sys.executable, label)
                differ = differences(kata, label, python, got, expected[label])
            wrong += [f"{label}, {line}" for line in differ]
    found = ", ".join(python.name for python in pythons)
    assert not wrong, f"{kata.name}, graded on {found}:\n" + "\n".join(wrong)
