"""Wrong versions found by wrong-fix hunts are refused.

An independent reviewer, who saw only a kata's README, wrote versions that
break the contract in ways the spec tests once missed (most of them only in
long runs: a counter that wraps at 65,536, a worker ignored after its 1,000th
comeback, a memo trusted across exactly 1,000 changes). Each is kept in
tests/selftest/wrong_designs/<kata>/<name>/, with CAUGHT_BY naming the spec
tests (one or two) that refuse it; each of those must fail on it. Only those
run: every spec test on every wrong version took most of make test's time.
A version's first lines say its mistake.
"""

from pathlib import Path

import pytest

from tests.harness.core.layout import kata_names
from tests.harness.core.protocol import Status, Variant
from tests.harness.kata import catalog
from tests.selftest.checking import graded_wrong, learner_folder

# The full tier: make test-all runs this file, make test does not.
pytestmark = pytest.mark.thorough

HERE = Path(__file__).parent / "wrong_designs"
KATAS = [catalog.load(name) for name in kata_names() if (HERE / name).is_dir()]
# Wrong versions graded in one child: chunks spread over the test processes.
CHUNK = 16


def chunks() -> list[tuple[catalog.Kata, tuple[Path, ...]]]:
    found = []
    for kata in KATAS:
        versions = sorted(path for path in (HERE / kata.name).iterdir() if path.is_dir())
        found += [(kata, tuple(versions[n : n + CHUNK])) for n in range(0, len(versions), CHUNK)]
    return found


def caught_by(version: Path) -> tuple[str, ...]:
    """The spec tests that CAUGHT_BY names, one a line (# starts a comment)."""
    lines = (version / "CAUGHT_BY").read_text(encoding="utf-8").splitlines()
    return tuple(line.strip() for line in lines if line.strip() and not line.startswith("#"))


@pytest.mark.parametrize(
    ("kata", "versions"),
    chunks(),
    ids=lambda value: value.name if isinstance(value, catalog.Kata) else value[0].name,
)
def test_every_wrong_version_a_hunt_found_is_refused(kata, versions, tmp_path):
    known = {name for path in kata.spec_files for name in catalog.tests_in(path)}
    named = {version.name: caught_by(version) for version in versions}
    unknown = {name: set(tests) - known for name, tests in named.items() if set(tests) - known}
    assert all(named.values()) and not unknown, (
        f"{kata.name}: each wrong version's CAUGHT_BY must name spec tests of the kata; "
        f"empty or unknown: {sorted(name for name, tests in named.items() if not tests)}, "
        f"{unknown}"
    )
    graded = graded_wrong(
        kata.name,
        tuple(
            Variant(path.name, learner_folder(kata, path, tmp_path / path.name), named[path.name])
            for path in versions
        ),
    )
    passed = {
        name: [test for test, result in results.items() if result.status is Status.PASS]
        for name, results in graded.items()
    }
    assert not any(passed.values()), (
        f"{kata.name}: wrong versions that pass spec tests their CAUGHT_BY says refuse them "
        f"(see each one's first lines for its mistake): "
        + "; ".join(f"{name}: {', '.join(tests)}" for name, tests in passed.items() if tests)
    )
