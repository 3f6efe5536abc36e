"""Self-test settings shared by every test process."""

import os

import pytest

from tests.selftest.checking import SHARED


@pytest.fixture(autouse=True, scope="session")
def state_of_its_own(tmp_path_factory):
    """Gradings the self-tests run record their progress in a folder of their own,
    never in the repository's .katas/ (the maintainer's own progress)."""
    os.environ["KATAS_STATE"] = str(tmp_path_factory.mktemp("katas-state"))
    yield
    del os.environ["KATAS_STATE"]


@pytest.fixture(autouse=True, scope="session")
def shared_between_test_processes(request, tmp_path_factory):
    """A folder every test process of this run sees (see checking.graded_starter):
    pytest-xdist gives each of its workers a base temp under one folder per run.

    Whether this process is a worker is asked of pytest, not of the environment:
    a pytest that a worker's test starts inherits PYTEST_XDIST_WORKER, and its
    base's parent is the folder of every run, where a past run's file waits."""
    base = tmp_path_factory.getbasetemp()
    worker = hasattr(request.config, "workerinput")
    shared = (base.parent if worker else base) / "shared"
    shared.mkdir(exist_ok=True)
    os.environ[SHARED] = str(shared)
    yield
    del os.environ[SHARED]


# A learner's test files, copied into learner folders by the tests that use them.
collect_ignore = ["learner_tests"]
