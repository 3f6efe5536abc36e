"""Round-robin assignment of work to workers that join and leave at run time.

The workers are a list in rotation order, with a dict of their availability
beside it; the cursor is the index in that list of the worker assign()
examines first, kept on the same worker as others join and leave.

With n workers: creating a dispatcher is O(n) on average; add_worker and
set_available are O(1) on average; remove_worker is O(n) (finding the
worker in the list and closing the gap); assign() is O(n) at worst (every
worker unavailable) and O(1) while the worker at the cursor is available.
Memory is O(n).
"""


class DynamicRoundRobin:
    """Hands out workers in turn, skipping unavailable ones, as workers join and leave."""

    def __init__(self, workers: list[str]) -> None:
        if len(set(workers)) != len(workers):
            raise ValueError(f"worker ids must be unique, got {workers!r}")
        self._workers = list(workers)
        self._available = dict.fromkeys(workers, True)
        # The index in self._workers of the worker assign() examines first.
        self._cursor = 0

    def add_worker(self, worker: str) -> None:
        """Append a worker to the end of the rotation, available; the cursor stays."""
        if worker in self._available:
            raise ValueError(f"worker {worker!r} is already in the rotation")
        self._workers.append(worker)

    def remove_worker(self, worker: str) -> None:
        """Take a worker out of the rotation; unknown workers raise KeyError.

        The cursor keeps naming the same worker; if it named the one removed,
        it moves on to the next (after the last, the first).
        """
        self._workers.remove(worker)
        if self._cursor > len(self._workers):
            # The cursor named the last worker, now gone: the next is the first.
            self._cursor = 0

    def set_available(self, worker: str, is_available: bool) -> None:
        """Mark a worker available or not; unknown workers raise KeyError."""
        if worker not in self._available:
            raise KeyError(worker)
        self._available[worker] = is_available

    def assign(self) -> str | None:
        """Return the next available worker, or None if there is none.

        The cursor moves just past the worker returned; when nobody is
        available it stays put, so the rotation resumes where it stopped.
        """
        size = len(self._workers)
        index = self._cursor
        for _ in range(size):
            worker = self._workers[index]
            if self._available[worker]:
                self._cursor = (index + 1) % size
                return worker
            index = (index + 1) % size
        return None
