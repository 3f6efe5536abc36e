"""Spec tests for status_cache: generated call sequences against a dict and a model.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

The maps get keys of the tests' own type (model.Key) whose hashes collide
on purpose: a handful of hashes (0, 7, -1, 2**61) shared by many keys, so
that runs of collided keys form, wrap past the end of the array, and lose
keys from their middle; each call makes its key anew, so that a key is
found by ==, not by identity, and floats equal to ints (0.0, 7.0) are the
ints' keys. Every call is compared with a dict. The long runs add
thousands of keys set and deleted in order (the map growing through many
rebuilds), a window of keys four to a hash set and deleted as it slides
(tombstones by the thousand), and len and the items checked on the way.

The caches share a clock moved by the sequence (by 0, 1, ttl - 1, ttl
exactly, ...), get orders whose store ids differ in case and whose order ids
differ in case or a space, reach their capacity, read, forget, write an
order again after another or after forgetting it, and count. The long runs
add a day of 1,500 orders through a cache of 300 (evictions and deletions by
the thousand in its map), hot orders read between them and rewritten every
1,000 rounds, then an hour's wait that expires hundreds at once. Every call
is compared with the model in tests/status_cache/model.py; a failure is
shrunk to the smallest sequence of calls that still breaks the contract,
shown as lines to paste into python.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tests.harness.toolkit import differential as gen
from tests.status_cache.model import CLOCK_CODE, KEY_CODE, Cache, Clock, Key

# Generated sequences: tests.harness.core.limits gives them a longer limit.
pytestmark = pytest.mark.slow


class Longest(gen.Pick):
    """One of a few values, always the last when drawn; shrinking tries the earlier ones
    (a long run made shorter)."""

    def draw(self, rng: random.Random) -> object:
        return self.values[-1]


def longest(*values: object) -> Longest:
    return Longest(values)


HASHES = (0, 7, -1, 2**61)
# Keys of four hashes, five names each, then ints and a str that share those hashes, and
# floats equal to two of the ints: one key with them, which keeps the first one set.
POOL = [Key(name, hash_) for hash_ in HASHES for name in "abcde"] + [0, 7, 8, 16, "a", 0.0, 7.0]
KEYS = gen.pick(*POOL)
VALUES = gen.pick(1, 2, 3, None, 0)
WHICH = gen.Integers(0, 2)
CHOICE = gen.Integers(0, 9)


def anew(key: object) -> object:
    """An equal key, another object: a map must find a key by ==, not by identity."""
    return Key(key.name, key.hash_) if isinstance(key, Key) else key


def op(machine: gen.Machine, text: str, learner: Callable, model: Callable, show=True):
    """A call written `text`, made on the learner's object and on the model, compared."""
    machine.script.call(text, learner, gen.outcome(model), show=show)


def held(live: gen.Instance, choice: int, stranger: object) -> object:
    """One of the keys the map holds, by number, or `stranger` when the number is past them."""
    keys = sorted(live.model, key=repr)
    return keys[choice] if choice < len(keys) else stranger


