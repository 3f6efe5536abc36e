"""pytest plugin of the grading child process (see tests.harness.engine.child).

It resolves the kata's module names to the folder being graded and to nothing
else, gives each test a fresh import of them, and writes one event per line
(tests.harness.core.protocol) to a pipe the supervisor reads as it goes. Verdicts
therefore survive the child being killed or killing itself; the grading
decides what a missing verdict means.
"""

from __future__ import annotations

import errno
import faulthandler
import functools
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import signal
import sys
import types
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.harness.core import layout, limits, places, timer
from tests.harness.core.protocol import (
    SEVERITY,
    Collected,
    CollectError,
    Event,
    Finished,
    Group,
    Item,
    Probe,
    ProbeError,
    ProbeOk,
    Result,
    Role,
    Start,
    Status,
    Tampered,
    TestId,
    encode,
)
from tests.harness.engine import integrity
from tests.harness.wording import outcomes


class CopyLoader(importlib.machinery.SourceFileLoader):
    """Loads a file of the kata from `copy`, its copy, under its own name `path`.

    A check reads the learner's files from the copy made as it began, so that a file
    saved meanwhile changes none of it; tracebacks and messages name the learner's
    file. Compiled from the source every time, never from a `__pycache__` beside the
    file, whose bytecode may be of other source with the same size and modification
    second. Each version is compiled once a grading all the same (child.compile_once).
    """

    def __init__(self, fullname: str, path: str, copy: str) -> None:
        super().__init__(fullname, path)
        self.copy = copy

    def get_data(self, path: str) -> bytes:
        return super().get_data(self.copy if path == self.path else path)

    def get_code(self, fullname: str) -> types.CodeType:
        return self.source_to_code(self.get_data(self.path), self.path)


class KataFinder(importlib.abc.MetaPathFinder):
    """Finds the kata's modules in one folder, switchable between test groups.

    Only the declared names are served (a package with its submodules), so a
    learner file named like a standard-library or harness module is never
    imported, and a module is never found in solutions/ or another kata's
    folder by accident. A folder of `copies` is read from its copy.
    """

    def __init__(self, names: list[str], copies: dict[Path, Path]) -> None:
        self.names = frozenset(names)
        self.copies = copies
        self.folder: Path | None = None

    def _served(self, fullname: str) -> bool:
        return fullname.split(".")[0] in self.names

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not self._served(fullname) or self.folder is None:
            return None
        read = self.copies.get(self.folder, self.folder)
        relative = Path(*fullname.split("."))
        where = self.folder / relative
        if (read / relative / "__init__.py").is_file():
            package = where / "__init__.py"
            loader = CopyLoader(fullname, str(package), str(read / relative / "__init__.py"))
            return importlib.util.spec_from_file_location(
                fullname, package, loader=loader, submodule_search_locations=[str(where)]
            )
        file = where.with_name(f"{where.name}.py")
        copy = read / relative.with_name(f"{relative.name}.py")
        if not copy.is_file():
            shown = file.relative_to(self.folder).as_posix()
            raise ModuleNotFoundError(f"{shown} is missing from {self.folder}", name=fullname)
        loader = CopyLoader(fullname, str(file), str(copy))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)

    def use(self, folder: Path) -> None:
        """Serve `folder` from now on; the next import of each module is fresh."""
        self.folder = folder
        for name in [name for name in sys.modules if self._served(name)]:
            del sys.modules[name]


class WithConftest(pytest.Module):
    """A copy of the learner's own test file, served the fixtures of the learner's
    conftest.py as pytest serves them when the learner runs the tests.

    The conftest is loaded here rather than by pytest, which loads every conftest
    beside the files it is given before any test group is set up: loaded once
    for each copy, it imports the kata's modules of that copy's group, as the
    copy does, and a conftest that cannot be loaded is the copy's collect error.
    Its fixtures are those of the file's directory, so the file's own fixtures of
    the same name win; its hooks are not the grading's plugins, and not used.
    """

    conftest: Path

    def _getobj(self) -> types.ModuleType:
        spec = importlib.util.spec_from_file_location("conftest", self.conftest)
        assert spec is not None and spec.loader is not None
        fixtures = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(fixtures)
        # Before the file's own (pytest.Module.collect): the file's of the same name win.
        self.session._fixturemanager.parsefactories(holder=fixtures, node=self)
        return super()._getobj()


