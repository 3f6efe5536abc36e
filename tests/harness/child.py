"""The grading child: `python -m tests.harness.child REQUEST_JSON`.

The supervisor starts this process before it reads the kata itself, so
pytest's start-up here overlaps with the supervisor's own work. By the time
pytest is imported, so is everything the catalogue needs: reading the kata,
planning the test groups and starting pytest cost almost nothing more.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from tests.harness import catalog, variants
from tests.harness.layout import ROOT
from tests.harness.plugin import Grading

# Built-in plugins a grading never uses: a few milliseconds less start-up.
UNUSED_PLUGINS = ("doctest", "pastebin", "junitxml", "stepwise", "setuponly", "setupplan")


def plan(kata: catalog.Kata, folder: Path, work: Path) -> tuple[list[dict], list[str]]:
    """The test groups, each with the folder its modules come from, and the files to run.

    The learner's own test file runs from copies: against the reference, against
    the learner's code, and against each single-defect variant one of its tests
    must catch (running only those tests). Copies also keep pytest from writing
    beside the learner's files and from loading a conftest.py found there.
    They are made once per check, so a child restarted after a kill runs the
    same file even if the learner has saved it meanwhile.
    """
    groups = [{"name": "spec", "tests": str(kata.spec_dir), "source": str(folder)}]
    paths = [str(path) for path in kata.spec_files]
    own = folder / kata.own_tests if kata.own_tests else None
    if own is None or not own.is_file():
        return groups, paths
    runs: list[tuple[str, Path, list[str] | None]] = [
        ("own_reference", kata.solution_dir, None),
        ("own_yours", folder, None),
    ]
    for defect_id, tests in _duties_by_defect(kata).items():
        variant = work / "variants" / defect_id
        if not variant.exists():
            variants.build(kata, [kata.defect(defect_id)], variant)
        runs.append((f"own_on:{defect_id}", variant, tests))
    for name, source, only in runs:
        copy = work / name.replace(":", "-") / own.name
        if not copy.exists():
            copy.parent.mkdir(exist_ok=True)
            shutil.copyfile(own, copy)
        groups.append(
            {"name": name, "tests": str(copy.parent), "source": str(source), "only": only}
        )
        paths.append(str(copy))
    return groups, paths


def _duties_by_defect(kata: catalog.Kata) -> dict[str, list[str]]:
    """For each defect some own test must catch, the own tests that must."""
    duties: dict[str, list[str]] = {}
    for duty in kata.own_test_duties:
        for defect_id in duty.catches:
            duties.setdefault(defect_id, []).append(duty.name)
    return duties


def main(request_file: str) -> int:
    request = json.loads(Path(request_file).read_text(encoding="utf-8"))
    kata = catalog.load(request["kata"])
    folder, work = Path(request["folder"]), Path(request["work"])
    groups, paths = plan(kata, folder, work)
    grading = Grading(
        events_fd=request["events_fd"],
        stack_file=work / "stack.txt",
        limit=request["timeout"],
        modules=list(kata.modules),
        yours=folder,
        groups=groups,
        skip=request["skip"],
    )
    # A broken own-test file must not stop the spec tests from running.
    args = ["-q", "--continue-on-collection-errors"]
    args += ["-c", str(ROOT / "pyproject.toml"), "--rootdir", str(ROOT)]
    args += ["-p", "pytest_timeout", *(f"-pno:{name}" for name in UNUSED_PLUGINS)]
    args += ["-o", f"timeout={request['timeout']}", "-o", "timeout_method=signal", *paths]
    return pytest.main(args, plugins=[grading])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
