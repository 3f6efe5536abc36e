"""Self-test settings shared by every test process."""

import os

import pytest


@pytest.fixture(autouse=True, scope="session")
def state_of_its_own(tmp_path_factory):
    """Gradings the self-tests run record their progress in a folder of their own,
    never in the repository's .katas/ (the maintainer's own progress)."""
    os.environ["KATAS_STATE"] = str(tmp_path_factory.mktemp("katas-state"))
    yield
    del os.environ["KATAS_STATE"]


# A learner's test files, copied into learner folders by the tests that use them.
collect_ignore = ["learner_tests"]
