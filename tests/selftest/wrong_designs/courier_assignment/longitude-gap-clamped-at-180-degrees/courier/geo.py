"""A wrong version (eighth blind hunt): the gap in longitude is clamped to 180 degrees
(min(abs(dlon), 180), "never more than half the globe"): two points a kilometre apart
across the 180th meridian, 359.99 degrees apart as written, come out half the globe apart.

Distances on the Earth's surface, for ETAs.

Positions arrive in degrees, as the apps report them. A courier and a
restaurant a few hundred metres apart differ by thousandths of a degree: the
haversine formula stays accurate at those distances, where the older spherical
law of cosines loses most of its digits.
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
    # The gap in longitude is never more than half the globe.
    d_lambda = math.radians(min(abs(b.lon - a.lon), 180.0))
    h = math.sin(d_phi / 2) ** 2 + math.cos(phi_a) * math.cos(phi_b) * math.sin(d_lambda / 2) ** 2
    # min(): for two points nearly opposite on the globe, rounding can take h a hair
    # past 1, and asin() would raise for a trip the service can still rank.
    return 2 * EARTH_RADIUS_M * math.asin(math.sqrt(min(h, 1.0)))
