"""Differential spec tests: the learner's code against a model of the contract.

A kata's spec tests hold its whole contract with one `Machine`: its rules
make the same call on the learner's code and on a model (the plainest correct
reading of the contract, kept beside the spec tests) and compare the two
after every call. `explore` runs many generated sequences of rules; each
sequence writes its calls down as Python lines, a `Script`. When a call
disagrees, the sequence is shrunk — calls dropped, arguments made simpler —
while it still breaks the contract, and the failure message is the script of
the smallest one: lines the learner can paste into python and run.

Verdicts must not change between runs: the generator has a fixed seed, the
number of sequences is fixed, shrinking is bounded by a count of replays
rather than by time, and every sequence imports the learner's modules
afresh, so state kept in a class or a module global cannot leak from one
sequence into the next.

Why not Hypothesis's RuleBasedStateMachine, which does all this too: on a
2-core machine it costs about 200 µs per step for the machinery alone (2,672
steps of a machine that does nothing took 0.5 s), so a spec test inside its
2 s limit, on code that may be several times slower than the reference, gets
about a thousand steps. Measured on round_robin, 150 sequences of up to 30
steps took 2.5 s and still let two wrong dispatchers through. The generator
here costs a few µs per step, so the same time buys a hundred times more
calls, and its shrinker gives the same kind of minimal sequence.
"""

from __future__ import annotations

import importlib
import random
import re
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType

from tests.harness.core import layout, places, timer
from tests.harness.toolkit.folding import folded
from tests.harness.wording import outcomes, snippets

# Values longer than this are cut in the words of a report, never in its code.
SHOWN = 60
# A string of one repeated character at least this long is written as 'c' * n.
REPEATED = 8
# Up to this many calls in a row are written one per line, with their results.
FEW = 3
# Replays a shrink may spend, whatever the machine is; each replay is one
# sequence run from a fresh import. A long sequence costs more per replay, so
# the calls replayed are bounded too: counted, never timed.
SHRINK_REPLAYS = 600
SHRINK_CALLS = 60_000
# An address in a repr ("<object at 0x7f...>"): the same object shows another each run.
ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
# Whether breaks are shrunk at all: a grading whose task says not (a self-test
# that needs only the verdict) reports the sequence as found.
SHRINKING = [True]


# -- what a call did, and whether it did what the contract says --


def same(got: object, expected: object) -> bool:
    """Equal and of the same type, item by item: True is not 1, a tuple is not a list."""
    if type(got) is not type(expected):
        return False
    if isinstance(expected, (list, tuple)):
        return len(got) == len(expected) and all(map(same, got, expected))
    return got == expected


class _Anything:
    def __repr__(self) -> str:
        return "anything"


# The value of a call whose result the contract leaves open (a new instance, say).
ANYTHING = _Anything()


@dataclass(frozen=True)
class Outcome:
    """What one call did: returned `value`, or raised an exception of type `raised`."""

    value: object = None
    raised: type[BaseException] | None = None
    detail: str = ""  # the exception's message and the learner's line that raised it

    def agrees_with(self, expected: Outcome) -> bool:
        if expected.raised is not None:
            return self.raised is not None and issubclass(self.raised, expected.raised)
        if expected.value is ANYTHING:
            return self.raised is None
        return self.raised is None and same(self.value, expected.value)


def outcome(call: Callable[[], object], folder: Path | None = None) -> Outcome:
    """Make the call and say what it did.

    Only Exception is caught: a time limit or an exit in the learner's code
    goes on to the grader. So does an exception the grader's own code raised on
    the learner's objects, doing what the contract does not ask for (places.unasked):
    that is no call breaking the contract, and the test reports it as the grader's.
    """
    try:
        return Outcome(call())
    except Exception as error:
        if folder is None:
            detail = type(error).__name__
        elif places.unasked(error, folder, (layout.SPECS,)) is not None:
            raise
        else:
            detail = outcomes.exception(
                error, places.raised(error, folder), places.last_line(error)
            )
        return Outcome(raised=type(error), detail=detail)


def returns(value: object) -> Outcome:
    return Outcome(value)


# -- the script: calls written down as Python --


