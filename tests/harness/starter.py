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

from tests.harness import files
from tests.harness.catalog import Kata

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
