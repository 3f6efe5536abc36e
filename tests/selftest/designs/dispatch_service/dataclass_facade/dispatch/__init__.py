"""A correct design: the reference's facade as a `@dataclass(slots=True)`, on the
reference's parts.

With eq=True (the default) the dataclass compares by value and is unhashable;
with slots it has no __dict__ and no __weakref__. The contract asks for none
of these, so no spec test may lean on them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .balancer import RoundRobinBalancer
from .dispatcher import Dispatcher
from .health import HealthMonitor
from .registry import Registry
from .transport import Send, Transport
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]


@dataclass(slots=True)
class DispatchService:
    send: Send
    clock: Callable[[], float]
    heartbeat_timeout: float = 30.0
    registry: Registry = field(init=False, repr=False)
    health: HealthMonitor = field(init=False, repr=False)
    balancer: RoundRobinBalancer = field(init=False, repr=False)
    dispatcher: Dispatcher = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not self.heartbeat_timeout > 0:
            raise ValueError(f"heartbeat_timeout must be positive, got {self.heartbeat_timeout!r}")
        self.registry = Registry()
        self.health = HealthMonitor(self.registry, self.heartbeat_timeout)
        self.balancer = RoundRobinBalancer(self.registry)
        self.dispatcher = Dispatcher(self.registry, self.health, Transport(self.send))

    def join(self, worker_id: str) -> None:
        self.registry.join(worker_id, self.clock())
        self.balancer.joined(worker_id)

    def leave(self, worker_id: str) -> None:
        self.balancer.left(worker_id, self.registry.leave(worker_id))

    def heartbeat(self, worker_id: str) -> None:
        self.health.heartbeat(worker_id, self.clock())

    def dispatch(self, order_id: str) -> Delivery:
        return self.dispatcher.dispatch(order_id, self.balancer, self.clock())

    def stats(self, worker_id: str) -> WorkerStats:
        return self.registry.record(worker_id).stats()
