"""A correct balancer: parallel lists indexed by position, and a dict from id to position."""


class WeightedRoundRobin:
    def __init__(self, weights: dict[str, int]) -> None:
        self.ids: list[str] = []
        self.weights: list[int] = []
        for worker, weight in weights.items():
            if type(weight) is bool or not isinstance(weight, int) or weight < 1:
                raise ValueError(f"bad weight {weight!r} for {worker!r}")
            self.ids.append(worker)
            self.weights.append(weight)
        self.position = {worker: i for i, worker in enumerate(self.ids)}
        self.current = [0] * len(self.ids)
        self.up = [True] * len(self.ids)

    def set_available(self, worker: str, is_available: bool) -> None:
        self.up[self.position[worker]] = bool(is_available)

    def assign(self) -> str | None:
        chosen = -1
        total = 0
        for i, weight in enumerate(self.weights):
            if self.up[i]:
                self.current[i] += weight
                total += weight
                if chosen < 0 or self.current[i] > self.current[chosen]:
                    chosen = i
        if chosen < 0:
            return None
        self.current[chosen] -= total
        return self.ids[chosen]
