"""The service's values: what a dispatch returns, and a worker's counts.

Delivery and WorkerStats are named tuples: whoever holds one holds the facts of
the moment it was made, and nothing the service does later changes them.
"""

from typing import NamedTuple


class Delivery(NamedTuple):
    """What dispatch() did with one order."""

    order_id: str
    worker: str | None  # the worker that took the order; None: nobody did
    attempts: int  # the sends made for this order, the successful one included


class WorkerStats(NamedTuple):
    """A worker's counts since it joined the rotation (last time)."""

    offered: int = 0  # sends of an order to it
    delivered: int = 0  # of those, the ones it took
    failed: int = 0  # of those, the ones that failed (refused, or the push raised)
