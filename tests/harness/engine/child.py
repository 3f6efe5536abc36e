"""The grading child: `python -m tests.harness.engine.child KATA`, its request on stdin.

The supervisor starts this process before it reads the kata itself, so
pytest's start-up here overlaps with the supervisor's own work; a watch loop
starts it even before the learner saves. It loads pytest and the kata, then
waits for its request (tests.harness.core.protocol.Request, one line): what is
left to do after that is planning the test groups and running them.
"""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import sys
from pathlib import Path

import pytest
from _pytest.pathlib import ImportMode, import_path

from tests.harness.core import limits
from tests.harness.core.layout import ROOT
from tests.harness.core.protocol import STARTER, Group, Planned, Request, Role, Variant, encode
from tests.harness.engine import landlock, reaper
from tests.harness.engine.plugin import GradingPlugin
from tests.harness.kata import catalog, variants
from tests.harness.toolkit import differential

# The file of fixtures pytest loads for the test files beside it.
CONFTEST = "conftest.py"
# Built-in plugins a grading never uses: a few milliseconds less start-up.
UNUSED_PLUGINS = ("doctest", "pastebin", "junitxml", "stepwise", "setuponly", "setupplan")


def plan(
    kata: catalog.Kata,
    folder: Path,
    source: Path,
    work: Path,
    only: tuple[str, ...] = (),
    judged_apart: bool = False,
) -> tuple[list[Group], Path | None]:
    """The test groups, and the copy of the learner's own test file (None if there is none):
    `folder` the learner's, `source` the check's copy of its files, read in its place.

    The learner's own test file runs from copies: against the reference, against
    the learner's code, and against each single-defect variant one of its tests
    must catch (running only those tests); `judged_apart`, on the learner's code
    only (the rest is `plan_judgement`'s, in a child of its own, or kept from an
    earlier check). Copies also keep pytest from writing beside the learner's
    files. The learner's conftest.py beside the file is copied with it, and its
    fixtures serve the copies (GradingPlugin), as pytest serves them when the
    learner runs the tests. They are made once per check, so a child restarted
    after a kill runs the same files even if the learner has saved them meanwhile.
    """
    groups = [Group(Role.SPEC, kata.spec_dir, folder, only=only or None)]
    if only or not kata.own_tests:
        return groups, None
    snapshot = _snapshot(source / kata.own_tests, work)
    if snapshot is None:
        return groups, None
    yours = [Group(Role.OWN_YOURS, work / "yours", folder)]
    if judged_apart:
        runs = yours
    else:
        references, on_defects = _judging(kata, work)
        runs = [*references, *yours, *on_defects]
    _copy_into(runs, [snapshot])
    return groups + runs, snapshot


def plan_judgement(kata: catalog.Kata, work: Path, own_tests: Path) -> tuple[list[Group], Path]:
    """The groups that judge the learner's own test file `own_tests` (a check's copy of
    it) against the specification: on the reference and the kata's other correct
    versions, and on each single-defect variant one of its tests must catch. What
    `plan` leaves out when the own tests are judged apart; copied once, as there."""
    snapshot = _snapshot(own_tests, work)
    if snapshot is None:
        raise FileNotFoundError(f"the own test file to judge is gone: {own_tests}")
    references, on_defects = _judging(kata, work)
    runs = [*references, *on_defects]
    _copy_into(runs, [snapshot])
    return runs, snapshot


def _snapshot(source: Path, work: Path) -> Path | None:
    """The grading's copy of the own test file `source`, and of the conftest.py beside
    it if there is one, made now if it is not yet; None if there is no file to copy."""
    snapshot = work / "own_tests" / source.name
    if not snapshot.exists():
        if not source.is_file():
            return None
        snapshot.parent.mkdir()
        if (source.parent / CONFTEST).is_file():
            shutil.copyfile(source.parent / CONFTEST, snapshot.parent / CONFTEST)
        shutil.copyfile(source, snapshot)
    return snapshot


def conftest_of(snapshot: Path | None) -> Path | None:
    """The copy of the learner's conftest.py made with the own test file `snapshot`, if any."""
    conftest = snapshot.parent / CONFTEST if snapshot is not None else None
    return conftest if conftest is not None and conftest.is_file() else None


