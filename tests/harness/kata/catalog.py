"""The kata catalogue: one `tests/<kata>/kata.toml` per kata, read here only.

The grader and the self-tests know a kata through this file and nothing else,
so adding a kata means adding its folders and its metadata.
"""

from __future__ import annotations

import ast
import functools
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.harness.core import files
from tests.harness.core.layout import KATAS, METADATA, SOLUTIONS, SPECS, is_kata, kata_names
from tests.harness.core.limits import SLOW
from tests.harness.wording import commandline

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - pytest itself depends on tomli before 3.11
    import tomli as tomllib


# The version of kata.toml's shape this grader reads.
FORMAT_VERSION = 2
# make hint's levels: a question about the symptom, where to look, the mistake.
HINT_LEVELS = 3


class CatalogError(Exception):
    """A kata that does not exist, or metadata that does not hold together."""


@dataclass(frozen=True)
class Edit:
    """Replace `old`, which must occur exactly once, by `new`."""

    old: str
    new: str


@dataclass(frozen=True)
class Defect:
    """A wrong version of one reference file, as edits to that file.

    Planted defects are the starter's bugs; the others are extra mutants that
    prove the spec tests hold the contract. Either way, `caught_by` names the
    tests that must fail once the edits are applied to the reference.
    """

    id: str
    file: str
    summary: str
    caught_by: tuple[str, ...]
    edits: tuple[Edit, ...]
    planted: bool
    hints: tuple[str, ...] = ()  # planted bugs: the three levels of make hint
    # Planted bugs: the file where the bug's symptom shows (in a round, often not
    # `file`, which holds the cause), and the spec test that fails first on it.
    symptom: str = ""
    first_failure: str = ""
    # A bug of a hand-written starter: the edits that fix it there (applied in
    # the order of the bugs, they make the starter's smallest fix).
    starter_fix: tuple[Edit, ...] = ()

    def apply(self, text: str, edits: tuple[Edit, ...] | None = None) -> str:
        """`text` with the bug's edits (or `edits`) made, each where its `old` is."""
        for edit in self.edits if edits is None else edits:
            found = text.count(edit.old)
            if found != 1:
                raise CatalogError(
                    f"defect {self.id!r}: the text to replace occurs {found} times "
                    f"in {self.file}, expected exactly once:\n{edit.old}"
                )
            text = text.replace(edit.old, edit.new)
        return text

    @property
    def in_own_tests(self) -> bool:
        return Path(self.file).name.startswith("test_")  # tests/test_x.py too


@dataclass(frozen=True)
class OwnTest:
    """A test of the kata's own test file, and the wrong code it is there to catch.

    A learner's version of the test must still fail on each defect in
    `catches`, or it is reported WEAK: emptied or loosened, it checks nothing.
    """

    name: str
    checks: str  # what the test holds, in words: shown when it is WEAK
    catches: tuple[str, ...]  # ids of code defects of the kata


@dataclass(frozen=True)
class Kata:
    name: str
    title: str
    description: str
    order: int
    modules: tuple[str, ...]
    given: tuple[str, ...]
    own_tests: str | None
    own_test_duties: tuple[OwnTest, ...]
    time_box_minutes: int
    starter_is_planted: bool
    starter_fails_every_test_in: tuple[str, ...]
    defects: tuple[Defect, ...]
    test_hints: dict[str, tuple[str, ...]]
    # Other correct versions of the reference, as edits of it (see `_kata`).
    alternatives: tuple[Defect, ...] = ()
    # A debugging round: a service of several modules, an incident, a simulation.
    is_round: bool = False

    @property
    def starter_dir(self) -> Path:
        return KATAS / self.name

    @property
    def solution_dir(self) -> Path:
        return SOLUTIONS / self.name

    @property
    def spec_dir(self) -> Path:
        return SPECS / self.name

    @property
    def spec_files(self) -> list[Path]:
        return sorted(self.spec_dir.glob("test_*.py"))

    @property
    def spec_tests(self) -> list[str]:
        """Every spec test's name, in the order a report lists them: the scenario tests,
        file by file, then the slow ones (timing tests, long generated runs), so that a
        report's first failure names a behaviour (tests.harness.engine.plugin)."""
        found = [test for path in self.spec_files for test in _tests_marked(path)]
        return [name for name, slow in sorted(found, key=lambda test: test[1])]

    @functools.cached_property
    def files(self) -> list[str]:
        """The files a learner's folder holds, as solutions/<kata>/ holds them (its README
        aside), by path relative to it: the modules' first, in the order of `modules`
        (a package's every file), then the others."""
        found = [
            path.relative_to(self.solution_dir).as_posix()
            for path in self.solution_dir.rglob("*")
            if path.is_file() and "__pycache__" not in path.parts and path.name != "README.md"
        ]

        def rank(name: str) -> int:
            for place, module in enumerate(self.modules):
                if name == f"{module}.py" or name.startswith(f"{module}/"):
                    return place
            return len(self.modules)

        return sorted(found, key=lambda name: (rank(name), name))

    @property
    def planted(self) -> tuple[Defect, ...]:
        return tuple(defect for defect in self.defects if defect.planted)

    def defect(self, defect_id: str) -> Defect:
        return next(defect for defect in self.defects if defect.id == defect_id)

    def added_tests(self, folder: Path) -> tuple[str, ...]:
        """The learner's own added test files, by path: every test file of the folder and
        of a tests/ folder in it, named as pytest finds them (test_*.py, *_test.py), but
        the kata's own test file (the debrief runs them)."""
        patterns = ("test_*.py", "*_test.py", "tests/test_*.py", "tests/*_test.py")
        found = [path for pattern in patterns for path in folder.glob(pattern)]
        names = {path.relative_to(folder).as_posix() for path in found if path.is_file()}
        return tuple(sorted(names - {self.own_tests}))


