"""Every kata's folders and metadata hold together."""

import ast

import pytest

from tests.harness.core import files, layout
from tests.harness.core.layout import kata_names
from tests.harness.kata import catalog, starter

KATAS = [catalog.load(name) for name in kata_names()]


def by_name(kata: catalog.Kata) -> str:
    return kata.name


def spec_trees(kata: catalog.Kata) -> list[ast.Module]:
    return [ast.parse(path.read_text(encoding="utf-8")) for path in kata.spec_files]


def test_there_are_katas():
    assert [kata.name for kata in KATAS], "no tests/<kata>/kata.toml found"


@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_starter_and_solution_mirror_each_other(kata):
    starter = sorted(files.every_file(kata.starter_dir))  # a package's files too
    solution = sorted(files.every_file(kata.solution_dir))
    assert starter == solution, f"{kata.name}: katas/ has {starter}, solutions/ has {solution}"
    assert set(kata.files) | {"README.md"} <= set(starter), f"{kata.name}: files missing"
    starter_readme, solution_readme = (
        (folder / "README.md").read_text() for folder in (kata.starter_dir, kata.solution_dir)
    )
    assert solution_readme.startswith(starter_readme), (
        f"{kata.name}: solutions/{kata.name}/README.md must be the kata's README.md, "
        "with at most sections added at its end (answers are kept there)"
    )


@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_a_contract_is_at_most_400_words(kata):
    # A contract is an interview prompt: a candidate reads it in a few minutes.
    readme = (kata.starter_dir / "README.md").read_text(encoding="utf-8")
    contract = readme.split("## The contract", 1)[1].split("\n## ", 1)[0]
    assert len(contract.split()) <= 400, f"{kata.name}: {len(contract.split())} words"


@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_given_files_are_identical(kata):
    for name in kata.given:
        starter, solution = (folder / name for folder in (kata.starter_dir, kata.solution_dir))
        assert starter.read_bytes() == solution.read_bytes(), f"{kata.name}: {name} differs"


@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_every_defect_names_real_tests(kata):
    spec_names = {name for path in kata.spec_files for name in catalog.tests_in(path)}
    own = kata.solution_dir / kata.own_tests if kata.own_tests else None
    own_names = set(catalog.tests_in(own)) if own else set()
    for defect in kata.defects:
        known = own_names if defect.in_own_tests else spec_names
        unknown = set(defect.caught_by) - known
        assert defect.caught_by and not unknown, f"{kata.name}/{defect.id}: unknown tests {unknown}"


@pytest.mark.parametrize("kata", [k for k in KATAS if k.own_tests], ids=by_name)
def test_every_own_test_says_what_it_must_catch(kata):
    own_names = catalog.tests_in(kata.solution_dir / kata.own_tests)
    duties = [duty.name for duty in kata.own_test_duties]
    assert sorted(duties) == sorted(own_names), (
        f"{kata.name}: kata.toml's [[own_test]] entries {duties} must name each test of "
        f"the reference {kata.own_tests} once: {own_names}"
    )


def test_katas_have_a_learning_order():
    orders = [kata.order for kata in KATAS]
    assert len(set(orders)) == len(orders), f"two katas share a place in the order: {orders}"


@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_spec_tests_speak_to_the_learner_through_public_api(kata):
    for path, tree in zip(kata.spec_files, spec_trees(kata), strict=True):
        assert "PYTEST_DONT_REWRITE" in (ast.get_docstring(tree) or ""), (
            f"{path.name}: the module docstring must say PYTEST_DONT_REWRITE so the "
            "grader shows assertion messages verbatim"
        )
        for node in ast.walk(tree):
            if isinstance(node, ast.Assert):
                assert node.msg is not None, (
                    f"{path.name} line {node.lineno}: assert without message"
                )
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                assert ast.get_docstring(node), f"{path.name}: {node.name} has no docstring"
            if isinstance(node, ast.Attribute):
                private = node.attr.startswith("_") and not node.attr.startswith("__")
                assert not private, (
                    f"{path.name} line {node.lineno}: .{node.attr} is not public API"
                )


@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_learner_folder_holds_no_spoilers(kata):
    # The files as shipped: a learner's folder may hold a __pycache__ of their own.
    for path in (kata.starter_dir / name for name in starter.shipped(kata)):
        text = path.read_text(encoding="utf-8")
        for defect in kata.defects:
            for clue in (defect.id, defect.summary):
                assert clue not in text, f"{path} gives away {defect.id!r}"


def test_a_broken_kata_toml_is_one_line_naming_the_file(tmp_path):
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "kata.toml").write_text('title = "no end\n', encoding="utf-8")
    with pytest.raises(catalog.CatalogError) as raised:
        catalog.load("broken", specs=tmp_path)
    message = str(raised.value)
    assert "broken/kata.toml: not valid TOML" in message and "\n" not in message, message


def test_a_kata_toml_of_another_format_is_refused(tmp_path):
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "kata.toml").write_text('title = "An old kata"\n', encoding="utf-8")
    with pytest.raises(catalog.CatalogError, match="format_version must be 2"):
        catalog.load("old", specs=tmp_path)


def test_the_grader_and_self_test_folders_are_never_katas():
    assert not {"harness", "selftest"} & set(layout.kata_names())
    assert not layout.is_kata("harness") and not layout.is_kata("selftest")