def _judging(kata: catalog.Kata, work: Path) -> tuple[list[Group], list[Group]]:
    """The groups that judge the own tests: on the reference and the kata's other
    correct versions, and on the defects they must catch."""
    references = [Group(Role.OWN_REFERENCE, work / "reference", kata.solution_dir)]
    for other in kata.alternatives:  # another correct version: a reference too, by its id
        source = work / "alternatives" / other.id
        if not source.exists():
            variants.build(kata, [other], source)
        references.append(
            Group(Role.OWN_REFERENCE, work / f"reference-{other.id}", source, other.id)
        )
    on_defects = []
    for defect_id, tests in _duties_by_defect(kata).items():
        variant = _variant(kata, defect_id, work)
        on_defects.append(
            Group(Role.OWN_VARIANT, work / f"on-{defect_id}", variant, defect_id, tests)
        )
    return references, on_defects


def plan_regression(
    kata: catalog.Kata, source: Path, work: Path, names: tuple[str, ...]
) -> list[Group]:
    """The learner's regression test files `names`: against the reference, then
    against the starter as shipped (variant STARTER) and every single-defect
    variant of the kata's code (bugs and mutants).

    Copied once per grading, like the own test file (see `plan`).
    """
    snapshot = work / "regression"
    if not snapshot.exists():
        snapshot.mkdir()
        for name in names:  # a test file of a subfolder (tests/test_x.py) by its name
            shutil.copyfile(source / name, snapshot / Path(name).name)
    groups = [Group(Role.OWN_REFERENCE, work / "reference", kata.solution_dir)]
    shipped = work / "variants" / STARTER
    if not shipped.exists():
        from tests.harness.kata import starter  # a regression run's only

        shipped.mkdir(parents=True)
        for name, data in starter.shipped(kata).items():
            (shipped / name).write_bytes(data)
    groups.append(Group(Role.OWN_VARIANT, work / f"on-{STARTER}", shipped, STARTER))
    for defect in kata.defects:
        if not defect.in_own_tests:
            variant = _variant(kata, defect.id, work)
            groups.append(Group(Role.OWN_VARIANT, work / f"on-{defect.id}", variant, defect.id))
    _copy_into(groups, [snapshot / Path(name).name for name in names])
    return groups


def plan_variants(kata: catalog.Kata, work: Path, variants: tuple[Variant, ...]) -> list[Group]:
    """For each variant, a copy of the spec test files that hold the tests it names,
    run on the variant's folder and only those tests (copied once: a restart reuses them)."""
    groups = []
    for variant in variants:
        tests = work / f"spec-on-{variant.name}"
        if not tests.exists():
            tests.mkdir()
            for path in kata.spec_files:
                if set(catalog.tests_in(path)) & set(variant.only):
                    shutil.copyfile(path, tests / path.name)
        groups.append(Group(Role.SPEC, tests, variant.folder, variant.name, variant.only))
    return groups


def _variant(kata: catalog.Kata, defect_id: str, work: Path) -> Path:
    variant = work / "variants" / defect_id
    if not variant.exists():
        variants.build(kata, [kata.defect(defect_id)], variant)
    return variant


def _copy_into(groups: list[Group], copies: list[Path]) -> None:
    """Put the learner's test files in each group's folder (once: a restart reuses them)."""
    for group in groups:
        group.tests.mkdir(exist_ok=True)
        for source in copies:
            if not (group.tests / source.name).exists():
                shutil.copyfile(source, group.tests / source.name)


def _duties_by_defect(kata: catalog.Kata) -> dict[str, tuple[str, ...]]:
    """For each defect some own test must catch, the own tests that must."""
    duties: dict[str, tuple[str, ...]] = {}
    for duty in kata.own_test_duties:
        for defect_id in duty.catches:
            duties[defect_id] = (*duties.get(defect_id, ()), duty.name)
    return duties


# pytest's default for consider_namespace_packages, which the grading does not change.
NO = False


def preload(kata: catalog.Kata) -> None:
    """Import the spec test modules now, as pytest will (it reuses what sys.modules holds).

    They import the learner's modules only inside their tests, so nothing here
    depends on the request; a module that fails to import is left for pytest
    to report.
    """
    for path in kata.spec_files:
        before = set(sys.modules)
        try:
            import_path(path, mode=ImportMode.importlib, root=ROOT, consider_namespace_packages=NO)
        except Exception:
            # Half-imported modules would be taken for whole ones: drop them.
            for name in set(sys.modules) - before:
                del sys.modules[name]


