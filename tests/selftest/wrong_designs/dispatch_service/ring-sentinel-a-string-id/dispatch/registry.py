"""The workers in the rotation: their order, and what the service knows of each.

The rotation order is the order in which the workers joined. A worker that
leaves and joins again is a new member: it goes to the end, with a fresh
record (its old stats are gone with it).
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


# The ring's head: before the first worker and after the last, so that the ring is
# never empty and a join or a leave needs no special case.
HEAD = "<head>"


class Registry:
    """The rotation: worker ids in a ring linked both ways, and a record for each.

    Every operation is O(1) but `ids`, which walks the ring: O(n) for n workers
    in the rotation.
    """

    def __init__(self) -> None:
        self._next: dict[str, str] = {HEAD: HEAD}
        self._prev: dict[str, str] = {HEAD: HEAD}
        self._records: dict[str, WorkerRecord] = {}

    def ids(self) -> list[str]:
        """The workers in rotation order (a copy: the caller may keep it)."""
        workers, worker = [], self._next[HEAD]
        while worker != HEAD:
            workers.append(worker)
            worker = self._next[worker]
        return workers

    def first(self) -> str | None:
        """The first worker of the rotation; None when it is empty."""
        first = self._next[HEAD]
        return None if first == HEAD else first

    def after(self, worker_id: str) -> str:
        """The worker that follows `worker_id` in the rotation; after the last, the first."""
        following = self._next[worker_id]
        return self._next[HEAD] if following == HEAD else following

    def record(self, worker_id: str) -> WorkerRecord:
        """The worker's record; KeyError if it is not in the rotation."""
        return self._records[worker_id]

    def join(self, worker_id: str, now: float) -> WorkerRecord:
        """Add the worker at the end of the rotation, seen at `now`; ValueError if it
        is in the rotation already."""
        if worker_id in self._records:
            raise ValueError(f"worker {worker_id!r} is in the rotation already")
        record = WorkerRecord(worker_id, now)
        last = self._prev[HEAD]
        self._next[last], self._prev[worker_id] = worker_id, last
        self._next[worker_id], self._prev[HEAD] = HEAD, worker_id
        self._records[worker_id] = record
        return record

    def leave(self, worker_id: str) -> str | None:
        """Take the worker out of the rotation; KeyError if it is not in it.

        For the balancer, whose cursor may name the worker: returns where such a
        cursor goes on (None when nobody is left).
        """
        if worker_id not in self._records:
            raise KeyError(worker_id)
        successor = self.after(worker_id)
        before, following = self._prev.pop(worker_id), self._next.pop(worker_id)
        self._next[before], self._prev[following] = following, before
        del self._records[worker_id]
        return successor if self._records else None
