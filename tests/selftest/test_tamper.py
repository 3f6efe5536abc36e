"""A submission that changes the test runner is an ERROR, never Solved.

Each case is round_robin's starter with a few hostile lines on top, run when
the grader imports it: a forgery that would make every test pass without a
fix. Each must be graded not solved, with "changed the test runner" said; and
one of them, graded with a class, must be an error row.
"""

import json
import textwrap

import pytest

from tests.harness.kata import catalog
from tests.selftest.checking import (
    STARTER_LIMIT,
    committed_starter,
    make_check,
    make_in,
    repository_copy,
)

KATA = catalog.load("round_robin")

FORGERIES = {
    # The two lines of the issue: every test's call does nothing, and so passes.
    "runtest-replaced": """
        import _pytest.python
        _pytest.python.Function.runtest = lambda self: None
    """,
    # Each spec test's function swapped, in its module, for one that passes.
    "spec-tests-replaced": """
        import sys
        for _name, _module in list(sys.modules.items()):
            if _name.startswith("tests.round_robin."):
                for _attribute in list(vars(_module)):
                    if _attribute.startswith("test_"):
                        setattr(_module, _attribute, lambda *args, **kwargs: None)
    """,
    # The same, keeping the functions and replacing their code.
    "spec-code-replaced": """
        import sys
        def _nothing(*args, **kwargs):
            pass
        for _name, _module in list(sys.modules.items()):
            if _name.startswith("tests.round_robin."):
                for _value in list(vars(_module).values()):
                    if getattr(_value, "__name__", "").startswith("test_"):
                        _value.__code__ = _nothing.__code__
    """,
    # A pytest plugin of its own, found through gc, that turns every report into a pass.
    "plugin-registered": """
        import gc
        import pytest
        class _Pass:
            @pytest.hookimpl(wrapper=True)
            def pytest_runtest_makereport(self, item, call):
                report = yield
                report.outcome = "passed"
                return report
        for _object in gc.get_objects():
            if type(_object).__name__ == "PytestPluginManager":
                _object.register(_Pass(), "pass-everything")
    """,
    # The grading plugin's judge, replaced on its instance, found through gc.
    "judge-replaced": """
        import gc
        for _object in gc.get_objects():
            if type(_object).__name__ == "GradingPlugin":
                _object._judge = lambda *args: None
    """,
    # The grader's own toolkit: every comparison of the generated sequences agrees.
    "toolkit-patched": """
        import sys
        _kit = sys.modules.get("tests.harness.toolkit.differential")
        if _kit is not None:
            _kit.Outcome.agrees_with = lambda self, expected: True
    """,
    # Events written to the grader's channel: a pass for every spec test, then exit.
    "events-forged-then-exit": """
        import json, os
        def _line(event):
            return (json.dumps(event) + "\\t" + "0" * 32 + "\\n").encode()
        for _fd in range(3, 64):
            try:
                os.write(_fd, _line({"event": "ProbeOk", "limit": 10.0}))
            except OSError:
                continue
        os._exit(0)
    """,
    # A pass for the running test, signed with the plugin's own key and encoder (found
    # through gc), then the end of the child before the real result.
    "signed-pass-then-exit": """
        import gc, os, sys
        def _forge():
            protocol = sys.modules["tests.harness.core.protocol"]
            for _object in gc.get_objects():
                if type(_object).__name__ == "GradingPlugin" and _object.current is not None:
                    key = _object.current.key
                    line = _object._encode(protocol.Result(key, protocol.Status.PASS, "", ""))
                    os.write(_object.fd, line)
                    os._exit(0)
        _forge()
    """,
    # A trace function that jumps over every assert of the spec tests: it changes no
    # function, and the seal alone would not see it (found by a hostile hunt).
    "trace-skips-asserts": """
        import ast, linecache, sys
        _ASSERTS = {}
        def _asserts(path):
            if path not in _ASSERTS:
                tree = ast.parse("".join(linecache.getlines(path)) or "pass")
                _ASSERTS[path] = {
                    node.lineno: node.end_lineno for node in ast.walk(tree)
                    if isinstance(node, ast.Assert)
                }
            return _ASSERTS[path]
        def _local(frame, event, arg):
            end = _asserts(frame.f_code.co_filename).get(frame.f_lineno)
            if event == "line" and end:
                try:
                    frame.f_lineno = end + 1
                except ValueError:
                    pass
            return _local
        def _global(frame, event, arg):
            return _local if "/tests/" in frame.f_code.co_filename else None
        try:
            sys.settrace(_global)
        except RuntimeError:
            pass
    """,
    # The same through the C API, by ctypes: no Python function of sys is called.
    "trace-set-through-ctypes": """
        import ctypes
        _TRACE = ctypes.CFUNCTYPE(
            ctypes.c_int, ctypes.py_object, ctypes.py_object, ctypes.c_int, ctypes.py_object
        )
        _nothing = _TRACE(lambda obj, frame, what, arg: 0)
        ctypes.pythonapi.PyEval_SetTrace.argtypes = [_TRACE, ctypes.py_object]
        ctypes.pythonapi.PyEval_SetTrace.restype = None
        ctypes.pythonapi.PyEval_SetTrace(_nothing, None)
    """,
    # The same pass written once more, with the real result still to come.
    "signed-pass-twice": """
        import gc, os, sys
        def _forge():
            protocol = sys.modules["tests.harness.core.protocol"]
            for _object in gc.get_objects():
                if type(_object).__name__ == "GradingPlugin" and _object.current is not None:
                    key = _object.current.key
                    line = _object._encode(protocol.Result(key, protocol.Status.PASS, "", ""))
                    os.write(_object.fd, line)
        _forge()
    """,
}


