"""A wrong version: a send refused at the connection, or interrupted, is pushed a second
time, on the idea that nothing reached the app. Every send that raises counts as one that
returned False: the second push can hand the worker the order the dispatch went on with.
"""

from __future__ import annotations

from collections.abc import Callable

# The push gateway: True when the worker took the order, False when it refused.
Send = Callable[[str, str], bool]


class Transport:
    """The service's one way of reaching a worker's app."""

    def __init__(self, send: Send) -> None:
        self._send = send

    def offer(self, worker_id: str, order_id: str) -> bool:
        """Push the order to the worker's app: True when the worker took it."""
        try:
            return bool(self._send(worker_id, order_id))
        except (ConnectionRefusedError, InterruptedError):
            # Nothing reached the app: one more push is safe.
            try:
                return bool(self._send(worker_id, order_id))
            except Exception:
                return False
        except Exception:
            # Every error of the gateway (a timeout, a dropped connection, a refused
            # one), whatever its class: the worker did not take the order, and the
            # dispatcher goes on to the next worker instead of losing the order.
            return False
