"""The starter as the repository ships it, and `make reset`, which brings it back.

The shipped starter is rebuilt from what a learner does not edit, so a reset
works after the learner has committed an attempt, and outside git too:
- a planted kata's files are the reference with its bugs applied (make test
  proves that this equals katas/<kata>/, byte for byte);
- a rewritten kata's hand-written files live in tests/<kata>/starter/;
- files handed over unchanged are the reference's;
- README.md is the reference's, without its answers (the section that starts
  with ANSWERS and all after it).

A reset first copies every file of the learner's folder to
.katas/backups/<kata>/<UTC time>/ and checks the copy byte for byte; only then
does it put the starter back and remove what the starter does not have.
"""

from __future__ import annotations

import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from tests.harness.core import diffs, files
from tests.harness.kata.catalog import Defect, Edit, Kata

README = "README.md"
# The heading that opens the answers in a solution's README: never in katas/.
ANSWERS = "\n\n## Answers"
# Hand-written starter files of a rewritten kata: tests/<kata>/STARTER/.
STARTER = "starter"


class ResetError(Exception):
    """The backup could not be made whole: nothing was changed."""


def shipped(kata: Kata) -> dict[str, bytes]:
    """The starter's files by name, as the repository ships them."""
    texts = {}
    for name in kata.files:
        hand_written = kata.spec_dir / STARTER / name
        if hand_written.is_file():
            texts[name] = hand_written.read_text(encoding="utf-8")
        elif not kata.starter_is_planted and name not in kata.given:
            raise ResetError(f"{kata.name} has a hand-written starter, but not {hand_written}")
        else:
            texts[name] = (kata.solution_dir / name).read_text(encoding="utf-8")
            if kata.starter_is_planted:
                for bug in kata.planted:
                    if bug.file == name:
                        texts[name] = bug.apply(texts[name])
    readme = (kata.solution_dir / README).read_text(encoding="utf-8")
    answers = readme.find(ANSWERS)
    texts[README] = readme[: answers + 1] if answers >= 0 else readme
    return {name: text.encode("utf-8") for name, text in sorted(texts.items())}


@dataclass(frozen=True)
class Reset:
    """What a reset did: where the backup went (None if nothing needed resetting)."""

    kata: str
    backup: Path | None
    restored: tuple[str, ...]  # starter files written back
    removed: tuple[str, ...]  # files the starter does not have, now only in the backup


def reset(kata: Kata, folder: Path, backups: Path) -> Reset:
    """Back `folder` up under `backups`, then make it the shipped starter again."""
    starter = shipped(kata)
    current = files.every_file(folder) if folder.is_dir() else {}
    if current == starter:
        return Reset(kata.name, None, (), ())
    backup = _backup(current, backups / kata.name)
    restored = tuple(name for name in starter if current.get(name) != starter[name])
    removed = tuple(name for name in current if name not in starter)
    for name in restored:
        files.write_atomically(folder / name, starter[name])
    for name in removed:
        (folder / name).unlink()
    _remove_empty_folders(folder)
    return Reset(kata.name, backup, restored, removed)


def _backup(current: dict[str, bytes], under: Path) -> Path:
    """Copy `current` to a new folder named for the UTC time; proven whole before returning."""
    stamp = time.strftime("%Y-%m-%dT%H-%M-%SZ", time.gmtime())
    target, count = under / stamp, 1
    while target.exists():  # two resets in one second: never overwrite a backup
        count += 1
        target = under / f"{stamp}-{count}"
    try:
        for name, data in current.items():
            files.write_atomically(target / name, data)
        copied = files.every_file(target)
    except OSError as error:
        shutil.rmtree(target, ignore_errors=True)
        raise ResetError(f"could not back up to {target}: {error}") from error
    if copied != current:
        raise ResetError(f"the backup in {target} does not match the files it copies")
    return target


def _remove_empty_folders(folder: Path) -> None:
    for path in sorted(folder.rglob("*"), key=lambda p: len(p.parts), reverse=True):
        if path.is_dir() and (path.name == "__pycache__" or not any(path.iterdir())):
            shutil.rmtree(path, ignore_errors=True)


def smallest_fix(kata: Kata) -> dict[str, str]:
    """The kata's files (README aside) as the reference fix leaves the starter.

    A planted starter's fix is the reference; a hand-written starter with bugs
    is fixed by their `starter_fix` edits, in order; one without bugs is
    rewritten, and its reference is that rewrite.
    """
    texts = {name: data.decode("utf-8") for name, data in shipped(kata).items()}
    del texts[README]
    if kata.starter_is_planted or not kata.planted:
        return {name: (kata.solution_dir / name).read_text(encoding="utf-8") for name in texts}
    for bug in kata.planted:
        texts[bug.file] = bug.apply(texts[bug.file], bug.starter_fix)
    return texts


