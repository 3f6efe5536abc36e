"""Helpers for the self-tests: grade a folder through the real `make check`."""

from __future__ import annotations

import dataclasses
import fcntl
import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tests.harness.check import grading
from tests.harness.core import limits
from tests.harness.core.layout import ROOT
from tests.harness.core.protocol import Result, Status, Variant
from tests.harness.kata.catalog import Kata

# The per-test limit for grading starters: their endless loops cost this each.
# Twice the learner's: under the load of a parallel make test a slow test of a
# starter may come near its limit, which is timing, not the grader.
STARTER_LIMIT = 0.8
STARTER_SEED = {"PYTHONHASHSEED": "1"}
# The environment variable naming the folder all test processes of a run share.
SHARED = "KATAS_SELFTEST_SHARED"


@dataclass
class Checked:
    exit_status: int
    seconds: float
    stdout: str
    stderr: str

    @property
    def result(self) -> dict:
        return json.loads(self.stdout)

    def statuses(self, key: str = "tests") -> dict[str, str]:
        return {test["name"]: test["status"] for test in self.result[key]}


def check_command(
    kata: str,
    folder: Path | None = None,
    fmt: str = "json",
    timeout: float = 2,
    check_timeout: float = 60,
    only: tuple[str, ...] = (),
    mode: str = "",
    python: str = sys.executable,
) -> list[str]:
    command = [
        "make",
        "-s",
        "--no-print-directory",
        "-C",
        str(ROOT),
        "check",
        f"KATA={kata}",
        f"FORMAT={fmt}",
        f"TIMEOUT={timeout}",
        f"CHECK_TIMEOUT={check_timeout}",
        f"PYTHON={python}",
    ]
    command += [f"ONLY={','.join(only)}"] if only else []
    command += [f"MODE={mode}"] if mode else []
    return command + ([f"DIR={folder}"] if folder is not None else [])


# Wrong versions are graded at a short limit, so that those that hang cost little.
SHORT_LIMIT = 0.3
# A test that runs out of the short limit may owe it to a busy machine rather than to
# the wrong version: it is graded again at twice the learner's own limit, and the
# version counts as refused only if it does not pass there either.
CONFIRM_LIMIT = limits.DEFAULT * 2


def graded_wrong(kata: str, variants: tuple[Variant, ...]) -> dict[str, dict[str, Result]]:
    """Each wrong version's result on each test it names, a TIMEOUT at the short limit
    confirmed at CONFIRM_LIMIT: a version that passes at the learner's limit is not
    refused, whatever a tighter limit said on a busy machine."""
    graded = grading.grade_variants(kata, variants, SHORT_LIMIT, check_limit=600, shrink=False)
    again = [
        Variant(v.name, v.folder, timed_out)
        for v in variants
        if (timed_out := tuple(t for t in v.only if graded[v.name][t].status is Status.TIMEOUT))
    ]
    if again:
        confirmed = grading.grade_variants(
            kata, tuple(again), CONFIRM_LIMIT, check_limit=600, shrink=False
        )
        for name, results in confirmed.items():
            graded[name].update(results)
    return graded


def make_check(
    kata: str, folder: Path | None = None, env: dict[str, str] | None = None, **options
) -> Checked:
    """Grade `folder` with `make check`; `env` adds to the environment; options are
    those of check_command()."""
    started = time.monotonic()
    done = subprocess.run(
        check_command(kata, folder, **options),
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **(env or {})},
    )
    return Checked(done.returncode, time.monotonic() - started, done.stdout, done.stderr)


