"""Spec tests for hash_ring: workers that join, leave and come back.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.
"""

from tests.hash_ring.model import label, points
from tests.hash_ring.routing import KEYS, describe, mismatches, new_ring


def test_removal_is_exact_for_ids_alike():
    """removing a worker leaves the workers whose ids hold it, start the same way, or differ
    in case or separator"""
    workers = ["c1", "c10", "c1-0", "C1", "c", "xc1", "-c1", "w-1", "w_1"]
    ring = new_ring(10, workers)
    ring.remove_worker("c1")
    ring.remove_worker("w-1")
    left = [worker for worker in workers if worker not in ("c1", "w-1")]
    problem = mismatches(ring, left, 10, KEYS)
    assert not problem, (
        f"{describe(workers, 10)}, after remove_worker('c1') and remove_worker('w-1'): {problem}"
    )


def test_a_removed_worker_can_be_added_again():
    """a worker added, removed and added again is back with all its points, and can be
    removed again"""
    ring = new_ring(10, ["oak", "elm"])
    steps = ["remove_worker('oak')", "add_worker('oak')"]
    ring.remove_worker("oak")
    ring.add_worker("oak")
    problem = mismatches(ring, ["elm", "oak"], 10, KEYS)
    assert not problem, f"{describe(['oak', 'elm'], 10)}, then {', '.join(steps)}: {problem}"
    ring.remove_worker("oak")
    problem = mismatches(ring, ["elm"], 10, KEYS)
    assert not problem, (
        f"{describe(['oak', 'elm'], 10)}, then {', '.join(steps)} and remove_worker('oak') "
        f"again: {problem}"
    )


def test_lookups_see_every_change():
    """a lookup after a worker joins or leaves sees the change, whatever was looked up before"""
    ring, members = new_ring(10, ["oak", "elm"]), ["oak", "elm"]
    # t7348081's first point, at 3,668, is below every other: keys past the highest
    # point, which wrapped around to the old lowest point, wrap to it now.
    changes = [("add", "ash"), ("remove", "oak"), ("add", "oak"), ("add", "t7348081")]
    for change, worker in [*changes, ("remove", "ash")]:
        # Keys on the points a worker is about to get are looked up too: the edge case
        # of a cache that forgets only the keys strictly between two points.
        looked_up = KEYS[:300] + [label(worker, i) for i in range(10)]
        for key in looked_up:
            ring.worker_for(key)
        if change == "add":
            ring.add_worker(worker)
            members.append(worker)
        else:
            ring.remove_worker(worker)
            members.remove(worker)
        problem = mismatches(ring, members, 10, looked_up, wrapping=True)
        assert not problem, (
            f"ring of oak/elm with 10 points each, keys looked up, then "
            f"{change}_worker({worker!r}) (now {'/'.join(members)}): {problem}"
        )


def test_every_point_up_to_the_limit_is_placed():
    """with 200 points per worker, the limit, every point i from 0 to 199 is on the ring"""
    workers = ["oak", "elm"]
    ring = new_ring(200, workers)
    on_points = [label(worker, i) for worker in workers for i in range(200)]
    wrong = [
        f"{key!r} -> {got!r}"
        for key in on_points
        if (got := ring.worker_for(key)) != key.split(":")[0]
    ]
    assert not wrong, (
        f"{describe(workers, 200)}: a key written like a point's label sits exactly on that "
        f"point and goes to its worker; {len(wrong)} of {len(on_points)} did not, e.g. "
        f"{'; '.join(wrong[:3])}"
    )


def test_rings_are_independent():
    """several rings at once: each answers with its own workers only, and changing one
    changes no other"""
    workers = ["oak", "elm", "ash"]
    ring = new_ring(20, workers)
    others = {
        "a second ring of oak/elm/ash": (new_ring(20, workers), workers),
        "a ring of ash alone with 40 points": (new_ring(40, ["ash"]), ["ash"]),
        # as many changes as the first ring will have had, with other workers
        "a ring of fir/elm/ash": (new_ring(20, ["fir", "elm", "ash"]), ["fir", "elm", "ash"]),
    }
    # Neither check below needs the routing to be right: only independence counts.
    before = {name: [other.worker_for(key) for key in KEYS] for name, (other, _) in others.items()}
    for name, (_, own) in others.items():
        strangers = sorted({answer for answer in before[name] if answer not in own}, key=repr)
        assert not strangers, (
            f"{name}, made beside other rings, should answer with its own workers only; "
            f"it also gave {strangers[:3]}"
        )
    ring.add_worker("yew")
    ring.remove_worker("oak")
    for name, (checked, _) in others.items():
        changed = [
            f"{key!r}: {was!r} -> {now!r}"
            for key, was in zip(KEYS, before[name], strict=True)
            if (now := checked.worker_for(key)) != was
        ]
        assert not changed, (
            f"after 'yew' joined and 'oak' left one ring of {describe(workers, 20)}, {name} "
            f"should answer as before; {len(changed)} of {len(KEYS)} keys changed, e.g. "
            f"{'; '.join(changed[:3])}"
        )


def test_keys_that_wrap_follow_the_lowest_point_as_workers_leave():
    """as the worker of the lowest point leaves, keys past the highest point wrap to the
    lowest point left"""
    workers = ["oak", "elm", "ash", "fir"]
    ring, left = new_ring(5, workers), list(workers)
    while len(left) > 1:
        lowest = points(left, 5)[0][1]
        ring.remove_worker(lowest)
        left.remove(lowest)
        problem = mismatches(ring, left, 5, KEYS, wrapping=True)
        assert not problem, (
            f"{describe(workers, 5)}, the worker of the lowest point removed each time, "
            f"down to {'/'.join(left)}: {problem}"
        )


def test_a_new_ring_never_answers_for_an_old_one():
    """a ring made after others were dropped starts empty and answers only for itself"""
    for n in range(20):
        ring = new_ring(3)
        got = ring.worker_for("order-100")
        assert got is None, (
            f"a ring made after {n} other(s), each dropped once used: a new, empty ring "
            f"should give None; got {got!r}"
        )
        ring.add_worker(f"w{n}")
        got = ring.worker_for("order-100")
        assert got == f"w{n}", (
            f"a ring made after {n} other(s), each dropped once used, with w{n} added: "
            f"worker_for('order-100') should give 'w{n}', its only worker; got {got!r}"
        )
        del ring  # dropped before the next is made, as a short-lived ring would be
