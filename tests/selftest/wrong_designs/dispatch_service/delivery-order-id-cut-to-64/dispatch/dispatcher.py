"""The dispatch policy: who is offered an order, and what a failed send means.

The order is offered to the available workers in the balancer's order, one at
a time, until one takes it: each worker is sent it at most once. A send that
fails marks the worker down and the next one is tried. When nobody takes it,
the order is undeliverable and the cursor stays where it was.
"""

from __future__ import annotations

from .balancer import RoundRobinBalancer
from .health import HealthMonitor
from .registry import Registry
from .transport import Transport
from .types import Delivery


class Dispatcher:
    """Offers orders to workers and keeps each worker's counts."""

    def __init__(self, registry: Registry, health: HealthMonitor, transport: Transport) -> None:
        self._registry = registry
        self._health = health
        self._transport = transport

    def dispatch(self, order_id: str, balancer: RoundRobinBalancer, now: float) -> Delivery:
        """Offer `order_id` to the available workers from the balancer's cursor on.

        `now` is the one clock reading the whole dispatch is judged by. O(n) for
        n workers in the rotation, plus the sends.
        """
        sent: list[str] = []  # the workers sent the order, in the order they were
        for worker_id in balancer.lap():
            if not self._health.is_available(worker_id, now):
                continue
            sent.append(worker_id)
            if self._transport.offer(worker_id, order_id):
                balancer.chose(worker_id)
                return self._settle(order_id, sent, worker_id)
            self._health.failed(worker_id, now)
        return self._settle(order_id, sent, None)

    def _settle(self, order_id: str, sent: list[str], taker: str | None) -> Delivery:
        """The Delivery of a dispatch whose sends went to `sent`, and each of those
        workers' counts: `taker` took the order (None: nobody did), the others failed it."""
        for worker_id in sent:
            record = self._registry.record(worker_id)
            record.offered += 1
            if worker_id == taker:
                record.delivered += 1
            else:
                record.failed += 1
        return Delivery(order_id[:64], taker, len(sent))
