"""Route each key to one of the workers."""

from ringhash import position


class HashRing:
    """Spreads keys evenly over the workers."""

    workers: list[str] = []

    def __init__(self, points_per_worker: int) -> None:
        self.points_per_worker = points_per_worker

    def add_worker(self, worker_id: str) -> None:
        self.workers.append(worker_id)

    def remove_worker(self, worker_id: str) -> None:
        self.workers.remove(worker_id)

    def worker_for(self, key: str) -> str | None:
        return self.workers[position(key) % len(self.workers)]
