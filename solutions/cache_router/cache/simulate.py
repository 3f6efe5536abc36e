"""Replay a day of traffic against a cache cluster: `python -m cache.simulate --help`.

The scenario is deterministic: nodes cache-1 .. cache-N join (weight 1 each)
at tick 0, then requests for keys user:0 .. user:K-1 arrive one per tick of a
fake clock, popular keys more often (a seeded random stream), and the events
given on the command line happen right after the request of their tick. Same
options, same output, on every machine. The database holds a profile for
every user but the closed accounts (user:3, user:23, user:43, ...: one in
20), whose profile is None.

It prints a line per event and per report window (the numbers the hit-rate
dashboard shows), then a table per node and the keys the database served
most. --compare-processes runs two app servers as two processes, as
production does, and compares where they route every key.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .client import ReadThroughClient
from .cluster import Cluster
from .hashing import RING_BITS, Hash64, shrunk, stable_hash64
from .nodes import BackingStore
from .replicas import walk

# The order events of one tick happen in.
KINDS = ("add", "weight", "remove", "down", "up")
# PYTHONHASHSEED of the two app servers of --compare-processes.
APP_SEEDS = ("1", "2")
EXAMPLES = 5
# One user in CLOSED_EVERY has closed their account: their profile is None.
CLOSED_EVERY, CLOSED_AT = 20, 3


@dataclass(frozen=True)
class Event:
    tick: int
    kind: str
    node: str
    weight: int = 1


def event_parser(kind: str, weighted: bool) -> Callable[[str], Event]:
    """An argparse type for NODE@TICK, or NODE=W@TICK when `weighted`."""

    def parse(text: str) -> Event:
        what, at, tick = text.rpartition("@")
        if not at or not tick.isdigit():
            raise argparse.ArgumentTypeError(f"expected NODE@TICK, got {text!r}")
        node, weight = what, 1
        if weighted:
            node, equals, number = what.rpartition("=")
            if not equals or not number.isdigit():
                raise argparse.ArgumentTypeError(f"expected NODE=W@TICK, got {text!r}")
            weight = int(number)
        if not node:
            raise argparse.ArgumentTypeError(f"no node named in {text!r}")
        return Event(int(tick), kind, node, weight)

    return parse


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m cache.simulate",
        description="Replay requests against a cache cluster, with node events, and report "
        "hits and misses per node. Users user:3, user:23, user:43, ... (one in 20) closed "
        "their accounts: the database gives None for their profile. Deterministic: the same "
        "options print the same output.",
    )
    add = parser.add_argument
    add("--nodes", type=int, default=12, help="nodes cache-1 .. cache-N (default 12)")
    add("--keys", type=int, default=1000, help="keys user:0 .. user:K-1 (default 1000)")
    add("--requests", type=int, default=16000, help="requests, one per tick (default 16000)")
    add("--seed", type=int, default=1, help="seed of the request stream (default 1)")
    add("--replicas", type=int, default=2, help="owners per key (default 2)")
    add("--virtuals", type=int, default=16, help="tokens per unit of weight (default 16)")
    add(
        "--report-every",
        type=int,
        default=2000,
        metavar="N",
        help="a line every N requests (default 2000)",
    )
    add(
        "--hash-bits",
        type=int,
        default=RING_BITS,
        metavar="B",
        help="positions cut to B bits: tokens and keys collide often (default 64)",
    )
    add(
        "--join-order",
        choices=("given", "reversed"),
        default="given",
        help="the order the nodes join in at tick 0",
    )
    for kind, weighted, shape, meaning in (
        ("down", False, "NODE@TICK", "NODE stops answering at TICK"),
        ("up", False, "NODE@TICK", "NODE is back at TICK, restarted, empty"),
        ("add", True, "NODE=W@TICK", "NODE joins with weight W at TICK"),
        ("remove", False, "NODE@TICK", "NODE leaves at TICK"),
        ("weight", True, "NODE=W@TICK", "NODE's weight becomes W at TICK (0 drains it)"),
    ):
        add(
            f"--{kind}",
            type=event_parser(kind, weighted),
            action="append",
            default=[],
            metavar=shape,
            help=f"{meaning}; may be given again",
        )
    add(
        "--probe-during-changes",
        action="store_true",
        help="look keys up from inside the hash function while a change runs, and say "
        "which ring each lookup saw",
    )
    add(
        "--compare-processes",
        action="store_true",
        help="run two app servers as two processes (other PYTHONHASHSEED, other join "
        "order) and compare the owners they give every key",
    )
    add("--routes", action="store_true", help=argparse.SUPPRESS)  # one app server's side
    return parser.parse_args(argv)


def events_of(args: argparse.Namespace) -> list[Event]:
    """Every event, by tick; events of one tick in the order of KINDS."""
    found = [event for kind in KINDS for event in getattr(args, kind)]
    return sorted(found, key=lambda event: (event.tick, KINDS.index(event.kind)))


def node_names(args: argparse.Namespace) -> list[str]:
    names = [f"cache-{n}" for n in range(1, args.nodes + 1)]
    return names[::-1] if args.join_order == "reversed" else names


class Probe:
    """A hash64 that, while `armed`, looks up `keys` on the published ring each time it
    is called: what a reader thread would see at that moment of a change."""

    def __init__(self, hash64: Hash64, keys: list[str], replicas: int) -> None:
        self.hash64, self.keys, self.replicas = hash64, keys, replicas
        self.cluster: Cluster | None = None
        self.armed = False
        self.seen: list[list[list[str]]] = []

    def __call__(self, text: str) -> int:
        if self.armed and self.cluster is not None:
            self.armed = False  # the lookups below call this hash64 too
            try:
                self.seen.append(routes(self.cluster, self.keys, self.replicas))
            finally:
                self.armed = True
        return self.hash64(text)


def profile(key: str) -> str | None:
    """The database's answer for a key user:N: None for a closed account."""
    number = int(key.rpartition(":")[2])
    return None if number % CLOSED_EVERY == CLOSED_AT else f"profile of {key}"


