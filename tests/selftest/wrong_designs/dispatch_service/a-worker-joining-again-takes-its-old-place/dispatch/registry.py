"""A wrong version: a worker that left keeps its place in the rotation, and takes it
again when it joins again, instead of joining at the end. Workers A, B, C, D, the cursor
on C, B leaves and joins again: the next four dispatches go to C, D, A, B, not C, D, B, A.
"""

from __future__ import annotations

from .types import WorkerStats


class WorkerRecord:
    """What the service knows of one worker in the rotation."""

    __slots__ = ("delivered", "failed", "failed_at", "last_heartbeat", "offered", "worker_id")

    def __init__(self, worker_id: str, joined: float) -> None:
        self.worker_id = worker_id
        self.last_heartbeat = joined  # the clock at its last heartbeat (joining counts)
        # The clock when a delivery to it failed (health.py decides when it is over).
        self.failed_at: float | None = None
        self.offered = 0
        self.delivered = 0
        self.failed = 0

    def __repr__(self) -> str:
        return (
            f"WorkerRecord({self.worker_id!r}, last_heartbeat={self.last_heartbeat!r}, "
            f"failed_at={self.failed_at!r}, offered={self.offered}, "
            f"delivered={self.delivered}, failed={self.failed})"
        )

    def stats(self) -> WorkerStats:
        return WorkerStats(self.offered, self.delivered, self.failed)


class Registry:
    """The rotation: worker ids in order, and a record for each.

    Every operation is O(1) but `after` and `leave`, which find the worker's
    place in the order: O(n) for n workers in the rotation.
    """

    def __init__(self) -> None:
        self._order: list[str] = []
        self._records: dict[str, WorkerRecord] = {}
        self._slots: set[str] = set()

    def ids(self) -> list[str]:
        """The workers in rotation order (a copy: the caller may keep it)."""
        return [worker for worker in self._order if worker in self._records]

    def first(self) -> str | None:
        """The first worker of the rotation; None when it is empty."""
        ids = self.ids()
        return ids[0] if ids else None

    def after(self, worker_id: str) -> str:
        """The worker that follows `worker_id` in the rotation; after the last, the first."""
        ids = self.ids()
        return ids[(ids.index(worker_id) + 1) % len(ids)]

    def record(self, worker_id: str) -> WorkerRecord:
        """The worker's record; KeyError if it is not in the rotation."""
        return self._records[worker_id]

    def join(self, worker_id: str, now: float) -> WorkerRecord:
        """Add the worker at the end of the rotation, seen at `now`; ValueError if it
        is in the rotation already."""
        if worker_id in self._records:
            raise ValueError(f"worker {worker_id!r} is in the rotation already")
        record = WorkerRecord(worker_id, now)
        if worker_id not in self._slots:  # a worker that left keeps its slot
            self._slots.add(worker_id)
            self._order.append(worker_id)
        self._records[worker_id] = record
        return record

    def leave(self, worker_id: str) -> str | None:
        """Take the worker out of the rotation; KeyError if it is not in it.

        For the balancer, whose cursor may name the worker: returns where such a
        cursor goes on (None when nobody is left).
        """
        if worker_id not in self._records:
            raise KeyError(worker_id)
        ids = self.ids()
        successor = ids[(ids.index(worker_id) + 1) % len(ids)]
        del self._records[worker_id]
        return successor if len(ids) > 1 else None
