"""Another correct design: the rotation is an insertion-ordered dict, the cursor an id.

A dict keeps its keys in insertion order, drops a key in O(1) and appends a
key added again at the end: exactly the rotation of the contract. The
cursor is the id of the worker assign() examines first (None when there is
nobody), so adding a worker never disturbs it; finding where it stands costs
O(n) at each assign() and at the removal of the worker it names.
"""


class DynamicRoundRobin:
    def __init__(self, workers: list[str]) -> None:
        available = dict.fromkeys(workers, True)
        if len(available) != len(workers):
            raise ValueError("worker ids must be unique")
        self._available = available
        self._cursor = next(iter(available), None)

    def _after(self, worker: str) -> str:
        order = list(self._available)
        return order[(order.index(worker) + 1) % len(order)]

    def add_worker(self, worker: str) -> None:
        if worker in self._available:
            raise ValueError(f"{worker!r} is already in the rotation")
        self._available[worker] = True
        if self._cursor is None:
            self._cursor = worker

    def remove_worker(self, worker: str) -> None:
        if worker not in self._available:
            raise KeyError(worker)
        if self._cursor == worker:
            self._cursor = self._after(worker) if len(self._available) > 1 else None
        del self._available[worker]

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self._available:
            raise KeyError(worker)
        self._available[worker] = bool(is_available)

    def assign(self) -> str | None:
        if self._cursor is None:
            return None
        order = list(self._available)
        start = order.index(self._cursor)
        for step in range(len(order)):
            worker = order[(start + step) % len(order)]
            if self._available[worker]:
                self._cursor = order[(start + step + 1) % len(order)]
                return worker
        return None
