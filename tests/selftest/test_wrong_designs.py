"""Wrong versions found by wrong-fix hunts are refused.

An independent reviewer, who saw only a kata's README, wrote versions that
break the contract in ways the spec tests once missed (most of them only in
long runs: a counter that wraps at 65,536, a worker ignored after its 1,000th
comeback, a memo trusted across exactly 1,000 changes). Each is kept in
tests/selftest/wrong_designs/<kata>/<name>/ and must fail some spec test;
the spec tests of a kata are run on all of its wrong versions in one
grading child.
"""

from pathlib import Path

import pytest

from tests.harness import catalog, grading
from tests.harness.layout import kata_names
from tests.harness.protocol import Status, Variant
from tests.selftest.checking import learner_folder

HERE = Path(__file__).parent / "wrong_designs"
KATAS = [catalog.load(name) for name in kata_names() if (HERE / name).is_dir()]
# Wrong versions graded in one child: more would not fit one self-test's time limit
# (many of them wait out TIMEOUTs), and chunks spread over the test processes.
CHUNK = 8


def chunks() -> list[tuple[catalog.Kata, tuple[Path, ...]]]:
    found = []
    for kata in KATAS:
        versions = sorted(path for path in (HERE / kata.name).iterdir() if path.is_dir())
        found += [(kata, tuple(versions[n : n + CHUNK])) for n in range(0, len(versions), CHUNK)]
    return found


@pytest.mark.parametrize(
    ("kata", "versions"),
    chunks(),
    ids=lambda value: value.name if isinstance(value, catalog.Kata) else value[0].name,
)
def test_every_wrong_version_a_hunt_found_is_refused(kata, versions, tmp_path):
    tests = tuple(name for path in kata.spec_files for name in catalog.tests_in(path))
    graded = grading.grade_variants(
        kata.name,
        tuple(
            Variant(path.name, learner_folder(kata, path, tmp_path / path.name), tests)
            for path in versions
        ),
        limit=0.5,
        check_limit=600,
        shrink=False,  # the verdict is what counts here, not the repro
    )
    solved = [
        name
        for name, results in graded.items()
        if all(result.status is Status.PASS for result in results.values())
    ]
    assert not solved, (
        f"{kata.name}: wrong versions every spec test passes (see each one's first lines "
        f"for its mistake): {', '.join(solved)}"
    )
