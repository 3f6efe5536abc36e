"""Nothing the learner's code starts outlives its check.

A grading child runs in a session of its own, and stopping it kills that
session's process group: every process the learner's code started with it.
A process that left the group (`os.setsid()`, a double fork) escapes that,
so the grader makes itself a subreaper (Linux's PR_SET_CHILD_SUBREAPER): an
orphan anywhere below it becomes its own child instead of init's. After a
child is stopped, `sweep` kills every child of the grader's that is not one
it knows (a grading child, a submission's supervisor) and reaps it.

Elsewhere (macOS) there is no subreaper: the process group is all that is
killed, and docs/teachers.md says so.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
from pathlib import Path

PR_SET_CHILD_SUBREAPER = 36
PR_SET_PDEATHSIG = 1
_became = {"tried": False, "done": False}


def become_subreaper() -> bool:
    """Make orphans below this process its children (once; Linux only)."""
    if not _became["tried"]:
        _became["tried"] = True
        if sys.platform.startswith("linux"):
            with contextlib.suppress(OSError, AttributeError):
                libc = ctypes.CDLL(None, use_errno=True)
                _became["done"] = libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    return _became["done"]


def die_with(parent: int) -> None:
    """End this process when `parent` (the grader that started it) ends: a grader
    killed mid-check must not leave its grading child looping on (Linux only)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # it ended before the line above: nobody will ask for us
        os._exit(1)


def children() -> list[int]:
    """This process's children, from /proc (Linux); [] where there is no /proc."""
    me, found = os.getpid(), []
    with contextlib.suppress(OSError):
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text(encoding="utf-8", errors="replace")
            except OSError:  # gone meanwhile
                continue
            # pid (comm) state ppid ...: comm may hold spaces and parentheses.
            fields = stat[stat.rindex(")") + 2 :].split()
            if int(fields[1]) == me:
                found.append(int(entry.name))
    return found


def sweep(known: set[int]) -> list[int]:
    """Kill and reap every child of this process that is not in `known`: orphans the
    learner's code left. The pids killed."""
    if not _became["done"]:
        return []
    killed = []
    for pid in children():
        if pid in known:
            continue
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)  # its own group, if it made one
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)
        killed.append(pid)
    return killed