def learner_folder(kata: Kata, modules: Path, folder: Path) -> Path:
    """A folder holding the modules found in `modules`, and the reference's other files."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copytree(modules, folder, dirs_exist_ok=True)  # a package's files too
    for name in kata.files:
        if not (folder / name).exists():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(kata.solution_dir / name, folder / name)
    return folder


@functools.cache
def graded_starter(kata: str) -> Checked:
    """The JSON grading of a kata's committed starter, with a short limit and
    PYTHONHASHSEED=1 (test_verdicts grades it again with another seed).

    Made once per `make test`, whichever test process asks first: several
    self-tests read it, and a starter that hangs takes seconds to grade.
    """
    from tests.harness.kata import catalog

    def grade() -> Checked:
        folder = committed_starter(catalog.load(kata), Path(tempfile.mkdtemp(prefix="starter-")))
        return make_check(kata, folder, env=STARTER_SEED, timeout=STARTER_LIMIT)

    return made_once(f"starter-{kata}", grade)


@functools.cache
def graded_reference(kata: str) -> Checked:
    """The JSON grading of a kata's reference, at the learner's limits: made once per
    `make test`, as graded_starter is (test_katas and test_round_mode read it)."""
    from tests.harness.kata import catalog

    return made_once(f"reference-{kata}", lambda: make_check(kata, catalog.load(kata).solution_dir))


def made_once(name: str, grade: Callable[[], Checked]) -> Checked:
    """grade(), or what it gave the test process that asked first: the others wait
    for it on a lock in the folder the test processes share."""
    shared = Path(os.environ[SHARED])
    saved = shared / f"{name}.json"
    with (shared / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if saved.exists():
            return Checked(**json.loads(saved.read_text(encoding="utf-8")))
        checked = grade()
        saved.write_text(json.dumps(dataclasses.asdict(checked)), encoding="utf-8")
        return checked


def committed_starter(kata: Kata, folder: Path) -> Path:
    """The starter's files as committed, so a learner's edits don't count.

    Outside a git checkout (a downloaded archive) the working tree is all there is.
    """
    folder.mkdir(parents=True, exist_ok=True)
    for name in kata.files:
        relative = kata.starter_dir.relative_to(ROOT) / name
        shown = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"HEAD:{relative.as_posix()}"],
            capture_output=True,
        )
        data = shown.stdout if shown.returncode == 0 else (ROOT / relative).read_bytes()
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    return folder


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file below `folder`, by relative path: to prove grading changed nothing."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


# Learner code under this guard runs in one spec test only, so one test hangs, not all.
ONLY_FOR_XY = '        if workers == ["X", "Y", "Z"]:\n'
XY_TEST = "test_every_worker_starts_available"
# The XY test with the spec tests around it: enough to show that the tests after
# a misbehaving one are still graded, for a fraction of a full check.
AROUND_XY = (
    "test_first_call_gives_the_first_worker_of_the_list",
    XY_TEST,
    "test_recovered_worker_is_next_from_the_cursor",
    "test_wraps_past_an_unavailable_first_worker",
)


def in_init(body: str) -> tuple[str, str]:
    """A `replace` for round_robin_learner: `body` first in __init__, under the X/Y guard."""
    anchor = "        if len(set(workers)) != len(workers):\n"
    return anchor, ONLY_FOR_XY + body + anchor


def round_robin_learner(
    folder: Path,
    *,
    top: str = "",
    in_assign: str = "",
    replace: tuple[str, str] | None = None,
    extra: dict[str, str] | None = None,
) -> Path:
    """A learner's round_robin folder: the reference, with hostile code added.

    `top` goes before line 1, `in_assign` at the start of assign()'s body,
    `replace` swaps every occurrence of a snippet, and `extra` adds files
    beside the module.
    """
    text = (ROOT / "solutions/round_robin/round_robin.py").read_text(encoding="utf-8")
    anchor = "        size = len(self._workers)\n"
    assert text.count(anchor) == 1, f"the reference no longer has, once, the line {anchor!r}"
    text = top + text.replace(anchor, in_assign + anchor)
    if replace:
        assert replace[0] in text, f"not in the reference: {replace[0]!r}"
        text = text.replace(*replace)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "round_robin.py").write_text(text, encoding="utf-8")
    tests = ROOT / "solutions/round_robin/test_round_robin.py"
    (folder / "test_round_robin.py").write_bytes(tests.read_bytes())
    for name, content in (extra or {}).items():
        (folder / name).write_text(content, encoding="utf-8")
    return folder


# A vandal, run at import before the reference: it overwrites every Python file of
# every sibling folder, appends a line to every module of the grader and the spec
# tests, and writes in the home folder and in /tmp; each write's outcome goes to
# VANDAL_LOG in its own folder, a line each ("<what> <exception>", or "<what>
# written"). Then it is the reference.
VANDAL = """\
import sys as _sys
from pathlib import Path as _Path

