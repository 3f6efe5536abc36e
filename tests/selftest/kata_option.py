"""`make test KATA=<kata>`: the self-tests of one kata, so an author need not wait
for the whole suite. A plugin (pyproject.toml's addopts), since an option must
be known before pytest reads the command line."""

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--kata",
        default="",
        help="run only the self-tests of this kata (make test KATA=<kata>)",
    )


def _katas_of(value: object) -> set[str]:
    """The names of the katas a test's parameter stands for."""
    from tests.harness.kata.catalog import Kata

    if isinstance(value, Kata):
        return {value.name}
    if isinstance(value, (tuple, list)):
        return set().union(*(_katas_of(item) for item in value))
    return set()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With --kata, keep the tests parametrized by that kata and no other."""
    kata = config.getoption("--kata")
    if not kata:
        return
    from tests.harness.core import layout

    if not layout.is_kata(kata):
        raise pytest.UsageError(f"--kata {kata}: no such kata; the katas: {layout.kata_names()}")
    kept, dropped = [], []
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        (kept if kata in _katas_of(list(params.values())) else dropped).append(item)
    items[:] = kept
    config.hook.pytest_deselected(items=dropped)


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`make test`'s -n auto: one test process more than there are cores. A self-test
    often waits (a child starting, a watch loop polling, an interview's clock) while
    its grading child runs; measured on 2 cores, 3 processes took 228 s where 2 took
    247 s, the same tests."""
    import os

    chosen = os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS")  # xdist's own override
    return int(chosen) if chosen else (os.cpu_count() or 1) + 1
