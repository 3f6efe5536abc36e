"""A spec test whose own code does with the learner's objects what the contract does not
ask for (hashes one, say) is reported as the grader's fault, never as the learner's.

The spec tests ask nothing of the learner's objects the contract does not (the designs
of tests/selftest/designs/ hold it); should one ever slip, the learner must not be sent
hunting for a line of theirs that does not exist. In a copy of the repository, a spec
test file of round_robin that does such things is graded on a correct dispatcher kept
as a @dataclass(slots=True) (unhashable, no __dict__, no __weakref__) holding a lock
(which cannot be pickled). Beside them, what stays the learner's: a method the test
calls that the object lacks, an exception the learner's code raises, and an exception
the test's code raises on a value that is no object of the learner's.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from tests.harness.core.places import Unasked
from tests.harness.kata import catalog
from tests.harness.wording import outcomes, reports
from tests.selftest.checking import make_in, repository_copy

KATA = catalog.load("round_robin")
FAKE = "test_unasked_fake.py"

# A correct dispatcher that allows none of what the fake tests do.
LEARNER = """
from __future__ import annotations

import threading
from dataclasses import InitVar, dataclass, field


@dataclass(slots=True)
class RoundRobinWorkers:
    workers: InitVar[list[str]]
    _workers: list[str] = field(init=False)
    _up: dict[str, bool] = field(init=False)
    _cursor: int = field(init=False, default=0)
    _lock: threading.Lock = field(init=False)

    def __post_init__(self, workers: list[str]) -> None:
        if len(set(workers)) != len(workers):
            raise ValueError("worker ids must be unique")
        self._workers, self._up = list(workers), dict.fromkeys(workers, True)
        self._lock = threading.Lock()

    def set_available(self, worker: str, is_available: bool) -> None:
        with self._lock:
            if worker not in self._up:
                raise KeyError(worker)
            self._up[worker] = is_available

    def assign(self) -> str | None:
        with self._lock:
            size = len(self._workers)
            for step in range(size):
                index = (self._cursor + step) % size
                if self._up[self._workers[index]]:
                    self._cursor = (index + 1) % size
                    return self._workers[index]
            return None
"""

# The fake spec tests: each name, and its body after `rr = dispatcher()`.
UNASKED = {
    "test_keyed": "{rr: 'first'}",
    "test_in_a_set": "{rr, dispatcher()}",
    "test_weakly_referenced": "weakref.ref(rr)",
    "test_sorted": "sorted([rr, dispatcher()])",
    "test_dict_read": "rr.__dict__",
    "test_private_field_read": "rr._riders",
    "test_deep_copied": "copy.deepcopy(rr)",
    "test_pickled": "pickle.dumps(rr)",
    "test_keyed_in_a_generated_sequence": "gen.explore(Keyed, sequences=3, steps=4, seed=1)",
}
THEIRS = {
    "test_a_method_the_object_lacks": "rr.assign_all()",
    "test_raised_in_the_learners_code": "rr.set_available('Z', True)",
    "test_a_value_that_is_not_the_learners": "{(rr.assign(), []): 1}",
}

FAKE_TESTS = '''
"""Spec tests that rely on what the contract does not ask for: a self-test's fake."""

import copy
import pickle
import weakref

from tests.harness.toolkit import differential as gen
from tests.harness.toolkit.spec import fresh


def dispatcher():
    return fresh("round_robin").RoundRobinWorkers(["A", "B"])


class Keyed(gen.Machine):
    """Dispatchers made, and one of them used as a dict key in a call the script makes."""

    modules = ("round_robin",)
    imports = "from round_robin import RoundRobinWorkers"

    def setup(self, module) -> None:
        self.new = module.RoundRobinWorkers

    @gen.rule()
    def create(self) -> None:
        anything = gen.returns(gen.ANYTHING)
        made = self.construct("rr", "RoundRobinWorkers(['A'])", lambda: self.new(["A"]), anything)
        self.live.append(gen.Instance(*made, None))

    @gen.rule(when=gen.has_instances)
    def keyed(self) -> None:
        live = self.live[0]
        self.script.call(f"len({{{live.name}: 1}})", lambda: len({live.learner: 1}), gen.returns(1))