class GradingPlugin:
    """The plugin object itself, registered by tests.harness.engine.child."""

    def __init__(
        self,
        events_fd: int,
        stack_file: Path,
        limit: float,
        modules: list[str],
        yours: Path,
        groups: list[Group],
        read_skip: Callable[[], tuple[str, ...]],
        key: str,
        memory: float,
        copies: dict[Path, Path],
        conftest: Path | None = None,
    ) -> None:
        self.fd = events_fd
        # The signing key is kept in the encoder, not on the instance: code that
        # finds the plugin (through gc) does not find it as plainly.
        self._encode = functools.partial(encode, key=key)
        self.memory = memory
        self.seal: integrity.Seal | None = None  # made before the learner's code is imported
        # Learner code must not inherit the channel: a grandchild holding it
        # open would keep the supervisor waiting.
        os.set_inheritable(self.fd, False)
        # Where the supervisor can ask for the stack of code stuck past the limit.
        self.stack = stack_file.open(
            "w", encoding="utf-8"
        )  # open for the whole run: faulthandler writes here
        faulthandler.register(signal.SIGUSR1, file=self.stack, all_threads=False)
        self.base_limit = limit
        self.modules = modules
        self.yours = yours
        self.groups = groups
        self.planned = frozenset(group.tests for group in groups)  # the folders collected
        self.conftest = conftest  # the copy of the learner's conftest.py, for their own tests
        self._group_of: dict[Path, Group] = {}
        # The tests an earlier child judged already: read once the tests are collected,
        # so that a spare child can collect while it waits (tests.harness.check.grading).
        self.read_skip = read_skip
        self.finder = KataFinder(modules, copies)
        places.COPIES.update(copies)
        sys.meta_path.insert(0, self.finder)
        self.compared: tuple[str, object, object] | None = None
        self.current: Result | None = None
        # Whether the child confined its writes (tests.harness.engine.landlock): it does
        # once this is made, the last step before the learner's code runs.
        self.writes_confined = False

    def emit(self, event: Event) -> None:
        os.write(self.fd, self._encode(event))

    def sealed(self, whole: bool = True) -> None:
        """Go on only if the learner's code left the test runner as it was: else say what
        it changed and end the session (tests.harness.engine.integrity)."""
        broken = self.seal.broken(whole) if self.seal is not None else []
        if broken:
            self.emit(Tampered(tuple(broken)))
            pytest.exit("the learner's code changed the test runner", returncode=4)

    def group_of(self, path: Path) -> Group:
        found = self._group_of.get(path)
        if found is None:
            found = next((group for group in self.groups if path.is_relative_to(group.tests)), None)
            if found is None:
                raise LookupError(f"{path} belongs to no test group of the plan")
            self._group_of[path] = found  # asked several times a test: kept
        return found

    def test_id(self, item: pytest.Item) -> TestId:
        # Not the nodeid: copies outside the rootdir get clashing nodeids.
        group = self.group_of(item.path)
        return TestId(group.role, group.defect, str(item.path.relative_to(group.tests)), item.name)

    def key(self, item: pytest.Item) -> str:
        return self.test_id(item).key

    def pytest_configure(self, config: pytest.Config) -> None:
        limits.register(config)

    def limit(self, item: pytest.Item) -> float:
        """The seconds `item` may take (tests.harness.core.limits)."""
        return limits.for_test(self.base_limit, item)

    # -- before collection: can the learner's modules be imported at all? --

    @pytest.hookimpl(trylast=True)  # once pytest's own session is set up: see the seal
    def pytest_sessionstart(self, session: pytest.Session) -> None:
        """Import each of the learner's modules once, each within the per-test limit."""
        self.seal = integrity.Seal(
            session.config.pluginmanager,
            guarded=(self,),
            traces=integrity.TraceGuard(
                tuple(group.tests for group in self.groups if group.role is Role.SPEC)
            ),
        )
        self.finder.use(self.yours)
        for module in self.modules:
            self.emit(Probe(module, self.base_limit))
            timer.arm(self.base_limit)
            try:
                with timer.running():
                    importlib.import_module(module)
            except BaseException as exc:  # the learner's import may raise anything
                self.sealed()  # a refused trace function raises: it is tampering first
                self.emit(ProbeError(self._import_failure(exc, module)))
                pytest.exit("the learner's code cannot be imported", returncode=3)
            finally:
                timer.disarm()
        self.sealed()
        self.emit(ProbeOk(limits.for_collection(self.base_limit, len(self.groups))))

    def _import_failure(self, exc: BaseException, module: str) -> str:
        if isinstance(exc, timer.TimeLimit):
            where = places.stuck(exc, self.yours)
            return outcomes.endless_import(module, where, self.base_limit)
        message = outcomes.import_failure(
            exc, module, places.raised(exc, self.yours), places.last_line(exc)
        )
        return self._why_refused(exc, message)

    def _why_refused(self, exc: BaseException, message: str) -> str:
        """`message`, and why, when `exc` is a write the confinement refused."""
        refused = isinstance(exc, PermissionError) and exc.filename is not None
        return outcomes.write_refused(message) if refused and self.writes_confined else message

    # -- collection --

    def pytest_ignore_collect(self, collection_path: Path) -> bool | None:
        """Leave out what lies beside the plan's folders (pytest asks this of each file
        and folder next to those it walks through, its paths and their parents): a test
        file of someone else's in the system's temporary folder, where the plan's copies
        are made, is none of the grading's, and no group of the plan would serve it."""
        in_plan = not self.planned.isdisjoint((collection_path, *collection_path.parents))
        return None if in_plan else True

    @pytest.hookimpl(tryfirst=True)
    def pytest_collectstart(self, collector: pytest.Collector) -> None:
        """Serve a test module the kata's modules of its group."""
        if isinstance(collector, pytest.Module):
            self.finder.use(self.group_of(collector.path).source)

    @pytest.hookimpl(tryfirst=True)
    def pytest_pycollect_makemodule(self, module_path: Path, parent: pytest.Collector):
        """The learner's own test file, with their conftest.py's fixtures (WithConftest)."""
        if self.conftest is None or self.group_of(module_path).role is Role.SPEC:
            return None
        module = WithConftest.from_parent(parent, path=module_path)
        module.conftest = self.conftest
        return module

    def pytest_exception_interact(self, node: pytest.Item | pytest.Collector, call, report) -> None:
        """Report a test file that cannot be loaded, with its file and line."""
        if not isinstance(node, pytest.Module):
            return  # test failures are judged in pytest_runtest_makereport
        group = self.group_of(node.path)
        # pytest wraps import and syntax errors of a test module in CollectError.
        cause = call.excinfo.value.__cause__ or call.excinfo.value
        message = outcomes.collect_failure(
            cause, places.raised(cause, group.tests), places.last_line(cause)
        )
        self.emit(CollectError(group.role, group.defect, message))

    def pytest_collection_modifyitems(self, config: pytest.Config, items: list) -> None:
        """Leave out tests already judged, and those a group does not run; in each
        group, run (and report) the scenario tests before the slow ones, so that the
        first failure names a behaviour rather than a long generated run
        (tests.harness.kata.catalog.Kata.spec_tests gives the same order)."""
        skip = frozenset(self.read_skip())
        dropped, pending = [], []
        for item in items:
            only = self.group_of(item.path).only
            unplanned = only is not None and item.name not in only
            (dropped if unplanned or self.key(item) in skip else pending).append(item)
        places = {id(group): place for place, group in enumerate(self.groups)}
        pending.sort(key=lambda item: (places[id(self.group_of(item.path))], limits.is_slow(item)))
        items[:] = pending
        if dropped:
            config.hook.pytest_deselected(items=dropped)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """Tell the supervisor which tests will run."""
        self.sealed()
        if self.seal is not None:
            self.seal.settled()
        self.emit(Collected(tuple(self._describe(item) for item in session.items)))

    def _describe(self, item: pytest.Item) -> Item:
        doc = getattr(getattr(item, "function", None), "__doc__", None) or ""
        description = " ".join(doc.strip().split("\n\n")[0].split())
        return Item(self.test_id(item), description)

    # -- running --

    @pytest.hookimpl(tryfirst=True)
    def pytest_timeout_set_timer(self, item: pytest.Item, settings: object) -> bool:
        """Arm pytest-timeout's per-test limit with an alarm that raises timer.TimeLimit."""
        timer.arm(self.limit(item))
        return True

    @pytest.hookimpl(tryfirst=True)
    def pytest_timeout_cancel_timer(self, item: pytest.Item) -> bool:
        """Disarm the per-test limit."""
        timer.disarm()
        return True

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem: pytest.Item | None):
        """Announce each test, and send its verdict once all its phases are done."""
        key = self.key(item)
        self.current = Result(key, Status.PASS)
        self.emit(Start(key, self.limit(item)))
        result = yield
        self.sealed(whole=False)  # a test that passed because the runner was changed did not
        self.emit(self.current)
        return result

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        """Serve the test the kata's modules of its group, imported afresh."""
        self.finder.use(self.group_of(item.path).source)
        self.compared = None

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item):
        """Let the time limit interrupt the test itself, and nothing of pytest's."""
        with timer.running():
            return (yield)

    @pytest.hookimpl(wrapper=True)
    def pytest_fixture_setup(self, fixturedef, request):
        """Fixtures run the test's code too: the time limit may interrupt them."""
        with timer.running():
            return (yield)

    def pytest_assertrepr_compare(self, op: str, left: object, right: object) -> None:
        """Keep the two sides of the last failed comparison of the learner's own tests."""
        self.compared = (op, left, right)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo):
        """Judge each phase that went wrong; the test's verdict is the worst of them."""
        judged = None
        if call.excinfo is not None:
            judged = self._judge(item, call.when, call.excinfo.value)
            if _give_line_numbers(call.excinfo.value):
                call.excinfo = pytest.ExceptionInfo.from_exception(call.excinfo.value)
        report = yield
        # The verdict is the exception's, whatever the report says: code that swaps
        # pytest's report maker for one that says "passed", and puts it back before the
        # seal is checked, must not turn a failure into a pass.
        if judged and report.skipped and self.group_of(item.path).role is Role.OWN_VARIANT:
            # A failure pytest counts as xfailed or skipped (a marker, or pytest.xfail()
            # or pytest.skip() called on the bug's path) never fails `pytest`: on a
            # defect, the test did not catch it. Only ever a pass, so the report is
            # trusted here: saying "skipped" where pytest would not only costs the test.
            judged = Status.PASS, outcomes.not_failed(_hidden_as(report, call.excinfo.value))
        if judged:
            status, message = judged
            hidden = status is Status.PASS and not self.current.message
            if hidden or SEVERITY.index(status) > SEVERITY.index(self.current.status):
                message = outcomes.plain(message, outcomes.MESSAGE_LIMIT, outcomes.OF_THE_MESSAGE)
                self.current = Result(self.current.key, status, message, self.current.output)
        return report

    def _judge(self, item: pytest.Item, when: str, exc: BaseException) -> tuple[Status, str]:
        group = self.group_of(item.path)
        if isinstance(exc, (pytest.skip.Exception, pytest.xfail.Exception)):
            # A grading counts only what ran: a skip, even one raised by the
            # learner's code, is never a pass.
            return Status.ERROR, outcomes.skipped(exc)
        if isinstance(exc, timer.TimeLimit):
            where = places.stuck(exc, group.source)
            return Status.TIMEOUT, outcomes.timeout(where, self.limit(item))
        if isinstance(exc, MemoryError):
            where = places.raised(exc, group.source)
            return Status.ERROR, outcomes.out_of_memory(where, self.memory)
        if isinstance(exc, OSError) and exc.errno == errno.EFBIG:
            return Status.ERROR, outcomes.file_too_large(places.raised(exc, group.source))
        if when != "call":
            return Status.ERROR, outcomes.phase_failed(when, self._exception(exc, group.source))
        if group.role is Role.OWN_REFERENCE:
            return Status.FAIL, self._disagreement(item, exc)
        if group.role is not Role.SPEC:
            return Status.FAIL, outcomes.first_line(exc, item.name, self.compared)
        if isinstance(exc, (AssertionError, pytest.fail.Exception)):
            return Status.FAIL, outcomes.assertion(exc, item.name)
        # The test's own code, not the learner's, did what the contract does not ask for
        # with the learner's objects (hashed one, say): the grader's fault, said as such.
        refused = places.unasked(exc, group.source, (group.tests, layout.SPECS))
        if refused is not None:
            return Status.ERROR, outcomes.unasked(refused)
        return Status.ERROR, self._exception(exc, group.source)

    def _exception(self, exc: BaseException, source: Path) -> str:
        message = outcomes.exception(exc, places.raised(exc, source), places.last_line(exc))
        return self._why_refused(exc, message)

    def _disagreement(self, item: pytest.Item, exc: BaseException) -> str:
        """What a learner's own test expected that the reference does not give.

        The expectation is the side of the `==` written as a literal, whichever
        side that is; without one, the assertion's first line is shown.
        """
        side = places.expected_side(item.path, exc) if self.compared else None
        if self.compared and self.compared[0] == "==" and side is not None:
            _, left, right = self.compared
            expected, actual = (left, right) if side == "left" else (right, left)
            return outcomes.disagreement(
                item.name, expected, actual, self.group_of(item.path).defect
            )
        return outcomes.disagreement_unclear(item.name, exc)

    @pytest.hookimpl(trylast=True)  # after pytest's own: the session's fixtures torn down
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        """The whole seal, once more: what a test changed that no later verdict used;
        then the last event, which says the run ended as runs end, and the end of the
        process. What pytest does after it (a summary nobody reads; collecting garbage,
        twice over, for exceptions no verdict uses) would keep the grading waiting."""
        self.sealed()
        self.emit(Finished())
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(int(exitstatus))

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Keep what the learner's code printed, cut short."""
        output = (report.capstdout + report.capstderr).strip()
        if output:
            current = self.current
            output = outcomes.plain(output, outcomes.OUTPUT_LIMIT)
            self.current = Result(current.key, current.status, current.message, output)


def _hidden_as(report: pytest.TestReport, exc: BaseException) -> str:
    """What pytest reports a failure it does not count as one as, with its reason."""
    reason = getattr(report, "wasxfail", None)
    if reason is None:
        return f"skipped ({exc})" if str(exc) else "skipped"
    return f"xfailed ({reason})" if reason else "xfailed"


def _give_line_numbers(exc: BaseException) -> bool:
    """Give every entry of the exception's traceback a line number; True if one had none.

    An alarm can interrupt code where Python keeps none (inside a
    comprehension, say); pytest, formatting such a traceback for its report,
    then fails on None - 1 and stops the whole session. The verdict is taken
    from the traceback before this.
    """
    entries = []
    tb = exc.__traceback__
    while tb is not None:
        entries.append(tb)
        tb = tb.tb_next
    if all(entry.tb_lineno is not None for entry in entries):
        return False
    rebuilt = None
    for entry in reversed(entries):
        line = entry.tb_lineno or entry.tb_frame.f_code.co_firstlineno
        rebuilt = types.TracebackType(rebuilt, entry.tb_frame, entry.tb_lasti, line)
    exc.__traceback__ = rebuilt
    return True
