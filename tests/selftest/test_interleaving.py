"""The interleaving kit pauses threads at the same points on every Python: between the
instructions of a function's first call, and once per turn of a comprehension. And its
locks that never wait say so where one thread would wait for itself.

Each runs on the Python that runs the self-tests; `.ci/run` runs them on the oldest
and the newest CPython it finds too.
"""

import importlib
import json
import subprocess
import sys
import threading

import pytest

from tests.harness.core.layout import ROOT
from tests.harness.toolkit.interleaving import Call, Scenario, Story, first_break
from tests.harness.toolkit.waiting import Waited, locks_that_never_wait

COUNTER = """
class Counter:
    def __init__(self):
        self.count = 0

    def bump(self):
        self.count = self.count + 1

    def total(self, items):
        return sum([item for item in items])
"""


class Model:
    def __init__(self) -> None:
        self.count = 0

    def bump(self) -> None:
        self.count += 1


@pytest.fixture
def counter(tmp_path, monkeypatch):
    """A module of the learner's kind, imported afresh by each `make()`: its code is
    new at every run, so each run's calls are the first calls of that code."""
    (tmp_path / "counter_module.py").write_text(COUNTER, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))

    def make():
        sys.modules.pop("counter_module", None)
        return importlib.import_module("counter_module").Counter()

    yield make, [tmp_path / "counter_module.py"]
    sys.modules.pop("counter_module", None)


BUMP = Call("c.bump()", lambda c: c.bump())
STORY = Story("one counter c", probe=Call("c.count", lambda c: c.count), probes=1)


def test_a_lost_update_inside_one_line_is_found_from_the_first_call(counter):
    """Paused between instructions, a read-modify-write on one line comes apart, though
    each run's bump() is the first call of its code."""
    make, files = counter
    broken = first_break(Scenario(make, [[BUMP], [BUMP]], files, opcodes=True), Model, STORY)
    assert broken is not None and "in the middle of" in broken, broken
    assert "c.count gave 1" in broken, broken


# In a process of its own, the first scenario that pauses between instructions: how
# many runs it makes with each thread first.
FIRST_SCENARIO = """
import importlib, json, sys
sys.path[:0] = [sys.argv[1], sys.argv[2]]
from pathlib import Path
from tests.harness.toolkit.interleaving import Call, Scenario


def make():
    sys.modules.pop("counter_module", None)
    return importlib.import_module("counter_module").Counter()


bump = Call("c.bump()", lambda c: c.bump())
files = [Path(sys.argv[1]) / "counter_module.py"]
runs = [run.first for _, run in Scenario(make, [[bump], [bump]], files, opcodes=True).explore()]
print(json.dumps([runs.count(0), runs.count(1)]))
"""


def test_the_first_scenario_of_a_process_pauses_between_instructions_either_way(counter):
    """Python 3.13 sent no opcode events to the first call of a code, and 3.12 none to a
    thread whose sys.settrace() came before some frame had asked for them: either way
    a thread ran whole, and the scenario tried fewer runs, or none, with it first."""
    _, files = counter
    done = subprocess.run(
        [sys.executable, "-c", FIRST_SCENARIO, str(files[0].parent), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    first, second = json.loads(done.stdout)
    # bump() is one line of some instructions: a run paused after each, and one that ends.
    assert first == second and first > 3, (first, second)


def test_a_line_is_one_step_when_paused_between_lines(counter):
    make, files = counter
    assert first_break(Scenario(make, [[BUMP], [BUMP]], files), Model, STORY) is None


def test_a_comprehension_on_one_line_is_a_step_per_turn_on_every_version(counter):
    """Before 3.12 a comprehension has a frame of its own, whose first line repeats its
    caller's: no step. The line once, then once for each of 3 items: 4 steps."""
    make, files = counter
    total = Call("c.total([1, 2, 3])", lambda c: c.total([1, 2, 3]))
    runs = Scenario(make, [[total], []], files).explore()
    paused = [run for _, run in runs if run.first == 0 and run.pauses]
    assert len(paused) == 4, [run.pauses for run in paused]


def test_a_line_scenario_after_one_between_instructions_pauses_between_lines(counter):
    """Opcode events one scenario asked for (3.12 keeps them on for the whole process)
    do not reach the next: it pauses only before lines."""
    make, files = counter
    first_break(Scenario(make, [[BUMP], [BUMP]], files, opcodes=True), Model, STORY)
    pauses = [
        where
        for _, run in Scenario(make, [[BUMP], [BUMP]], files).explore()
        for _, where, _ in run.pauses
    ]
    assert pauses and not any(mid for _, _, mid in pauses), pauses


LOCKED = """
import threading

def locks():
    return threading.Lock(), threading.RLock()
"""


def test_a_lock_of_the_learner_taken_again_on_its_thread_raises_waited(tmp_path, monkeypatch):
    (tmp_path / "locked_module.py").write_text(LOCKED, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("locked_module", None)
    module = importlib.import_module("locked_module")
    try:
        with locks_that_never_wait(tmp_path):
            lock, rlock = module.locks()
            mine = threading.Lock()  # made here, not in the folder: a plain lock
            with lock:
                with pytest.raises(Waited):
                    lock.acquire()
                assert not lock.acquire(False)
                assert not lock.acquire(timeout=5)  # nothing would let it go: at once
            with rlock, rlock:  # an RLock taken again by its holder does not wait
                pass
            assert lock.acquire() and lock.locked()  # let go by the with: taken again
            lock.release()
        assert type(mine) is type(threading.Lock())
        assert type(module.locks()[0]) is type(threading.Lock())  # restored
    finally:
        sys.modules.pop("locked_module", None)
