"""What the learner's code may use besides time: memory, files, processes.

Every grading child has a memory limit (2 GiB by default, MEMORY= in MiB), a
file-size limit and a process limit; going over one is a verdict in words
within the test's time, never a hang or a traceback. And nothing the code
starts survives the check, not even a process that left its group.
"""

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.harness.core.layout import ROOT
from tests.harness.kata import catalog
from tests.selftest.checking import (
    STARTER_LIMIT,
    committed_starter,
    learner_folder,
    make_check,
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
        with open(os.path.join(os.path.dirname(__file__), "..", "huge.bin"), "wb") as out:
            out.write(b"x" * 100 * 2**20)
    """
    # On the reference, with a limit that writing 64 MiB to a busy disk cannot reach:
    # the verdict under test is the file's, never a timeout.
    reference = learner_folder(KATA, KATA.solution_dir, tmp_path / "mine")
    folder = hostile(reference, body, top="import os\n")
    checked = make_check(KATA.name, folder, timeout=10)
    failure = first_failure(checked)
    assert failure["status"] == "error", failure
    assert "a file larger than the grader's limit" in failure["message"], failure


@pytest.mark.skipif(
    os.name != "posix" or not sys.platform.startswith("linux"), reason="no subreaper"
)
def test_nothing_the_code_starts_outlives_the_check(tmp_path):
    marker = tmp_path / "alive"
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
    time.sleep(0.5)
    pids = [int(line) for line in marker.read_text().split()]
    assert pids, "the code did not start its process"
    alive = [pid for pid in pids if os.path.exists(f"/proc/{pid}") and "Z" not in _state(pid)]
    assert not alive, f"processes the code started outlived the check: {alive}"


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
    marker = tmp_path / "child"
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
    time.sleep(0.5)
    assert _state(child) == "Z", f"the grading child {child} outlived its grader"
