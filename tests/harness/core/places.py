"""Where in the learner's code something happened: from a traceback or a stack dump.

Only frames of files in the learner's folder count, so a place always names a
function and a line the learner wrote. And the other side of it: an exception
the grader's own code raised on the learner's objects (`unasked`), which no line
of the learner's caused.
"""

from __future__ import annotations

import ast
import re
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path
from types import FrameType, ModuleType, TracebackType

from tests.harness.core import files

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


# The copy a grading child reads a learner's folder from (tests.harness.core.files.snapshot),
# by folder, registered by the child: the lines and loops a report names are those of the
# code that ran, though the learner may have saved the file since.
COPIES: dict[Path, Path] = {}


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
    text = _source_line(_read_from(inner.path, COPIES), inner.line)
    lock_taken = text if TAKES_A_LOCK.search(text) else ""
    return Place(frames[0].function, inner.function, inner.file, inner.line, False, lock_taken)


@dataclass(frozen=True)
class Unasked:
    """What a spec test's own code tried on the learner's objects that the contract does
    not ask for, and that they do not allow: the grader's fault, not the learner's."""

    use: str  # "attribute", or one of USES
    type_name: str  # the learner's class or module (a "pickle" may name a type it holds)
    error: str  # the exception, as "TypeError: unhashable type: 'RiderPool'"
    detail: str = ""  # the attribute read, or the comparison's operator
    yours: bool = True  # `type_name` is a class of the learner's


# Exceptions Python raises on an object that does not allow a use, by the type they name.
USES = {
    "hash": re.compile(r"unhashable type: '(?P<type>[^']+)'"),
    "weakref": re.compile(r"cannot create weak reference to '(?P<type>[^']+)' object"),
    "pickle": re.compile(r"cannot pickle '(?P<type>[^']+)' object"),
    "order": re.compile(
        r"'(?P<detail>[<>]=?)' not supported between instances of '(?P<type>[^']+)' and "
        r"'(?P<other>[^']+)'"
    ),
}


def unasked(exc: BaseException, folder: Path, grader: tuple[Path, ...]) -> Unasked | None:
    """The use of the learner's objects that `exc` refused, when the grader's own code made
    it: of the traceback's frames in `folder` (the learner's) and in `grader` (the spec
    tests, the harness), the innermost is the grader's.

    The uses: a learner's object hashed (a dict key, a set), weakly referenced, pickled or
    copied, ordered (sorted), or an attribute of it read whose name starts with "_" (its
    __dict__, a private field). An AttributeError of any other name is the learner's: the
    contract names the methods and attributes a test may use, and a learner's object that
    lacks one is the learner's to fix. None for every other exception.
    """
    # The type first: refused calls (ValueError, KeyError) come by the thousand.
    if not isinstance(exc, (AttributeError, TypeError)) or not _graders(exc, folder, grader):
        return None
    error = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, AttributeError):
        name, owner = getattr(exc, "name", None), getattr(exc, "obj", None)
        if isinstance(name, str) and name.startswith("_") and _learners(owner, folder):
            return Unasked("attribute", _named(owner), error, name)
        return None
    classes = _classes(folder)
    for use, pattern in USES.items():
        found = pattern.search(str(exc))
        if found is None:
            continue
        named = [found["type"], *([found["other"]] if use == "order" else [])]
        mine = [name for name in named if name in classes]
        detail = found["detail"] if use == "order" else ""
        if mine:
            return Unasked(use, mine[0], error, detail)
        if use == "pickle":  # no contract asks for pickling: whatever it met, it is the grader's
            return Unasked(use, found["type"], error, yours=False)
    return None


def _graders(exc: BaseException, folder: Path, grader: tuple[Path, ...]) -> bool:
    """Whether, of the traceback's frames in the learner's folder and in the grader's
    folders, the innermost is the grader's: the learner's code was not running."""
    last = None
    for frame, _ in traceback.walk_tb(exc.__traceback__):
        path = Path(frame.f_code.co_filename)
        if _yours(path, folder):
            last = "learner"
        elif any(root in path.parents for root in grader):
            last = "grader"
    return last == "grader"


