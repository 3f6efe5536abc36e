"""What the learner's code may use besides time: memory, files, processes.

Every grading child has a memory limit (2 GiB by default, MEMORY= in MiB), a
file-size limit and a process limit; going over one is a verdict in words
within the test's time, never a hang or a traceback. Where Linux has Landlock,
it may write only in its own folder and its temporary folder, and (from
Landlock ABI 6) signal only the processes it started. And nothing the code
starts survives the check, not even a process that left its group.
"""

import json
import os
import secrets
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.harness.core.layout import ROOT
from tests.harness.engine import landlock
from tests.harness.kata import catalog
from tests.selftest.checking import (
    STARTER_LIMIT,
    VANDAL_LOG,
    committed_starter,
    learner_folder,
    make_check,
    make_in,
    repository_copy,
    round_robin_learner,
    snapshot,
    vandal,
)

KATA = catalog.load("round_robin")
ANCHOR = "        size = len(self._workers)\n"


def hostile(folder, body: str, top: str = ""):
    """The starter with `body` first in assign(), and `top` before its first line."""
    module = folder / "round_robin.py"
    text = module.read_text(encoding="utf-8")
    assert ANCHOR in text
    text = textwrap.dedent(top) + text.replace(
        ANCHOR, textwrap.indent(textwrap.dedent(body), " " * 8) + ANCHOR
    )
    module.write_text(text)
    return folder


def first_failure(checked) -> dict:
    return next(test for test in checked.result["tests"] if test["status"] != "pass")


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS does not enforce RLIMIT_AS")
def test_memory_past_the_limit_is_an_error_that_says_so(tmp_path):
    folder = hostile(committed_starter(KATA, tmp_path / "mine"), "hoard = bytearray(3 * 2**30)\n")
    started = time.monotonic()
    checked = make_check(KATA.name, folder, timeout=STARTER_LIMIT)
    assert time.monotonic() - started < 60
    failure = first_failure(checked)
    assert failure["status"] == "error" and "more than 2 GiB of memory" in failure["message"]
    assert "Traceback" not in failure["message"]


def test_a_huge_file_is_an_error_that_says_so(tmp_path):
    body = """
        with tempfile.TemporaryFile() as out:
            out.write(b"x" * 100 * 2**20)
    """
    # On the reference, with a limit that writing 64 MiB to a busy disk cannot reach:
    # the verdict under test is the file's, never a timeout.
    reference = learner_folder(KATA, KATA.solution_dir, tmp_path / "mine")
    folder = hostile(reference, body, top="import tempfile\n")
    checked = make_check(KATA.name, folder, timeout=10)
    failure = first_failure(checked)
    assert failure["status"] == "error", failure
    assert "a file larger than the grader's limit" in failure["message"], failure


@pytest.mark.skipif(
    os.name != "posix" or not sys.platform.startswith("linux"), reason="no subreaper"
)
def test_nothing_the_code_starts_outlives_the_check(tmp_path):
    marker = tmp_path / "mine" / "alive"  # in its own folder: the one it may write in
    top = f"""
        import os, time
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                with open({str(marker)!r}, "a") as out:
                    out.write(f"{{os.getpid()}}\\n")
                while True:
                    time.sleep(1)
            os._exit(0)
    """
    folder = hostile(committed_starter(KATA, tmp_path / "mine"), "", top=top)
    make_check(KATA.name, folder, timeout=STARTER_LIMIT)
    pids = [int(line) for line in marker.read_text().split()]
    assert pids, "the code did not start its process"
    alive = _still_running(pids)
    assert not alive, f"processes the code started outlived the check: {alive}"


def _still_running(pids: list[int], patience: float = 30) -> list[int]:
    """The processes of `pids` still running (not gone, not a zombie) once they all
    ended or `patience` seconds passed: a kill is sent before the check returns, but a
    busy machine may take a while to carry it out."""
    deadline = time.monotonic() + patience
    while True:
        alive = [pid for pid in pids if os.path.exists(f"/proc/{pid}") and _state(pid) != "Z"]
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.05)


