"""A correct design: a dict of records (insertion order is the rotation) and a cursor
kept as the id of the next worker; records and results are dataclasses."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Delivery:
    order_id: str
    worker: str | None
    attempts: int


@dataclass(frozen=True)
class WorkerStats:
    offered: int = 0
    delivered: int = 0
    failed: int = 0


@dataclass
class _Record:
    seen: float
    healthy: bool = True
    counts: list[int] = field(default_factory=lambda: [0, 0, 0])


class DispatchService:
    def __init__(self, send, clock, heartbeat_timeout: float = 30.0) -> None:
        if not heartbeat_timeout > 0:  # NaN is not positive either
            raise ValueError("heartbeat_timeout")
        self._send, self._clock, self._timeout = send, clock, heartbeat_timeout
        self._records: dict[str, _Record] = {}
        self._next: str | None = None

    def _after(self, worker: str) -> str | None:
        ids = list(self._records)
        if len(ids) == 1:
            return None
        return ids[(ids.index(worker) + 1) % len(ids)]

    def join(self, worker_id: str) -> None:
        if worker_id in self._records:
            raise ValueError(worker_id)
        self._records[worker_id] = _Record(self._clock())
        if self._next is None:
            self._next = worker_id

    def leave(self, worker_id: str) -> None:
        if worker_id not in self._records:
            raise KeyError(worker_id)
        if self._next == worker_id:
            self._next = self._after(worker_id)
        del self._records[worker_id]

    def heartbeat(self, worker_id: str) -> None:
        record = self._records[worker_id]
        record.seen, record.healthy = self._clock(), True

    def dispatch(self, order_id: str) -> Delivery:
        now = self._clock()
        if self._next is None:
            return Delivery(order_id, None, 0)
        ids = list(self._records)
        start = ids.index(self._next)
        attempts = 0
        for worker in ids[start:] + ids[:start]:
            record = self._records[worker]
            if not record.healthy or now > record.seen + self._timeout:
                continue
            attempts += 1
            record.counts[0] += 1
            try:
                took = bool(self._send(worker, order_id))
            except Exception:
                took = False
            if took:
                record.counts[1] += 1
                self._next = ids[(ids.index(worker) + 1) % len(ids)]
                return Delivery(order_id, worker, attempts)
            record.counts[2] += 1
            record.healthy = False
        return Delivery(order_id, None, attempts)

    def stats(self, worker_id: str) -> WorkerStats:
        return WorkerStats(*self._records[worker_id].counts)
