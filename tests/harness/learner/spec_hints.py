"""The three hint levels of a spec test: written in kata.toml, or made from what the
kata already says about the test.

Most tests need no hand-written hints. A test's docstring says the behaviour;
the mutants of kata.toml that it catches say where code that breaks it goes
wrong (the functions their edits change, in the reference) and how (their
summaries). From those come the three levels: the symptom to reproduce,
where to look, the usual mistakes. A `[[hint]]` entry overrides them where
they read poorly, which is mostly for tests that catch everything (the
generated call sequences).
"""

from __future__ import annotations

import ast
import functools
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from tests.harness.core import diffs
from tests.harness.wording import loop

if TYPE_CHECKING:
    from tests.harness.kata.catalog import Defect, Kata

# Mistakes named at the third level, at most; where to look, at the second.
MISTAKES = 3
PLACES = 3


def levels(kata: Kata, test: str) -> tuple[str, ...]:
    """The hints of spec test `test`: its [[hint]] entry, or the ones made for it."""
    return kata.test_hints.get(test) or made(kata, test)


def made(kata: Kata, test: str) -> tuple[str, ...]:
    catching = sorted(
        (d for d in kata.defects if test in d.caught_by and not d.in_own_tests),
        key=lambda defect: len(defect.caught_by),  # the most telling first
    )
    return loop.made_hints(
        description(kata, test), places(kata, catching), [d.summary for d in catching][:MISTAKES]
    )


def description(kata: Kata, test: str) -> str:
    """The first paragraph of the test's docstring, on one line."""
    for path in kata.spec_files:
        try:
            stamp = path.stat().st_mtime_ns
        except OSError:
            continue
        found = _descriptions(path, stamp).get(test)
        if found is not None:
            return found or test
    return test


def places(kata: Kata, defects: list[Defect]) -> list[str]:
    """The functions of the reference that the defects' edits change, most often first."""
    counted: Counter[str] = Counter()
    for defect in defects:
        source = (kata.solution_dir / defect.file).read_text(encoding="utf-8")
        changed = {
            line
            for change in diffs.changes(source, defect.apply(source))
            for line in change.old_lines
        }
        counted.update(diffs.enclosing(source, sorted(changed)))
    return [name.rsplit(".", 1)[-1] for name, _ in counted.most_common(PLACES)]


# A kata's hints ask for every test's description: parsing its file for each one made
# the hints of a kata cost a second. `stamp`, the file's mtime, reads an edit afresh.
@functools.lru_cache(maxsize=64)
def _descriptions(path: Path, stamp: int) -> dict[str, str]:
    """Each test function's first docstring paragraph, on one line ("" if none)."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return {}
    return {
        node.name: " ".join((ast.get_docstring(node) or "").split("\n\n")[0].split())
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
    }
