"""What the spec tests of every kata share: calling the learner's code, and saying
in words what it did.

A spec test reads the learner's module afresh (`fresh`), makes its calls, and
fails with a message that states the scenario, what the contract expects and
what the code gave. These helpers write those parts the same way in every
kata. They know nothing of any one kata: a helper two katas need and a third
would not (a model, a machine of rules) lives in its own toolkit module,
named for what it models.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable

import pytest

from tests.harness.toolkit.differential import fresh, shown
from tests.harness.wording.snippets import to_see_it  # lines to paste, with the words

__all__ = [
    "Raised",
    "Said",
    "attempt",
    "calls",
    "fresh",
    "play",
    "refuses",
    "show",
    "to_see_it",
    "tried",
]


def calls(call: Callable[[], object], times: int) -> list:
    """What `times` calls of `call` gave, in order (say, assign() five times)."""
    return [call() for _ in range(times)]


def show(values: Iterable[object] | str) -> str:
    """Values for a sentence: "'A', 'B', None". A str is a sentence already (what a call
    raised, in words), not values to spell out one character at a time."""
    if isinstance(values, str):
        return values
    return ", ".join(shown(value) for value in values)


def refuses(error: type[Exception], scenario: str, call: Callable[[], object]) -> None:
    """Fail unless `call` raises `error`; another exception is the learner's to see."""
    try:
        result = call()
    except error:
        return
    pytest.fail(f"{scenario} should raise {error.__name__}; it returned {shown(result)}")


def attempt(call: Callable[[], object]) -> None:
    """Make a call the contract refuses, whatever it raises: the test is about what follows."""
    with contextlib.suppress(Exception):
        call()


def tried(call: Callable[[], object]) -> str:
    """A call the contract refuses, and what it did, in words ("raised ValueError")."""
    try:
        result = call()
    except Exception as error:
        return f"raised {type(error).__name__}"
    return f"returned {shown(result)}"


class Raised:
    """In a list of what calls gave: the call that raised instead, and what it raised."""

    def __init__(self, call: str, error: Exception) -> None:
        self.text = f"{call} raised {type(error).__name__}"

    def __repr__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Raised) and other.text == self.text

    __hash__ = None  # type: ignore[assignment]


class Said(Raised):
    """In a list of what calls gave: a call that returned, in words."""

    def __init__(self, text: str) -> None:
        self.text = text


def play(target: object, steps: list[tuple], then: str, times: int, name=repr) -> list:
    """Make `steps` ((method, *arguments) each) on `target`, then call `then()` `times` times.

    Returns what the `then` calls gave; a call that raised ends the list with a
    Raised, which writes each argument as `name` gives it. Two of the
    learner's objects played this way compare equal when they behave alike,
    even where both raise: a test that compares them fails for its own
    sentence only.
    """
    happened: list = []
    call = ""
    try:
        for method, *arguments in steps:
            call = f"{method}({', '.join(name(argument) for argument in arguments)})"
            getattr(target, method)(*arguments)
        call = f"{then}()"
        for _ in range(times):
            happened.append(getattr(target, then)())
    except Exception as error:
        happened.append(Raised(call, error))
    return happened