def routes(cluster: Cluster, keys: list[str], replicas: int) -> list[list[str]]:
    ring = cluster.ring
    return [walk(ring, key, replicas) for key in keys]


class Simulation:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.keys = [f"user:{n}" for n in range(args.keys)]
        hash64 = (
            stable_hash64 if args.hash_bits == RING_BITS else shrunk(stable_hash64, args.hash_bits)
        )
        self.probe = Probe(hash64, self.keys[:50], args.replicas)
        self.cluster = Cluster(args.virtuals, self.probe if args.probe_during_changes else hash64)
        self.probe.cluster = self.cluster
        self.store = BackingStore(profile)
        self.client = ReadThroughClient(self.cluster, self.store, args.replicas)
        self.seen_nodes: list[str] = []
        self.gone: set[str] = set()

    def say(self, tick: int, text: str) -> None:
        print(f"[{tick:>6}] {text}")

    def join_all(self) -> None:
        names = node_names(self.args)
        for name in names:
            self.cluster.add(name, 1)
            self.seen_nodes.append(name)
        if names:
            self.say(0, f"joined {names[0]} .. {names[-1]} (weight 1 each)")

    def change(self, event: Event) -> None:
        """Apply a change of membership or weight, and say which keys it moved."""
        lowest = 1 if event.kind == "add" else 0
        if event.kind in ("add", "weight") and event.weight < lowest:
            self.say(event.tick, f"{event.kind} {event.node}: refused, weight {event.weight}")
            return
        if (event.kind == "add") == (event.node in self.cluster.weights):
            known = "already in the cluster" if event.kind == "add" else "no such node"
            self.say(event.tick, f"{event.kind} {event.node}: {known}, nothing done")
            return
        before = routes(self.cluster, self.keys, self.args.replicas)
        self.probe.seen, self.probe.armed = [], True
        try:
            if event.kind == "add":
                self.cluster.add(event.node, event.weight)
                if event.node not in self.seen_nodes:
                    self.seen_nodes.append(event.node)
                self.gone.discard(event.node)
                done = f"add {event.node} (weight {event.weight})"
            elif event.kind == "remove":
                self.cluster.remove(event.node)
                self.gone.add(event.node)
                done = f"remove {event.node}"
            else:
                was = self.cluster.weights[event.node]
                self.cluster.set_weight(event.node, event.weight)
                done = f"{event.node} weight {was} -> {event.weight}"
        finally:
            self.probe.armed = False
        after = routes(self.cluster, self.keys, self.args.replicas)
        moved = [n for n, (x, y) in enumerate(zip(before, after, strict=True)) if x[:1] != y[:1]]
        elsewhere = [n for n in moved if event.node not in (before[n][:1] + after[n][:1])]
        share = len(moved) / len(self.keys) if self.keys else 0.0
        self.say(
            event.tick,
            f"{done}: {len(moved)} of {len(self.keys)} keys changed owner ({share:.1%}), "
            f"{len(elsewhere)} of them between nodes the change did not touch",
        )
        if self.args.probe_during_changes:
            self.report_probe(event.tick, before[:50], after[:50])

    def report_probe(self, tick: int, before: list, after: list) -> None:
        seen = self.probe.seen
        if not seen:
            self.say(tick, "  probe: no lookup during the change (it hashed nothing)")
            return
        old = sum(1 for routed in seen if routed == before)
        new = sum(1 for routed in seen if routed == after and routed != before)
        self.say(
            tick,
            f"  probe: {len(seen)} lookups of 50 keys during the change: {old} saw the ring "
            f"before it, {new} the ring after it, {len(seen) - old - new} neither",
        )

    def health(self, event: Event) -> None:
        if event.node not in self.cluster.weights:
            self.say(event.tick, f"{event.kind} {event.node}: no such node, nothing done")
        elif event.kind == "down":
            self.cluster.mark_down(event.node)
            owned = routes(self.cluster, self.keys, self.args.replicas)
            hit = sum(1 for nodes in owned if event.node in nodes[:1])
            stranded = [
                key
                for key, nodes in zip(self.keys, owned, strict=True)
                if not any(self.cluster.node(n).up for n in nodes)
            ]
            some = f" (such as {', '.join(stranded[:3])})" if stranded else ""
            self.say(
                event.tick,
                f"{event.node} down: {hit} keys fall back to their next replica, "
                f"{len(stranded)} keys have no live owner{some}",
            )
        else:
            self.cluster.mark_up(event.node)
            self.say(event.tick, f"{event.node} up (restarted, empty)")

    def run(self) -> None:
        args = self.args
        print(
            f"cluster: {args.nodes} nodes, V={args.virtuals}, replicas={args.replicas}, "
            f"{args.keys} keys, {args.requests} requests, seed {args.seed}"
            + (f", {args.hash_bits}-bit positions" if args.hash_bits != RING_BITS else "")
        )
        self.join_all()
        events = events_of(args)
        rng = random.Random(args.seed)
        last = self.client.stats()
        for tick in range(args.requests + 1):
            if tick:
                if self.keys:
                    self.client.get(self.keys[int(len(self.keys) * rng.random() ** 2)])
                if tick % args.report_every == 0 or tick == args.requests:
                    last = self.report_window(tick, last)
            while events and events[0].tick <= tick:
                event = events.pop(0)
                (self.health if event.kind in ("down", "up") else self.change)(event)
        self.table()

    def report_window(self, tick: int, last: dict[str, int]) -> dict[str, int]:
        """The dashboard's line: the requests since `last`, the stats() of the line
        before. Returns this line's stats(), for the next one."""
        stats = self.client.stats()
        hits, misses = stats["hits"] - last["hits"], stats["misses"] - last["misses"]
        rate = hits / (hits + misses) if hits + misses else 0.0
        self.say(tick, f"last {hits + misses} requests: hit rate {rate:.1%} ({misses} misses)")
        return stats

    def table(self) -> None:
        owned: dict[str, int] = {}
        for nodes in routes(self.cluster, self.keys, self.args.replicas):
            if nodes:
                owned[nodes[0]] = owned.get(nodes[0], 0) + 1
        counts, weights, ring = self.client.counts, self.cluster.weights, self.cluster.ring
        print(
            f"{'node':<16}{'weight':>7}{'state':>9}{'tokens':>8}{'keys':>6}{'hits':>7}{'misses':>8}"
        )
        for name in self.seen_nodes:
            if name in self.gone:
                weight, state, tokens = "-", "removed", "-"
            else:
                weight, tokens = str(weights[name]), str(ring.token_count(name))
                state = "up" if self.cluster.node(name).up else "down"
            print(
                f"{name:<16}{weight:>7}{state:>9}{tokens:>8}{owned.get(name, 0):>6}"
                f"{counts.hits[name]:>7}{counts.misses[name]:>8}"
            )
        print(f"{'(no live owner)':<56}{counts.misses[None]:>8}")
        stats = self.client.stats()
        total = stats["hits"] + stats["misses"]
        rate = stats["hits"] / total if total else 0.0
        loads = self.store.loads
        print(
            f"total: {stats['hits']} hits, {stats['misses']} misses, hit rate {rate:.1%}, "
            f"{loads.total()} loads from the database"
        )
        again = [(key, count) for key, count in loads.most_common(EXAMPLES) if count > 1]
        most = ", ".join(f"{key} {count} times" for key, count in again)
        print(f"loaded most: {most}" if again else "loaded most: no key more than once")


