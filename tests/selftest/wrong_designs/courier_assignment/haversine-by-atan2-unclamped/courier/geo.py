"""A wrong version: the haversine in its atan2 form, with the inner value unclamped. For
a courier exactly on the far side of the Earth from the pickup, rounding can take it a
hair above 1, sqrt(1 - h) raises ValueError, and assign fails for a trip it must rank.
"""

from __future__ import annotations

import math

from .types import Point

# The mean radius, in metres: the sphere the contract's distances are measured on.
EARTH_RADIUS_M = 6_371_000.0


def distance_m(a: Point, b: Point) -> float:
    """The great-circle distance from `a` to `b`, in metres."""
    phi_a, phi_b = math.radians(a.lat), math.radians(b.lat)
    d_phi = phi_b - phi_a
    d_lambda = math.radians(b.lon - a.lon)
    h = math.sin(d_phi / 2) ** 2 + math.cos(phi_a) * math.cos(phi_b) * math.sin(d_lambda / 2) ** 2
    # min(): for two points nearly opposite on the globe, rounding can take h a hair
    # past 1, and asin() would raise for a trip the service can still rank.
    return 2 * EARTH_RADIUS_M * math.atan2(math.sqrt(h), math.sqrt(1 - h))
