"""Verdicts are repeatable, and the kata's own tests are judged fairly, and only late.

- The same folder gets the same report, byte for byte, whatever the hash
  seed of the process that asks for it.
- An own test that was emptied or loosened until it catches nothing is WEAK,
  not "agrees".
- Until every spec test passes, own tests are shown only as they run on the
  learner's code: which one is wrong, and what it should expect, is the
  learner's to find out.
"""

import importlib.util
import py_compile
import shutil
import struct
from pathlib import Path

import pytest

from tests.harness.core.layout import kata_names
from tests.harness.kata import catalog
from tests.selftest.checking import (
    STARTER_LIMIT,
    STARTER_SEED,
    committed_starter,
    graded_starter,
    make_check,
)

KATAS = [catalog.load(name) for name in kata_names()]
ROUND_ROBIN = catalog.load("round_robin")
OWN = ROUND_ROBIN.solution_dir / "test_round_robin.py"
RECOVERED = "test_recovered_worker_rejoins_rotation"
# The fixed test's last lines, and three ways to take its teeth out.
FIXED_END = """    workers.set_available("B", True)
    assert workers.assign() == "B"
"""
GUTTED = {
    "emptied": None,
    "last-assert-dropped": """    workers.set_available("B", True)
""",
    "either-answer": """    workers.set_available("B", True)
    assert workers.assign() in ("B", "C")
""",
}


def by_name(value) -> str:
    return value.name


def reference_with_own_tests(tmp_path, own_tests: str):
    folder = tmp_path / "learner"
    folder.mkdir()
    (folder / "round_robin.py").write_bytes(
        (ROUND_ROBIN.solution_dir / "round_robin.py").read_bytes()
    )
    (folder / "test_round_robin.py").write_text(own_tests, encoding="utf-8")
    return folder


# A grading of every kata's starter more: the full tier's (`thorough`).
@pytest.mark.thorough
@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_same_folder_same_report(kata, tmp_path):
    """The starter's report (failures, their repros, their TIMEOUTs) twice, from callers
    with other hash seeds: byte for byte the same."""
    folder = committed_starter(kata, tmp_path)
    # graded_starter's seed is STARTER_SEED's, 1.
    again = make_check(kata.name, folder, timeout=STARTER_LIMIT, env={"PYTHONHASHSEED": "2"})
    assert again.stdout == graded_starter(kata.name).stdout, f"{kata.name}: two checks differ"


@pytest.mark.parametrize("how", sorted(GUTTED))
def test_an_own_test_without_teeth_is_weak(how, tmp_path):
    text = OWN.read_text(encoding="utf-8")
    assert FIXED_END in text, "test setup: the reference's own test has changed"
    if GUTTED[how] is None:
        start = text.index(f"def {RECOVERED}():")
        end = text.index("\n\n\n", start)
        gutted = text[:start] + f"def {RECOVERED}():\n    pass" + text[end:]
    else:
        gutted = text.replace(FIXED_END, GUTTED[how])
    checked = make_check("round_robin", reference_with_own_tests(tmp_path, gutted))
    own = {test["name"]: test for test in checked.result["own_tests"]}
    assert own[RECOVERED]["status"] == "weak", own[RECOVERED]
    assert "passes even on code that breaks what it is there to check" in own[RECOVERED]["message"]
    others = {name: test["status"] for name, test in own.items() if name != RECOVERED}
    assert set(others.values()) == {"pass"}, others
    assert checked.result["status"] == "fail" and checked.exit_status != 0


def called_on_the_bug(call: str) -> tuple[str, str]:
    """The fixed test's last lines, with `call` made only when the bug shows."""
    return FIXED_END, (
        '    workers.set_available("B", True)\n'
        "    chosen = workers.assign()\n"
        '    if chosen != "B":\n'
        f"        {call}\n"
        '    assert chosen == "B"\n'
    )


# Ways to keep pytest from counting the test's failure on its bugs as a failure: the
# change to the fixed file, and what the WEAK verdict says pytest reports instead.
HIDDEN = {
    "xfail-marker": (
        (f"def {RECOVERED}():", f"@pytest.mark.xfail(reason='flaky')\ndef {RECOVERED}():"),
        "pytest reports it xfailed (flaky), not failed",
    ),
    "xfail-called-on-the-bug": (called_on_the_bug('pytest.xfail("known")'), "xfailed (known)"),
    "skip-called-on-the-bug": (called_on_the_bug('pytest.skip("known")'), "skipped (known)"),
}