class Maps(gen.Machine):
    modules = ("status",)
    imports = "from status import HashMap"

    def setup(self, module) -> None:
        self.new = module.HashMap
        for line in KEY_CODE:
            self.script.line(line)

    @gen.rule()
    def create(self) -> None:
        made = self.construct("m", "HashMap()", self.new, gen.returns(gen.ANYTHING))
        if made:
            self.live.append(gen.Instance(*made, {}))

    @gen.rule(weight=6, when=gen.has_instances, which=WHICH, key=KEYS, value=VALUES)
    def set(self, which: int, key: object, value: int) -> None:
        live = self.at(which)
        text = f"{live.name}[{gen.code(key)}] = {value}"
        op(
            self,
            text,
            lambda: live.learner.__setitem__(anew(key), value),
            lambda: live.model.__setitem__(key, value),
            show=False,
        )

    @gen.macro(
        when=gen.has_instances, which=WHICH, hash_=gen.pick(*HASHES), size=gen.Integers(2, 5)
    )
    def set_a_run(self, which: int, hash_: int, size: int) -> list:
        """Keys of one hash set one after the other: a run of collided keys."""
        keys = [key for key in POOL if isinstance(key, Key) and key.hash_ == hash_][:size]
        return gen.each("set", "key", keys, which=which, value=1)

    @gen.macro(when=gen.has_instances, which=WHICH, hash_=gen.pick(*HASHES))
    def churn_a_run(self, which: int, hash_: int) -> list:
        """Three keys of one hash set, the first deleted, the last set again, then len(m):
        a key is never held twice, whatever free slot its probe passes."""
        keys = [key for key in POOL if isinstance(key, Key) and key.hash_ == hash_][:3]
        return [
            *gen.each("set", "key", keys, which=which, value=1),
            ("delete", {"which": which, "choice": 99, "stranger": keys[0]}),
            ("set", {"which": which, "key": keys[2], "value": 2}),
            ("length", {"which": which}),
        ]

    @gen.rule(weight=3, when=gen.has_instances, which=WHICH, choice=CHOICE, stranger=KEYS)
    def delete(self, which: int, choice: int, stranger: object) -> None:
        live = self.at(which)
        key = held(live, choice, stranger)
        text = f"del {live.name}[{gen.code(key)}]"
        op(
            self,
            text,
            lambda: live.learner.__delitem__(anew(key)),
            lambda: live.model.__delitem__(key),
            show=False,
        )

    @gen.rule(weight=4, when=gen.has_instances, which=WHICH, choice=CHOICE, stranger=KEYS)
    def get(self, which: int, choice: int, stranger: object) -> None:
        live = self.at(which)
        key = held(live, choice, stranger)
        op(
            self,
            f"{live.name}[{gen.code(key)}]",
            lambda: live.learner[anew(key)],
            lambda: live.model[key],
        )

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH, key=KEYS, default=gen.pick(None, -1))
    def get_or_default(self, which: int, key: object, default: object) -> None:
        live = self.at(which)
        if default is None:
            op(
                self,
                f"{live.name}.get({gen.code(key)})",
                lambda: live.learner.get(anew(key)),
                lambda: live.model.get(key),
            )
        else:
            op(
                self,
                f"{live.name}.get({gen.code(key)}, -1)",
                lambda: live.learner.get(anew(key), -1),
                lambda: live.model.get(key, -1),
            )

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH, key=KEYS)
    def contains(self, which: int, key: object) -> None:
        live = self.at(which)
        op(
            self,
            f"{gen.code(key)} in {live.name}",
            lambda: anew(key) in live.learner,
            lambda: key in live.model,
        )

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH)
    def length(self, which: int) -> None:
        live = self.at(which)
        op(self, f"len({live.name})", lambda: len(live.learner), lambda: len(live.model))

    @gen.rule(when=gen.has_instances, which=WHICH, view=gen.pick("items", "keys"))
    def iterate(self, which: int, view: str) -> None:
        live = self.at(which)
        if view == "keys":
            op(
                self,
                f"sorted({live.name}, key=repr)",
                lambda: sorted(live.learner, key=repr),
                lambda: sorted(live.model, key=repr),
            )
        else:
            op(
                self,
                f"sorted(map(tuple, {live.name}.items()), key=repr)",
                lambda: sorted(map(tuple, live.learner.items()), key=repr),
                lambda: sorted(live.model.items(), key=repr),
            )


