"""One grading of one folder, from the request to the verdicts.

Data flows one way: a request starts a child (tests.harness.engine.supervisor), the
child's events come back as a Run, and the runs become verdicts
(tests.harness.check.verdicts). After a kill or a crash a new child runs the
tests not yet judged, so one bad test never costs the verdicts of the
others, and the whole check ends within its own limit.

A `Check` starts its first child as soon as it is created, before the kata is
read: the imports here are kept to what starting it needs, and the verdict
side is imported while the child is running, and what only some checks need
(the kept judgements, the places in a killed child's stack) when they need it.

The learner's commands (`reuse`) have the own tests judged apart from the
learner's code: the judgement kept by an earlier check with the same test file
and kata (tests.harness.check.judgements), or, when there is none, a second
child's, started once the learner's code imports and run beside the first.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from tests.harness.core import files, limits
from tests.harness.core.protocol import (
    FULL_CHECK,
    Collected,
    CollectError,
    Event,
    Finished,
    Forged,
    Item,
    Planned,
    Probe,
    ProbeError,
    ProbeOk,
    Result,
    Start,
    Status,
    Tampered,
    Task,
    Variant,
)
from tests.harness.engine.supervisor import Child, Killed, Run
from tests.harness.wording import outcomes

if TYPE_CHECKING:
    from tests.harness.check.judgements import Judgement
    from tests.harness.check.verdicts import Grading
    from tests.harness.core.places import Place
    from tests.harness.kata.catalog import Kata


@dataclass
class Followed:
    """What the children of one grading sent, put together."""

    items: tuple[Item, ...] = ()
    results: dict[str, Result] = field(default_factory=dict)
    collect_errors: list[CollectError] = field(default_factory=list)
    planned: Planned | None = None
    why_not_run: str = ""  # for the tests without a result
    # One child ran every test and ended as runs end: none was killed or restarted.
    whole: bool = False


class Check:
    """One grading of one folder; use as a context manager.

    Creating it starts the first child; `finish(kata)` follows it (and any
    restarts) to the end and returns the grading. `reuse`: a full check has its
    own tests judged apart (see the module docstring); the learner's commands
    ask for it, make grade never does.
    """

    def __init__(
        self,
        kata: str,
        folder: Path,
        limit: float,
        check_limit: float,
        task: Task = FULL_CHECK,
        child: Child | None = None,
        reuse: bool = False,
    ) -> None:
        self.kata_name = kata
        self.reuse = reuse and task == FULL_CHECK
        self.task = replace(task, judged_apart=True) if self.reuse else task
        self.folder = folder.resolve()
        self.limit, self.check_limit = limit, check_limit
        self.deadline = time.monotonic() + check_limit
        # A child started ahead of time (see `spawn`) brings its own work folder.
        self.child: Child | None = child or spawn(kata)
        self.work = self.child.work
        # The learner's files as they are now, which every child of this check reads.
        self.source = self.work / "source"
        self.fingerprint = files.snapshot(self.folder, self.source)
        self.spare: Child | None = None
        self.planned: Planned | None = None
        # The own tests judged apart: kept by an earlier check, or being judged.
        self.judgement: Judgement | None = None
        self.judging: Check | None = None
        self.judging_key = ""  # what it is kept under ("" if it cannot be kept)
        self.asked = False
        self.child.start(self.folder, self.source, limit, self.task)
        self.child.go()

    def __enter__(self) -> Check:
        return self

    def __exit__(self, *exc_info: object) -> None:
        for child in (self.child, self.spare):
            if child is not None:
                child.stop()
        shutil.rmtree(self.work, ignore_errors=True)
        if self.judging is not None:
            self.judging.__exit__(*exc_info)

    def _restart(self, skip: tuple[str, ...]) -> Child:
        """The next child, for the tests not judged yet: the spare if one is ready.

        A spare is started, and handed the request, whenever a phase runs past
        its limit (see `_overdue`) and after every restart, since code that
        swallowed one limit tends to swallow the next. It loads and collects
        meanwhile, and waits to be told which tests are judged already: a
        restart then costs a line on a pipe, not a start-up.
        """
        if self.spare is None:
            self._overdue()
        child, self.spare = self.spare, None
        child.go(skip)
        self._overdue()
        return child

    def _overdue(self) -> None:
        """A phase ran past its limit: the child may be killed, get the next one loading."""
        if self.spare is None:
            self.spare = Child(self.kata_name, self.work)
            self.spare.start(self.folder, self.source, self.limit, self.task)

    def _seen(self, event: Event) -> None:
        """Once the learner's code imports, the own tests' judgement, if they are judged
        apart: the one kept for their key, or a child of its own judging them meanwhile."""
        if isinstance(event, Planned):
            self.planned = event
        if not isinstance(event, ProbeOk) or not self.reuse or self.asked:
            return
        if self.planned is None or not self.planned.own_tests:
            return
        self.asked = True  # once: a restarted child imports the learner's code again
        from tests.harness.check import judgements

        own_tests = Path(self.planned.own_tests)
        try:
            # The copy of the learner's conftest.py, made beside it (engine.child._snapshot).
            conftest = own_tests.with_name("conftest.py")
            self.judging_key = judgements.key(
                self.kata_name,
                own_tests.read_bytes(),
                self.limit,
                limits.memory,
                conftest.read_bytes() if conftest.is_file() else b"",
            )
        except OSError:  # a file of the kata or the grader unreadable: judged, not kept
            self.judging_key = ""
        if self.judging_key:
            self.judgement = judgements.kept(self.kata_name, self.judging_key)
        if self.judgement is None:
            task = Task(judge=str(own_tests))
            self.judging = Check(self.kata_name, self.folder, self.limit, self.check_limit, task)
            self.judging.deadline = self.deadline  # one check, one bound

    def _judged(self) -> Judgement | str | None:
        """The own tests judged apart (None if they were not); or why no verdict can be
        trusted. A judgement made now is kept when it ran to its end (see judgements)."""
        if self.judgement is not None or self.judging is None:
            return self.judgement
        from tests.harness.check import judgements

        followed = self.judging.follow()
        if isinstance(followed, str):
            return followed
        missing = outcomes.not_run(followed.why_not_run)
        results = {
            item.key: followed.results.get(item.key) or Result(item.key, Status.ERROR, missing)
            for item in followed.items
        }
        judgement = judgements.Judgement(followed.items, results, tuple(followed.collect_errors))
        every_test = all(item.key in followed.results for item in followed.items)
        timed_out = any(result.status is Status.TIMEOUT for result in results.values())
        if self.judging_key and followed.whole and every_test and not timed_out:
            judgements.keep(self.kata_name, self.judging_key, judgement)
        return judgement

    def finish(self, kata: Kata) -> Grading:
        # Imported now that the child is running, not before: see the module docstring.
        from tests.harness.check import verdicts

        followed = self.follow()
        if isinstance(followed, str):
            return verdicts.failed(kata, self.folder, self.limit, followed, self.fingerprint)
        judged = self._judged()
        if isinstance(judged, str):
            return verdicts.failed(kata, self.folder, self.limit, judged, self.fingerprint)
        if judged is not None:
            followed.items += judged.items
            followed.results.update(judged.results)
            followed.collect_errors += judged.collect_errors
        planned = followed.planned
        own_tests = Path(planned.own_tests) if planned and planned.own_tests else None
        graded = verdicts.assemble(
            kata,
            self.folder,
            self.limit,
            self.fingerprint,
            followed.items,
            followed.results,
            followed.collect_errors,
            own_tests,
            followed.why_not_run,
        )
        only = self.task.only
        return verdicts.only(graded, only) if only else graded

    def follow(self) -> Followed | str:
        """Every test's result, from the child and its restarts; or why no test could run.
        (`finish` makes verdicts of them; a regression run reads them as they are.)"""
        followed = Followed()
        runs = 0
        while True:
            run = self.child.watch(self.deadline, self._overdue, self._seen)
            runs += 1
            self.child = None
            fatal = self._fatal(run)
            if fatal:
                return fatal
            followed.planned = followed.planned or run.last(Planned)
            collected = run.last(Collected)
            if collected and not followed.items:
                followed.items = collected.items
            results = followed.results
            results.update((e.key, e) for e in run.events if isinstance(e, Result))
            followed.collect_errors += [e for e in run.events if isinstance(e, CollectError)]
            interrupted = self._interrupted(run, results)
            if interrupted:
                results[interrupted.key] = interrupted
            progressed = interrupted or any(isinstance(e, Result) for e in run.events)
            pending = [item for item in followed.items if item.key not in results]
            if not pending or not progressed or run.killed is Killed.CHECK:
                break
            self.child = self._restart(skip=tuple(sorted(results)))
        if run.killed is Killed.CHECK:
            followed.why_not_run = outcomes.check_limit(self.check_limit)
        else:
            followed.why_not_run = outcomes.stopped_before_test(_how(run))
        followed.whole = runs == 1 and run.killed is None and run.last(Finished) is not None
        return followed

    def _fatal(self, run: Run) -> str | None:
        """Why no test could run, if none could, or why no verdict can be trusted."""
        tampered = run.last(Tampered)
        if tampered is not None:
            return outcomes.tampered(list(tampered.what))
        if isinstance(run.broken, Forged):
            return outcomes.tampered([outcomes.FORGED_EVENT])
        if run.broken is not None:
            return outcomes.protocol_broken(run.broken)
        keys = [event.key for event in run.events if isinstance(event, Result)]
        if len(keys) != len(set(keys)):
            return outcomes.tampered([outcomes.RESULT_TWICE])
        if run.killed is None and run.last(Finished) is None and _last_is_result(run):
            # A run ends during a test, or after its end; one that ended just after a
            # result, on its own, ended at the say of whoever wrote that result.
            return outcomes.tampered([outcomes.ENDED_AFTER_RESULT])
        failed = run.last(ProbeError)
        if failed:
            return failed.message
        if run.killed is Killed.CHECK and run.last(Collected) is None:
            # Not the learner's endless import: the whole check's time ran out first.
            return outcomes.check_limit_before_tests(self.check_limit)
        if run.last(ProbeOk) is None:
            probe = run.last(Probe)
            if probe is None:
                return outcomes.pytest_did_not_start(_how(run), run.stderr_tail)
            if run.killed:
                return outcomes.endless_import(probe.module, self._stuck(run), probe.limit)
            return outcomes.import_ended(probe.module, _how(run))
        if run.last(Collected) is None:
            if run.killed:
                return outcomes.collecting_timed_out(run.last(ProbeOk).limit)
            return outcomes.collecting_ended(_how(run))
        return None

    def _stuck(self, run: Run) -> Place | None:
        """Where the learner's code was when the child was killed, from its stack dump."""
        from tests.harness.core import places

        return places.stuck_in_dump(run.dump, self.folder, self.source) if run.dump else None

    def _interrupted(self, run: Run, results: dict[str, Result]) -> Result | None:
        """The verdict of the test the child was in when it ended, if it was in one."""
        started = run.last(Start)
        if started is None or started.key in results:
            return None
        key = started.key
        if run.killed is Killed.PHASE:
            stuck = self._stuck(run)
            return Result(key, Status.TIMEOUT, outcomes.swallowed_timeout(stuck, started.limit))
        if run.killed is Killed.CHECK:
            return Result(key, Status.ERROR, outcomes.check_limit_during_test(self.check_limit))
        return Result(key, Status.ERROR, outcomes.ended_during_test(_how(run)))


