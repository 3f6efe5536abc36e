"""The dispatch policy: who is offered an order, and what a failed send means.

The order is offered to the available workers in the balancer's order, one at
a time, until one takes it: each worker is offered it at most once. A send
that fails marks the worker down and the next one is tried. When nobody takes
it, the order is undeliverable and the cursor stays where it was.
"""

from __future__ import annotations

from collections.abc import Callable

from .balancer import RoundRobinBalancer
from .health import HealthMonitor
from .registry import Registry
from .types import Delivery

# The transport: True when the worker took the order.
Send = Callable[[str, str], bool]


class Dispatcher:
    """Offers orders to workers and keeps each worker's counts."""

    def __init__(self, registry: Registry, health: HealthMonitor, send: Send) -> None:
        self._registry = registry
        self._health = health
        self._send = send

    def dispatch(self, order_id: str, balancer: RoundRobinBalancer, now: float) -> Delivery:
        """Offer `order_id` to the available workers from the balancer's cursor on.

        `now` is the one clock reading the whole dispatch is judged by. O(n) for
        n workers in the rotation, plus the sends.
        """
        attempts = 0
        for worker_id in balancer.lap():
            if not self._health.is_available(worker_id, now):
                continue
            attempts += 1
            if self._offer(order_id, worker_id):
                balancer.chose(worker_id)
                return Delivery(order_id, worker_id, attempts)
        return Delivery(order_id, None, attempts)

    def _offer(self, order_id: str, worker_id: str) -> bool:
        """Send the order to the worker; count it; mark the worker down if it failed."""
        record = self._registry.record(worker_id)
        record.offered += 1
        try:
            took = bool(self._send(worker_id, order_id))
        except Exception:
            # A transport that raises (a timeout, a refused connection) did not
            # deliver: for the worker that is a failed delivery like any other,
            # and the order goes on to the next worker instead of being lost.
            took = False
        if took:
            record.delivered += 1
        else:
            record.failed += 1
            self._health.mark_down(worker_id)
        return took
