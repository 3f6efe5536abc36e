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

import re
from collections.abc import Iterable

CODE = "    "
# A header of a compound statement with its body on the same line: `def f(): return t`.
ONE_LINER = re.compile(r"(?:def|class|for|while|if|with|try|async)\b.*:\s*\S")
# Clauses that go on with the statement above them rather than start a new one.
GOES_ON = re.compile(r"(?:elif|else|except|finally)\b")
# Where to paste a snippet: the one way of starting Python every message gives.
PYTHON_HERE = "PYTHONHASHSEED=0 python, started in your kata folder"


def marked(lines: Iterable[str]) -> str:
    """Lines of Python, each marked as code (a line holding newlines is several), with
    a blank line wherever a compound statement ends and a new one starts at the left
    margin: the interactive interpreter needs it after `def f(): return t` too."""
    out: list[str] = []
    in_block = False
    for line in (line for text in lines for line in text.split("\n")):
        top = bool(line) and not line[0].isspace()
        if top and in_block and not GOES_ON.match(line):
            out.append("")
        if line:
            in_block = not top or bool(ONE_LINER.match(line)) or line.rstrip().endswith(":")
        else:
            in_block = False
        out.append(line)
    return "\n".join(CODE + line for line in out)


def to_see_it(lines: Iterable[str]) -> str:
    """A snippet that replays a failure, with the words that introduce it."""
    return f"To see it, paste into {PYTHON_HERE}:\n{marked(lines)}"


def smallest_sequence(lines: Iterable[str]) -> str:
    """The shortest sequence of calls a generated run found that breaks the contract."""
    return (
        "The smallest sequence of calls found that breaks the contract (paste it into "
        f"{PYTHON_HERE}, as the grader runs it):\n{marked(lines)}"
    )