def forged(folder, lines: str):
    module = folder / "round_robin.py"
    module.write_text(textwrap.dedent(lines) + module.read_text(encoding="utf-8"))
    return folder


@pytest.mark.parametrize("case", sorted(FORGERIES))
def test_a_forgery_is_an_error_and_says_the_runner_was_changed(case, tmp_path):
    folder = forged(committed_starter(KATA, tmp_path / "mine"), FORGERIES[case])
    checked = make_check(KATA.name, folder, timeout=STARTER_LIMIT)
    result = checked.result
    assert result["status"] != "pass" and checked.exit_status != 0, (case, result["message"])
    said = json.dumps(result)
    assert "changed the test runner" in said, f"{case}: {result['message'][:300]}"


def test_a_forgery_in_a_class_is_an_error_row(tmp_path):
    repo = repository_copy(tmp_path / "repo", KATA)
    submissions = tmp_path / "class"
    for name in ("honest", "forger"):
        committed_starter(KATA, submissions / name)
    forged(submissions / "forger", FORGERIES["runtest-replaced"])
    done = make_in(repo, "grade", f"KATA={KATA.name}", f"SUBMISSIONS={submissions}", "JOBS=2")
    assert done.returncode == 0, done.stderr
    rows = {row["name"]: row for row in json.loads((submissions / "grades.json").read_text())}
    assert rows["forger"]["status"] == "error", rows["forger"]
    assert "changed the test runner" in rows["forger"]["reason"], rows["forger"]
    assert rows["honest"]["status"] in ("fail", "timeout"), rows["honest"]


# Swapped in by assign(), while a test runs, and put back by its first use: the
# seal, checked after the test, finds pytest as it was (from a hostile-submission hunt).
REPORT_MAKER_DANCE = """
    def _dance():
        import _pytest.reports as reports

        maker = reports.TestReport.__dict__["from_item_and_call"]

        def passed(cls, item, call):
            reports.TestReport.from_item_and_call = maker
            report = maker.__func__(cls, item, call)
            report.outcome, report.longrepr = "passed", None
            return report

        reports.TestReport.from_item_and_call = classmethod(passed)
"""
IN_ASSIGN = "        size = len(self._workers)\n"


def test_a_report_maker_swapped_during_a_test_does_not_make_a_pass(tmp_path):
    folder = forged(committed_starter(KATA, tmp_path / "mine"), REPORT_MAKER_DANCE)
    module = folder / "round_robin.py"
    text = module.read_text(encoding="utf-8")
    assert text.count(IN_ASSIGN) == 1, "test setup: the starter's assign() has changed"
    module.write_text(text.replace(IN_ASSIGN, "        _dance()\n" + IN_ASSIGN), encoding="utf-8")
    checked = make_check(KATA.name, folder, timeout=STARTER_LIMIT)
    failing = [name for name, status in checked.statuses().items() if status != "pass"]
    assert checked.result["status"] != "pass" and checked.exit_status != 0
    assert failing, f"every spec test passed on the starter: {checked.result['message']}"