class MapLongRuns(Maps):
    """Maps that go wrong only late: thousands of keys set and deleted in order, a window
    of keys that slides through the array, len and the items checked on the way."""

    create = set_a_run = churn_a_run = get_or_default = contains = None

    def setup(self, module) -> None:
        super().setup(module)
        self.filled = 0  # the groups of keys set so far

    @gen.rule(weight=4, when=lambda machine: len(machine.live) < 2)
    def create_map(self) -> None:
        Maps.create(self)

    @gen.rule(
        weight=4,
        when=gen.has_instances,
        which=WHICH,
        size=longest(10, 100, 3000),
        hashed=gen.pick("ints", "threes"),
    )
    def fill(self, which: int, size: int, hashed: str) -> None:
        """m[key] = n for n in range(size), keys of a new group: ints spread over the array,
        or Keys three to a hash; then len(m)."""
        live = self.at(which)
        self.filled += 1
        group = self.filled
        if hashed == "ints":
            key, written = (
                (lambda n: (group * 100_000 + n) * 7919),
                f"({group * 100_000} + n) * 7919",
            )
        else:
            key = lambda n: Key(f"g{group}-{n}", n // 3 * 7919)  # noqa: E731
            written = f"Key(f'g{group}-{{n}}', n // 3 * 7919)"
        self.sweep(live, size, key, written, "set")
        op(self, f"len({live.name})", lambda: len(live.learner), lambda: len(live.model))

    @gen.rule(weight=3, when=gen.has_instances, which=WHICH, share=gen.pick(2, 1))
    def drain(self, which: int, share: int) -> None:
        """del m[key] for every key held (or every other one), in the order iteration gives
        them; then len(m) and the items."""
        live = self.at(which)
        keys = sorted(live.model, key=repr)[::share]
        calls = [
            (
                f"del {live.name}[{gen.code(key)}]",
                lambda key=key: live.learner.__delitem__(key),
                gen.outcome(lambda key=key: live.model.__delitem__(key)),
            )
            for key in keys
        ]
        every = "" if share == 1 else f"[::{share}]"
        self.script.sweep(
            calls,
            lambda done: (
                f"for key in sorted({live.name}, key=repr){every}[:{done}]: del {live.name}[key]"
            ),
        )
        op(self, f"len({live.name})", lambda: len(live.learner), lambda: len(live.model))
        self.iterate(which, "items")

    @gen.rule(weight=3, when=gen.has_instances, which=WHICH, rounds=longest(10, 200, 1500))
    def slide(self, which: int, rounds: int) -> None:
        """A window of 40 keys, four to a hash, slides along: each round sets the key 40
        ahead and deletes the oldest, so tombstones pile up by the thousand; then the
        items."""
        live = self.at(which)
        self.filled += 1
        group = self.filled

        def key(n: int) -> Key:
            return Key(f"s{group}-{n}", n // 4 * 7919)

        written = f"Key(f's{group}-{{n}}', n // 4 * 7919)"
        self.sweep(live, 40, key, written, "set")
        ahead = written.replace("{n}", "{n + 40}").replace("n //", "(n + 40) //")
        middle = written.replace("{n}", "{n + 20}").replace("n //", "(n + 20) //")
        body = [
            gen.Numbered(
                f"{live.name}[{ahead}] = n",
                lambda n: live.learner.__setitem__(key(n + 40), n),
                lambda n: live.model.__setitem__(key(n + 40), n),
            ),
            gen.Numbered(
                f"del {live.name}[{written}]",
                lambda n: live.learner.__delitem__(key(n)),
                lambda n: live.model.__delitem__(key(n)),
            ),
            gen.Numbered(
                f"{live.name}[{middle}]",
                lambda n: live.learner[key(n + 20)],
                lambda n: live.model[key(n + 20)],
            ),
            gen.Numbered(
                f"len({live.name})", lambda n: len(live.learner), lambda n: len(live.model)
            ),
        ]
        self.script.numbered_rounds(body, rounds)
        self.iterate(which, "items")

    def sweep(self, live: gen.Instance, size: int, key: Callable, written: str, what: str):
        calls = [
            (
                f"{live.name}[{gen.code(key(n))}] = {n}",
                lambda n=n: live.learner.__setitem__(key(n), n),
                gen.outcome(lambda n=n: live.model.__setitem__(key(n), n)),
            )
            for n in range(size)
        ]
        self.script.sweep(calls, lambda done: f"for n in range({done}): {live.name}[{written}] = n")


# -- the cache --

STORES = gen.Text("sS1", max_size=3, common=["Store-1", "store-1", "STORE-1", "Store-2", "s"])
ORDERS = gen.pick("o-1", "o-2", "o-3", "o-4", "O-1", "o-1 ", "")
STATUSES = gen.pick("placed", "ready", "")
TTLS = gen.pick(60, 1, 0.5, 0, -1)
CAPACITIES = gen.pick(3, 1, 2, 5, 0)
# Steps of the clock: none, a little, up to the ttls, exactly them, past them.
STEPS = gen.pick(0, 1, 0.5, 10, 59, 60, 61, 120)


class Caches(gen.Machine):
    modules = ("status",)
    imports = "from status import StatusCache"

    def setup(self, module) -> None:
        self.new = module.StatusCache
        self.clock = Clock()  # both sides read it: the script's `now`
        for line in CLOCK_CODE:
            self.script.line(line)

    @gen.rule(ttl=TTLS, capacity=CAPACITIES)
    def create(self, ttl: float, capacity: int) -> None:
        expected = gen.outcome(lambda: Cache(ttl, capacity, self.clock))
        made = self.construct(
            "cache",
            f"StatusCache({gen.code(ttl)}, {capacity}, clock)",
            lambda: self.new(ttl, capacity, self.clock),
            expected,
        )
        if made:
            self.live.append(gen.Instance(*made, expected.value))

    @gen.rule(weight=2, step=STEPS)
    def tick(self, step: float) -> None:
        """The clock moves on by `step` seconds."""
        self.clock.now += step
        self.script.line(f"now = {self.clock.now!r}")

    @gen.rule(
        weight=6, when=gen.has_instances, which=WHICH, store=STORES, order=ORDERS, status=STATUSES
    )
    def update(self, which: int, store: str, order: str, status: str) -> None:
        self.compare(self.at(which), "update", store, order, status)

    @gen.rule(weight=5, when=gen.has_instances, which=WHICH, store=STORES, order=ORDERS)
    def read(self, which: int, store: str, order: str) -> None:
        self.compare(self.at(which), "read", store, order, show=True)

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH, store=STORES, order=ORDERS)
    def forget(self, which: int, store: str, order: str) -> None:
        self.compare(self.at(which), "forget", store, order, show=True)

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH)
    def stats(self, which: int) -> None:
        self.compare(self.at(which), "stats", show=True)

    @gen.macro(when=gen.has_instances, which=WHICH, hot=ORDERS)
    def crowd(self, which: int, hot: str) -> list:
        """Orders o-1 .. o-3 updated with `hot` read after each, o-1 updated again, o-4
        updated, then o-1 and o-2 read: capacity and the use order, in a few lines."""

        def update(order: str) -> tuple:
            return (
                "update",
                {"which": which, "store": "Store-1", "order": order, "status": "placed"},
            )

        def read(order: str) -> tuple:
            return ("read", {"which": which, "store": "store-1", "order": order})

        steps = []
        for order in ("o-1", "o-2", "o-3"):
            steps += [update(order), read(hot)]
        return [*steps, update("o-1"), update("o-4"), read("o-1"), read("o-2")]

    @gen.macro(when=gen.has_instances, which=WHICH, order=ORDERS)
    def rewrite(self, which: int, order: str) -> list:
        """An order updated, updated again 10 s later, and read 59 s after that: held, if an
        update starts its time again."""
        written = {"which": which, "store": "Store-1", "order": order, "status": "placed"}
        return [
            ("update", written),
            ("tick", {"step": 10}),
            ("update", {**written, "status": "ready"}),
            ("tick", {"step": 59}),
            ("read", {"which": which, "store": "Store-1", "order": order}),
        ]

    @gen.macro(when=gen.has_instances, which=WHICH, order=ORDERS, other=ORDERS)
    def rewrite_older(self, which: int, order: str, other: str) -> list:
        """An order updated, another 10 s later, the first again 10 s after that, then both
        read 50 s later: entries expire in the order of their last updates."""
        written = {"which": which, "store": "Store-1", "order": order, "status": "placed"}
        return [
            ("update", written),
            ("tick", {"step": 10}),
            ("update", {**written, "order": other}),
            ("tick", {"step": 10}),
            ("update", {**written, "status": "ready"}),
            ("tick", {"step": 50}),
            ("read", {"which": which, "store": "Store-1", "order": other}),
            ("read", {"which": which, "store": "Store-1", "order": order}),
        ]

    @gen.macro(when=gen.has_instances, which=WHICH, order=ORDERS)
    def forget_and_rewrite(self, which: int, order: str) -> list:
        """An order updated, forgotten, updated again 30 s later and read 30 s after that:
        the entry dropped leaves nothing behind to expire the new one."""
        written = {"which": which, "store": "Store-1", "order": order, "status": "placed"}
        return [
            ("update", written),
            ("forget", {"which": which, "store": "Store-1", "order": order}),
            ("tick", {"step": 30}),
            ("update", {**written, "status": "ready"}),
            ("tick", {"step": 30}),
            ("read", {"which": which, "store": "Store-1", "order": order}),
            ("stats", {"which": which}),
        ]

    @gen.macro(when=gen.has_instances, which=WHICH, order=ORDERS)
    def read_often(self, which: int, order: str) -> list:
        """An order updated, then read 10, 59 and 60 s later: reads do not put off its
        expiry."""
        read = ("read", {"which": which, "store": "Store-1", "order": order})
        return [
            ("update", {"which": which, "store": "Store-1", "order": order, "status": "placed"}),
            ("tick", {"step": 10}),
            read,
            ("tick", {"step": 49}),
            read,
            ("tick", {"step": 1}),
            read,
        ]

    @gen.macro(when=gen.has_instances, which=WHICH, order=ORDERS)
    def forget_expired(self, which: int, order: str) -> list:
        """An order updated, then forgotten a minute later, once expired (ttl 60 or less)."""
        written = {"which": which, "store": "Store-1", "order": order, "status": "placed"}
        return [
            ("update", written),
            ("tick", {"step": 60}),
            ("forget", {"which": which, "store": "Store-1", "order": order}),
            ("stats", {"which": which}),
        ]


