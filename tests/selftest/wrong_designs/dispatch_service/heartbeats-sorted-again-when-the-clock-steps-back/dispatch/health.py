"""Whether a worker can be offered an order: its heartbeats, the clock, and its
failed deliveries.

The monitor never reads the clock: the service reads it once per call and
hands the reading in (service.py), so that a whole dispatch is judged at one
moment.
"""

from __future__ import annotations

from .registry import Registry


class HealthMonitor:
    """Reads and writes the health part of the registry's records."""

    def __init__(self, registry: Registry, timeout: float) -> None:
        self._registry = registry
        self._timeout = timeout
        # The workers by last heartbeat, oldest first (for the fleet dashboard's
        # "longest silent"): kept in order by appending, sorted again when the clock
        # steps back.
        self._by_beat: dict[str, float] = {}
        self._latest = float("-inf")

    def seen(self, worker_id: str, now: float) -> None:
        self._by_beat.pop(worker_id, None)
        self._by_beat[worker_id] = now
        if now >= self._latest:
            self._latest = now
        else:
            self._by_beat = dict(sorted(self._by_beat.items(), key=lambda item: item[1]))

    def forget(self, worker_id: str) -> None:
        self._by_beat.pop(worker_id, None)

    def heartbeat(self, worker_id: str, now: float) -> None:
        """The worker is alive at `now`; KeyError if it is not in the rotation."""
        record = self._registry.record(worker_id)
        record.last_heartbeat = now
        self.seen(worker_id, now)
        # Proof of life clears a failed delivery, whatever the clock says: a
        # heartbeat and a failure often carry the same reading, and then only the
        # order of the calls tells which came last.
        record.failed_at = None

    def failed(self, worker_id: str, now: float) -> None:
        """A delivery to the worker failed at `now`."""
        self._registry.record(worker_id).failed_at = now

    def is_available(self, worker_id: str, now: float) -> bool:
        """Whether the worker may be offered an order at `now`."""
        record = self._registry.record(worker_id)
        # <=, not <: a heartbeat exactly `timeout` seconds old is still fresh.
        fresh = now - record.last_heartbeat <= self._timeout
        return fresh and record.failed_at is None

    def status(self, worker_id: str, now: float) -> str:
        """The worker's health in a few words, for logs: available, silent, or down
        since a failed delivery."""
        if self.is_available(worker_id, now):
            return "available"
        record = self._registry.record(worker_id)
        if now - record.last_heartbeat > self._timeout:
            return "silent"
        return f"down since {record.failed_at:g}s"
