"""The other CPythons on this machine that the README promises to work with.

    python -m tests.selftest.pythons [--ends]

Looked for where a learner's are: BOOTSTRAP_PYTHON, python3.X on PATH, and
pyenv's versions; one of each minor version from 3.10 (the newest of it) but the
running one's, that runs (a pyenv shim of a version not selected does not), has
the GIL and can make a virtual environment (Debian's python3 without python3-venv
cannot). Prints their paths, oldest first; with --ends, the oldest and the newest
only (one path if there is one, none if none): `.ci/run` runs the quick tier on
them. Standard library only: it runs before any environment is set up.
"""

from __future__ import annotations

import argparse
import functools
import glob
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

OLDEST = (3, 10)
# Minor versions looked for on PATH as python3.X: the oldest promised to some to come.
MINORS = range(OLDEST[1], 20)
WHERE = "BOOTSTRAP_PYTHON, python3.X on PATH and pyenv's versions"
# 3.10 hashes a str with SipHash-2-4, 3.11 and later with SipHash-1-3: under one
# PYTHONHASHSEED a str hashes elsewhere. Katas whose own hash map places keys by
# hash() behave by it (docs/grader.md): their tickets' replays print other figures on
# 3.10, and their starters' delete bug loses a key only where keys collide. By kata,
# the spec tests whose verdict on the starter differs on 3.10.
SIPHASH_1_3_SINCE = (3, 11)
FOLLOWS_STR_HASH: dict[str, frozenset[str]] = {
    "status_cache": frozenset(
        {
            "test_at_capacity_a_new_order_evicts_the_least_recently_updated",
            "test_entries_expire_in_the_order_of_their_last_updates",
        }
    ),
}


def same_str_hash(version: tuple[int, ...], other: tuple[int, ...]) -> bool:
    """Whether two Python versions hash a str alike."""
    return (version[:2] >= SIPHASH_1_3_SINCE) == (other[:2] >= SIPHASH_1_3_SINCE)


# The implementation, the version, whether the build is free-threaded, and whether
# it can make a virtual environment.
DESCRIBE = """
import importlib.util, platform, sys, sysconfig
print(platform.python_implementation(), *sys.version_info[:3],
      int(bool(sysconfig.get_config_var("Py_GIL_DISABLED"))),
      int(importlib.util.find_spec("ensurepip") is not None))
"""


@dataclass(frozen=True)
class Python:
    path: str
    version: tuple[int, int, int]

    @property
    def name(self) -> str:
        return ".".join(map(str, self.version))


def candidates() -> list[str]:
    """Interpreters where a learner's would be, in that order."""
    found = []
    bootstrap = os.environ.get("BOOTSTRAP_PYTHON")
    if bootstrap:
        found.append(shutil.which(bootstrap) or bootstrap)
    found += [shutil.which(f"python3.{minor}") for minor in MINORS]
    pyenv = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv")
    found += sorted(glob.glob(str(pyenv / "versions" / "*" / "bin" / "python3")))
    return [path for path in found if path]


def described(path: str) -> Python | None:
    """The CPython at `path`, if it runs, is 3.10 or newer, has the GIL and can make a
    virtual environment."""
    try:
        done = subprocess.run([path, "-c", DESCRIBE], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    fields = done.stdout.split()
    if done.returncode != 0 or len(fields) != 6 or fields[0] != "CPython":
        return None
    version = (int(fields[1]), int(fields[2]), int(fields[3]))
    if version[:2] < OLDEST or fields[4] != "0" or fields[5] != "1":
        return None
    return Python(path, version)


@functools.cache
def others() -> tuple[Python, ...]:
    """One CPython of each minor version but the running one's, oldest first."""
    newest: dict[tuple[int, int], Python] = {}
    for path in candidates():
        python = described(path)
        if python is None or python.version[:2] == sys.version_info[:2]:
            continue
        known = newest.get(python.version[:2])
        if known is None or python.version > known.version:
            newest[python.version[:2]] = python
    return tuple(newest[minor] for minor in sorted(newest))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ends", action="store_true", help="the oldest and the newest only")
    found = others()
    if parser.parse_args().ends:
        found = tuple(dict.fromkeys(found[:1] + found[-1:]))
    for python in found:
        print(python.path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
