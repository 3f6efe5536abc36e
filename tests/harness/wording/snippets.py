"""A snippet a report prints for the learner to paste: the words around it, and its mark.

A failure message marks each line of Python with four spaces (`CODE`); the
text report prints those lines flush left and unwrapped (tests.harness.check.report),
so that they paste as they stand into the interactive interpreter, started in
the kata folder with the hash seed the grader uses. A snippet's own indentation
(a loop's body) follows the mark, and a blank line ends each block, as the
interactive interpreter needs.

Part of tests.harness.wording: see its docstring for the rule.
"""

from __future__ import annotations

from collections.abc import Iterable

CODE = "    "
# Where to paste a snippet: the one way of starting Python every message gives.
PYTHON_HERE = "PYTHONHASHSEED=0 python, started in your kata folder"


def marked(lines: Iterable[str]) -> str:
    """Lines of Python, each marked as code (a line holding newlines is several)."""
    return "\n".join(CODE + line for text in lines for line in text.split("\n"))


def to_see_it(lines: Iterable[str]) -> str:
    """A snippet that replays a failure, with the words that introduce it."""
    return f"To see it, paste into {PYTHON_HERE}:\n{marked(lines)}"


def smallest_sequence(lines: Iterable[str]) -> str:
    """The shortest sequence of calls a generated run found that breaks the contract."""
    return (
        "The smallest sequence of calls found that breaks the contract (paste it into "
        f"{PYTHON_HERE}, as the grader runs it):\n{marked(lines)}"
    )
