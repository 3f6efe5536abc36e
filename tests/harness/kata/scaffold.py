"""`make new-kata KATA=<name>`: a working skeleton of a kata, to grow into a real one.

It writes every file a kata needs, each already doing its job on a tiny
example (a tally of votes), so that `make check KATA=<name>` fails on the
starter and passes on the reference, and `make test KATA=<name>` passes,
before the author changes a line:

    solutions/<name>/<name>.py       the reference
    solutions/<name>/README.md       the story, the contract, the answers
    katas/<name>/<name>.py           the starter: the reference with its bug
    katas/<name>/README.md           the same README, without the answers
    tests/<name>/kata.toml           the bug, a mutant, the metadata
    tests/<name>/model.py            the contract read as plainly as possible
    tests/<name>/test_<name>.py      scenario tests and generated sequences
    tests/selftest/designs/<name>/   three other correct designs

docs/authoring.md walks from there to a kata of one's own.
"""

from __future__ import annotations

import keyword
import re
from pathlib import Path

from tests.harness.core.files import write_atomically
from tests.harness.core.layout import KATAS, ROOT, SOLUTIONS, SPECS, is_kata
from tests.harness.kata import catalog, starter

DESIGNS = SPECS / "selftest" / "designs"
NAME = re.compile(r"[a-z][a-z0-9_]{1,40}")


class ScaffoldError(Exception):
    """The name cannot be a new kata's: said in one line."""


def class_name(kata: str) -> str:
    return "".join(part.capitalize() for part in kata.split("_"))


def create(kata: str) -> list[Path]:
    """Write the skeleton of `kata`; the paths written, relative to the repository."""
    if not NAME.fullmatch(kata) or keyword.iskeyword(kata) or kata.startswith("test"):
        raise ScaffoldError(
            f"a kata's name is 2 to 41 lower-case letters, digits and _, starting with a "
            f"letter and not with 'test' (it names a module): not {kata!r}"
        )
    taken = [path for path in (KATAS / kata, SOLUTIONS / kata, SPECS / kata) if path.exists()]
    if is_kata(kata) or taken:
        raise ScaffoldError(f"{kata} exists already: {', '.join(map(str, taken))}")
    values = {"kata": kata, "Class": class_name(kata)}
    files = {
        SOLUTIONS / kata / f"{kata}.py": REFERENCE,
        SOLUTIONS / kata / "README.md": README,
        SPECS / kata / "kata.toml": METADATA,
        SPECS / kata / "model.py": MODEL,
        SPECS / kata / f"test_{kata}.py": SPEC_TESTS,
        DESIGNS / kata / "counter" / f"{kata}.py": COUNTER,
        DESIGNS / kata / "vote_list" / f"{kata}.py": VOTE_LIST,
        DESIGNS / kata / "running_leader" / f"{kata}.py": RUNNING_LEADER,
    }
    written = []
    for path, template in files.items():
        write_atomically(path, template.format(**values).encode("utf-8"))
        written.append(path)
    # The starter and its README come from the reference, as make reset makes them.
    for name, data in starter.shipped(catalog.load(kata)).items():
        write_atomically(KATAS / kata / name, data)
        written.append(KATAS / kata / name)
    return [path.relative_to(ROOT) for path in sorted(written)]


# -- the templates: str.format, {kata} and {Class}; braces of the code doubled --

REFERENCE = '''"""A tally of votes: each candidate's count, and who leads.

vote() and count() take O(1) time on average, leader() O(c) with c
candidates; O(c) memory.
"""


class {Class}:
    """Counts votes; the leader has the most, and on a tie got its first vote first."""

    def __init__(self) -> None:
        # A dict keeps the order its keys were first set in: the order in which
        # candidates got their first vote, which is what settles a tie.
        self._votes: dict[str, int] = {{}}

    def vote(self, candidate: str) -> None:
        """One more vote for `candidate`."""
        self._votes[candidate] = self._votes.get(candidate, 0) + 1

    def count(self, candidate: str) -> int:
        """The votes `candidate` has: 0 for one nobody voted for."""
        return self._votes.get(candidate, 0)

    def leader(self) -> str | None:
        """The candidate with the most votes; None before the first vote."""
        best = None
        for candidate, votes in self._votes.items():
            if best is None or votes > self._votes[best]:
                best = candidate
        return best
'''