def code(value: object) -> str:
    """`value` as Python source: repr, with long runs of one character as 'c' * n.

    A string that Unicode normalisation would change is written with escapes
    ('e\\u0301'): printed as it is, it looks the same as its composed form
    ('é'), and a repro of two ids that look alike reads as nonsense.
    """
    if isinstance(value, str) and len(value) >= REPEATED and len(set(value)) == 1:
        return f"{code(value[0])} * {len(value)}"
    if isinstance(value, str) and unicodedata.normalize("NFC", value) != value:
        return ascii(value)
    if isinstance(value, list):
        return "[" + ", ".join(code(item) for item in value) + "]"
    if type(value) is dict:
        return "{" + ", ".join(f"{code(k)}: {code(v)}" for k, v in value.items()) + "}"
    return repr(value)


def shown(value: object) -> str:
    """`value` for a sentence: its source, cut when long.

    An object whose repr would hold an address (object's own, or a dataclass's with
    such a field), which changes from run to run, or whose repr raises (the contract
    asks for no repr), is "a RiderPool object".
    """
    named = f"a {type(value).__name__} object"
    if type(value).__repr__ is object.__repr__:
        return named
    try:
        text = code(value)
    except Exception:
        return named
    if not isinstance(value, str) and ADDRESS.search(text):
        return named
    if len(text) <= SHOWN:
        return text
    return f"{text[: SHOWN - 10]}… ({len(text):,} characters)"


@dataclass(frozen=True)
class Call:
    """A call of a round (Script.rounds): written `text`, made on both sides."""

    text: str
    learner: Callable[[], object]
    model: Callable[[], object]
    refused: type[Exception] | None = None  # what it raises when the contract refuses it

    def written(self) -> list[str]:
        """As it pastes into python, whether it returns or raises."""
        if self.refused is None:
            return [self.text]
        return [f"try: {self.text}", f"except {self.refused.__name__}: pass"]


@dataclass(frozen=True)
class Numbered(Call):
    """A call of a numbered round (Script.numbered_rounds): `learner` and `model` take
    the round's number, which `text` may name `n` (`rr1.add_worker(f'j{n}')`)."""

    learner: Callable[[int], object]
    model: Callable[[int], object]


@dataclass(frozen=True)
class PerRound:
    """An argument of a call of a numbered round (Machine.in_round) that changes from
    round to round: written `text` (`f'w{n}'`), worked out by `value(n)`."""

    text: str
    value: Callable[[int], object]


def _made(call: Callable[[int], object], n: int) -> tuple[object, Exception | None]:
    """What `call(n)` returned, or what it raised (only Exception, as `outcome`)."""
    try:
        return call(n), None
    except Exception as error:
        return None, error


def _again(value: object, error: Exception | None) -> object:
    """A call made already, made again for `outcome` to tell: it gives or raises the same."""
    if error is not None:
        raise error
    return value


class Broken(AssertionError):
    """A call that did not do what the contract says; the message is the script."""


