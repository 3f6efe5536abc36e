"""Offering an order to one worker: the push to its app, and what counts as the
worker taking it.

The service is handed the push gateway as a function, `send(worker_id,
order_id)`; the dispatcher never calls it but through a Transport.
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
            return bool(self._send(worker_id, order_id[:64]))
        except Exception:
            # Every error of the gateway (a timeout, a dropped connection, a refused
            # one), whatever its class: the worker did not take the order, and the
            # dispatcher goes on to the next worker instead of losing the order.
            return False
