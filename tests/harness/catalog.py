"""The kata catalogue: one `tests/<kata>/kata.toml` per kata, read here only.

The grader and the self-tests know a kata through this file and nothing else,
so adding a kata means adding its folders and its metadata.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from tests.harness.layout import KATAS, METADATA, SOLUTIONS, SPECS, is_kata, kata_names

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - pytest itself depends on tomli before 3.11
    import tomli as tomllib


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

    def apply(self, text: str) -> str:
        for edit in self.edits:
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
        return self.file.startswith("test_")


@dataclass(frozen=True)
class Kata:
    name: str
    title: str
    description: str
    modules: tuple[str, ...]
    given: tuple[str, ...]
    own_tests: str | None
    time_box_minutes: int
    starter_is_planted: bool
    starter_fails_every_test: bool
    defects: tuple[Defect, ...]

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
    def files(self) -> list[str]:
        """The files a learner's folder holds: modules, then own tests."""
        names = [f"{module}.py" for module in self.modules]
        return names + ([self.own_tests] if self.own_tests else [])

    @property
    def planted(self) -> tuple[Defect, ...]:
        return tuple(defect for defect in self.defects if defect.planted)


def unknown(name: str) -> str:
    """What to tell someone who asked for a kata that does not exist."""
    which = f"unknown kata {name!r}" if name else "no kata given (KATA=<kata>)"
    return f"{which}; the katas are: {', '.join(kata_names()) or 'none'}"


def load(name: str) -> Kata:
    if not is_kata(name):
        raise CatalogError(unknown(name))
    path = SPECS / name / METADATA
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    try:
        return _kata(name, data)
    except (KeyError, TypeError, ValueError) as error:
        raise CatalogError(f"{path}: missing or malformed field: {error}") from error


def _kata(name: str, data: dict) -> Kata:
    starter = data.get("starter", "planted")
    if starter not in ("planted", "rewritten"):
        raise ValueError(f"starter must be 'planted' or 'rewritten', not {starter!r}")
    defects = [_defect(entry, planted=True) for entry in data.get("bugs", [])]
    defects += [_defect(entry, planted=False) for entry in data.get("mutants", [])]
    return Kata(
        name=name,
        title=data["title"],
        description=data["description"],
        modules=tuple(data["modules"]),
        given=tuple(data.get("given", ())),
        own_tests=data.get("own_tests"),
        time_box_minutes=int(data["time_box_minutes"]),
        starter_is_planted=starter == "planted",
        starter_fails_every_test=bool(data.get("starter_fails_every_test", False)),
        defects=tuple(defects),
    )


def _defect(entry: dict, planted: bool) -> Defect:
    return Defect(
        id=entry["id"],
        file=entry["file"],
        summary=entry["summary"],
        caught_by=tuple(entry["caught_by"]),
        edits=tuple(Edit(edit["old"], edit["new"]) for edit in entry["edits"]),
        planted=planted,
    )
