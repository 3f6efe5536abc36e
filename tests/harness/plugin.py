"""pytest plugin of the grading child process (see tests.harness.child).

It resolves the kata's module names to the folder being graded and to nothing
else, gives each test a fresh import of them, and writes one JSON line per
event to a pipe the supervisor reads as it goes. Verdicts therefore survive
the child being killed or killing itself; the supervisor decides what a
missing verdict means.
"""

from __future__ import annotations

import faulthandler
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import signal
import sys
from pathlib import Path

import pytest

from tests.harness import explain

# Outcomes from mildest to worst: a test's verdict is the worst of its phases.
SEVERITY = ("pass", "fail", "timeout", "error")


# Code objects of the learner's files, by (path, mtime, size): see CachedSourceLoader.
_COMPILED: dict[tuple[str, int, int], object] = {}


class CachedSourceLoader(importlib.machinery.SourceFileLoader):
    """Compiles each version of a learner's file once per grading.

    Tests import the learner's modules afresh, some once per generated call
    sequence; bytecode is never written beside the learner's files, so
    without this every import would compile the source again.
    """

    def get_code(self, fullname: str) -> object:
        stat = os.stat(self.path)
        key = (self.path, stat.st_mtime_ns, stat.st_size)
        if key not in _COMPILED:
            _COMPILED[key] = super().get_code(fullname)
        return _COMPILED[key]


class KataFinder(importlib.abc.MetaPathFinder):
    """Finds the kata's modules in one folder, switchable between test groups.

    Only the declared names are served, so a learner file named like a
    standard-library or harness module is never imported, and a module is
    never found in solutions/ or another kata's folder by accident.
    """

    def __init__(self, names: list[str]) -> None:
        self.names = frozenset(names)
        self.folder: Path | None = None

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names or self.folder is None:
            return None
        file = self.folder / f"{fullname}.py"
        if not file.is_file():
            raise ModuleNotFoundError(f"{file.name} is missing from {self.folder}", name=fullname)
        loader = CachedSourceLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)

    def use(self, folder: Path) -> None:
        """Serve `folder` from now on; the next import of each module is fresh."""
        self.folder = folder
        for name in self.names:
            sys.modules.pop(name, None)


