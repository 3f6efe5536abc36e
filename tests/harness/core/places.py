"""Where in the learner's code something happened: from a traceback or a stack dump.

Only frames of files in the learner's folder count, so a place always names a
function and a line the learner wrote.
"""

from __future__ import annotations

import ast
import re
import traceback
from dataclasses import dataclass
from pathlib import Path
from types import FrameType, TracebackType

LOOPS = (
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
)
# A line that takes a lock, where code stuck for ever waits for one.
TAKES_A_LOCK = re.compile(r"\bwith\b.*lock|\.acquire\(", re.IGNORECASE)
# One frame of a faulthandler dump, which lists the innermost frame first.
DUMPED_FRAME = re.compile(r'^\s*File "(?P<file>.+)", line (?P<line>\d+) in (?P<function>\S+)', re.M)


@dataclass(frozen=True)
class Place:
    """A line of the learner's code, and the function the learner's code was entered by."""

    entry: str  # the outermost function of the learner's on the stack
    function: str  # the function the line is in
    file: str  # the file's name
    line: int
    in_loop: bool = False  # `line` is the first line of the innermost loop that was running
    lock_taken: str = ""  # the line's text, when it takes a lock (it may wait there for ever)


@dataclass(frozen=True)
class _Frame:
    path: Path
    function: str
    line: int
    file: str = ""  # as the learner's folder holds it: 'dispatch/balancer.py' in a package


def raised(exc: BaseException, folder: Path) -> Place | None:
    """The innermost line of the learner's code in the exception's traceback."""
    frames = _frames(exc.__traceback__, folder)
    if not frames:
        return None
    inner = frames[-1]
    text = _source_line(inner.path, inner.line)
    lock_taken = text if TAKES_A_LOCK.search(text) else ""
    return Place(frames[0].function, inner.function, inner.file, inner.line, False, lock_taken)


def last_line(exc: BaseException) -> tuple[str, int] | None:
    """(file name, line) of the innermost frame of the traceback, whoever wrote it."""
    summary = traceback.extract_tb(exc.__traceback__)
    if not summary:
        return None
    return Path(summary[-1].filename).name, summary[-1].lineno or 0


def stuck(exc: BaseException, folder: Path) -> Place | None:
    """Where code interrupted by `exc` (a time limit) was running."""
    return _stuck(_frames(exc.__traceback__, folder))


def stuck_in_dump(dump: str, folder: Path) -> Place | None:
    """Where the learner's code was in a faulthandler stack dump."""
    dumped = [m for m in DUMPED_FRAME.finditer(dump) if _yours(Path(m["file"]), folder)]
    frames = [
        _Frame(Path(m["file"]), m["function"], int(m["line"]), _shown(Path(m["file"]), folder))
        for m in reversed(dumped)
    ]
    return _stuck(frames)


def _yours(path: Path, folder: Path) -> bool:
    """A file of the learner's folder, or of a package in it."""
    return folder in path.parents


def _shown(path: Path, folder: Path) -> str:
    return path.relative_to(folder).as_posix()


def _stuck(frames: list[_Frame]) -> Place | None:
    """The place to name for code stuck at `frames` (outer first).

    An endless loop can be interrupted on any line of its body, so the place
    named is the loop itself, the innermost one still running: the same code
    gets the same report on every run.
    """
    if not frames:
        return None
    for frame in reversed(frames):
        loop = _loop_around(frame.path, frame.line)
        if loop is not None:
            return Place(frames[0].function, frame.function, frame.file, loop, in_loop=True)
    inner = frames[-1]
    text = _source_line(inner.path, inner.line)
    lock_taken = text if TAKES_A_LOCK.search(text) else ""
    return Place(frames[0].function, inner.function, inner.file, inner.line, False, lock_taken)


def _frames(tb: TracebackType | None, folder: Path) -> list[_Frame]:
    """The frames of the traceback in the learner's folder, outer first."""
    frames = []
    for frame, line in traceback.walk_tb(tb):
        path = Path(frame.f_code.co_filename)
        if _yours(path, folder):
            shown = _shown(path, folder)
            frames.append(_Frame(path, _function_name(frame), _line(frame, line), shown))
    return frames


def _line(frame: FrameType, line: int | None) -> int:
    """The line a frame was at. An alarm can stop code where Python keeps no line
    number (inside a comprehension, say): then the frame's own, or its first."""
    return line or frame.f_lineno or frame.f_code.co_firstlineno


def _function_name(frame: FrameType) -> str:
    code = frame.f_code
    if hasattr(code, "co_qualname"):  # Python 3.11+
        return code.co_qualname
    owner = frame.f_locals.get("self")
    return f"{type(owner).__name__}.{code.co_name}" if owner is not None else code.co_name


def _source_line(file: Path, line: int) -> str:
    """The text of a line of the learner's file as it is now, stripped."""
    try:
        lines = file.read_text(encoding="utf-8").splitlines()
    except (OSError, ValueError):
        return ""
    return lines[line - 1].strip() if 0 < line <= len(lines) else ""


def _loop_around(file: Path, line: int) -> int | None:
    """The first line of the innermost loop of `file` that holds `line`, if any."""
    try:
        tree = ast.parse(file.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return None
    around = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, LOOPS) and node.lineno <= line <= (node.end_lineno or node.lineno)
    ]
    return max(around, default=None)


def expected_side(test_file: Path, exc: BaseException) -> str | None:
    """In a failed `assert a == b` of a test file, which side is the expectation.

    The side written as a literal ('left' or 'right'); None when both or
    neither are, or the assertion is not a comparison for equality.
    """
    lines = [line for name, line in _test_lines(exc) if name == test_file]
    if not lines:
        return None
    try:
        tree = ast.parse(test_file.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert) and node.lineno == lines[-1]:
            test = node.test
            if not (
                isinstance(test, ast.Compare)
                and len(test.ops) == 1
                and isinstance(test.ops[0], ast.Eq)
            ):
                return None
            left, right = _is_literal(test.left), _is_literal(test.comparators[0])
            if left != right:
                return "left" if left else "right"
    return None


def _test_lines(exc: BaseException) -> list[tuple[Path, int]]:
    return [
        (Path(frame.f_code.co_filename), _line(frame, line))
        for frame, line in traceback.walk_tb(exc.__traceback__)
    ]


def _is_literal(node: ast.expr) -> bool:
    try:
        ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return True