def print_routes(args: argparse.Namespace) -> None:
    """One app server's side of --compare-processes: every key's owners, as JSON, once
    the scenario's membership events have happened (health moves no key)."""
    simulation = Simulation(args)
    for name in node_names(args):
        simulation.cluster.add(name, 1)
    for event in events_of(args):
        if event.kind == "add" and event.node not in simulation.cluster.weights:
            simulation.cluster.add(event.node, max(event.weight, 1))
        elif event.kind == "remove":
            simulation.cluster.remove(event.node)
        elif event.kind == "weight" and event.node in simulation.cluster.weights:
            simulation.cluster.set_weight(event.node, event.weight)
    print(json.dumps(routes(simulation.cluster, simulation.keys, args.replicas)))


def compare_processes(args: argparse.Namespace, argv: list[str]) -> int:
    """Start this simulation twice, as two app servers would run: other hash seeds,
    and the nodes learnt in opposite orders; compare the owners they give each key."""
    passed = [arg for arg in argv if arg != "--compare-processes"]
    package = Path(__file__).resolve().parent
    env = {**os.environ, "PYTHONPATH": str(package.parent)}
    answers, orders = [], ("given", "reversed")
    for number, (seed, order) in enumerate(zip(APP_SEEDS, orders, strict=True), start=1):
        names = node_names(argparse.Namespace(nodes=args.nodes, join_order=order))
        joined = f"{names[0]} .. {names[-1]}" if names else "no nodes"
        print(f"app-{number}: PYTHONHASHSEED={seed}, nodes joined {joined}")
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                f"{package.name}.simulate",
                *passed,
                "--routes",
                "--join-order",
                order,
            ],
            capture_output=True,
            text=True,
            env={**env, "PYTHONHASHSEED": seed},
            check=False,
        )
        if done.returncode != 0:
            print(f"app-{number} failed:\n{done.stderr}", end="")
            return 1
        answers.append(json.loads(done.stdout))
    keys = [f"user:{n}" for n in range(args.keys)]
    differ = [n for n, (x, y) in enumerate(zip(*answers, strict=True)) if x != y]
    if not differ:
        print(f"the owners agree for all {len(keys)} keys")
        return 0
    print(
        f"the owners differ for {len(differ)} of {len(keys)} keys "
        f"({len(differ) / len(keys):.1%}), e.g."
    )
    for n in differ[:EXAMPLES]:
        first, second = (", ".join(side[n]) for side in answers)
        print(f"  {keys[n]:<12} app-1: {first:<22} app-2: {second}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = arguments(argv)
    if args.compare_processes:
        return compare_processes(args, argv)
    if args.routes:
        print_routes(args)
        return 0
    Simulation(args).run()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        # The reader stopped reading (`| head`): end quietly, as a shell tool does.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