README = """# A tally of votes

*Time box: 20 minutes.*

## The story

This is the skeleton `make new-kata` writes: a kata that works, on a tiny
example, for you to grow into your own. Replace this story with the
incident: what users saw, since when, and what the team suspects.

`{kata}.py` counts votes. There is a bug. Find it, fix it, and be ready to
say why the fix is right.

## The contract

`{Class}()` — a tally with no vote.

`vote(candidate: str) -> None`
- One more vote for the candidate. Candidates are strings, compared exactly.

`count(candidate: str) -> int`
- The votes the candidate has; 0 for a candidate nobody voted for.

`leader() -> str | None`
- The candidate with the most votes. On a tie, the one of them that got its
  first vote first. `None` before the first vote.

## Worked example

```python
tally = {Class}()
tally.vote("ann")
tally.vote("bob")
tally.leader()  # 'ann': one vote each, and ann got hers first
tally.vote("bob")
tally.leader()  # 'bob'
tally.count("cid")  # 0
```

## Your loop

```sh
make check KATA={kata}      # grade your code; read the first line that is not PASS
```

You are done when the check exits 0. Then compare with `solutions/{kata}/`.

## Talking points for the interview

- Why does a tie need a rule at all, and why this one?
- What would change if votes could be withdrawn?

## Answers to the talking points

*In `solutions/` only: the kata's own README asks the questions.*

- **Why a tie rule**: without one, the leader depends on how the code happens
  to iterate, and two correct-looking versions disagree. The order of first
  votes is stable and cheap: a dict keeps it.
- **Withdrawn votes**: the leader can change to any candidate, so either scan
  all counts again (O(c)) or keep the candidates ordered by count.
"""

METADATA = """# {kata}: all the grader knows of it, spoilers and all (fields: tests/harness/kata/catalog.py).
format_version = 2
title = "A tally of votes"
description = "The skeleton of a kata: one bug in a tally of votes."
order = 999
modules = ["{kata}"]
time_box_minutes = 20
starter = "planted"

# The starter's bugs, each a single-bug variant of the reference.
[[bugs]]
id = "ties-go-to-the-last"
summary = "leader() compares with >=, so a tie goes to the candidate that got its first vote last."
# The first spec test the report lists that fails on this bug alone (make test checks it).
first_failure = "test_a_tie_goes_to_the_first_candidate_voted_for"
caught_by = [
    "test_a_tie_goes_to_the_first_candidate_voted_for",
    "test_the_worked_example",
    "test_generated_call_sequences_follow_the_contract",
]
hints = [
    "Vote for ann, then bob, and ask for the leader. From katas/{kata}: python -c \\"from {kata} import {Class}; tally = {Class}(); tally.vote('ann'); tally.vote('bob'); print(tally.leader())\\" With one vote each, who should lead?",
    "Look at the comparison leader() makes when it meets a candidate with as many votes as the best so far.",
    "On a tie the later candidate replaces the best one, so the last to get a first vote wins. Only a candidate with strictly more votes may take the lead.",
]
edit = ["votes > self._votes[best]", "votes >= self._votes[best]"]

# Wrong versions the spec tests must refuse: each shows a sentence of the contract held.
[[mutants]]
id = "unknown-candidate-raises"
summary = "count() of a candidate nobody voted for raises KeyError instead of giving 0."
caught_by = [
    "test_a_candidate_nobody_voted_for_has_no_vote",
    "test_generated_call_sequences_follow_the_contract",
]
edit = ["return self._votes.get(candidate, 0)", "return self._votes[candidate]"]

[[mutants]]
id = "tallies-share-votes"
summary = "The votes live in a class attribute, so every tally counts every other's votes."
caught_by = ["test_tallies_are_independent", "test_generated_call_sequences_follow_the_contract"]
patch = '''
+    _shared: dict[str, int] = {{}}
+
     def __init__(self) -> None:
@@
-        self._votes: dict[str, int] = {{}}
+        self._votes = {Class}._shared
'''
"""

MODEL = '''"""The {kata} contract read as plainly as possible: the spec tests' model."""

from __future__ import annotations


class Tally:
    def __init__(self) -> None:
        self.votes: list[str] = []  # every vote, in order

    def vote(self, candidate: str) -> None:
        self.votes.append(candidate)

    def count(self, candidate: str) -> int:
        return self.votes.count(candidate)

    def leader(self) -> str | None:
        if not self.votes:
            return None
        # Most votes first; on a tie, the earliest first vote.
        return max(self.votes, key=lambda c: (self.votes.count(c), -self.votes.index(c)))
'''

