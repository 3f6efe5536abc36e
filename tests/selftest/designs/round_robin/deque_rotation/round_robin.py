"""A correct dispatcher: the workers in a deque, rotated so the cursor is always at its front."""

from collections import deque


class RoundRobinWorkers:
    def __init__(self, workers: list[str]) -> None:
        self._ring = deque(workers)
        self._up = {worker: True for worker in workers}
        if len(self._up) != len(workers):
            raise ValueError("duplicate worker id")

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self._up:
            raise KeyError(worker)
        self._up[worker] = bool(is_available)

    def assign(self) -> str | None:
        # A full turn of rotations, when nobody is up, leaves the front where it was.
        for _ in range(len(self._ring)):
            worker = self._ring[0]
            self._ring.rotate(-1)
            if self._up[worker]:
                return worker
        return None
