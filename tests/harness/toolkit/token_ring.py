"""A weighted ring of virtual tokens ordered by (hash, token id), as a model and as the
values and checks its spec tests use.

Two katas hold this ring: weighted_ring, whose nodes are added and removed,
and ring_snapshot, whose nodes are given weights and read through snapshots.
In both, a node of weight w has the tokens node#0 .. node#(w*V - 1), each at
hash64(token id); a key goes to the node of the first token whose hash is at
least the key's hash, wrapping past the end; the replicas walk on clockwise,
collecting distinct nodes. What differs between the two lives in each kata's
own model, which builds on `Tokens` here.

The model is the contract read as plainly as possible: every state sorts
every token of it, which is slow and obviously right. The checks speak of
what the learner's code gave, in words.
"""

from __future__ import annotations

import functools
import hashlib
import random
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, field

from tests.harness.toolkit import differential as gen
from tests.harness.toolkit.spec import refuses

Hash64 = Callable[[str], int]
Token = tuple[int, str, str]  # (hash, token id, node id): ring order is tuple order


def sha64(text: str) -> int:
    """The default hash: the first 8 bytes of the SHA-256 digest of the UTF-8 text,
    big-endian."""
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def ring_tokens(weights: dict[str, int], virtuals: int, hash64: Hash64) -> list[Token]:
    """Every token of nodes of these weights as (hash, token id, node id), in ring order."""
    return sorted(
        (hash64(f"{node}#{i}"), f"{node}#{i}", node)
        for node, weight in weights.items()
        for i in range(weight * virtuals)
    )


def start_of(tokens: list[Token], hash64: Hash64, key: str) -> int:
    """The index of the first token whose hash is at least the key's, wrapping to 0."""
    start = bisect_left(tokens, (hash64(key),))
    return start if start < len(tokens) else 0


def walk(tokens: list[Token], hash64: Hash64, key: str, count: int) -> list[str]:
    """The first `count` distinct nodes clockwise from the token `key` goes to."""
    if not tokens or count == 0:
        return []
    start = start_of(tokens, hash64, key)
    found: list[str] = []
    seen: set[str] = set()
    for step in range(len(tokens)):
        node = tokens[(start + step) % len(tokens)][2]
        if node not in seen:
            seen.add(node)
            found.append(node)
            if len(found) == count:
                break
    return found


# The states of one ring a model keeps sorted; the oldest goes first when there are more.
STATES = 16


@dataclass
class Memory:
    """What the model's states of one ring share, so that long runs stay cheap: hash64 is
    a function of the text, so each text is hashed once; and a ring that comes back to a
    state it had (a node flapping, thousands of times) finds its tokens sorted already."""

    hashes: dict[str, int] = field(default_factory=dict)
    states: dict[frozenset, list[Token]] = field(default_factory=dict)


class Tokens:
    """The tokens of nodes of given weights, and where keys go among them."""

    def __init__(
        self,
        virtuals: int,
        hash64: Hash64,
        weights: dict[str, int],
        memory: Memory | None = None,
    ) -> None:
        self.virtuals = virtuals
        self.hash64 = hash64
        self._weights = dict(weights)
        self._tokens: list[Token] | None = None
        # Shared by every state of the ring (and every view of it).
        self._memory = Memory() if memory is None else memory

    def _hash(self, text: str) -> int:
        hashes = self._memory.hashes
        if text not in hashes:
            hashes[text] = self.hash64(text)
        return hashes[text]

    def tokens(self) -> list[Token]:
        """Every token as (hash, token id, node id), in ring order."""
        if self._tokens is None:
            states = self._memory.states
            state = frozenset(self._weights.items())
            if state not in states:
                if len(states) >= STATES:
                    del states[next(iter(states))]
                states[state] = ring_tokens(self._weights, self.virtuals, self._hash)
            self._tokens = states[state]
        return self._tokens

    def get_nodes(self, key: str, count: int) -> list[str]:
        if count < 0:
            raise ValueError("count must not be negative")
        return walk(self.tokens(), self._hash, key, count)

    def get_node(self, key: str) -> str | None:
        nodes = self.get_nodes(key, 1)
        return nodes[0] if nodes else None

    def token_of(self, key: str) -> str | None:
        """The id of the token the key goes to; None on an empty ring."""
        tokens = self.tokens()
        return tokens[start_of(tokens, self._hash, key)][1] if tokens else None