def _classes(folder: Path) -> frozenset[str]:
    """The names of the classes the learner's modules loaded now define."""
    names = set()
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None)
        if not file or not _yours(Path(file), folder):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, type) and value.__module__ == module.__name__:
                names.add(value.__name__)
    return frozenset(names)


def _learners(value: object, folder: Path) -> bool:
    """Whether `value` is one of the learner's modules, classes or their instances."""
    if isinstance(value, ModuleType):
        file = getattr(value, "__file__", None)
    else:
        kind = value if isinstance(value, type) else type(value)
        file = getattr(sys.modules.get(kind.__module__), "__file__", None)
    return bool(file) and _yours(Path(file), folder)


def _named(value: object) -> str:
    """A learner's module, class or instance, for a sentence: "RiderPool", "module ring"."""
    if isinstance(value, ModuleType):
        return f"module {value.__name__}"
    return (value if isinstance(value, type) else type(value)).__name__


def last_line(exc: BaseException) -> tuple[str, int] | None:
    """(file name, line) of the innermost frame of the traceback, whoever wrote it."""
    summary = traceback.extract_tb(exc.__traceback__)
    if not summary:
        return None
    return Path(summary[-1].filename).name, summary[-1].lineno or 0


def stuck(exc: BaseException, folder: Path) -> Place | None:
    """Where code interrupted by `exc` (a time limit) was running."""
    return _stuck(_frames(exc.__traceback__, folder))


def stuck_in_dump(dump: str, folder: Path, copy: Path) -> Place | None:
    """Where the learner's code was in a faulthandler stack dump of a child that read
    `folder` from `copy`."""
    dumped = [m for m in DUMPED_FRAME.finditer(dump) if _yours(Path(m["file"]), folder)]
    frames = [
        _Frame(Path(m["file"]), m["function"], int(m["line"]), _shown(Path(m["file"]), folder))
        for m in reversed(dumped)
    ]
    return _stuck(frames, {folder: copy})


def _yours(path: Path, folder: Path) -> bool:
    """A file of the learner's folder, or of a package in it."""
    return folder in path.parents


def _shown(path: Path, folder: Path) -> str:
    return path.relative_to(folder).as_posix()


def _stuck(frames: list[_Frame], copies: dict[Path, Path] = COPIES) -> Place | None:
    """The place to name for code stuck at `frames` (outer first).

    An endless loop can be interrupted on any line of its body, so the place
    named is the loop itself, the innermost one still running: the same code
    gets the same report on every run.
    """
    if not frames:
        return None
    for frame in reversed(frames):
        loop = _loop_around(_read_from(frame.path, copies), frame.line)
        if loop is not None:
            return Place(frames[0].function, frame.function, frame.file, loop, in_loop=True)
    inner = frames[-1]
    text = _source_line(_read_from(inner.path, copies), inner.line)
    lock_taken = text if TAKES_A_LOCK.search(text) else ""
    return Place(frames[0].function, inner.function, inner.file, inner.line, False, lock_taken)


def _read_from(path: Path, copies: dict[Path, Path]) -> Path:
    """The file to read `path` of the learner's from: its copy, if a check made one."""
    for folder, copy in copies.items():
        if folder in path.parents:
            return copy / path.relative_to(folder)
    return path


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
    """The text of a line of a file, stripped."""
    try:
        lines = files.python_source(file).splitlines()
    except (OSError, SyntaxError, ValueError):
        return ""
    return lines[line - 1].strip() if 0 < line <= len(lines) else ""


def _loop_around(file: Path, line: int) -> int | None:
    """The first line of the innermost loop of `file` that holds `line`, if any."""
    try:
        tree = ast.parse(files.python_source(file))
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
        tree = ast.parse(files.python_source(test_file))
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
