"""Webhooks: the event log, delivered to every subscribed endpoint.

An endpoint is a callable that takes an Event and returns True when it has
taken it. Delivery is at least once and in order for each endpoint: one that
fails (returns False or raises) gets the same event again at a later run,
after a backoff of its own, and nothing after it until it takes it. One
endpoint's failures never hold up another's deliveries.
"""

from __future__ import annotations

from collections.abc import Callable

from .events import Event, EventLog
from .scheduling.retries import delay

Endpoint = Callable[[Event], bool]


class Subscription:
    """One endpoint, and how far through the log its deliveries have got."""

    __slots__ = ("delivered", "due_at", "endpoint", "failures", "next_event")

    def __init__(self, endpoint: Endpoint, next_event: int) -> None:
        self.endpoint = endpoint
        self.next_event = next_event  # the sequence of the next event it is owed
        self.failures = 0  # failed deliveries in a row
        self.due_at = 0.0  # no delivery before this time (its backoff)
        self.delivered = 0


class Webhooks:
    """The subscriptions, and the deliveries each run makes."""

    def __init__(self, log: EventLog) -> None:
        self._log = log
        self._subscriptions: list[Subscription] = []

    def subscribe(self, endpoint: Endpoint) -> Subscription:
        """Deliver to `endpoint` every event recorded from now on."""
        subscription = Subscription(endpoint, next_event=len(self._log))
        self._subscriptions.append(subscription)
        return subscription

    def deliver(self, now: float) -> int:
        """Deliver what each endpoint is owed, in order; the number of events taken."""
        taken = 0
        for subscription in self._subscriptions:
            if subscription.due_at <= now:
                taken += self._catch_up(subscription, now)
        return taken

    def _catch_up(self, subscription: Subscription, now: float) -> int:
        taken = 0
        for event in self._log.since(subscription.next_event):
            if not self._send(subscription.endpoint, event):
                subscription.failures += 1
                subscription.due_at = now + delay(subscription.failures)
                break
            subscription.next_event = event.sequence + 1
            subscription.failures = 0
            subscription.delivered += 1
            taken += 1
        return taken

    @staticmethod
    def _send(endpoint: Endpoint, event: Event) -> bool:
        try:
            return endpoint(event) is True
        except Exception:
            # An endpoint that raises is one that did not take the event: the
            # merchant's server is theirs to fix, and our run must go on.
            return False