def positive_int(value: object, lowest: int = 1) -> bool:
    """What the models accept as V or a weight. The contracts leave other types open
    (bool, float, int-likes), and no spec test passes one."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= lowest


def table_hash(positions: dict[str, int]) -> Hash64:
    """A hash64 that places each given string where the test says."""

    def hash64(text: str) -> int:
        if text not in positions:
            raise KeyError(f"the test's hash64 was asked for {text!r}, which it does not know")
        return positions[text]

    return hash64


def placed(positions: dict[str, int]) -> Hash64:
    """A hash64 that puts the given strings where the test says, and all else far above."""
    return lambda text: positions.get(text, 2**63 + sha64(text) % 2**62)


def recording(seen: set[str]) -> Hash64:
    """SHA-256, noting in `seen` every text it is asked to hash."""

    def hash64(text: str) -> int:
        seen.add(text)
        return sha64(text)

    return hash64


TOP = 2**64 - 1


def past_the_end(text: str) -> int:
    """SHA-256, except that keys named past-... hash to the very top of the ring: a
    timing test's lookups wrap around half the time."""
    return TOP if text.startswith("past-") else sha64(text) % TOP


def answer(call: Callable[[], object]) -> str:
    """What the call gave, as its repr, or the exception it raised, for a list of wrong
    answers."""
    try:
        return repr(call())
    except Exception as error:
        return f"{type(error).__name__}: {error}"


def refused(scenario: str, call: Callable[[], object]) -> None:
    """Fail unless `call` raises ValueError; other exceptions are the learner's to see."""
    refuses(ValueError, scenario, call)


def before_the_end(keys: list[str], expected: Tokens) -> list[str]:
    """The keys that reach a token without wrapping past the end of the ring.

    Only the tests of wrapping use keys past the last token, so that code
    that mishandles them fails those tests and no others.
    """
    tokens = expected.tokens()
    return [key for key in keys if tokens and expected.hash64(key) <= tokens[-1][0]]


def misroutes(reader, expected: Tokens, keys: list[str], count: int | None = None) -> str:
    """'' if `reader` answers like the model for every key, else a summary of the misses.

    With `count`, compares get_nodes(key, count); without, get_node(key). Keys
    past the last token are left out (see before_the_end).
    """
    wrong = []
    for key in before_the_end(keys, expected):
        if count is None:
            call, want = f"get_node({gen.shown(key)})", expected.get_node(key)
            got = answer(lambda key=key: reader.get_node(key))
        else:
            call, want = f"get_nodes({gen.shown(key)}, {count})", expected.get_nodes(key, count)
            got = answer(lambda key=key: reader.get_nodes(key, count))
        if got != repr(want):
            wrong.append(f"{call}: expected {want!r}, got {got}")
    if not wrong:
        return ""
    return f"{len(wrong)} of {len(keys)} keys wrong, e.g. " + "; ".join(wrong[:3])


KEYS = [f"key-{n}" for n in range(800)]

# Three single-token nodes at 100, 200, 300, and keys placed around them.
POSITIONS = {
    "a#0": 100,
    "b#0": 200,
    "c#0": 300,
    # just below a#0, with the largest character there is: no sentinel may skip it
    "\U0010ffff#0": 99,
    "key-50": 50,
    "key-100": 100,
    "key-150": 150,
    "key-300": 300,
    "key-301": 301,
    "key-top": 2**64 - 1,
}
# Ties that a wrong order settles wrongly: (where tokens sit, V, the nodes,
# the node whose token comes first, why). Every other token sits far above.
TIES = [
    ({"a#0": 7, "b#0": 7}, 1, ["a", "b"], "a", "'a#0' < 'b#0'"),
    ({"a#1": 7, "b#0": 7}, 2, ["a", "b"], "a", "'a#1' < 'b#0', though b#0 has the smaller index"),
    ({"a#0": 7, "a #0": 7}, 1, ["a", "a "], "a ", "'a #0' < 'a#0', though 'a' < 'a '"),
    ({"a#0": 7, "B#0": 7}, 1, ["a", "B"], "B", "'B#0' < 'a#0': capitals come first"),
    (
        {"\U00010000#0": 7, "\uffff#0": 7},
        1,
        ["\U00010000", "\uffff"],
        "\uffff",
        "U+FFFF < U+10000: plain str order compares code points, not UTF-16 or UTF-8",
    ),
]


# -- what the generated sequences of both katas draw --


# Cached: a design that hashes every token again at each change calls it hundreds of
# thousands of times in a long run, and the lookup costs a tenth of the sum.
@functools.cache
def small_sum(text: str) -> int:
    return sum(map(ord, text)) % 50