class Grading:
    """The plugin object itself, registered by tests.harness.child."""

    def __init__(
        self,
        events_fd: int,
        stack_file: Path,
        limit: float,
        modules: list[str],
        yours: Path,
        groups: list[dict],
        skip: list[str],
    ) -> None:
        self.fd = events_fd
        # Learner code must not inherit the channel: a grandchild holding it
        # open would keep the supervisor waiting.
        os.set_inheritable(self.fd, False)
        # Where the supervisor can ask for the stack of code stuck past the limit.
        self.stack = stack_file.open("w")  # open for the whole run: faulthandler writes here
        faulthandler.register(signal.SIGUSR1, file=self.stack, all_threads=False)
        self.limit = float(limit)
        self.modules = modules
        self.yours = yours
        self.groups = [(Path(g["tests"]), g["name"], Path(g["source"])) for g in groups]
        # Groups that run only some tests of their file: group name -> test names.
        self.only = {g["name"]: set(g["only"]) for g in groups if g.get("only") is not None}
        self.skip = frozenset(skip)
        self.finder = KataFinder(modules)
        sys.meta_path.insert(0, self.finder)
        self.compared: tuple[str, object, object] | None = None
        self.current: dict = {}

    def emit(self, event: str, **fields: object) -> None:
        line = json.dumps({"event": event, **fields}, default=repr) + "\n"
        os.write(self.fd, line.encode("utf-8"))

    def group_of(self, path: Path) -> tuple[str, Path, Path]:
        """(group name, folder its modules come from, folder of its test files)."""
        for tests, name, source in self.groups:
            if path.is_relative_to(tests):
                return name, source, tests
        raise LookupError(f"{path} belongs to no test group of the plan")

    def key(self, item: pytest.Item) -> str:
        # Not the nodeid: copies outside the rootdir get clashing nodeids.
        group, _, tests = self.group_of(item.path)
        return f"{group}:{item.path.relative_to(tests)}::{item.name}"

    # -- before collection: can the learner's modules be imported at all? --

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        self.finder.use(self.yours)
        for module in self.modules:
            self.emit("probe", module=module)
            try:
                self._import_within_limit(module)
            except BaseException as exc:  # the learner's import may raise anything
                self.emit(
                    "probe_error",
                    message=explain.import_failure(exc, self.yours, module, self.limit),
                )
                pytest.exit("the learner's code cannot be imported", returncode=3)
        self.emit("probe_ok")

    def _import_within_limit(self, module: str) -> None:
        _arm_time_limit(self.limit)
        try:
            importlib.import_module(module)
        finally:
            _disarm_time_limit()

    # -- collection --

    @pytest.hookimpl(tryfirst=True)
    def pytest_collectstart(self, collector: pytest.Collector) -> None:
        if isinstance(collector, pytest.Module):
            self.finder.use(self.group_of(collector.path)[1])

    def pytest_exception_interact(self, node: pytest.Item | pytest.Collector, call, report) -> None:
        if not isinstance(node, pytest.Module):
            return  # test failures are judged in pytest_runtest_makereport
        group, _, tests = self.group_of(node.path)
        # pytest wraps import and syntax errors of a test module in CollectError.
        cause = call.excinfo.value.__cause__ or call.excinfo.value
        self.emit("collect_error", group=group, message=explain.collect_failure(cause, tests))

    def pytest_collection_modifyitems(self, config: pytest.Config, items: list) -> None:
        dropped, pending = [], []
        for item in items:
            only = self.only.get(self.group_of(item.path)[0])
            unplanned = only is not None and item.name not in only
            (dropped if unplanned or self.key(item) in self.skip else pending).append(item)
        if dropped:
            items[:] = pending
            config.hook.pytest_deselected(items=dropped)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.emit("collected", items=[self._describe(item) for item in session.items])

    def _describe(self, item: pytest.Item) -> dict:
        doc = getattr(getattr(item, "function", None), "__doc__", None) or ""
        return {
            "key": self.key(item),
            "name": item.name,
            "group": self.group_of(item.path)[0],
            "description": " ".join(doc.strip().split("\n\n")[0].split()),
        }

    # -- running --

    @pytest.hookimpl(tryfirst=True)
    def pytest_timeout_set_timer(self, item: pytest.Item, settings: object) -> bool:
        """Arm pytest-timeout's per-test limit with an alarm that raises explain.TimeLimit."""
        _arm_time_limit(self.limit)
        return True

    @pytest.hookimpl(tryfirst=True)
    def pytest_timeout_cancel_timer(self, item: pytest.Item) -> bool:
        """Disarm the per-test limit."""
        _disarm_time_limit()
        return True

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem: pytest.Item | None):
        self.current = {
            "key": self.key(item),
            "status": "pass",
            "message": "",
            "output": "",
        }
        self.emit("start", key=self.current["key"])
        result = yield
        self.emit("result", **self.current)
        return result

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        self.finder.use(self.group_of(item.path)[1])
        self.compared = None

    def pytest_assertrepr_compare(self, op: str, left: object, right: object) -> None:
        self.compared = (op, left, right)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo):
        report = yield
        if (report.failed or report.skipped) and call.excinfo is not None:
            status, message = self._judge(item, call.when, call.excinfo.value)
            if SEVERITY.index(status) > SEVERITY.index(self.current["status"]):
                self.current.update(status=status, message=message)
        return report

    def _judge(self, item: pytest.Item, when: str, exc: BaseException) -> tuple[str, str]:
        group, source, _ = self.group_of(item.path)
        if isinstance(exc, (pytest.skip.Exception, pytest.xfail.Exception)):
            # A grading counts only what ran: a skip, even one raised by the
            # learner's code, is never a pass.
            return "error", f"the test was skipped ({exc}) — only a test that runs can pass"
        if isinstance(exc, explain.TimeLimit):
            return "timeout", explain.timeout(exc, source, self.limit)
        if when != "call":
            return "error", f"{when} failed: {explain.exception(exc, source)}"
        if group == "own_reference":
            return "fail", explain.disagreement(item.name, self.compared, exc)
        if group != "spec":
            # The learner's own assertion, on their code or a variant: its first line says enough.
            return "fail", (str(exc).strip().splitlines() or [f"{item.name} failed"])[0]
        if isinstance(exc, (AssertionError, pytest.fail.Exception)):
            return "fail", str(exc).strip() or f"{item.name} failed"
        return "error", explain.exception(exc, source)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        output = (report.capstdout + report.capstderr).strip()
        if output:
            self.current["output"] = explain.cut(output)

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        self.emit("done")


def _arm_time_limit(seconds: float) -> None:
    """From now on, `seconds` of wall time raise explain.TimeLimit in the main thread.

    pytest-timeout's own alarm raises pytest's Failed, which Hypothesis takes
    for a failing example and runs again, and which is told apart from a real
    failure only by its text. A type of our own is neither.
    """

    def interrupt(signum: int, frame: object) -> None:
        raise explain.TimeLimit(f"over the time limit of {seconds:g} s")

    signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, seconds)


def _disarm_time_limit() -> None:
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, signal.SIG_DFL)
