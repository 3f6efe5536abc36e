"""A correct balancer that keeps the statuses in a list beside the ids, and finds a worker
in set_available() by scanning the ids: O(n) a call, which the contract allows."""


class WeightedRoundRobin:
    def __init__(self, weights: dict[str, int]) -> None:
        if any(weight <= 0 for weight in weights.values()):
            raise ValueError("every weight must be positive")
        self.ids = list(weights)
        self.weights = list(weights.values())
        self.current = [0] * len(self.ids)
        self.status = ["up"] * len(self.ids)

    def set_available(self, worker: str, is_available: bool) -> None:
        for index, known in enumerate(self.ids):
            if known == worker:
                self.status[index] = "up" if is_available else "down"
                return
        raise KeyError(worker)

    def assign(self) -> str | None:
        total, chosen = 0, None
        for index, weight in enumerate(self.weights):
            if self.status[index] == "up":
                self.current[index] += weight
                total += weight
                if chosen is None or self.current[index] > self.current[chosen]:
                    chosen = index
        if chosen is None:
            return None
        self.current[chosen] -= total
        return self.ids[chosen]