@pytest.mark.parametrize("how", sorted(HIDDEN))
def test_an_own_test_pytest_never_fails_on_its_bug_is_weak(how, tmp_path):
    """A team test that fails on its bugs only as an xfail or a skip never fails `python
    -m pytest`: it is WEAK, and the verdict says what pytest reports it as."""
    (old, new), says = HIDDEN[how]
    text = OWN.read_text(encoding="utf-8")
    assert text.count(old) == 1, "test setup: the reference's own test has changed"
    checked = make_check("round_robin", reference_with_own_tests(tmp_path, text.replace(old, new)))
    own = {test["name"]: test for test in checked.result["own_tests"]}
    assert own[RECOVERED]["status"] == "weak", own[RECOVERED]
    assert says in own[RECOVERED]["message"] and "it never fails there" in own[RECOVERED]["message"]
    others = {name: test["status"] for name, test in own.items() if name != RECOVERED}
    assert set(others.values()) == {"pass"}, others
    assert checked.result["status"] == "fail" and checked.exit_status != 0


# Ways to keep a team test in the file but out of `python -m pytest`'s run.
UNCOLLECTED = {
    "made-a-fixture": (f"def {RECOVERED}():", f"@pytest.fixture\ndef {RECOVERED}():"),
    "test-attribute-false": (FIXED_END, FIXED_END + f"\n\n{RECOVERED}.__test__ = False\n"),
}


@pytest.mark.parametrize("how", sorted(UNCOLLECTED))
def test_an_own_test_pytest_no_longer_collects_counts_as_deleted(how, tmp_path):
    """A team test still defined but never collected (a fixture now, or `__test__ =
    False`) never runs under `python -m pytest`: the file is incomplete, as if it were
    deleted, and the check says which test pytest no longer collects."""
    old, new = UNCOLLECTED[how]
    text = OWN.read_text(encoding="utf-8")
    assert text.count(old) == 1, "test setup: the reference's own test has changed"
    hidden = text.replace(old, new)
    if "import pytest" not in hidden:
        hidden = "import pytest\n" + hidden
    checked = make_check("round_robin", reference_with_own_tests(tmp_path, hidden))
    assert checked.exit_status != 0 and checked.result["status"] == "fail", checked.result
    says = f"pytest no longer collects {RECOVERED} from test_round_robin.py"
    assert says in checked.result["message"], checked.result["message"]


def test_a_module_marked_xfail_catches_nothing(tmp_path):
    """`pytestmark = pytest.mark.xfail` makes every failure of the file an xfail: each
    own test is WEAK (each is there to catch a bug), none "agrees"."""
    text = OWN.read_text(encoding="utf-8")
    imports = "from round_robin import RoundRobinWorkers\n"
    marked = text.replace(imports, imports + "\npytestmark = pytest.mark.xfail(reason='INC-1')\n")
    checked = make_check("round_robin", reference_with_own_tests(tmp_path, marked))
    statuses = {test["name"]: test["status"] for test in checked.result["own_tests"]}
    assert set(statuses.values()) == {"weak"}, statuses
    assert checked.exit_status != 0


# The own tests' helper moved into a conftest.py beside them, as a fixture: `python -m
# pytest` loads it, and so does the grading. It imports the learner's module, as the
# test file does: each copy the grading runs gets that copy's module.
CONFTEST_FIXTURE = """import pytest
from round_robin import RoundRobinWorkers


@pytest.fixture
def workers():
    return RoundRobinWorkers(["A", "B", "C"])
"""
MADE_HERE = '():\n    workers = RoundRobinWorkers(["A", "B", "C"])\n'
# A conftest.py fixture that swaps a test's body for one that checks nothing.
CONFTEST_NEUTERS = f"""import pytest


@pytest.fixture(autouse=True)
def no_flaky_tests(request, monkeypatch):
    if request.node.name == "{RECOVERED}":
        monkeypatch.setattr(request.node, "obj", lambda: None)
"""


def test_own_tests_use_the_fixtures_of_a_conftest_beside_them(tmp_path):
    """Own tests whose helper is a fixture of the learner's conftest.py run as `python -m
    pytest` runs them: right, on the reference, on the bugs, and on the learner's code."""
    text = OWN.read_text(encoding="utf-8")
    assert text.count(MADE_HERE) == 3, "test setup: the reference's own test has changed"
    folder = reference_with_own_tests(tmp_path, text.replace(MADE_HERE, "(workers):\n"))
    (folder / "conftest.py").write_text(CONFTEST_FIXTURE, encoding="utf-8")
    checked = make_check("round_robin", folder)
    statuses = {test["name"]: test["status"] for test in checked.result["own_tests"]}
    assert set(statuses.values()) == {"pass"}, statuses
    assert checked.result["status"] == "pass" and checked.exit_status == 0