'''


def fake_test(name: str, body: str) -> str:
    return f"\n\ndef {name}():\n    rr = dispatcher()\n    {body}\n"


def graded(tmp_path: Path) -> dict[str, dict]:
    """The fake tests, graded in a copy of the repository on LEARNER: name -> JSON entry."""
    repo = repository_copy(tmp_path / "repo", KATA)
    tests = textwrap.dedent(FAKE_TESTS) + "".join(
        fake_test(name, body) for name, body in {**UNASKED, **THEIRS}.items()
    )
    (repo / "tests" / KATA.name / FAKE).write_text(tests, encoding="utf-8")
    learner = tmp_path / "learner"
    learner.mkdir()
    (learner / "round_robin.py").write_text(LEARNER, encoding="utf-8")
    only = ",".join([*UNASKED, *THEIRS])
    done = make_in(
        repo, "check", f"KATA={KATA.name}", f"DIR={learner}", "FORMAT=json", f"ONLY={only}"
    )
    assert done.stdout, done.stderr
    return {test["name"]: test for test in json.loads(done.stdout)["tests"]}


def test_what_a_spec_test_relied_on_is_said_to_be_the_graders_fault(tmp_path):
    """Each use the contract does not ask for is an ERROR in the grader's words, naming
    the use and the learner's class; no message names a line, the learner's or the
    test's; and what is the learner's is worded as before."""
    tests = graded(tmp_path)
    hashed = "TypeError: unhashable type: 'RoundRobinWorkers'"
    lock = "TypeError: cannot pickle '_thread.lock' object"
    expected = {
        "test_keyed": Unasked("hash", "RoundRobinWorkers", hashed),
        "test_in_a_set": Unasked("hash", "RoundRobinWorkers", hashed),
        "test_weakly_referenced": Unasked(
            "weakref",
            "RoundRobinWorkers",
            "TypeError: cannot create weak reference to 'RoundRobinWorkers' object",
        ),
        "test_sorted": Unasked(
            "order",
            "RoundRobinWorkers",
            "TypeError: '<' not supported between instances of 'RoundRobinWorkers' and "
            "'RoundRobinWorkers'",
            "<",
        ),
        "test_dict_read": Unasked(
            "attribute",
            "RoundRobinWorkers",
            "AttributeError: 'RoundRobinWorkers' object has no attribute '__dict__'",
            "__dict__",
        ),
        "test_private_field_read": Unasked(
            "attribute",
            "RoundRobinWorkers",
            "AttributeError: 'RoundRobinWorkers' object has no attribute '_riders'",
            "_riders",
        ),
        "test_deep_copied": Unasked("pickle", "_thread.lock", lock, yours=False),
        "test_pickled": Unasked("pickle", "_thread.lock", lock, yours=False),
        "test_keyed_in_a_generated_sequence": Unasked("hash", "RoundRobinWorkers", hashed),
    }
    for name, refused in expected.items():
        got = tests[name]
        assert (got["status"], got["message"]) == ("error", outcomes.unasked(refused)), got
        assert ".py" not in got["message"], got  # no file, the learner's or the test's
    # What stays the learner's: the exception and where it was raised, as before.
    lacks = tests["test_a_method_the_object_lacks"]
    assert lacks["status"] == "error", lacks
    assert lacks["message"].startswith(
        "AttributeError: 'RoundRobinWorkers' object has no attribute 'assign_all'"
    ), lacks
    raised = tests["test_raised_in_the_learners_code"]
    assert raised["status"] == "error", raised
    assert raised["message"].startswith("KeyError: 'Z' — raised in "), raised
    assert "round_robin.py line" in raised["message"], raised
    value = tests["test_a_value_that_is_not_the_learners"]
    assert value["status"] == "error", value
    assert value["message"].startswith("TypeError: unhashable type: 'list'"), value
    for entry in (lacks, raised, value):
        assert "fault of the grader" not in entry["message"], entry
    # The report's next step says whose fault it is, and sends no one to a line of theirs.
    done = make_in(
        tmp_path / "repo",
        "check",
        f"KATA={KATA.name}",
        f"DIR={tmp_path / 'learner'}",
        "ONLY=test_keyed",
    )
    report = " ".join(done.stdout.split())
    assert " ".join(reports.STEP_GRADERS_FAULT.split()) in report, report
    assert "find the line that causes it" not in report, report