# hash64 as the script writes it, and as the rings get it; None is the default.
# Three of them collide all the time.
HASHES = {
    "zero": ("hash64=lambda text: 0", lambda text: 0),
    "len": ("hash64=len", len),
    "sum": ("hash64=lambda text: sum(map(ord, text)) % 50", small_sum),
    "default": ("", None),
    "none": ("hash64=None", None),
}


def create_ring(
    machine: gen.Machine, class_name: str, model: type, virtuals: int, hashed: str
) -> None:
    """A ring on both sides of `machine`, appended to its live instances unless the
    model refuses it: `class_name(virtuals, hash64)` for the learner, with hash64
    written as HASHES[hashed] says, and `model(virtuals, hash64)`."""
    written, hash64 = HASHES[hashed]
    new = machine.new

    def create() -> object:
        return new(virtuals, hash64) if written else new(virtuals)

    expected = gen.outcome(lambda: model(virtuals, hash64))
    arguments = ", ".join(filter(None, [gen.code(virtuals), written]))
    made = machine.construct("ring", f"{class_name}({arguments})", create, expected)
    if made:
        machine.live.append(gen.Instance(*made, expected.value))


# Ids that trip implementations up: '#' in them, one a prefix of another, case
# and whitespace variants, the empty id, non-ASCII text.
AWKWARD_IDS = ["a", "b", "A", "a#b", "a#", "a#0", "a#1", "", "#", "n1", "n10", " a", "é"]
AWKWARD_KEYS = ["", "k", "a#0", "b#1", "x" * 100, "é中🙂", " "]
DRAWN_KEYS = gen.Text("kab#0 é", max_size=12, common=AWKWARD_KEYS)
COUNTS = gen.pick(1, 2, 0, 3, 6, -1)
# Ids alike enough to be mixed up: prefixes with and without '#', case, whitespace,
# one letter written two ways.
LOOK_ALIKES = [
    ["a", "a#b", "a#", "a#1"],
    ["n1", "n10", "n1#0"],
    ["a", "A"],
    ["a", "a ", " a"],
    ["é", "e\u0301"],
]
FAMILIES = gen.Integers(0, len(LOOK_ALIKES) - 1)


def drawn_ids(*longer: str) -> gen.Text:
    """Node ids to draw: the awkward ones (and `longer`), or random text."""
    return gen.Text("ab#01 A:é", max_size=8, common=[*AWKWARD_IDS, *longer])


# -- long runs: many calls compared in a tight loop, written as a few lines --


class Longest(gen.Pick):
    """One of a few values, always the last when drawn; the earlier ones are what
    shrinking tries instead (a long run made shorter)."""

    def draw(self, rng: random.Random) -> object:
        return self.values[-1]


def longest(*values: object) -> Longest:
    return Longest(values)


# How many changes a ring goes through between two lookups of the same keys (see
# asked_again in each kata's long runs): 1,000, then 24 more, 1,024 in all, when drawn,
# so that a memo trusted whenever the count of changes is the same modulo N is caught for
# every N dividing either (16, 64, 100, 256, 1,000, 1,024 ...); shrinking tries fewer.
GAP = longest(16, 64, 100, 256, 1000)
MORE = longest(0, 24)
# The arguments of a rule asking keys again after `gap`, then `gap + more`, changes:
# which of the keys a change moves (`choice`), and the two counts.
ASKING_AGAIN = {"choice": gen.Integers(0, 299), "gap": GAP, "more": MORE}
# The weight of a node of thousands of tokens (heavy_node).
HEAVY = longest(2, 100, 600, 3000)


def heavy_node(fill: str, which: int, heavy: int) -> list:
    """A macro's steps: a ring of a dozen nodes of weight 1 (rule `fill`), then node
    'big' of weight `heavy` joins, the keys of a pool are asked, and it leaves (rule
    big_node): its tokens take their places in ring order like any other node's."""
    return [
        (fill, {"which": which, "size": 12, "step": 1, "heavy": 1}),
        ("big_node", {"which": which, "heavy": heavy}),
    ]


Call = tuple[str, Callable[[], object], Callable[[], object]]  # (text, learner's, model's)


@dataclass
class Step:
    """Calls made on both sides and compared one by one, written as few lines.

    `written(n)` gives the lines of the first n calls (all of them for
    n = len(calls)); a long run of calls that agree stays a line or two, and
    the first call that does not is written out after them, as the script
    writes any call that breaks the contract.
    """

    calls: list[Call]
    written: Callable[[int], list[str]]


