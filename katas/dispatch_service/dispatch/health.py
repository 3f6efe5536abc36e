"""Whether a worker can be offered an order: its heartbeats, the clock, and its
failed deliveries.

A worker is available when its last heartbeat (joining counts as one) is at
most `timeout` seconds old, and no delivery to it has failed since. A failed
delivery marks it down; its next heartbeat brings it back up.
"""

from __future__ import annotations

from .registry import Registry
from .types import AVAILABLE, DOWN


class HealthMonitor:
    """Reads and writes the health part of the registry's records."""

    def __init__(self, registry: Registry, timeout: float) -> None:
        self._registry = registry
        self._timeout = timeout

    def heartbeat(self, worker_id: str, now: float) -> None:
        """The worker is alive at `now`; KeyError if it is not in the rotation."""
        record = self._registry.record(worker_id)
        record.last_heartbeat = now
        if record.status == DOWN:
            # Proof of life: a worker marked down by a failed delivery is up again,
            # even when the heartbeat carries the same clock reading as the failure.
            record.status = "AVAILABLE"

    def mark_down(self, worker_id: str) -> None:
        """A delivery to the worker failed: it gets no offer until its next heartbeat."""
        self._registry.record(worker_id).status = DOWN

    def is_available(self, worker_id: str, now: float) -> bool:
        """Whether the worker may be offered an order at `now`."""
        record = self._registry.record(worker_id)
        # <=, not <: a heartbeat exactly `timeout` seconds old is still fresh
        # ("at most timeout seconds old").
        return record.status == AVAILABLE and now - record.last_heartbeat <= self._timeout

    def status(self, worker_id: str, now: float) -> str:
        """The worker's health in one word, for logs: available, down or silent."""
        record = self._registry.record(worker_id)
        if record.status != AVAILABLE:
            return "down"
        return "available" if self.is_available(worker_id, now) else "silent"
