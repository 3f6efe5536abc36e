"""Tamper evidence inside the grading child: what the learner's code must not change.

The learner's code runs in the same process as pytest and the grading plugin,
so it could make every test pass without making any right: replace pytest's
`Function.runtest`, a spec test's function or its code, a method of the
plugin or of the toolkit, or register a plugin of its own. None of that can
be prevented in-process; all of it can be seen.

A `Seal` is made before the learner's code is imported: every function and
class of pytest, pluggy and the grader's own packages (the spec tests among
them), every method of those classes, and every function's code, by
identity; and the plugins registered with pytest. `broken()` says what has
changed since, in words. The plugin checks the seal after the learner's
modules are imported, after collection and after every test, and the
grading gives a check whose seal broke an ERROR, never a verdict.

A trace function changes no function: set with sys.settrace, it can rewrite
a spec test's locals and jump over its asserts. `TraceGuard` refuses it:
sys.settrace and sys.setprofile, and the C calls beneath them that ctypes
reaches, raise an audit event, and an audit hook (which no code can remove)
lets only the grader's own code set one. A refused call raises in the
learner's code and breaks the seal.

Both are paid for by every test, and an audit hook by every audited event of
the process (each `id()`, each read of a function's `__code__`, each import):
the hook is a plain function, which Python calls several times faster than a
bound method, and the seal, checked after every test, compares what it holds
by identity in one pass (`gc.get_referents`, one audited call) rather than
reading each function's code, which would raise an audited event apiece.

A determined learner can still get around it (by patching the seal itself,
say); teachers are told so (docs/teachers.md). What this stops is the
forgery that takes two lines.
"""

from __future__ import annotations

import gc
import operator
import os
import sys
import types
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

# Whose functions and classes are sealed: pytest's, pluggy's, and the grader's
# own package (the harness, the spec tests, their models).
SEALED = ("_pytest", "pytest", "pytest_timeout", "pluggy", "tests")
# Of the standard library, the pure-Python modules the grader and the spec tests
# compute with: a patched random.Random would make every generated sequence trivial.
SEALED_STANDARD = (
    "random",
    "bisect",
    "hashlib",
    "json",
    "copy",
    "functools",
    "collections",
    "heapq",
    "dataclasses",
    "textwrap",
    "difflib",
    "re",
    "threading",
)
# Of the standard library, what the grader itself relies on to report.
SEALED_BUILTINS = (("os", os, "write"), ("os", os, "_exit"))
_GONE = object()
# What a test's verdict is made of: checked after every test (the whole seal, which
# costs milliseconds, after the learner's import, after collection, at the end).
CRITICAL = (
    "_pytest.python.Function",
    "_pytest.python.pytest_pyfunc_call",
    "_pytest.runner.",
    "_pytest.reports.TestReport",
    "_pytest.outcomes.",
    "pluggy.",
    "tests.harness.engine.plugin.",
    "tests.harness.core.timer.",
    "tests.harness.engine.integrity.",
    "tests.harness.core.protocol.",
    "os.",
)


# The grader's own package, whose code may set a trace function (the spec tests that
# watch the learner's code line by line, tests.harness.toolkit.interleaving).
GRADER = Path(os.path.abspath(__file__)).parents[2]
TRACE_EVENTS = ("sys.settrace", "sys.setprofile")


def _codes(code: types.CodeType) -> Iterator[types.CodeType]:
    """A code object and those nested in it: its functions, lambdas and classes."""
    yield code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _codes(constant)


def _grader_codes(folders: tuple[Path, ...]) -> set[int]:
    """The ids of every code object of the modules now imported from `folders`."""
    found: set[int] = set()
    prefixes = tuple(os.path.join(folder, "") for folder in folders)
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None)
        if not isinstance(file, str) or not os.path.abspath(file).startswith(prefixes):
            continue
        for _, namespace, key in _members(module):
            function = getattr(namespace[key], "__func__", namespace[key])
            if isinstance(function, property):
                function = function.fget
            code = getattr(function, "__code__", None)
            if code is not None:
                found.update(id(each) for each in _codes(code))
    return found


class TraceGuard:
    """Lets only the grader's code set a trace or profile function; notes the rest.

    One per process: an audit hook stays for the life of the process. `spec` are the
    folders of the spec tests being run, which may be copies outside the grader's.
    """

    def __init__(self, spec: tuple[Path, ...] = ()) -> None:
        self.folders = (GRADER, *(Path(os.path.abspath(folder)) for folder in spec))
        self.allowed = _grader_codes(self.folders)
        self.refused: list[str] = []

        # A function, not a bound method: Python calls it for every audited event of
        # the process, and calls a bound method several times slower.
        def audit(event: str, args: tuple) -> None:
            if event in TRACE_EVENTS:
                # The frame that called sys.settrace: a function of C has no frame of its own.
                self._audit(event, sys._getframe(1))

        sys.addaudithook(audit)

    def settled(self) -> None:
        """Collection imported the spec tests: their code may set trace functions too."""
        self.allowed |= _grader_codes(self.folders)

    def _audit(self, event: str, caller: types.FrameType) -> None:
        if id(caller.f_code) in self.allowed or self._grader_tracing(event):
            return
        self.refused.append(
            f"{event}() was called (at {Path(caller.f_code.co_filename).name} line "
            f"{caller.f_lineno})"
        )
        raise RuntimeError(f"{event}() is not allowed in graded code: the grader refuses it")

    def _grader_tracing(self, event: str) -> bool:
        """Whether the function set now is the grader's: when a trace function raises (a
        scenario thread told to stop), Python itself unsets it, from the traced frame."""
        current = sys.gettrace() if event == "sys.settrace" else sys.getprofile()
        return current is not None and id(_code_of(current)) in self.allowed