def test_a_conftest_that_neuters_an_own_test_makes_it_weak(tmp_path):
    """The learner's conftest.py runs with the own tests it serves when they are judged:
    one of its fixtures that keeps a test from failing on its bug makes that test WEAK."""
    folder = reference_with_own_tests(tmp_path, OWN.read_text(encoding="utf-8"))
    (folder / "conftest.py").write_text(CONFTEST_NEUTERS, encoding="utf-8")
    checked = make_check("round_robin", folder)
    own = {test["name"]: test for test in checked.result["own_tests"]}
    assert own[RECOVERED]["status"] == "weak", own[RECOVERED]
    others = {name: test["status"] for name, test in own.items() if name != RECOVERED}
    assert set(others.values()) == {"pass"}, others
    assert checked.result["status"] == "fail" and checked.exit_status != 0


def test_files_left_in_the_temporary_folder_are_none_of_the_gradings(tmp_path):
    """The grading makes its copies in the system's temporary folder, and pytest looks at
    what lies there: test files and a conftest.py someone left there change no verdict,
    with or without a conftest.py beside the learner's own tests (with one, a stray test
    file had ended the grading with "no spec test ran"; a stray conftest.py was loaded)."""
    temporary = tmp_path / "temporary"
    temporary.mkdir()
    for name in ("test_left_here.py", "left_here_test.py"):
        (temporary / name).write_text("def test_left_here():\n    assert False\n")
    (temporary / "conftest.py").write_text('raise RuntimeError("left here")\n')
    folder = reference_with_own_tests(tmp_path, OWN.read_text(encoding="utf-8"))
    (folder / "conftest.py").write_text("import pytest\n", encoding="utf-8")
    checked = make_check("round_robin", folder, env={"TMPDIR": str(temporary)})
    assert checked.result["message"] == "23/23 spec tests pass; 5/5 of your tests are right"
    assert checked.exit_status == 0


def test_a_file_saved_during_the_check_changes_none_of_it(tmp_path):
    """A check grades the files as they were when it began: the reference, which saves
    the starter's code over itself when imported (as a learner saving during the check
    would), is graded as the reference throughout (later tests had graded the starter)."""
    folder = tmp_path / "learner"
    shutil.copytree(ROUND_ROBIN.solution_dir, folder)
    module = folder / "round_robin.py"
    starter_code = (ROUND_ROBIN.starter_dir / "round_robin.py").read_text(encoding="utf-8")
    saves = f"\n\nimport pathlib\n\npathlib.Path(__file__).write_text({starter_code!r})\n"
    module.write_text(module.read_text(encoding="utf-8") + saves, encoding="utf-8")
    checked = make_check("round_robin", folder)
    assert checked.result["message"] == "23/23 spec tests pass; 5/5 of your tests are right"


def test_the_lines_a_report_names_are_those_of_the_code_graded(tmp_path):
    """The loop a TIMEOUT names is read from the code the check ran, not from the file as
    it is afterwards: the starter, which saves itself one line lower when imported (as a
    learner saving during the check would), gets the starter's report (it had named the
    loop's line in the saved file)."""
    folder = committed_starter(ROUND_ROBIN, tmp_path / "learner")
    module = folder / "round_robin.py"
    code = module.read_text(encoding="utf-8")
    saves = f"\n\nimport pathlib\n\npathlib.Path(__file__).write_text({chr(10) + code!r})\n"
    module.write_text(code + saves, encoding="utf-8")
    checked = make_check("round_robin", folder, timeout=STARTER_LIMIT, env=STARTER_SEED)
    assert checked.result == graded_starter("round_robin").result


def test_bytecode_beside_the_learners_file_is_not_what_is_graded(tmp_path):
    """The source is graded, never a __pycache__ beside it: bytecode of the reference,
    stamped with the starter file's size and modification second (as an edit of the same
    size in the same second leaves it), had passed the starter."""
    folder = committed_starter(ROUND_ROBIN, tmp_path / "learner")
    module = folder / "round_robin.py"
    cached = Path(importlib.util.cache_from_source(str(module)))
    py_compile.compile(str(ROUND_ROBIN.solution_dir / "round_robin.py"), str(cached))
    stat = module.stat()
    stamped = struct.pack("<II", int(stat.st_mtime) & 0xFFFFFFFF, stat.st_size & 0xFFFFFFFF)
    cached.write_bytes(cached.read_bytes()[:8] + stamped + cached.read_bytes()[16:])
    checked = make_check("round_robin", folder, timeout=STARTER_LIMIT, env=STARTER_SEED)
    assert checked.result == graded_starter("round_robin").result


def test_files_are_read_as_python_reads_them(tmp_path):
    """A test file that starts with a UTF-8 BOM, and a module whose coding line says
    Latin-1, are read as Python reads them (the own tests had been taken for deleted)."""
    folder = reference_with_own_tests(tmp_path, OWN.read_text(encoding="utf-8"))
    own = folder / "test_round_robin.py"
    own.write_bytes(b"\xef\xbb\xbf" + own.read_bytes())
    module = folder / "round_robin.py"
    module.write_bytes(b"# -*- coding: latin-1 -*-\n# caf\xe9\n" + module.read_bytes())
    checked = make_check("round_robin", folder)
    assert checked.result["message"] == "23/23 spec tests pass; 5/5 of your tests are right"


