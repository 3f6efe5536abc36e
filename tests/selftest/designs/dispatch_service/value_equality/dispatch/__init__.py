"""A correct design: a plain facade whose `__eq__` compares services by value (the
rotation, the cursor, and every worker's health and counts), so that it is
unhashable too; the parts are the reference's.

The contract says nothing of comparing services: no spec test may compare the
learner's services, or keep them in a set or as dict keys.
"""

from __future__ import annotations

from collections.abc import Callable

from .balancer import RoundRobinBalancer
from .dispatcher import Dispatcher
from .health import HealthMonitor
from .registry import Registry
from .transport import Send, Transport
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]


class DispatchService:
    def __init__(
        self, send: Send, clock: Callable[[], float], heartbeat_timeout: float = 30.0
    ) -> None:
        if not heartbeat_timeout > 0:
            raise ValueError(f"heartbeat_timeout must be positive, got {heartbeat_timeout!r}")
        self._clock = clock
        self._timeout = heartbeat_timeout
        self._registry = Registry()
        self._health = HealthMonitor(self._registry, heartbeat_timeout)
        self._balancer = RoundRobinBalancer(self._registry)
        self._dispatcher = Dispatcher(self._registry, self._health, Transport(send))

    def _state(self) -> tuple:
        records = [self._registry.record(worker) for worker in self._registry.ids()]
        return (
            self._timeout,
            self._balancer.cursor,
            [(r.worker_id, r.last_heartbeat, r.failed_at, r.stats()) for r in records],
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DispatchService):
            return NotImplemented
        return self._state() == other._state()

    def join(self, worker_id: str) -> None:
        self._registry.join(worker_id, self._clock())
        self._balancer.joined(worker_id)

    def leave(self, worker_id: str) -> None:
        self._balancer.left(worker_id, self._registry.leave(worker_id))

    def heartbeat(self, worker_id: str) -> None:
        self._health.heartbeat(worker_id, self._clock())

    def dispatch(self, order_id: str) -> Delivery:
        return self._dispatcher.dispatch(order_id, self._balancer, self._clock())

    def stats(self, worker_id: str) -> WorkerStats:
        return self._registry.record(worker_id).stats()
