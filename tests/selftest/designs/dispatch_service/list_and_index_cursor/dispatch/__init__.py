"""A correct design: a list in join order and a cursor kept as an index, shifted when a
worker before it leaves; a failure is remembered by the heartbeat count it followed."""


class Delivery:
    __slots__ = ("attempts", "order_id", "worker")

    def __init__(self, order_id, worker, attempts):
        self.order_id, self.worker, self.attempts = order_id, worker, attempts

    def __repr__(self):
        return f"Delivery({self.order_id!r}, {self.worker!r}, {self.attempts!r})"


class WorkerStats:
    __slots__ = ("delivered", "failed", "offered")

    def __init__(self, offered, delivered, failed):
        self.offered, self.delivered, self.failed = offered, delivered, failed


class DispatchService:
    def __init__(self, send, clock, heartbeat_timeout=30.0):
        if not heartbeat_timeout > 0:
            raise ValueError(heartbeat_timeout)
        self.send, self.clock, self.timeout = send, clock, heartbeat_timeout
        self.workers = []
        self.cursor = 0
        self.beat_at = {}  # worker: (clock reading, heartbeat number)
        self.failed_after = {}  # worker: the heartbeat number its last failure followed
        self.offered, self.delivered, self.failures = {}, {}, {}
        self.beats = 0

    def _beat(self, worker):
        now = self.clock()  # first: a clock that raises changes nothing
        self.beats += 1
        self.beat_at[worker] = (now, self.beats)

    def join(self, worker_id):
        if worker_id in self.beat_at:
            raise ValueError(worker_id)
        self._beat(worker_id)
        self.workers.append(worker_id)
        self.failed_after.pop(worker_id, None)
        self.offered[worker_id] = self.delivered[worker_id] = self.failures[worker_id] = 0

    def leave(self, worker_id):
        if worker_id not in self.beat_at:
            raise KeyError(worker_id)
        index = self.workers.index(worker_id)
        self.workers.pop(index)
        if index < self.cursor:
            self.cursor -= 1
        if self.cursor >= len(self.workers):
            self.cursor = 0
        for table in (self.beat_at, self.offered, self.delivered, self.failures):
            del table[worker_id]
        self.failed_after.pop(worker_id, None)

    def heartbeat(self, worker_id):
        if worker_id not in self.beat_at:
            raise KeyError(worker_id)
        self._beat(worker_id)

    def _available(self, worker, now):
        at, number = self.beat_at[worker]
        return self.failed_after.get(worker) != number and now <= at + self.timeout

    def dispatch(self, order_id):
        now = self.clock()
        count = len(self.workers)
        attempts = 0
        for step in range(count):
            index = (self.cursor + step) % count
            worker = self.workers[index]
            if not self._available(worker, now):
                continue
            attempts += 1
            self.offered[worker] += 1
            try:
                took = self.send(worker, order_id) is True
            except Exception:
                took = False
            if took:
                self.delivered[worker] += 1
                self.cursor = (index + 1) % count
                return Delivery(order_id, worker, attempts)
            self.failures[worker] += 1
            self.failed_after[worker] = self.beat_at[worker][1]
        return Delivery(order_id, None, attempts)

    def stats(self, worker_id):
        if worker_id not in self.beat_at:
            raise KeyError(worker_id)
        return WorkerStats(
            self.offered[worker_id], self.delivered[worker_id], self.failures[worker_id]
        )
