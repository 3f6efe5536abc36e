"""A wrong version: a failed delivery is kept as a heartbeat twice the timeout ago, so
the worker looks silent instead of down. When the clock steps back by the timeout, that
made-up heartbeat is fresh again and the worker is offered orders with no heartbeat since
its failure.
"""

from __future__ import annotations

from .registry import Registry


class HealthMonitor:
    """Reads and writes the health part of the registry's records."""

    def __init__(self, registry: Registry, timeout: float) -> None:
        self._registry = registry
        self._timeout = timeout

    def heartbeat(self, worker_id: str, now: float) -> None:
        """The worker is alive at `now`; KeyError if it is not in the rotation."""
        record = self._registry.record(worker_id)
        record.last_heartbeat = now
        # Proof of life clears a failed delivery, whatever the clock says: a
        # heartbeat and a failure often carry the same reading, and then only the
        # order of the calls tells which came last.
        record.failed_at = None

    def failed(self, worker_id: str, now: float) -> None:
        """A delivery to the worker failed at `now`."""
        record = self._registry.record(worker_id)
        record.failed_at = now
        record.last_heartbeat = now - 2 * self._timeout  # make it look silent

    def is_available(self, worker_id: str, now: float) -> bool:
        """Whether the worker may be offered an order at `now`."""
        record = self._registry.record(worker_id)
        # <=, not <: a heartbeat exactly `timeout` seconds old is still fresh.
        fresh = now - record.last_heartbeat <= self._timeout
        return fresh

    def status(self, worker_id: str, now: float) -> str:
        """The worker's health in a few words, for logs: available, silent, or down
        since a failed delivery."""
        if self.is_available(worker_id, now):
            return "available"
        record = self._registry.record(worker_id)
        if now - record.last_heartbeat > self._timeout:
            return "silent"
        return f"down since {record.failed_at:g}s"