def _code_of(function: object) -> object:
    """The code a trace function runs: a function's, a method's, or its class's __call__."""
    function = getattr(function, "__func__", function)
    code = getattr(function, "__code__", None)
    return code if code is not None else getattr(type(function).__call__, "__code__", None)


def _sealed_module(name: str) -> bool:
    return name in SEALED_STANDARD or any(
        name == root or name.startswith(f"{root}.") for root in SEALED
    )


def _members(module: types.ModuleType) -> Iterable[tuple[str, Mapping[str, object], str]]:
    """Where the module's functions and classes, and its classes' own methods, are:
    (in words, the namespace that holds it, its name there)."""
    for name, value in list(vars(module).items()):
        if isinstance(value, (types.FunctionType, type)):
            yield f"{module.__name__}.{name}", vars(module), name
        if isinstance(value, type) and value.__module__ == module.__name__:
            for attribute, member in list(vars(value).items()):
                if isinstance(member, (types.FunctionType, staticmethod, classmethod, property)):
                    yield f"{module.__name__}.{name}.{attribute}", vars(value), attribute


def _code(value: object) -> tuple[object, object, object]:
    """What a function does and how it is called: its code and its defaults."""
    function = getattr(value, "__func__", value)
    return (
        getattr(function, "__code__", None),
        getattr(function, "__defaults__", None),
        getattr(function, "__kwdefaults__", None),
    )


def _function(value: object) -> types.FunctionType | None:
    """The function whose code `value` runs (itself, a static or class method's), if any."""
    function = getattr(value, "__func__", value)
    return function if isinstance(function, types.FunctionType) else None


class _Part:
    """Some of the seal's entries, and a quick way to tell that none has changed.

    Each function's code, defaults and keyword defaults are among the objects
    `gc.get_referents` lists for it, in an order of its own: while every value is
    the one sealed and that list holds the same objects, nothing was replaced. It
    also lists what may change without harm (a function's `__dict__`, annotations
    made when first read); then the entries are compared one by one, as `broken` does.
    """

    def __init__(self, entries: list[tuple[str, Mapping[str, object], str, object, tuple]]):
        self.entries = entries
        self.functions = [f for f in (_function(entry[3]) for entry in entries) if f is not None]
        self.referents = gc.get_referents(*self.functions)

    def intact(self) -> bool:
        """True if nothing here changed; False if something may have (compare one by one)."""
        for _, namespace, key, value, _ in self.entries:
            if namespace.get(key, _GONE) is not value:
                return False
        now = gc.get_referents(*self.functions)
        if len(now) == len(self.referents) and all(map(operator.is_, now, self.referents)):
            return True
        self.referents = now  # compared one by one next: what changed is said, or was harmless
        return False


class Seal:
    """What the learner's code must leave as it is, taken when this is made."""

    def __init__(
        self,
        plugins: object | None = None,
        guarded: tuple[object, ...] = (),
        traces: TraceGuard | None = None,
    ) -> None:
        self.plugins = plugins  # pytest's PluginManager, once there is one
        self.traces = traces
        # Objects whose methods must stay their class's: an attribute of an instance
        # shadows its class's method, which the seal of the class would not see.
        self.guarded = guarded
        # (in words, the live namespace, the name, the value, its code and defaults),
        # held by reference and compared by identity: comparing ids would call id(),
        # an audited event, several times an entry.
        entries: list[tuple[str, Mapping[str, object], str, object, tuple]] = []
        for name, module in list(sys.modules.items()):
            if module is None or not _sealed_module(name):
                continue
            for where, namespace, key in _members(module):
                value = namespace[key]
                entries.append((where, namespace, key, value, _code(value)))
        for name, module, attribute in SEALED_BUILTINS:
            value = vars(module)[attribute]
            entries.append((f"{name}.{attribute}", vars(module), attribute, value, _code(value)))
        self.registered = self._registered()
        self.whole = _Part(entries)
        self.critical = _Part([entry for entry in entries if entry[0].startswith(CRITICAL)])

    def _registered(self) -> frozenset[int]:
        if self.plugins is None:
            return frozenset()
        return frozenset(id(plugin) for plugin in self.plugins.get_plugins())

    def broken(self, whole: bool = True) -> list[str]:
        """What was changed since the seal was made, in words; [] when nothing was.
        Not `whole`: only what makes a test's verdict (CRITICAL), which is quick."""
        part = self.whole if whole else self.critical
        changed = [] if part.intact() else _changes(part.entries)
        if self.plugins is not None and self._registered() - self.registered:
            changed.append("a pytest plugin was registered")
        if self.traces is not None:
            changed += self.traces.refused
        for guarded in self.guarded:
            kind = type(guarded)
            changed += [
                f"{kind.__module__}.{kind.__name__}.{name} was replaced on its instance"
                for name in vars(guarded)
                if callable(getattr(kind, name, None))
            ]
        return sorted(changed)

    def settled(self) -> None:
        """Collection registers plugins of its own (each test module, its conftests):
        take the plugins as they are once it is done."""
        self.registered = self._registered()
        if self.traces is not None:
            self.traces.settled()


def _changes(entries: list[tuple[str, Mapping[str, object], str, object, tuple]]) -> list[str]:
    """Each entry that was removed, replaced, or whose code or defaults were, in words."""
    changed = []
    for where, namespace, key, value, code in entries:
        now = namespace.get(key, _GONE)
        if now is _GONE:
            changed.append(f"{where} was removed")
        elif now is not value:
            changed.append(f"{where} was replaced")
        elif any(a is not b for a, b in zip(_code(now), code, strict=True)):
            changed.append(f"the code or the defaults of {where} were replaced")
    return changed