def bug_lines(kata: Kata) -> dict[str, list[int]]:
    """For each planted bug, the lines of its file, in the starter, that make it.

    A planted bug is where its edits' new text is in the starter. A bug of a
    hand-written starter is where its `starter_fix` edits' old text is, each
    found in the starter as the fixes before it left it, and traced back to
    the starter as shipped. Within an edit, only its changed lines count.
    """
    texts = {name: data.decode("utf-8") for name, data in shipped(kata).items()}
    # For each line of each file as fixed so far, its line in the starter as shipped.
    origins = {name: list(range(1, text.count("\n") + 2)) for name, text in texts.items()}
    found: dict[str, list[int]] = {}
    for bug in kata.planted:
        lines: set[int] = set()
        for edit in bug.edits if kata.starter_is_planted else bug.starter_fix:
            text = texts[bug.file]
            there = edit.new if kata.starter_is_planted else edit.old
            at = text.find(there) if there else -1
            if at < 0:
                if kata.starter_is_planted:  # a later bug changed its context
                    lines |= _lines_alone(edit, text)
                continue
            offset = text.count("\n", 0, at)
            for change in diffs.changes(edit.old, edit.new):
                side = change.new_lines if kata.starter_is_planted else change.old_lines
                lines |= {origins[bug.file][offset + line - 1] for line in side}
            if not kata.starter_is_planted:
                fixed = text.replace(edit.old, edit.new)
                origins[bug.file] = diffs.carried(text, fixed, origins[bug.file])
                texts[bug.file] = fixed
        found[bug.id] = sorted(lines)
    return found


def _lines_alone(edit: Edit, starter: str) -> set[int]:
    """The starter's lines equal to the lines a planted edit changed, each found
    on its own: when a later bug has changed the text around it."""
    changed = edit.new.splitlines()
    wanted = {
        changed[line - 1]
        for change in diffs.changes(edit.old, edit.new)
        for line in range(change.new_start, change.new_end + 1)
    }
    return {
        number
        for number, line in enumerate(starter.splitlines(), start=1)
        if line in wanted and line.strip()
    }


def bug_places(kata: Kata) -> dict[str, list[str]]:
    """For each planted bug, the functions of its file, in the starter, that it lives in."""
    texts = {name: data.decode("utf-8") for name, data in shipped(kata).items()}
    return {
        bug: diffs.enclosing(texts[kata.defect(bug).file], lines)
        for bug, lines in bug_lines(kata).items()
    }


def _fix_lines(kata: Kata, bug: Defect) -> set[str]:
    """The lines the reference has where the bug's variant differs from it (stripped):
    what a fix of that bug writes."""
    reference = (kata.solution_dir / bug.file).read_text(encoding="utf-8")
    lines = reference.splitlines()
    return {
        lines[n - 1].strip()
        for change in diffs.changes(bug.apply(reference), reference)
        for n in range(change.new_start, change.new_end + 1)
    } - {""}


def touched(kata: Kata, folder: Path) -> dict[str, tuple[str, int]]:
    """The planted bugs whose lines the learner's files in `folder` have changed,
    each with where: the function it is in and the line in the learner's file."""
    texts = {name: data.decode("utf-8") for name, data in shipped(kata).items()}
    lines = bug_lines(kata)
    found = {}
    for bug in kata.planted:
        try:
            yours = files.python_source(folder / bug.file)
        except (OSError, SyntaxError, ValueError):
            continue
        changes = diffs.changes(texts[bug.file], yours)
        hits = [(change, sorted(set(change.old_lines) & set(lines[bug.id]))) for change in changes]
        hits = [(change, hit) for change, hit in hits if hit]
        if not hits:
            continue
        # Where the learner wrote a line of the reference's fix, if they did: a line moved
        # out of a branch shows as taken out in one run and written in another.
        fix, mine = _fix_lines(kata, bug), yours.splitlines()
        written = [
            n
            for change in changes
            for n in range(change.new_start, change.new_end + 1)
            if mine[n - 1].strip() in fix
        ]
        if written:
            function = diffs.enclosing(yours, written[:1])
            found[bug.id] = (function[0] if function else "", written[0])
            continue
        # Where the learner's fix is: a change that wrote lines, rather than one that
        # only took lines out (moving a line is both; the line it now sits at counts).
        change, hit = next(((c, h) for c, h in hits if c.new_end >= c.new_start), hits[0])
        function = diffs.enclosing(texts[bug.file], hit[:1])
        if change.new_end >= change.new_start:
            # The bug's first changed line, at the same offset in the learner's run
            # of lines (its last line when the run got shorter).
            offset = max(hit[0] - change.old_start, 0)
            line = min(change.new_start + offset, change.new_end)
        else:
            line = change.new_start  # lines taken out: the line after where they were
        found[bug.id] = (function[0] if function else "", line)
    return found
