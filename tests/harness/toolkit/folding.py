"""A repro's calls written shorter: a block repeated, or one call made with argument
after argument, becomes a loop (differential.Script's repros use it).
"""

from __future__ import annotations

import re

# The longest run of lines a repro writes once, as the body of a loop.
PERIOD = 8
# Fewer repeats than this are written out.
REPEATS = 3


# A call of one literal argument, with nothing after it: `rr1.remove_worker('w7')`.
CALL_OF_ONE = re.compile(r"([\w.]+\()('(?:[^'\\]|\\.)*'|-?\d+)\)")
# The name a loop over such calls' arguments gives each (no repro line uses it).
EACH = "each"


def folded(lines: list[str]) -> list[str]:
    """`lines` with each block repeated REPEATS times or more written as a loop, and
    each run of REPEATS or more calls of one method that differ only in their one
    literal argument written as a loop over those arguments.

    A repro of a bug that shows after a hundred changes is a hundred changes
    long; as a loop it stays readable, fits the report, and still pastes into
    python (a blank line ends the loop, as the interactive interpreter needs).
    Blocks with a blank line in them (a refused call's try statement) are
    written out.
    """
    out: list[str] = []
    at = 0
    while at < len(lines):
        best = (1, 1)  # period, repeats
        for period in range(1, PERIOD + 1):
            block = lines[at : at + period]
            if len(block) < period or "" in block:
                break
            repeats = 1
            while lines[at + repeats * period : at + (repeats + 1) * period] == block:
                repeats += 1
            if repeats >= REPEATS and period * repeats > best[0] * best[1]:
                best = (period, repeats)
        period, repeats = best
        called, arguments = _calls_of_one(lines, at)
        if len(arguments) >= REPEATS and len(arguments) > period * repeats:
            out += [f"for {EACH} in [{', '.join(arguments)}]:", f"    {called}{EACH})", ""]
            at += len(arguments)
            continue
        if repeats == 1:
            out.append(lines[at])
            at += 1
            continue
        out += [
            f"for _ in range({repeats}):",
            *(f"    {line}" for line in lines[at : at + period]),
            "",
        ]
        at += period * repeats
    return out


def _calls_of_one(lines: list[str], at: int) -> tuple[str, list[str]]:
    """The call made by the lines from `at` on with one literal argument each (what
    comes before the argument), and those arguments, as long as the call stays."""
    first = CALL_OF_ONE.fullmatch(lines[at])
    if first is None:
        return "", []
    arguments = []
    for line in lines[at:]:
        found = CALL_OF_ONE.fullmatch(line)
        if found is None or found.group(1) != first.group(1):
            break
        arguments.append(found.group(2))
    return first.group(1), arguments
