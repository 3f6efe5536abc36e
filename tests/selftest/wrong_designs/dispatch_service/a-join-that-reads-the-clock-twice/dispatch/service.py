"""A wrong version: join reads the clock to join the worker, then calls heartbeat(),
which reads it again. When that second reading raises, join raises with the worker
already in the rotation: a call that raises has changed the service.
"""

from __future__ import annotations

from collections.abc import Callable

from .balancer import RoundRobinBalancer
from .dispatcher import Dispatcher
from .health import HealthMonitor
from .registry import Registry
from .transport import Send, Transport
from .types import Delivery, WorkerStats

DEFAULT_HEARTBEAT_TIMEOUT = 30.0  # seconds


class DispatchService:
    """Offers orders to workers in turn, skipping those that are not available.

    `send(worker_id, order_id)` is the transport: True when the worker took the
    order. `clock()` gives the time in seconds. A worker is available when its
    last heartbeat (or its join) is at most `heartbeat_timeout` seconds old and
    no delivery to it has failed since.
    """

    def __init__(
        self,
        send: Send,
        clock: Callable[[], float],
        heartbeat_timeout: float = DEFAULT_HEARTBEAT_TIMEOUT,
    ) -> None:
        # `not > 0` rather than `<= 0`: it refuses NaN too, which compares false
        # with everything and would leave every worker silent for ever.
        if not heartbeat_timeout > 0:
            raise ValueError(f"heartbeat_timeout must be positive, got {heartbeat_timeout!r}")
        self._clock = clock
        self._registry = Registry()
        self._health = HealthMonitor(self._registry, heartbeat_timeout)
        self._balancer = RoundRobinBalancer(self._registry)
        self._dispatcher = Dispatcher(self._registry, self._health, Transport(send))

    def join(self, worker_id: str) -> None:
        """The worker joins at the end of the rotation; joining counts as a heartbeat.

        ValueError if it is in the rotation already.
        """
        self._registry.join(worker_id, self._clock())
        self._balancer.joined(worker_id)
        self.heartbeat(worker_id)  # joining counts as a heartbeat

    def leave(self, worker_id: str) -> None:
        """The worker leaves the rotation; KeyError if it is not in it."""
        successor = self._registry.leave(worker_id)
        self._balancer.left(worker_id, successor)

    def heartbeat(self, worker_id: str) -> None:
        """The worker is alive now; KeyError if it is not in the rotation."""
        self._health.heartbeat(worker_id, self._clock())

    def dispatch(self, order_id: str) -> Delivery:
        """Offer the order to the next available workers until one takes it.

        The clock is read once, here: every worker of this dispatch is judged
        at the same moment, however long the sends take.
        """
        now = self._clock()
        return self._dispatcher.dispatch(order_id, self._balancer, now)

    def stats(self, worker_id: str) -> WorkerStats:
        """The worker's counts since it joined; KeyError if it is not in the rotation."""
        return self._registry.record(worker_id).stats()

    def status(self, worker_id: str) -> str:
        """The worker's health now, in a few words (available, silent, down since ...),
        for logs; KeyError if it is not in the rotation."""
        return self._health.status(worker_id, self._clock())
