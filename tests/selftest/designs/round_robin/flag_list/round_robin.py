"""A correct dispatcher: availability flags in a list beside the ids, an index per id."""


class RoundRobinWorkers:
    def __init__(self, workers: list[str]) -> None:
        self.ids = tuple(workers)
        self.position = {worker: index for index, worker in enumerate(self.ids)}
        if len(self.position) < len(self.ids):
            raise ValueError("duplicate worker id")
        self.flags = [True] * len(self.ids)
        self.cursor = 0

    def set_available(self, worker: str, is_available: bool) -> None:
        self.flags[self.position[worker]] = is_available

    def assign(self) -> str | None:
        order = list(range(self.cursor, len(self.ids))) + list(range(self.cursor))
        chosen = next((index for index in order if self.flags[index]), None)
        if chosen is None:
            return None
        self.cursor = (chosen + 1) % len(self.ids)
        return self.ids[chosen]