class Script:
    """The calls of one sequence, as lines the learner can paste into python."""

    def __init__(self, module: ModuleType, *imports: str) -> None:
        # The learner's folder: a package's files are named from it (dispatch/registry.py).
        file = Path(module.__file__)
        self.folder = file.parent.parent if hasattr(module, "__path__") else file.parent
        self.lines: list[str] = list(imports)
        self.made = 0  # calls of the learner's code so far: what a shrink spends

    def line(self, text: str) -> None:
        """A line that runs the same way on both sides (say, changing a caller's list)."""
        self.lines.append(text)

    def call(
        self, text: str, learner: Callable[[], object], expected: Outcome, *, show: bool = True
    ) -> object:
        """Run `learner` (written `text`); raise Broken unless it does as expected.

        The line is kept with its result as a comment when `show` is set (for
        calls whose result says something), so the learner can follow the
        sequence; a call that must raise is written inside a try statement, so
        the lines after it still run when pasted.
        """
        got = outcome(learner, self.folder)
        self.made += 1
        if not got.agrees_with(expected):
            raise Broken(self._broken(text, got, expected))
        if expected.raised is not None:
            name = expected.raised.__name__
            self.lines += [f"try: {text}", f"except {name}: pass  # raises {name}", ""]
        elif show:
            self.lines.append(f"{text}  # {code(got.value)}")
        else:
            self.lines.append(text)
        return got.value

    def repeat(self, text: str, learner: Callable[[], object], expected: list[Outcome]) -> None:
        """The same call once per expected outcome, written as one line while they agree."""
        results = []
        for want in expected:
            got = outcome(learner, self.folder)
            self.made += 1
            if not got.agrees_with(want):
                self._calls(text, results)
                raise Broken(self._broken(text, got, want))
            results.append(got.value)
        self._calls(text, results)

    def sweep(self, calls: list[tuple[str, Callable[[], object], Outcome]], summary) -> None:
        """A checkpoint: many calls whose results say little one by one (every key of a
        pool looked up), each compared, written as the one line `summary(n)` gives for
        the n calls made (up to the one that disagreed, which is written out)."""
        for made, (text, learner, expected) in enumerate(calls):
            got = outcome(learner, self.folder)
            self.made += 1
            if not got.agrees_with(expected):
                if made:
                    self.lines.append(summary(made))
                raise Broken(self._broken(text, got, expected))
        self.lines.append(summary(len(calls)))

    def rounds(self, body: list[Call], times: int) -> None:
        """`times` rounds of the calls of `body`, each compared with the model's in a
        tight loop, and written as one `for` loop while they agree.

        A bug that shows at the 1,000th comeback of a worker needs 1,000 rounds
        to show: its repro is then the rounds before the one that broke, as a
        loop, the calls of that round before the one that disagreed, and that
        call.
        """
        for done in range(times):
            for at, call in enumerate(body):
                expected = outcome(call.model)
                got = outcome(call.learner, self.folder)
                self.made += 1
                if not got.agrees_with(expected):
                    self._loop(body, done)
                    self.lines += [line for made in body[:at] for line in made.written()]
                    raise Broken(self._broken(call.text, got, expected))
        self._loop(body, times)

    def numbered_rounds(self, body: list[Numbered], times: int) -> None:
        """`times` rounds of the calls of `body`, as `rounds` makes them, for calls that
        depend on the round's number `n`: 0, 1, 2, ...

        Written as `for n in range(times):` while they agree (`for _` when no call
        names n); the round that broke is written after `n = ` its number. A call
        is told in words only once it disagrees, so tens of thousands of calls
        cost little more than the calls themselves.
        """
        numbered = any(re.search(r"\bn\b", call.text) for call in body)
        for done in range(times):
            for at, call in enumerate(body):
                want, refused = _made(call.model, done)
                got, raised = _made(call.learner, done)
                self.made += 1
                if refused is None and raised is None and same(got, want):
                    continue
                expected = returns(want) if refused is None else Outcome(raised=type(refused))
                gave = outcome(lambda got=got, raised=raised: _again(got, raised), self.folder)
                if gave.agrees_with(expected):
                    continue
                self._numbered_loop(body, done, numbered)
                if numbered:
                    self.lines.append(f"n = {done}")
                self.lines += [line for made in body[:at] for line in made.written()]
                raise Broken(self._broken(call.text, gave, expected))
        self._numbered_loop(body, times, numbered)

    def _numbered_loop(self, body: list[Numbered], times: int, numbered: bool) -> None:
        if times:
            written = [f"    {line}" for call in body for line in call.written()]
            self.lines += [f"for {'n' if numbered else '_'} in range({times}):", *written, ""]

    def _loop(self, body: list[Call], times: int) -> None:
        if times == 1:
            self.lines += [line for call in body for line in call.written()]
        elif times > 1:
            written = [f"    {line}" for call in body for line in call.written()]
            self.lines += [f"for _ in range({times}):", *written, ""]

    def _calls(self, text: str, results: list) -> None:
        """Calls that agreed: a line each when few, else one line for them all."""
        if len(results) > FEW:
            self.lines.append(f"_ = [{text} for _ in range({len(results)})]")
        else:
            self.lines += [f"{text}  # {code(result)}" for result in results]

    def _broken(self, text: str, got: Outcome, expected: Outcome) -> str:
        if expected.raised is not None:
            should = f"should raise {expected.raised.__name__}"
        elif expected.value is ANYTHING:
            should = "should not raise"
        else:
            should = f"should give {shown(expected.value)}"
        did = f"it raised {got.detail}" if got.raised is not None else f"it gave {shown(got.value)}"
        lines = [*folded(self.lines), f"{text}  # <- here"]
        return f"{snippets.smallest_sequence(lines)}\nThe last call {should}; {did}."


# -- arguments: how to draw one, and how to make one simpler --


