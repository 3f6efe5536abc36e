"""What a change did to a file: how many lines, and in which functions.

The debrief measures a learner's fix against the starter with these, and the
reference fix the same way, so the two numbers compare.
"""

from __future__ import annotations

import ast
import difflib
from dataclasses import dataclass


@dataclass(frozen=True)
class Change:
    """One run of changed lines: `before` lines of the old text, `after` of the new."""

    old_start: int  # first changed line of the old text, 1-based (for an insertion: the next)
    old_end: int  # last changed line of the old text; old_start - 1 for an insertion
    new_start: int  # first line of the new text in the run, 1-based
    new_end: int  # last line of the new text in the run; new_start - 1 for a deletion

    @property
    def old_lines(self) -> range:
        """The old text's lines this run touches; an insertion touches its neighbours."""
        return _touched(self.old_start, self.old_end)

    @property
    def new_lines(self) -> range:
        """The new text's lines this run touches; a deletion touches its neighbours."""
        return _touched(self.new_start, self.new_end)


def _touched(start: int, end: int) -> range:
    return range(max(start - 1, 1), start + 1) if end < start else range(start, end + 1)


def changes(old: str, new: str) -> list[Change]:
    matcher = difflib.SequenceMatcher(None, old.splitlines(), new.splitlines(), autojunk=False)
    return [
        Change(i1 + 1, i2, j1 + 1, j2)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes()
        if tag != "equal"
    ]


def lines_changed(old: str, new: str) -> int:
    """Lines replaced, removed or added: a replaced line counts once."""
    matcher = difflib.SequenceMatcher(None, old.splitlines(), new.splitlines(), autojunk=False)
    return sum(
        max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"
    )


def functions(source: str) -> dict[str, range]:
    """Each function and method of `source` by qualified name ("Class.method"): its lines."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return {}
    found: dict[str, range] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                    found[name] = range(first, (child.end_lineno or child.lineno) + 1)
                visit(child, f"{name}.")

    visit(tree, "")
    return found


def enclosing(source: str, lines: list[int]) -> list[str]:
    """The innermost functions of `source` holding any of `lines`, in order of the file."""
    spans = functions(source)
    names = []
    for line in lines:
        holding = [name for name, span in spans.items() if line in span]
        if holding:
            innermost = min(holding, key=lambda name: len(spans[name]))
            if innermost not in names:
                names.append(innermost)
    return sorted(names, key=lambda name: spans[name].start)


def carried(old: str, new: str, origins: list[int]) -> list[int]:
    """Where each line of `new` came from, given where each line of `old` did: a
    line kept keeps its origin, a line replaced takes the origin of the line it
    replaced (the last one when more lines come in than went out), an inserted
    line that of the line before it."""
    old_lines, new_lines = old.splitlines(), new.splitlines()
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    carried_over: list[int] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        for offset in range(j2 - j1):
            if tag in ("equal", "replace") and i2 > i1:
                carried_over.append(origins[min(i1 + offset, i2 - 1)])
            else:
                carried_over.append(origins[max(i1 - 1, 0)])
    # A text ending without a newline still has its last line: keep one spare origin.
    return [*carried_over, origins[-1]]