def one(text: str, learner: Callable[[], object], model: Callable[[], object]) -> Step:
    """A single call, written as it is."""
    return Step([(text, learner, model)], lambda done: [text] if done else [])


def _lookup_calls(live, keys: list[str], count: int | None) -> list[Call]:
    """get_node(key), or get_nodes(key, count), of each key on both sides of `live`."""
    if count is None:
        return [
            (
                f"{live.name}.get_node({gen.code(key)})",
                lambda key=key: live.learner.get_node(key),
                lambda key=key: live.model.get_node(key),
            )
            for key in keys
        ]
    return [
        (
            f"{live.name}.get_nodes({gen.code(key)}, {count})",
            lambda key=key: live.learner.get_nodes(key, count),
            lambda key=key: live.model.get_nodes(key, count),
        )
        for key in keys
    ]


def lookups(live, keys: int, count: int | None = None) -> Step:
    """get_node (or get_nodes(key, count)) of key-0 .. key-(keys-1) on `live`, written
    `_ = [ring.get_node(f'key-{n}') for n in range(keys)]`."""
    calls = _lookup_calls(live, [f"key-{n}" for n in range(keys)], count)
    call = "get_node(f'key-{n}')" if count is None else f"get_nodes(f'key-{{n}}', {count})"
    return Step(
        calls, lambda done: [f"_ = [{live.name}.{call} for n in range({done})]"] * (done > 0)
    )


def asked(live, keys: list[str], count: int | None = None) -> Step:
    """get_node (or get_nodes(key, count)) of each of `keys` on `live`, written
    `_ = [ring.get_node(key) for key in [...]]`."""
    call = "get_node(key)" if count is None else f"get_nodes(key, {count})"
    return Step(
        _lookup_calls(live, keys, count),
        lambda done: [f"_ = [{live.name}.{call} for key in {gen.code(keys[:done])}]"] * (done > 0),
    )


def moved(
    now: Tokens, weights: dict[str, int], node: str, replicas: bool = True, most: int = 16
) -> tuple[list[str], list[str]]:
    """Keys that would go elsewhere if the nodes of `now` (a model's state of a ring) had
    `weights` instead (same V, same hash): those whose node differs, and with `replicas`
    those whose 3 replicas differ; `most` of each. The keys are tried among those on the
    tokens of `node` (a key named node#i sits on that token, whatever the hash) and key-0
    .. key-199."""
    after = Tokens(now.virtuals, now.hash64, weights, now._memory)
    most_tokens = max(now._weights.get(node, 0), weights.get(node, 0)) * now.virtuals
    keys = [*(f"{node}#{i}" for i in range(most_tokens)), *KEYS[:200]]
    nodes = [key for key in keys if now.get_node(key) != after.get_node(key)]
    if not replicas:
        return nodes[:most], []
    moving = [key for key in keys if now.get_nodes(key, 3) != after.get_nodes(key, 3)]
    return nodes[:most], moving[:most]


def asking(live, nodes: list[str], replicas: list[str]) -> list[Step]:
    """get_node of each of `nodes` on `live`, and get_nodes(key, 3) of each of
    `replicas`."""
    return [asked(live, nodes), *([asked(live, replicas, 3)] if replicas else [])]


def play(script: gen.Script, steps: list[Step]) -> None:
    """Make the calls of `steps` on both sides, in order, and write them; raise Broken at
    the first call that does not do what the model does."""
    for step in steps:
        _make(script, step, step.written)
        script.lines += step.written(len(step.calls))


def repeat(script: gen.Script, steps: list[Step], times: int) -> None:
    """`steps` made `times` times over, written as a for loop."""
    body = _lines(steps)
    for time in range(times):
        for index, step in enumerate(steps):

            def before(done: int, index=index, step=step, time=time) -> list[str]:
                return _loop(body, time) + _lines(steps[:index]) + step.written(done)

            _make(script, step, before)
    script.lines += _loop(body, times)


def _lines(steps: list[Step]) -> list[str]:
    return [line for step in steps for line in step.written(len(step.calls))]


def _loop(body: list[str], times: int) -> list[str]:
    if times <= 1:
        return body * times
    return [f"for _ in range({times}):", *(f"    {line}" for line in body), ""]


def _make(script: gen.Script, step: Step, before: Callable[[int], list[str]]) -> None:
    for done, (text, learner, model) in enumerate(step.calls):
        want = gen.outcome(model)
        got = gen.outcome(learner, script.folder)
        script.made += 1
        if not got.agrees_with(want):
            script.lines += before(done)
            raise gen.Broken(script._broken(text, got, want))
