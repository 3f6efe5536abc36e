"""Whether a worker can be offered an order: its heartbeats, the clock, and its
failed deliveries.

The monitor never reads the clock: the service reads it once per call and
hands the reading in (service.py), so that a whole dispatch is judged at one
moment.
"""

from __future__ import annotations

import threading

from .registry import Registry


class HealthMonitor:
    """Reads and writes the health part of the registry's records."""

    def __init__(self, registry: Registry, timeout: float) -> None:
        self._registry = registry
        self._timeout = timeout
        self._local = threading.local()  # the down marks, per thread: no lock needed

    def _down(self) -> dict:
        down = getattr(self._local, "down", None)
        if down is None:
            down = self._local.down = {}
        return down

    def heartbeat(self, worker_id: str, now: float) -> None:
        """The worker is alive at `now`; KeyError if it is not in the rotation."""
        record = self._registry.record(worker_id)
        record.last_heartbeat = now
        # Proof of life clears a failed delivery, whatever the clock says: a
        # heartbeat and a failure often carry the same reading, and then only the
        # order of the calls tells which came last.
        record.failed_at = None
        self._down().pop(worker_id, None)

    def failed(self, worker_id: str, now: float) -> None:
        """A delivery to the worker failed at `now`."""
        record = self._registry.record(worker_id)
        record.failed_at = now
        self._down()[worker_id] = record

    def is_available(self, worker_id: str, now: float) -> bool:
        """Whether the worker may be offered an order at `now`."""
        record = self._registry.record(worker_id)
        # <=, not <: a heartbeat exactly `timeout` seconds old is still fresh.
        fresh = now - record.last_heartbeat <= self._timeout
        return fresh and self._down().get(worker_id) is not record

    def status(self, worker_id: str, now: float) -> str:
        """The worker's health in a few words, for logs: available, silent, or down
        since a failed delivery."""
        if self.is_available(worker_id, now):
            return "available"
        record = self._registry.record(worker_id)
        if now - record.last_heartbeat > self._timeout:
            return "silent"
        return f"down since {record.failed_at:g}s"