_SABOTAGE = "raise SystemExit('sabotaged')\\n"
_HERE = _Path(__file__).resolve().parent


def _attempt(what, path, text, mode="w"):
    try:
        with open(path, mode, encoding="utf-8") as out:
            out.write(text)
    except OSError as error:
        outcome = type(error).__name__
    else:
        outcome = "written"
    try:
        with open(_HERE / {log!r}, "a", encoding="utf-8") as log:
            log.write(f"{{what}} {{outcome}}\\n")
    except OSError:
        pass


for _parent in {{_HERE.parent, *map(_Path, {parents!r})}}:
    for _sibling in sorted(_parent.iterdir()):
        if _sibling.is_dir() and _sibling.resolve() != _HERE:
            for _file in sorted(_sibling.glob("*.py")):
                _attempt("sibling", _file, _SABOTAGE)
for _name, _module in list(_sys.modules.items()):
    _file = getattr(_module, "__file__", None)
    if (_name == "tests" or _name.startswith("tests.")) and _file:
        _attempt("module", _file, "\\n" + _SABOTAGE, "a")
_attempt("home", _Path.home() / "vandal-was-here", "hello")
_attempt("home", _Path.home() / ".bashrc", "\\necho sabotaged\\n", "a")
_attempt("tmp", {tmp!r}, "hello")
"""
VANDAL_LOG = "vandal.log"


def vandal(folder: Path, tmp: str, parents: tuple[Path, ...] = ()) -> Path:
    """`folder` holding round_robin's reference with VANDAL before its first line: it
    writes `tmp` (a path in /tmp) and attacks the folders in `parents` (and its own
    folder's parent); its own tests are the reference's."""
    code = VANDAL.format(log=VANDAL_LOG, parents=tuple(map(str, parents)), tmp=tmp)
    folder.mkdir(parents=True, exist_ok=True)
    reference = ROOT / "solutions/round_robin"
    text = (reference / "round_robin.py").read_text(encoding="utf-8")
    (folder / "round_robin.py").write_text(code + text, encoding="utf-8")
    shutil.copyfile(reference / "test_round_robin.py", folder / "test_round_robin.py")
    return folder


def repository_copy(target: Path, kata: Kata) -> Path:
    """The working tree without its environment, caches or state, `kata` as shipped:
    a repository of its own, whose katas/ a self-test may change."""
    from tests.harness.kata import starter

    skipped = shutil.ignore_patterns(".venv*", ".git", "__pycache__", ".katas", ".*_cache")
    shutil.copytree(ROOT, target, ignore=skipped)
    for name, data in starter.shipped(kata).items():
        (target / "katas" / kata.name / name).write_bytes(data)
    return target


def learner_env() -> dict[str, str]:
    """The environment of a learner's shell: the state in the repository, no colour forced,
    nothing a self-test's own pytest or pytest-xdist set (PYTEST_XDIST_WORKER, ...)."""
    outside = ("MAKEFLAGS", "MAKELEVEL", "FORCE_COLOR", "NO_COLOR")
    return {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("KATAS_", "PYTEST_")) and key not in outside
    }


MAKE_IN = ("make", "-s", "--no-print-directory", "-C")


def make_in(
    repo: Path, *arguments: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    """`make ARGUMENTS` in `repo`, as a learner runs it there; `env` adds to the
    environment."""
    return subprocess.run(
        [
            "make",
            "-s",
            "--no-print-directory",
            "-C",
            str(repo),
            *arguments,
            f"PYTHON={sys.executable}",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**learner_env(), **(env or {})},
    )