def grade(
    kata: str,
    folder: Path,
    limit: float,
    check_limit: float,
    child: Child | None = None,
    reuse: bool = False,
) -> Grading:
    """A full check of `folder` (CatalogError if the kata cannot be read); `reuse`, see
    Check."""
    with Check(kata, folder, limit, check_limit, child=child, reuse=reuse) as check:
        from tests.harness.kata import catalog

        return check.finish(catalog.load(kata))


def grade_variants(
    kata: str,
    variants: tuple[Variant, ...],
    limit: float,
    check_limit: float,
    shrink: bool = True,
) -> dict[str, dict[str, Result]]:
    """For each variant, the result of each spec test it names; all in one child
    (restarted after a kill, as a check is), so a kata's defects cost one start-up.

    A test without a result (the whole run out of time) gets an ERROR saying why.
    """
    from tests.harness.core.layout import SOLUTIONS

    # The child probes the reference's modules: a variant's own are imported by its tests.
    task = Task(variants=variants, shrink=shrink)
    with Check(kata, SOLUTIONS / kata, limit, check_limit, task) as check:
        followed = check.follow()
    if isinstance(followed, str):
        raise RuntimeError(f"{kata}: the variants could not be graded: {followed}")
    found: dict[str, dict[str, Result]] = {variant.name: {} for variant in variants}
    for item in followed.items:
        missing = Result(item.key, Status.ERROR, outcomes.not_run(followed.why_not_run))
        found[item.test.defect][item.test.name] = followed.results.get(item.key, missing)
    return found


def spawn(kata: str) -> Child:
    """A child for `kata`, started and waiting for a request, in a work folder of its own."""
    return Child(kata, Path(tempfile.mkdtemp(prefix=f"kata-{kata}-")))


def discard(child: Child) -> None:
    """Stop a child that was never handed a request, and remove its work folder."""
    child.stop()
    shutil.rmtree(child.work, ignore_errors=True)


def _last_is_result(run: Run) -> bool:
    return bool(run.events) and isinstance(run.events[-1], Result)


def _how(run: Run) -> str:
    return outcomes.ended(run.exit_status, run.signal_name)