def compile_once() -> None:
    """Keep the code compiled from each source file, to reuse when it is imported again.

    The generated-sequence tests import the learner's modules afresh for every
    sequence (differential.fresh), and no bytecode is written (nothing may be
    written beside the learner's files), so each import compiled the source
    again: a third of such a test's time on a kata of eight modules. A code
    object is never changed by running it, so a new module made from the same
    one starts as a recompiled one would; the key is the source text, so a
    changed file is compiled anew.
    """
    loader = importlib.machinery.SourceFileLoader
    compiled: dict[tuple[str, bytes], object] = {}
    first = loader.source_to_code

    def source_to_code(self, data, path, *, _optimize=-1):
        key = (path, bytes(data))
        if key not in compiled:
            compiled[key] = first(self, data, path, _optimize=_optimize)
        return compiled[key]

    loader.source_to_code = source_to_code


def main(kata_name: str) -> int:
    reaper.die_with(int(os.environ["KATAS_GRADER_PID"]))
    kata = catalog.load(kata_name)
    compile_once()
    preload(kata)
    # The grader's own modules and the spec tests are loaded, their bytecode cached as
    # the learner's Python caches it: from here on nothing is written beside the
    # learner's files, by this process or by any it starts.
    sys.dont_write_bytecode = True
    os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
    # Our own handle on the requests: pytest points stdin at /dev/null while it runs.
    requests = os.fdopen(os.dup(sys.stdin.fileno()), "rb")
    line = requests.readline()
    if not line:  # the supervisor no longer needs this child
        return 0
    request = Request.decode(line)
    limits.confine(request.memory)
    task = request.task
    differential.SHRINKING[0] = task.shrink
    snapshot = None
    if task.regression:
        groups = plan_regression(kata, request.source, request.work, task.regression)
        names = [Path(name).name for name in task.regression]
        paths = [str(group.tests / name) for group in groups for name in names]
    elif task.variants:
        groups = plan_variants(kata, request.work, task.variants)
        paths = [str(path) for group in groups for path in sorted(group.tests.glob("test_*.py"))]
    elif task.judge:
        groups, snapshot = plan_judgement(kata, request.work, Path(task.judge))
        paths = [str(group.tests / snapshot.name) for group in groups]
    else:
        groups, snapshot = plan(
            kata, request.folder, request.source, request.work, task.only, task.judged_apart
        )
        paths = [str(path) for path in kata.spec_files]
        own = [group for group in groups if snapshot and group.role != Role.SPEC]
        paths += [str(group.tests / snapshot.name) for group in own]
    os.write(request.events_fd, encode(Planned(str(snapshot or "")), request.key))
    plugin = GradingPlugin(
        events_fd=request.events_fd,
        stack_file=request.stack_file,
        limit=request.limit,
        modules=list(kata.modules),
        # What is imported before the tests, within the limit: the learner's modules;
        # a judgement's child never imports them, and imports the reference's instead.
        yours=kata.solution_dir if task.judge else request.folder,
        copies={request.folder: request.source},
        groups=groups,
        read_skip=lambda: Request.decode_skip(requests.readline()),
        key=request.key,
        memory=request.memory,
        conftest=conftest_of(snapshot),
    )
    # The last step before the learner's code can run, once the grader has written
    # what it writes (the copies of the plan, the stack file the plugin opened): from
    # here on this process, and all it starts, may write only in the folder graded and
    # in its own temporary folder, where Linux has Landlock.
    plugin.writes_confined = landlock.confine((request.folder, request.temporary)) > 0
    # A broken own-test file must not stop the spec tests from running. No
    # traceback: the plugin words each failure itself, and pytest's long form
    # (source lines found by parsing each file) was a third of a mutant's grading.
    args = ["-q", "--continue-on-collection-errors", "--tb=no"]
    args += ["-c", str(ROOT / "pyproject.toml"), "--rootdir", str(ROOT)]
    args += ["-p", "pytest_timeout", *(f"-pno:{name}" for name in UNUSED_PLUGINS)]
    # No conftest.py of pytest's finding: the spec tests have none, the learner's is
    # served by the plugin, and pytest would load any in the folders above the copies
    # (the system's temporary folder, where someone may have left one).
    args += ["--noconftest"]
    args += ["-o", f"timeout={request.limit}", "-o", "timeout_method=signal"]
    return pytest.main([*args, *paths], plugins=[plugin])


if __name__ == "__main__":
    status = main(sys.argv[1])
    # Ended here, not by the interpreter (when the plugin did not end it after its
    # last event): a thread the learner's code started and never ended, or an
    # atexit handler of theirs, must not hold the grading process open.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(int(status))