class CacheLongRuns(Caches):
    """Caches that go wrong only late: a day of thousands of orders through a small cache,
    hot orders read between them, then an hour's wait that expires hundreds at once."""

    create = crowd = rewrite = rewrite_older = forget_and_rewrite = None
    read_often = forget_expired = update = read = forget = None
    # Steps of the day below only: never drawn on their own.
    tick = gen.reweighted(Caches.tick, 0)
    stats = gen.reweighted(Caches.stats, 0)

    def setup(self, module) -> None:
        super().setup(module)
        self.orders = 0

    @gen.macro(capacity=longest(5, 300), rounds=longest(10, 300, 1500), hot=gen.pick(1, 3))
    def day(self, capacity: int, rounds: int, hot: int) -> list:
        """A cache of `capacity` made, `rounds` rounds of traffic with `hot` hot orders, an
        hour's wait, stats(), and more traffic."""
        which = len(self.live)
        traffic = {"which": which, "hot": hot}
        return [
            ("create_cache", {"capacity": capacity}),
            ("traffic", {**traffic, "rounds": rounds}),
            ("tick", {"step": 3600}),
            ("stats", {"which": which}),
            ("traffic", {**traffic, "rounds": 100}),
        ]

    @gen.rule(weight=0, capacity=longest(5, 300))
    def create_cache(self, capacity: int) -> None:
        Caches.create(self, 3600, capacity)

    @gen.rule(
        weight=0,
        when=gen.has_instances,
        which=WHICH,
        rounds=longest(10, 300, 1500),
        hot=gen.pick(1, 3),
    )
    def traffic(self, which: int, rounds: int, hot: int) -> None:
        """Round n: the clock at n / 4 s, a new order o-<n> updated and read in another case;
        every third round an older one forgotten and the `hot` hot orders read, every
        1,000th the hot orders updated; then stats()."""
        live = self.at(which)
        first = self.orders
        self.orders += rounds

        def order(n: int) -> str:
            return f"o-{first + n}"

        name = live.name
        at = self.clock.now

        def set_clock(n: int) -> None:
            self.clock.now = at + n / 4

        body = [
            gen.Numbered(f"now = {at!r} + n / 4", set_clock, lambda n: None),
            gen.Numbered(
                f"{name}.update('Store-1', f'o-{{{first} + n}}', 'placed')",
                lambda n: live.learner.update("Store-1", order(n), "placed"),
                lambda n: live.model.update("Store-1", order(n), "placed"),
            ),
            gen.Numbered(
                f"{name}.read('store-1', f'o-{{{first} + n}}')",
                lambda n: live.learner.read("store-1", order(n)),
                lambda n: live.model.read("store-1", order(n)),
            ),
            gen.Numbered(
                f"{name}.forget('Store-1', f'o-{{{first} + n - 3}}') if n % 3 == 0 else None",
                lambda n: live.learner.forget("Store-1", order(n - 3)) if n % 3 == 0 else None,
                lambda n: live.model.forget("Store-1", order(n - 3)) if n % 3 == 0 else None,
            ),
        ]
        for h in range(hot):
            body.append(
                gen.Numbered(
                    f"{name}.read('Store-9', 'hot-{h}') if n % 3 == 1 else None",
                    lambda n, h=h: live.learner.read("Store-9", f"hot-{h}") if n % 3 == 1 else None,
                    lambda n, h=h: live.model.read("Store-9", f"hot-{h}") if n % 3 == 1 else None,
                )
            )
            body.append(
                gen.Numbered(
                    f"{name}.update('Store-9', 'hot-{h}', 'ready') if n % 1000 == 0 else None",
                    lambda n, h=h: (
                        live.learner.update("Store-9", f"hot-{h}", "ready")
                        if n % 1000 == 0
                        else None
                    ),
                    lambda n, h=h: (
                        live.model.update("Store-9", f"hot-{h}", "ready") if n % 1000 == 0 else None
                    ),
                )
            )
        self.script.numbered_rounds(body, rounds)
        set_clock(rounds)
        self.script.line(f"now = {self.clock.now!r}")
        self.compare(live, "stats", show=True)


def test_generated_map_sequences_behave_like_a_dict():
    """every call of hundreds of generated call sequences, on several maps at once with keys
    that collide, gives what a dict gives"""
    gen.explore(Maps, sequences=25, steps=80, seed=1)


def test_long_map_runs_behave_like_a_dict():
    """thousands of keys set and deleted, a window of keys four to a hash sliding through the
    array: every call, len and the items, gives what a dict gives"""
    gen.explore(MapLongRuns, sequences=4, steps=7, seed=3, min_steps=5)


def test_generated_cache_sequences_follow_the_contract():
    """every call of hundreds of generated call sequences, on several caches at once on one
    clock, does what the contract says"""
    gen.explore(Caches, sequences=25, steps=80, seed=1)


def test_long_cache_runs_follow_the_contract():
    """thousands of orders through small caches, hot orders read between them, hundreds
    expiring at once: every call does what the contract says"""
    gen.explore(CacheLongRuns, sequences=2, steps=1, seed=5)