def tests_in(path: Path) -> list[str]:
    """The names of the test functions of a test file, in order; [] if it does not parse."""
    return [name for name, _ in _tests_marked(path)]


def _tests_marked(path: Path) -> list[tuple[str, bool]]:
    """The test functions of a test file, in order, each with whether it is marked
    slow (`@pytest.mark.slow`, or `pytestmark = pytest.mark.slow` for the file)."""
    try:
        tree = ast.parse(files.python_source(path))
    except (OSError, SyntaxError, ValueError):
        return []

    def slow(node: ast.expr) -> bool:
        return any(isinstance(n, ast.Attribute) and n.attr == SLOW for n in ast.walk(node))

    whole_file = any(
        isinstance(node, ast.Assign)
        and any(
            isinstance(target, ast.Name) and target.id == "pytestmark" for target in node.targets
        )
        and slow(node.value)
        for node in tree.body
    )
    return [
        (node.name, whole_file or any(slow(decorator) for decorator in node.decorator_list))
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test")
    ]


def load(name: str, specs: Path = SPECS) -> Kata:
    """The kata `name`, from specs/<name>/kata.toml; CatalogError, one line, if it cannot be."""
    if specs == SPECS and not is_kata(name):
        raise CatalogError(commandline.unknown_kata(name, kata_names()))
    path = specs / name / METADATA
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise CatalogError(f"{path}: not valid TOML: {error}") from error
    try:
        return _kata(name, data)
    except (KeyError, TypeError, ValueError) as error:
        raise CatalogError(f"{path}: missing or malformed field: {error}") from error


def _kata(name: str, data: dict) -> Kata:
    """A kata from its kata.toml: every field, what it is for, and its default."""
    # The shape of the file; raised when a field changes meaning or goes away.
    if data.get("format_version") != FORMAT_VERSION:
        raise ValueError(
            f"format_version must be {FORMAT_VERSION}, not {data.get('format_version')!r}"
        )
    # "planted": the starter is the reference with every bug applied (checked);
    # "rewritten": the starter is written by hand.
    starter = data.get("starter", "planted")
    if starter not in ("planted", "rewritten"):
        raise ValueError(f"starter must be 'planted' or 'rewritten', not {starter!r}")
    modules = [f"{module}.py" for module in data["modules"]]
    given = set(data.get("given", ()))
    code = [name for name in modules if name not in given]
    # The starter's bugs, each a single-bug variant of the reference.
    defects = [_defect(entry, True, code) for entry in data.get("bugs", [])]
    # Further wrong versions that prove each sentence of the contract is held.
    defects += [_defect(entry, False, code) for entry in data.get("mutants", [])]
    code_defects = {defect.id for defect in defects if not defect.in_own_tests}
    return Kata(
        name=name,
        # Atop the report and in make list.
        title=data["title"],
        # One line in make list: no spoilers.
        description=data["description"],
        # The kata's place in the learning order (any integers: gaps leave room).
        order=int(data["order"]),
        # `round = true`: a debugging round (INCIDENT.md, a simulation, the team's
        # tests); `make interview` grades it in round mode.
        is_round=bool(data.get("round", False)),
        # The module names imported from the learner's folder, and from nowhere else.
        modules=tuple(data["modules"]),
        # Files handed over unchanged: identical in katas/ and solutions/.
        given=tuple(data.get("given", ())),
        # The kata's own test file, if it has one.
        own_tests=data.get("own_tests"),
        # What each of those tests must still catch (see OwnTest).
        own_test_duties=tuple(_own_test(entry, code_defects) for entry in data.get("own_test", [])),
        # The time the kata is meant to take, shown in the report.
        time_box_minutes=int(data["time_box_minutes"]),
        starter_is_planted=starter == "planted",
        # Spec test files none of whose tests may pass on the starter.
        starter_fails_every_test_in=tuple(data.get("starter_fails_every_test_in", ())),
        defects=tuple(defects),
        # For some spec tests, the three levels of make hint, for when no planted
        # bug still in the code explains its failure (tests.harness.learner.spec_hints
        # makes them for the others).
        test_hints={entry["test"]: _levels(entry["levels"]) for entry in data.get("hint", [])},
        # Other correct versions of the reference ([[alternatives]]: id, summary and
        # the edits of a defect, no caught_by): the learner's own tests must pass on
        # each of them too, so that a test pinning what the reference merely happens
        # to do (the picks one seed gives it) is WRONG, not right.
        alternatives=tuple(
            _defect({**entry, "caught_by": []}, False, code)
            for entry in data.get("alternatives", [])
        ),
    )


