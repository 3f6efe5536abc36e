"""The own tests' judgement, kept for the next check while nothing it depends on changes.

A full check judges the kata's own test file (the team's tests, in a debugging
round) against the specification: each test on the reference and on the
kata's other correct versions, and on every single-defect variant it must
catch. That judgement depends on the test file, the kata and the grader,
never on the learner's code; on a round it was most of what a check cost. So
the learner's commands (check, watch, hint) judge it in a child of its own,
which never imports the learner's code, and keep it in .katas/judged/<kata>/
under a key made of everything it depends on; a check whose key is kept
reuses it instead of judging again (tests.harness.check.grading).

The key holds the test file's bytes; every file of the kata's spec folder (its
kata.toml: the defects, the duties, the alternatives) and of its reference;
the grader's files and pyproject.toml (which pins pytest); the Python
version; the time and memory limits. A change to any of them is a new key,
judged afresh.

Only a judgement that ran to its end is kept: one child, never killed or
restarted, every test judged, none out of time (time is the machine's, not
the tests'). `make grade` never reuses one: a submission could have written
it. Nothing here can fail a check: a state folder that cannot be read or
written, or a file that does not parse, is a judgement not kept.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.harness.core import files, layout
from tests.harness.core.protocol import (
    Collected,
    CollectError,
    Item,
    Result,
    event_data,
    event_from_data,
)

VERSION = 1
# Judgements kept per kata: a learner going back and forth between versions of the
# test file, a maintainer checking a variant and the reference, a watch and a check.
KEPT = 8


@dataclass(frozen=True)
class Judgement:
    """The own tests judged: their groups on the reference, the kata's other correct
    versions and the defects; what each test did there; the files that did not load."""

    items: tuple[Item, ...]
    results: dict[str, Result]
    collect_errors: tuple[CollectError, ...]


def key(kata: str, own_tests: bytes, limit: float, memory: float, conftest: bytes = b"") -> str:
    """What the judgement of the own test file `own_tests` depends on, as a digest;
    `conftest`, the learner's conftest.py beside it (empty when there is none)."""
    digest = hashlib.sha256()
    digest.update(f"{VERSION}\0{sys.version}\0{limit!r}\0{memory!r}\0".encode())
    folders = (layout.GRADER, layout.SPECS / kata, layout.SOLUTIONS / kata)
    for folder in folders:
        for name, data in files.every_file(folder).items():
            digest.update(f"{folder.name}/{name}\0{len(data)}\0".encode())
            digest.update(data)
    pyproject = (layout.ROOT / "pyproject.toml").read_bytes()
    digest.update(f"pyproject.toml\0{len(pyproject)}\0".encode())
    digest.update(pyproject)
    digest.update(f"own tests\0{len(own_tests)}\0".encode())
    digest.update(own_tests)
    digest.update(f"conftest\0{len(conftest)}\0".encode())
    digest.update(conftest)
    return digest.hexdigest()


def _folder(kata: str) -> Path:
    return layout.state() / "judged" / kata


def kept(kata: str, key: str) -> Judgement | None:
    """The judgement kept under `key`, or None."""
    try:
        data = json.loads((_folder(kata) / f"{key}.json").read_bytes())
        if data["version"] != VERSION or data["key"] != key:
            return None
        events = [event_from_data(event) for event in data["events"]]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    collected = [event for event in events if isinstance(event, Collected)]
    if len(collected) != 1:
        return None
    return Judgement(
        collected[0].items,
        {event.key: event for event in events if isinstance(event, Result)},
        tuple(event for event in events if isinstance(event, CollectError)),
    )


def keep(kata: str, key: str, judgement: Judgement) -> None:
    """Keep `judgement` under `key`, and the latest few others of the kata; nothing if
    the state folder cannot be written."""
    events = [Collected(judgement.items), *judgement.results.values(), *judgement.collect_errors]
    data = {"version": VERSION, "key": key, "events": [event_data(e) for e in events]}
    folder = _folder(kata)
    path = folder / f"{key}.json"
    temporary = folder / f".{key}.{os.getpid()}.tmp"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temporary.write_text(json.dumps(data), encoding="utf-8")
        os.replace(temporary, path)  # a reader sees the whole file or none
        older = sorted(folder.glob("*.json"), key=lambda kept: kept.stat().st_mtime_ns)
        for stale in older[:-KEPT]:
            stale.unlink()
    except OSError:
        return
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