def test_a_package_linked_into_the_folder_is_graded(tmp_path):
    """A kata's package that is a symbolic link to a folder elsewhere is graded, as Python
    imports it, beside a second link to it and a link back up (the check's copy of the
    learner's files had left it out, or walked the second link only)."""
    kata = catalog.load("dispatch_service")
    elsewhere = tmp_path / "elsewhere" / "dispatch"
    shutil.copytree(kata.solution_dir / "dispatch", elsewhere)
    folder = tmp_path / "learner"
    shutil.copytree(kata.solution_dir, folder, ignore=shutil.ignore_patterns("dispatch"))
    (folder / "dispatch").symlink_to(elsewhere, target_is_directory=True)
    (folder / "a-second-name").symlink_to(elsewhere, target_is_directory=True)
    (elsewhere / "up").symlink_to(folder, target_is_directory=True)
    first = kata.spec_tests[0]
    checked = make_check(kata.name, folder, only=(first,))
    assert [test["status"] for test in checked.result["tests"]] == ["pass"], checked.stdout


def test_the_learners_python_settings_change_no_report(tmp_path):
    """Python settings in the learner's environment change no report: PYTHONOPTIMIZE
    strips no spec test's asserts (it had passed three tests the starter fails),
    PYTHONVERBOSE and PYTHONPROFILEIMPORTTIME print nothing said to be the learner's
    output, and PYTHONSAFEPATH keeps no command from finding the harness (it had ended
    every command with ModuleNotFoundError)."""
    folder = committed_starter(ROUND_ROBIN, tmp_path)
    python = ("PYTHONOPTIMIZE", "PYTHONVERBOSE", "PYTHONPROFILEIMPORTTIME", "PYTHONSAFEPATH")
    settings = {**dict.fromkeys(python, "1"), **STARTER_SEED}
    again = make_check("round_robin", folder, timeout=STARTER_LIMIT, env=settings)
    assert again.stdout == graded_starter("round_robin").stdout, "the reports differ"


def test_the_grader_reads_and_writes_text_in_an_encoding_of_its_own(tmp_path):
    """No file the grader reads or writes as text depends on the locale's encoding:
    with PYTHONWARNDEFAULTENCODING, Python warns of none (the lock of the progress file
    and the children's /proc entries had been opened in it)."""
    folder = committed_starter(ROUND_ROBIN, tmp_path)
    checked = make_check("round_robin", folder, env={"PYTHONWARNDEFAULTENCODING": "1"})
    assert "EncodingWarning" not in checked.stderr, checked.stderr


def test_the_json_reads_the_same_whatever_the_terminal_can_show(tmp_path):
    """The JSON document is ASCII: on a terminal of another encoding it holds the same
    data (a refusal naming a folder "café" had "caf?")."""
    nowhere = tmp_path / "café"
    plain = make_check("round_robin", nowhere)
    ascii_only = make_check("round_robin", nowhere, env={"PYTHONIOENCODING": "ascii"})
    assert ascii_only.stdout == plain.stdout and plain.stdout.isascii(), ascii_only.stdout


def test_a_terminal_without_a_character_of_the_report_gets_the_report(tmp_path):
    """A terminal whose encoding lacks a character of the report (PYTHONIOENCODING=ascii)
    gets the report with "?" for it, not a traceback."""
    folder = committed_starter(ROUND_ROBIN, tmp_path)
    plain = make_check("round_robin", folder, fmt="human")
    ascii_only = make_check("round_robin", folder, fmt="human", env={"PYTHONIOENCODING": "ascii"})
    assert ascii_only.stdout == plain.stdout.encode("ascii", "replace").decode(), ascii_only.stderr


def test_own_tests_are_judged_only_once_every_spec_test_passes(tmp_path):
    starter = graded_starter("round_robin")
    assert {test["status"] for test in starter.result["own_tests"]} == {"pending"}
    assert (
        "specified behaviour" not in starter.stdout
        and "'B'" not in starter.stdout.split('"own_tests"')[1]
    ), "the first report gives away what the wrong own test should expect"
    wrong_test = (ROUND_ROBIN.starter_dir / "test_round_robin.py").read_text(encoding="utf-8")
    fixed_code = reference_with_own_tests(tmp_path, wrong_test)
    checked = make_check("round_robin", fixed_code, fmt="human")
    words = " ".join(checked.stdout.split())
    assert f"WRONG {RECOVERED}" in words
    assert "expects 'C'; the specified behaviour gives 'B'" in words
    assert checked.exit_status != 0
