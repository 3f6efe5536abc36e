"""Turn what went wrong in a test into one plain sentence for the learner.

The learner reads these instead of a traceback, so each one names the call
that misbehaved and where in the learner's own file it happened.
"""

from __future__ import annotations

import ast
import re
import traceback
from pathlib import Path
from types import FrameType, TracebackType

OUTPUT_LIMIT = 1000
# One frame of a faulthandler dump, which lists the innermost frame first.
DUMPED_FRAME = re.compile(r'^\s*File "(?P<file>.+)", line (?P<line>\d+) in (?P<function>\S+)', re.M)


LOOPS = (
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
)


class TimeLimit(BaseException):
    """Raised into the learner's code when a test or an import runs past the limit.

    A BaseException, so that `except Exception` in the learner's code lets it
    through, and so that Hypothesis, which takes an Exception for a failing
    example and runs it again, lets it through too.
    """


def _learner_frames(tb: TracebackType | None, folder: Path) -> list[tuple[Path, str, int]]:
    """(file, function, line) of each frame in the learner's folder, outer first."""
    frames = []
    for frame, line in traceback.walk_tb(tb):
        path = Path(frame.f_code.co_filename)
        if path.parent == folder:
            frames.append((path, _function_name(frame), line))
    return frames


def _function_name(frame: FrameType) -> str:
    code = frame.f_code
    if hasattr(code, "co_qualname"):  # Python 3.11+
        return code.co_qualname
    owner = frame.f_locals.get("self")
    return f"{type(owner).__name__}.{code.co_name}" if owner is not None else code.co_name


def _place(file: str, line: int) -> str:
    return f"{file} line {line}"


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


def _where_stuck(frames: list[tuple[Path, int]]) -> str:
    """Where code interrupted at `frames` (learner frames, inner first) was running.

    An endless loop can be interrupted on any line of its body, so the place
    named is the loop itself, the innermost one still running: the same
    code gets the same report on every run.
    """
    for file, line in frames:
        loop = _loop_around(file, line)
        if loop is not None:
            return f"the loop at {_place(file.name, loop)}"
    file, line = frames[0]
    return _place(file.name, line)


def _inner_first(frames: list[tuple[Path, str, int]]) -> list[tuple[Path, int]]:
    return [(file, line) for file, _, line in reversed(frames)]


def stuck_at(dump: str, folder: Path) -> tuple[str, str] | None:
    """(outermost learner function, where its code was running) in a stack dump."""
    frames = [m for m in DUMPED_FRAME.finditer(dump) if Path(m["file"]).parent == folder]
    if not frames:
        return None
    inner_first = [(Path(m["file"]), int(m["line"])) for m in frames]
    return frames[-1]["function"], _where_stuck(inner_first)


def swallowed_timeout(stuck: tuple[str, str] | None, limit: float) -> str:
    what, where = (f"{stuck[0]}()", f" (it was at {stuck[1]})") if stuck else ("the call", "")
    return (
        f"{what} kept running after the {limit:g} s time limit interrupted it{where} — "
        "does the code catch BaseException (a bare `except:`) and carry on?"
    )


def endless_import(file: str, place: str | None, limit: float) -> str:
    where = f" (it was running {place})" if place else ""
    return (
        f"importing {file} did not finish within {limit:g} s{where} — "
        "is there an endless loop at module level?"
    )


def timeout(exc: BaseException, folder: Path, limit: float) -> str:
    """Where a test was when its time ran out: a loop that never ends, or code too slow."""
    frames = _learner_frames(exc.__traceback__, folder)
    if not frames:
        return f"the test did not finish within {limit:g} s"
    return (
        f"the test ran out of its {limit:g} s in {frames[0][1]}(), "
        f"running {_where_stuck(_inner_first(frames))}"
    )


def exception(exc: BaseException, folder: Path) -> str:
    kind = type(exc).__name__
    text = f"{kind}: {exc}" if str(exc) else kind
    frames = _learner_frames(exc.__traceback__, folder)
    if frames:
        file, function, line = frames[-1]
        where = "at module level" if function == "<module>" else f"in {function}()"
        return f"{text} — raised {where}, {_place(file.name, line)}"
    summary = traceback.extract_tb(exc.__traceback__)
    if summary:
        last = summary[-1]
        return f"{text} — raised at {_place(Path(last.filename).name, last.lineno or 0)}"
    return text


def import_failure(exc: BaseException, folder: Path, module: str, limit: float) -> str:
    file = f"{module}.py"
    if isinstance(exc, SyntaxError) and exc.filename:
        where = _place(Path(exc.filename).name, exc.lineno or 0)
        return f"{type(exc).__name__} in {where}: {exc.msg} — no test could run"
    frames = _learner_frames(exc.__traceback__, folder)
    if isinstance(exc, ModuleNotFoundError) and not frames:
        return f"{exc} — no test could run"
    if isinstance(exc, TimeLimit):
        return endless_import(file, _where_stuck(_inner_first(frames)) if frames else None, limit)
    where = _place(frames[-1][0].name, frames[-1][2]) if frames else file
    if isinstance(exc, SystemExit):
        what = f"called sys.exit({exc.code!r})"
    else:
        what = f"raised {type(exc).__name__}: {exc}"
    return f"importing {file} {what} at {where} — no test could run"


def collect_failure(exc: BaseException, folder: Path) -> str:
    """Why a test file in `folder` could not be loaded."""
    if isinstance(exc, SyntaxError) and exc.filename:
        return (
            f"{type(exc).__name__} at {_place(Path(exc.filename).name, exc.lineno or 0)}: {exc.msg}"
        )
    return exception(exc, folder)


def disagreement(test: str, compared: tuple[str, object, object] | None, exc: BaseException) -> str:
    """Why a learner's own test fails against the reference solution.

    By pytest convention the assertion reads `assert actual == expected`.
    """
    if compared and compared[0] == "==":
        _, actual, expected = compared
        return f"{test} expects {expected!r}; the specified behaviour gives {actual!r}"
    first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return f"{test} fails against the reference solution: {first_line}"


def toothless(checks: str) -> str:
    """Why a learner's own test that agrees with the specification is still not good enough."""
    return (
        f"it passes even on code that breaks what it is there to check ({checks}): "
        "a test must fail when the behaviour it holds is broken"
    )


def cut(output: str, limit: int = OUTPUT_LIMIT) -> str:
    if len(output) <= limit:
        return output
    rest = len(output) - limit
    return f"{output[:limit]}\n[… {rest:,} more characters of your output cut]"
