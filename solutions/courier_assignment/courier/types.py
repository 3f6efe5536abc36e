"""The service's values: a position on the map, what assign() returns, and a
courier's counts.

Assignment and CourierStats are named tuples: whoever holds one holds the facts
of the moment it was made, and nothing the service does later changes them.
"""

from typing import NamedTuple


class Point(NamedTuple):
    """A position as the apps give it: degrees, north and east positive."""

    lat: float
    lon: float


class Assignment(NamedTuple):
    """What assign() did with one order."""

    order_id: str
    courier: str | None  # the courier who accepted the order; None: unassigned
    eta: float | None  # that courier's ETA to the pickup, in seconds
    declines: int  # the couriers who declined the order before that


class CourierStats(NamedTuple):
    """A courier's counts since the service was made."""

    offered: int = 0  # orders offered to it
    accepted: int = 0  # of those, the ones it accepted
    declined: int = 0  # of those, the ones it declined
    delivered: int = 0  # orders it carried and has delivered
