"""A correct balancer that checks each weight with `type(w) is int`, the idiom the old
contract refused (it turned an IntEnum member away): the contract leaves other types open."""


class WeightedRoundRobin:
    def __init__(self, weights: dict[str, int]) -> None:
        for worker, weight in weights.items():
            if type(weight) is not int or weight < 1:
                raise ValueError(f"{worker!r}: a weight must be an int of 1 or more")
        self._weights = dict(weights)
        self._current = dict.fromkeys(weights, 0)
        self._down: set[str] = set()

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self._weights:
            raise KeyError(worker)
        if is_available:
            self._down.discard(worker)
        else:
            self._down.add(worker)

    def assign(self) -> str | None:
        up = [worker for worker in self._weights if worker not in self._down]
        if not up:
            return None
        for worker in up:
            self._current[worker] += self._weights[worker]
        best = up[0]
        for worker in up[1:]:
            if self._current[worker] > self._current[best]:
                best = worker
        self._current[best] -= sum(self._weights[worker] for worker in up)
        return best