SPEC_TESTS = '''"""Spec tests for {kata}: the contract in katas/{kata}/README.md.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Each test imports the learner's module afresh (through `tally()`), so no test
depends on state another left behind. Each holds one sentence of the
contract and fails for that reason only; the last holds them all at once on
generated calls, compared with tests/{kata}/model.py.
"""

from __future__ import annotations

import pytest

from tests.harness.toolkit import differential as gen
from tests.harness.toolkit.spec import fresh, show
from tests.{kata}.model import Tally


def tally():
    return fresh("{kata}").{Class}()


def test_a_tie_goes_to_the_first_candidate_voted_for():
    """on a tie, the leader is the candidate that got its first vote first"""
    votes = tally()
    for candidate in ("cid", "ann", "bob", "ann", "cid", "bob"):
        votes.vote(candidate)
    got = votes.leader()
    assert got == "cid", (
        "votes for cid, ann, bob, ann, cid, bob (two each): leader() should give 'cid', "
        f"whose first vote came first; got {{got!r}}"
    )


def test_a_candidate_nobody_voted_for_has_no_vote():
    """count() of a candidate nobody voted for is 0"""
    votes = tally()
    votes.vote("ann")
    got = votes.count("bob")
    assert got == 0, f"one vote for ann: count('bob') should give 0; got {{got!r}}"


def test_no_vote_no_leader():
    """leader() is None before the first vote"""
    got = tally().leader()
    assert got is None, f"no vote yet: leader() should give None; got {{got!r}}"


def test_tallies_are_independent():
    """two tallies at once: votes in one never count in the other"""
    new = fresh("{kata}").{Class}  # one class for both: state kept in it would show
    first, second = new(), new()
    first.vote("ann")
    got = (second.count("ann"), second.leader())
    assert got == (0, None), (
        "two tallies, one vote for ann in the first: the second's count('ann') and "
        f"leader() should give 0 and None; got {{show(got)}}"
    )


# The worked example after the scenario tests: a bug's first failure names what it
# breaks (kata.toml's first_failure), and the example names no one behaviour.
def test_the_worked_example():
    """the README's example: ann leads a tie she reached first, bob leads once ahead"""
    votes = tally()
    votes.vote("ann")
    votes.vote("bob")
    got = [votes.leader()]
    votes.vote("bob")
    got.append(votes.leader())
    assert got == ["ann", "bob"], (
        "a vote for ann, one for bob, leader(), another for bob, leader(): the two calls "
        f"should give 'ann', 'bob'; got {{show(got)}}"
    )


CANDIDATES = gen.Text("abc", max_size=2, common=["ann", "bob", "Ann", ""])


class Tallies(gen.Machine):
    modules = ("{kata}",)
    imports = "from {kata} import {Class}"

    def setup(self, module) -> None:
        self.new = module.{Class}

    @gen.rule()
    def create(self) -> None:
        expected = gen.outcome(Tally)
        made = self.construct("tally", "{Class}()", self.new, expected)
        if made:
            self.live.append(gen.Instance(*made, expected.value))

    @gen.rule(weight=3, when=gen.has_instances, which=gen.Integers(0, 1), candidate=CANDIDATES)
    def vote(self, which: int, candidate: str) -> None:
        live = self.at(which)
        live.model.vote(candidate)
        call = lambda: live.learner.vote(candidate)  # noqa: E731
        self.script.call(f"{{live.name}}.vote({{candidate!r}})", call, gen.returns(None), show=False)

    @gen.rule(when=gen.has_instances, which=gen.Integers(0, 1), candidate=CANDIDATES)
    def count(self, which: int, candidate: str) -> None:
        live = self.at(which)
        call = lambda: live.learner.count(candidate)  # noqa: E731
        expected = gen.returns(live.model.count(candidate))
        self.script.call(f"{{live.name}}.count({{candidate!r}})", call, expected)

    @gen.rule(weight=2, when=gen.has_instances, which=gen.Integers(0, 1))
    def leader(self, which: int) -> None:
        live = self.at(which)
        call = live.learner.leader
        self.script.call(f"{{live.name}}.leader()", call, gen.returns(live.model.leader()))


@pytest.mark.slow
def test_generated_call_sequences_follow_the_contract():
    """every call of hundreds of generated call sequences, on two tallies at once, does what
    the contract says"""
    gen.explore(Tallies, sequences=100, steps=20, seed=1)
'''

COUNTER = '''"""A tally on collections.Counter, and the candidates in the order of first votes."""

from collections import Counter


class {Class}:
    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.first_seen: list[str] = []

    def vote(self, candidate: str) -> None:
        if candidate not in self.counts:
            self.first_seen.append(candidate)
        self.counts[candidate] += 1

    def count(self, candidate: str) -> int:
        return self.counts[candidate]

    def leader(self) -> str | None:
        if not self.first_seen:
            return None
        # max() keeps the first of equal keys: the earliest first vote.
        return max(self.first_seen, key=self.counts.__getitem__)
'''

VOTE_LIST = '''"""A tally that keeps every vote in a list: obviously right, slow to count."""


class {Class}:
    def __init__(self) -> None:
        self.votes: list[str] = []

    def vote(self, candidate: str) -> None:
        self.votes.append(candidate)

    def count(self, candidate: str) -> int:
        return self.votes.count(candidate)

    def leader(self) -> str | None:
        order = list(dict.fromkeys(self.votes))
        return max(order, key=self.votes.count) if order else None
'''

RUNNING_LEADER = '''"""A tally that keeps its leader up to date at each vote: leader() in O(1)."""


class {Class}:
    def __init__(self) -> None:
        self.counts: dict[str, int] = {{}}
        self.first: dict[str, int] = {{}}  # the number of each candidate's first vote
        self.best: str | None = None

    def vote(self, candidate: str) -> None:
        self.first.setdefault(candidate, len(self.first))
        self.counts[candidate] = self.counts.get(candidate, 0) + 1
        if self.best is None or self._ahead(candidate, self.best):
            self.best = candidate

    def _ahead(self, one: str, other: str) -> bool:
        if self.counts[one] != self.counts[other]:
            return self.counts[one] > self.counts[other]
        return self.first[one] < self.first[other]

    def count(self, candidate: str) -> int:
        return self.counts.get(candidate, 0)

    def leader(self) -> str | None:
        return self.best
'''
