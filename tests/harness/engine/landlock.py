"""The grading child confines its own writes, with Linux's Landlock.

Before it imports the learner's code, the grading child (tests.harness.engine.child)
gives up every write but those in the folders it names: the folder it grades (make
grade's private copy of a submission, make check's learner's folder) and its own
temporary folder. The kernel holds that for the rest of the child's life and for
every process it starts; a write anywhere else fails at once, in the learner's
code, with PermissionError. Reading stays open: Python, the grader, the spec tests.
Where the kernel can (Landlock ABI 6, Linux 6.12), the child also gives up
signalling any process it did not start (the grader, a classmate's grading)
and connecting to their abstract Unix sockets.

Landlock confines what a file holds, not what is said of it: changing a file's
mode, owner, times or extended attributes stays open (docs/teachers.md says so),
and so does connecting to a Unix socket that has a path (a tmux session's, say).

Landlock (Linux 5.13 and later) lets any process restrict itself: no root, no
package, three system calls, made here through ctypes, after PR_SET_NO_NEW_PRIVS
(which the kernel asks of a process that is not root; its only other effect is that
a set-user-ID program started from the child gains no rights). Where it is missing
(an older kernel, one built without it, a container that filters the calls, macOS)
nothing is confined: `version()` says 0, and make grade says so.
"""

from __future__ import annotations

import ctypes
import functools
import os
import sys
from collections.abc import Iterable
from pathlib import Path

# The system calls' numbers: the same on every architecture Linux runs Python on
# (alpha aside), since they came after the tables were unified.
CREATE_RULESET, ADD_RULE, RESTRICT_SELF = 444, 445, 446
CREATE_RULESET_VERSION = 1 << 0
RULE_PATH_BENEATH = 1
PR_SET_NO_NEW_PRIVS = 38

# The file-system rights that write, by the ABI version that brought them. The
# others (execute, read a file, read a folder, ioctl on a device) are not handled,
# and so stay open.
WRITE_FILE = 1 << 1
REMOVE_DIR, REMOVE_FILE = 1 << 4, 1 << 5
MAKE_CHAR, MAKE_DIR, MAKE_REG, MAKE_SOCK = 1 << 6, 1 << 7, 1 << 8, 1 << 9
MAKE_FIFO, MAKE_BLOCK, MAKE_SYM = 1 << 10, 1 << 11, 1 << 12
REFER = 1 << 13  # ABI 2: a file moved or linked from one folder to another
TRUNCATE = 1 << 14  # ABI 3
WRITES = {
    1: WRITE_FILE
    | REMOVE_DIR
    | REMOVE_FILE
    | MAKE_CHAR
    | MAKE_DIR
    | MAKE_REG
    | MAKE_SOCK
    | MAKE_FIFO
    | MAKE_BLOCK
    | MAKE_SYM,
    2: REFER,
    3: TRUNCATE,
}
# Never granted, even in the writable folders: a device node made there would give a
# grader that runs as root the disk itself.
DEVICES = MAKE_CHAR | MAKE_BLOCK
# The rights a rule on a single file (not a folder) may hold.
FILE_RIGHTS = WRITE_FILE | TRUNCATE
# ABI 6: abstract Unix sockets, and signals, only between processes of the same
# domain (the child and what it starts).
SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL = 1 << 0, 1 << 1
SCOPES_FROM = 6
# The struct's fields by the ABI that reads them: access to files (1), to the
# network (4), scopes (6). A kernel reads as many as the size passed says.
FIELDS_FROM = (1, 4, 6)
# Written to by the learner's code as if it were nowhere: opening it must not fail.
ALWAYS_WRITABLE = (os.devnull,)


class _RulesetAttr(ctypes.Structure):
    _fields_ = [
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    ]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1  # packed in the kernel's header
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


@functools.cache
def version() -> int:
    """The Landlock ABI version this kernel gives this process; 0 where there is none."""
    if not sys.platform.startswith("linux"):
        return 0
    try:
        found = _libc().syscall(
            ctypes.c_long(CREATE_RULESET),
            None,
            ctypes.c_size_t(0),
            ctypes.c_uint32(CREATE_RULESET_VERSION),
        )
    except (OSError, AttributeError):
        return 0
    return max(found, 0)


def confine(writable: Iterable[Path]) -> int:
    """From now on, let this process and every process it starts write only below the
    folders `writable` (and to /dev/null) and, where the kernel can, signal only its
    own processes. The Landlock ABI version it was done with; 0 where nothing could be
    confined (the process is then left as it was)."""
    abi = version()
    if not abi:
        return 0
    libc = _libc()
    handled = sum(rights for since, rights in WRITES.items() if abi >= since)
    scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL if abi >= SCOPES_FROM else 0
    attr = _RulesetAttr(handled, 0, scoped)
    fields = sum(abi >= since for since in FIELDS_FROM)
    size = ctypes.c_size_t(fields * ctypes.sizeof(ctypes.c_uint64))
    ruleset = libc.syscall(ctypes.c_long(CREATE_RULESET), ctypes.byref(attr), size, 0)
    if ruleset < 0:
        return 0
    try:
        rules = [(Path(folder), handled & ~DEVICES) for folder in writable]
        rules += [(Path(file), handled & FILE_RIGHTS) for file in ALWAYS_WRITABLE]
        for path, rights in rules:
            if not _allow(libc, ruleset, path, rights):
                return 0
        if libc.prctl(PR_SET_NO_NEW_PRIVS, ctypes.c_ulong(1), *[ctypes.c_ulong(0)] * 3):
            return 0
        if libc.syscall(ctypes.c_long(RESTRICT_SELF), ruleset, ctypes.c_uint32(0)):
            return 0
    finally:
        os.close(ruleset)
    return abi


def _allow(libc: ctypes.CDLL, ruleset: int, path: Path, rights: int) -> bool:
    """Add the rule that grants `rights` below `path`; True when it was added, or when
    `path` does not exist (nothing there to write)."""
    try:
        handle = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    try:
        rule = _PathBeneathAttr(rights, handle)
        added = libc.syscall(
            ctypes.c_long(ADD_RULE), ruleset, RULE_PATH_BENEATH, ctypes.byref(rule), 0
        )
        return added == 0
    finally:
        os.close(handle)
