"""Spec tests for payouts: the event log.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

events() gives (kind, payout_id) pairs in the order things happened: a
payout is "created" when it is requested, then each attempt at paying it is
"paid", "failed" (refused) or "retrying" (no answer).
"""

from tests.harness.toolkit.spec import attempt, show
from tests.payouts.world import funded, make


def named(svc, names: dict[str, str]) -> list[tuple[str, str]]:
    """The service's events, each payout id written as the test's name for it."""
    return [(kind, names.get(payout_id, payout_id)) for kind, payout_id in svc.events()]


def test_a_new_service_has_no_events():
    """a service with accounts and credits but no payout has no event"""
    svc, _, _ = funded({"a": 100})
    got = list(svc.events())
    assert got == [], f"no payout requested: events() should be []; got {show(got)}"


def test_a_request_is_a_created_event():
    """each payout requested is a "created" event, in the order they were requested, and a
    key sent again is no new event"""
    svc, _, _ = funded({"a": 1000, "b": 1000})
    names = {svc.request_payout("b", 10, "k1"): "p1"}
    svc.request_payout("b", 10, "k1")  # the same key again: p1 again
    names[svc.request_payout("a", 20, "k1")] = "p2"
    got = named(svc, names)
    expected = [("created", "p1"), ("created", "p2")]
    assert got == expected, (
        "payout p1 requested from b, its key sent again, then p2 from a: events() should be "
        f"{show(expected)}; got {show(got)}"
    )


def test_each_attempt_is_a_paid_failed_or_retrying_event():
    """each attempt at a payout is one event: "paid", "failed" when refused, "retrying"
    each time the bank did not answer or was unavailable, the second time too"""
    svc, bank, clock = funded({"a": 1000})
    names = {svc.request_payout("a", 10 * n, f"k{n}"): f"p{n}" for n in (1, 2, 3)}
    bank.plan += ["unavailable", "refuse", "timeout", "unavailable"]
    for at in (0.0, 30.0, 90.0):
        clock.t = at
        svc.run()
    got = named(svc, names)
    expected = [
        ("created", "p1"),
        ("created", "p2"),
        ("created", "p3"),
        ("retrying", "p1"),
        ("failed", "p2"),
        ("retrying", "p3"),
        ("retrying", "p1"),
        ("paid", "p3"),
        ("paid", "p1"),
    ]
    assert got == expected, (
        "payouts p1, p2, p3; at 0 s the bank is unavailable for p1, refuses p2, times out on "
        "p3; at 30 s it is unavailable for p1 again and pays p3; at 90 s it pays p1: "
        f"events() should be {show(expected)}; got {show(got)}"
    )


def test_a_refused_call_records_no_event():
    """a request that is refused, and a run that sends nothing, record no event"""
    svc, _, _ = make()
    svc.open_account("a", "USD", "bank-a")
    attempt(lambda: svc.request_payout("a", 100, "k1"))  # the balance is 0
    attempt(lambda: svc.request_payout("b", 100, "k1"))  # no account b
    svc.run()
    got = list(svc.events())
    assert got == [], (
        "two refused requests (a holds nothing; there is no b), then a run: events() should "
        f"be []; got {show(got)}"
    )


def test_events_keeps_every_event_from_the_first():
    """events() gives every event since the service began, however many: the first ones
    too"""
    svc, _, _ = funded({"a": 1000})
    ids = [svc.request_payout("a", 1, f"k{n}") for n in range(600)]
    svc.run()
    events = list(svc.events())
    created = [("created", payout) for payout in ids]
    got = [len(events), events[:600] == created]
    assert got == [1200, True], (
        "600 payouts requested, then a run that pays them all: events() should give 1200 "
        f"events, the first 600 their 'created' in order, from {show(created[:1])}; got "
        f"{len(events)} events, from {show(events[:1])}"
    )