def _state(pid: int) -> str:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return "Z"
    return stat[stat.rindex(")") + 2]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_a_grader_killed_mid_check_takes_its_grading_child_with_it(tmp_path):
    """A check stopped with kill -9 (a closed laptop lid, a teacher's Ctrl-\\) must
    not leave the code it was grading looping on."""
    marker = tmp_path / "mine" / "child"  # in its own folder: the one it may write in
    top = f"""
        import os
        with open({str(marker)!r}, "w") as out:
            out.write(str(os.getpid()))
    """
    folder = hostile(committed_starter(KATA, tmp_path / "mine"), "while True:\n    pass\n", top=top)
    command = [sys.executable, "-m", "tests.harness", "check", KATA.name, "--dir", str(folder)]
    grader = subprocess.Popen([*command, "--timeout", "30"], cwd=ROOT, stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while not (marker.exists() and marker.read_text()) and time.monotonic() < deadline:
            time.sleep(0.05)
        child = int(marker.read_text())
        time.sleep(0.3)  # into the endless loop of a test
        grader.kill()
    finally:
        grader.wait()
    assert not _still_running([child]), f"the grading child {child} outlived its grader"


NO_LANDLOCK = pytest.mark.skipif(
    not landlock.version(), reason="no Landlock here: writes are not confined"
)


@NO_LANDLOCK
def test_a_write_outside_its_folder_is_a_permission_error_that_says_why(tmp_path):
    outside = tmp_path / "outside.txt"
    top = f"open({str(outside)!r}, 'w').write('x')\n"
    folder = round_robin_learner(tmp_path / "mine", top=top)
    checked = make_check(KATA.name, folder, timeout=STARTER_LIMIT)
    message = checked.result["message"]
    assert "raised PermissionError" in message and "at round_robin.py line 1" in message, message
    assert "your code may write only in its own folder" in message, message
    assert not outside.exists()


@NO_LANDLOCK
def test_a_vandal_in_a_check_writes_nothing_outside_its_folder(tmp_path):
    """Code that overwrites the other katas' files, appends a line to every module of
    the grader and the spec tests, and writes in the home folder and in /tmp gets a
    PermissionError in its own code for each write, and changes nothing: a check of
    it, which is the reference after that, is Solved."""
    repo = repository_copy(tmp_path / "repo", KATA)
    folder = repo / "katas" / KATA.name
    home = tmp_path / "home"
    home.mkdir()
    in_tmp = Path("/tmp") / f"katas-vandal-{secrets.token_hex(8)}"
    vandal(folder, str(in_tmp))
    before = _repository(repo)
    done = make_in(
        repo,
        "check",
        f"KATA={KATA.name}",
        "FORMAT=json",
        f"TIMEOUT={STARTER_LIMIT}",
        env={"HOME": str(home)},
    )
    assert json.loads(done.stdout)["status"] == "pass", done.stdout
    tried = [line.split() for line in (folder / VANDAL_LOG).read_text().splitlines()]
    assert {what for what, _ in tried} == {"sibling", "module", "home", "tmp"}, tried
    assert {outcome for _, outcome in tried} == {"PermissionError"}, tried
    assert _repository(repo) == before, "a file outside the learner's folder was changed"
    assert not list(home.iterdir()), "the vandal wrote in the home folder"
    assert not in_tmp.exists(), "the vandal wrote in /tmp"


def _repository(repo: Path) -> dict[str, bytes]:
    """The repository's files, but the learner's folder's vandal.log, the learner's
    progress (.katas/) and the bytecode the grader's own process caches."""
    return {
        path: data
        for path, data in snapshot(repo).items()
        if "__pycache__" not in path and not path.startswith(".katas") and VANDAL_LOG not in path
    }


@pytest.mark.skipif(
    landlock.version() < landlock.SCOPES_FROM,
    reason="signals are confined from Landlock ABI 6 (Linux 6.12)",
)
def test_the_code_cannot_signal_the_grader(tmp_path):
    top = "import os, signal\nos.kill(os.getppid(), signal.SIGTERM)\n"
    folder = round_robin_learner(tmp_path / "mine", top=top)
    checked = make_check(KATA.name, folder, timeout=STARTER_LIMIT)
    message = checked.result["message"]
    assert "raised PermissionError" in message and "at round_robin.py line 2" in message, message