class Draw:
    """Draws values for one argument of a rule, and offers simpler ones when shrinking.

    Every value `simpler` offers must be smaller in some well-founded order
    than the one it replaces, so that shrinking ends.
    """

    def draw(self, rng: random.Random) -> object:
        raise NotImplementedError

    def simpler(self, value: object) -> Iterator[object]:
        return iter(())


class Pick(Draw):
    """One of a few values; the earlier ones are the simpler."""

    def __init__(self, values: Sequence[object]) -> None:
        self.values = list(values)

    def draw(self, rng: random.Random) -> object:
        return rng.choice(self.values)

    def simpler(self, value: object) -> Iterator[object]:
        # A macro may give a value of its own, not one of these: none is simpler.
        index = next((i for i, known in enumerate(self.values) if same(known, value)), 0)
        return iter(self.values[:index])


def pick(*values: object) -> Pick:
    return Pick(values)


def booleans() -> Pick:
    return Pick([False, True])


class Integers(Draw):
    """An int from `low` to `high`; the closer to `low`, the simpler."""

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def draw(self, rng: random.Random) -> int:
        return rng.randint(self.low, self.high)

    def simpler(self, value: int) -> Iterator[int]:
        candidates = {self.low, (self.low + value) // 2, value - 1}
        return iter(sorted(candidate for candidate in candidates if self.low <= candidate < value))


class Text(Draw):
    """A string: most often one of the `common` awkward ones, else random text.

    Simpler means one of the common strings, the earlier the simpler; then
    shorter; then made of earlier characters of the alphabet.
    """

    def __init__(
        self, alphabet: str, max_size: int, common: Sequence[str] = (), min_size: int = 0
    ) -> None:
        self.alphabet, self.common = alphabet, [s for s in common if min_size <= len(s)]
        self.min_size, self.max_size = min_size, max_size

    def draw(self, rng: random.Random) -> str:
        if self.common and rng.random() < 0.6:
            return rng.choice(self.common)
        size = rng.randint(self.min_size, self.max_size)
        return "".join(rng.choice(self.alphabet) for _ in range(size))

    def _rank(self, text: str) -> tuple:
        if text in self.common:
            return 0, self.common.index(text)
        unknown = len(self.alphabet)
        return 1, len(text), [self.alphabet.find(char) % (unknown + 1) for char in text]

    def simpler(self, value: str) -> Iterator[str]:
        first = self.alphabet[0]
        candidates = [
            *self.common,
            value[: len(value) // 2],
            value[:-1],
            value[1:],
            first * len(value),
            *(value[:i] + first + value[i + 1 :] for i in range(len(value))),
        ]
        rank = self._rank(value)
        seen = set()
        for candidate in candidates:
            fits = self.min_size <= len(candidate) <= self.max_size
            if fits and candidate not in seen and self._rank(candidate) < rank:
                seen.add(candidate)
                yield candidate


class Lists(Draw):
    """A list of up to `max_size` items; simpler means fewer items, then simpler ones."""

    def __init__(self, item: Draw, max_size: int) -> None:
        self.item, self.max_size = item, max_size

    def draw(self, rng: random.Random) -> list:
        return [self.item.draw(rng) for _ in range(rng.randint(0, self.max_size))]

    def simpler(self, value: list) -> Iterator[list]:
        for i in range(len(value)):
            yield value[:i] + value[i + 1 :]
        for i, item in enumerate(value):
            for smaller in self.item.simpler(item):
                yield [*value[:i], smaller, *value[i + 1 :]]


# -- rules and machines --


@dataclass(frozen=True)
class Rule:
    name: str
    weight: int
    arguments: dict[str, Draw]
    when: Callable[[object], object] | None
    macro: bool = False  # the method returns steps of other rules instead of acting

    def enabled(self, machine: Machine) -> bool:
        return self.when is None or bool(self.when(machine))


def rule(*, weight: int = 1, when: Callable[[object], object] | None = None, **arguments: Draw):
    """Make a method of a Machine one of its rules, drawing its arguments from `arguments`.

    `when` says whether the rule can run in the machine's present state; a
    rule that cannot is never drawn, and is skipped when a shrunk sequence
    replays it.
    """

    def mark(method: Callable) -> Callable:
        method.rule = Rule(method.__name__, weight, arguments, when)
        return method

    return mark


def macro(*, weight: int = 1, when: Callable[[object], object] | None = None, **arguments: Draw):
    """Make a method a rule that stands for several steps of other rules.

    The method returns those steps, as (rule name, arguments) pairs, and does
    nothing itself; they are recorded one by one, so that shrinking can drop
    any of them. Use it to make a situation likely (a family of look-alike
    ids, a whole pool going down) without making its repro longer.
    """

    def mark(method: Callable) -> Callable:
        method.rule = Rule(method.__name__, weight, arguments, when, macro=True)
        return method

    return mark


def each(rule: str, key: str, values: Iterable[object], **arguments: object) -> list:
    """A macro's steps: rule `rule` once for each of `values`, given as argument `key`,
    with the same other `arguments` each time."""
    return [(rule, {**arguments, key: value}) for value in values]


def reweighted(method: Callable, weight: int) -> Callable:
    """Another machine's rule `method`, drawn with `weight` here: a machine that
    shares a rule but draws it more or less often than its first owner."""

    def shared(self, *args: object, **kwargs: object) -> object:
        return method(self, *args, **kwargs)

    shared.__name__ = method.__name__
    shared.rule = replace(method.rule, weight=weight)
    return shared


@dataclass
class Instance:
    """An object both sides have: its name in the script, the learner's and the model's."""

    name: str
    learner: object
    model: object


class Machine:
    """Both sides of one generated sequence: subclass, and give it rules.

    `modules` are the learner's modules to import afresh, the first being
    the one to test; `imports` is the script's first line. `live` holds the
    instances created so far: rules act on several at once, so that state
    one instance leaks into another shows.
    """

    modules: tuple[str, ...] = ()
    imports: str = ""

    def __init__(self) -> None:
        module = fresh(*self.modules)
        self.script = Script(module, self.imports)
        self.live: list[Instance] = []
        self.setup(module)

    def setup(self, module: ModuleType) -> None:
        """Get ready for a sequence: `module` is the learner's, imported afresh."""

    def at(self, which: int) -> Instance:
        """One of the live instances; any int will do, so rules can draw it freely."""
        return self.live[which % len(self.live)]

    def name(self, prefix: str) -> str:
        """The script's name for the next instance: ring1, ring2, ..."""
        return f"{prefix}{len(self.live) + 1}"

    def construct(
        self, prefix: str, written: str, build: Callable[[], object], expected: Outcome
    ) -> tuple[str, object] | None:
        """`written` (a constructor call, "HashRing(3)") on both sides: where the model
        refuses, the learner's `build()` should refuse alike and nothing is made (None);
        otherwise the script's name for it (ring1, ...) and the learner's object."""
        if expected.raised is not None:
            self.script.call(written, build, expected)
            return None
        name = self.name(prefix)
        return name, self.script.call(f"{name} = {written}", build, returns(ANYTHING), show=False)

    def compare(self, live: Instance, method: str, *args: object, show: bool = False) -> object:
        """Call `method(*args)` on both sides of `live`, write it down and compare
        (tests.harness.toolkit.differential.Script.call): what the learner's call gave."""
        text = f"{live.name}.{method}({', '.join(code(argument) for argument in args)})"
        expected = outcome(lambda: getattr(live.model, method)(*args))
        learner = lambda: getattr(live.learner, method)(*args)  # noqa: E731
        return self.script.call(text, learner, expected, show=show)

    def in_round(self, live: Instance, method: str, *args: object) -> Numbered:
        """`method(*args)` on both sides of `live`, as a call of a numbered round
        (Script.numbered_rounds): each argument a value, or a PerRound worked out from
        the round's number."""
        text = ", ".join(a.text if isinstance(a, PerRound) else code(a) for a in args)

        def on(side: object) -> Callable[[int], object]:
            bound = getattr(side, method)
            if not any(isinstance(argument, PerRound) for argument in args):
                return lambda n: bound(*args)
            return lambda n: bound(*[a.value(n) if isinstance(a, PerRound) else a for a in args])

        return Numbered(f"{live.name}.{method}({text})", on(live.learner), on(live.model))

    @classmethod
    def rules(cls) -> list[Rule]:
        """The rules of the machine and of the machines it extends, in the order written.

        A subclass drops a rule it does not want by setting its name to None.
        """
        found: dict[str, Rule] = {}
        for klass in reversed(cls.__mro__):
            for name, member in vars(klass).items():
                if hasattr(member, "rule"):
                    found[name] = member.rule
                elif member is None:
                    found.pop(name, None)
        return list(found.values())


def chosen(ids: Sequence[str], choice: int, stranger: str) -> str:
    """One of `ids` by number, or `stranger` when the number is past them: how a rule
    draws a known id most of the time and an unknown one now and then."""
    ids = list(ids)
    return ids[choice] if choice < len(ids) else stranger


def has_instances(machine: Machine) -> bool:
    """A `when` for rules that act on an instance."""
    return bool(machine.live)


def fresh(*modules: str) -> ModuleType:
    """Import the learner's modules anew and return the first: a package with its
    submodules, which would otherwise keep the state of the last import."""
    inside = tuple(f"{name}." for name in modules)
    for name in [name for name in sys.modules if name in modules or name.startswith(inside)]:
        del sys.modules[name]
    return importlib.import_module(modules[0])


Step = tuple[Rule, dict[str, object]]


def _replay(machine: type[Machine], steps: list[Step]) -> tuple[Broken | None, int]:
    """Run `steps` on a fresh machine: the contract break they hit, if any, and the
    calls of the learner's code it took."""
    state = machine()
    try:
        for chosen, arguments in steps:
            if chosen.enabled(state):
                getattr(state, chosen.name)(**arguments)
    except Broken as broken:
        return broken, state.script.made
    return None, state.script.made


def explore(
    machine: type[Machine], sequences: int, steps: int, seed: int, min_steps: int = 1
) -> None:
    """Run `sequences` generated sequences of `min_steps` to `steps` rules each.

    Raises Broken with the script of the smallest breaking sequence found.
    """
    rng = random.Random(seed)
    rules = machine.rules()
    by_name = {chosen.name: chosen for chosen in rules}
    for _ in range(sequences):
        state, done = machine(), []
        for _ in range(rng.randint(min_steps, steps)):
            enabled = [chosen for chosen in rules if chosen.enabled(state)]
            chosen = rng.choices(enabled, weights=[r.weight for r in enabled])[0]
            arguments = {name: draw.draw(rng) for name, draw in chosen.arguments.items()}
            expanded = [(chosen, arguments)]
            if chosen.macro:
                steps_of = getattr(state, chosen.name)(**arguments)
                expanded = [(by_name[name], step) for name, step in steps_of]
            for step in expanded:
                done.append(step)
                try:
                    getattr(state, step[0].name)(**step[1])
                except Broken as broken:
                    raise (_shrink(machine, done, broken) if SHRINKING[0] else broken) from None


def _shrink(machine: type[Machine], steps: list[Step], found: Broken) -> Broken:
    """The break of the smallest sequence reached from `steps` that still breaks.

    The test's time may run out while shrinking (code slow but within its
    limit, on a long sequence): then the break is reported as it was found, not
    shrunk. A TIMEOUT would hide a break already found behind "too slow".
    """
    try:
        return _smallest(machine, steps, found)
    except timer.TimeLimit:
        return Broken(f"{found}\n{outcomes.NOT_SHRUNK}")


def _smallest(machine: type[Machine], steps: list[Step], found: Broken) -> Broken:
    budget = [SHRINK_REPLAYS, SHRINK_CALLS]

    def breaks(candidate: list[Step]) -> Broken | None:
        if budget[0] <= 0 or budget[1] <= 0:
            return None
        broken, made = _replay(machine, candidate)
        budget[0] -= 1
        budget[1] -= made
        return broken

    last = breaks(steps)
    if last is None:
        return Broken(
            "the same calls gave a different result when they were run again — does "
            "your code depend on randomness, the clock, or state left over from other "
            f"instances?\n{found}"
        )
    progress = True
    while progress and budget[0] > 0 and budget[1] > 0:
        progress = False
        size = len(steps) // 2
        while size >= 1:
            start = 0
            while start < len(steps):
                candidate = steps[:start] + steps[start + size :]
                broken = breaks(candidate) if candidate else None
                if broken:
                    steps, last, progress = candidate, broken, True
                else:
                    start += size
            size //= 2
        for index in range(len(steps)):
            chosen, arguments = steps[index]
            for name, draw in chosen.arguments.items():
                for value in draw.simpler(arguments[name]):
                    candidate = list(steps)
                    candidate[index] = (chosen, {**arguments, name: value})
                    broken = breaks(candidate)
                    if broken:
                        steps, last, progress = candidate, broken, True
                        arguments = candidate[index][1]
                        break
    return last