def _levels(hints: list[str]) -> tuple[str, ...]:
    """Hint levels: 1. a question about the symptom, 2. where to look, 3. the mistake."""
    if len(hints) != HINT_LEVELS or not all(isinstance(h, str) and h.strip() for h in hints):
        raise ValueError(f"hints must be {HINT_LEVELS} non-empty strings, got {hints!r}")
    return tuple(hints)


def _own_test(entry: dict, code_defects: set[str]) -> OwnTest:
    """An [[own_test]]: `name` of the test, `checks` in words, `catches` defect ids."""
    unknown_ids = set(entry["catches"]) - code_defects
    if unknown_ids or not entry["catches"]:
        raise ValueError(
            f"own test {entry['name']!r} must catch code defects of the kata; "
            f"not one: {sorted(unknown_ids)}"
        )
    return OwnTest(entry["name"], entry["checks"], tuple(entry["catches"]))


def _defect(entry: dict, planted: bool, files: list[str]) -> Defect:
    """A [[bugs]] or [[mutants]] entry: `edits` to `file` of the reference (the
    kata's one module when it has one), the tests they must fail (`caught_by`), a
    one-line `summary` (a spoiler: never shown in katas/), for bugs the three
    levels of `hints`, the `symptom` file (where the bug shows, when not in
    `file`), the `first_failure` (the first spec test, in report order, that
    fails on the bug alone: its title must name what the bug breaks) and, for
    bugs of a hand-written starter, the `starter_fix` edits that fix them in it.

    An edit is a table (`[[mutants.edits]]` with `old` and `new`), or a pair
    `["old", "new"]`: `edit = [...]` for a defect of one edit, `edits = [[...], ...]`
    for several.
    """
    if "file" in entry:
        file = entry["file"]
    elif len(files) == 1:
        file = files[0]
    else:
        raise ValueError(f"defect {entry['id']!r} must name its file: the kata has several")
    given = [key for key in ("edit", "edits", "patch") if key in entry]
    if len(given) != 1:
        raise ValueError(f"defect {entry['id']!r} needs one of edit, edits or patch: {given}")
    if "patch" in entry:
        edits = [(edit.old, edit.new) for edit in patch_edits(entry["patch"])]
    else:
        edits = [entry["edit"]] if "edit" in entry else entry["edits"]
    return Defect(
        id=entry["id"],
        file=file,
        summary=entry["summary"],
        caught_by=tuple(entry["caught_by"]),
        edits=tuple(_edit(edit) for edit in edits),
        planted=planted,
        hints=_levels(entry["hints"]) if "hints" in entry else (),
        symptom=entry.get("symptom", file),
        first_failure=entry.get("first_failure", ""),
        starter_fix=tuple(_edit(edit) for edit in entry.get("starter_fix", [])),
    )


def _edit(edit: dict | list | tuple) -> Edit:
    if isinstance(edit, (list, tuple)):
        old, new = edit  # ValueError unless exactly two
        return Edit(old, new)
    return Edit(edit["old"], edit["new"])


def patch_edits(patch: str) -> list[Edit]:
    """The edits of a `patch`: hunks of whole lines, as a diff shows them.

    Each line starts with " " (kept), "-" (taken out) or "+" (put in); a line
    "@@" ends a hunk. A hunk's kept and taken-out lines, in order, must occur
    exactly once in the file, each a whole line: a hunk is the edit from them
    to its kept and put-in lines.
    """
    edits, old, new = [], [], []
    for line in [*patch.strip("\n").split("\n"), "@@"]:
        if line == "@@":
            if old or new:
                # A newline before the first line: the hunk starts where a line does.
                edits.append(Edit("\n" + "".join(old), "\n" + "".join(new)))
            old, new = [], []
            continue
        mark, text = line[:1], line[1:] + "\n"
        if mark not in (" ", "-", "+"):
            raise ValueError(f"a patch line starts with ' ', '-', '+' or is '@@': {line!r}")
        if mark in (" ", "-"):
            old.append(text)
        if mark in (" ", "+"):
            new.append(text)
    return edits
