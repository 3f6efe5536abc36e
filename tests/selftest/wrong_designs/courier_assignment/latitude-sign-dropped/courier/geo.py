"""A wrong version (eighteenth blind hunt): the latitudes' signs are dropped
(radians(abs(lat)), "the sphere is symmetric"): a courier and a pickup on opposite sides
of the equator are measured as if both were north of it, a kilometre apart coming out as
none.

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
    # Fold to the northern hemisphere: the sphere is symmetric.
    phi_a, phi_b = math.radians(abs(a.lat)), math.radians(abs(b.lat))
    d_phi = phi_b - phi_a
    d_lambda = math.radians(b.lon - a.lon)
    h = math.sin(d_phi / 2) ** 2 + math.cos(phi_a) * math.cos(phi_b) * math.sin(d_lambda / 2) ** 2
    # min(): for two points nearly opposite on the globe, rounding can take h a hair
    # past 1, and asin() would raise for a trip the service can still rank.
    return 2 * EARTH_RADIUS_M * math.asin(math.sqrt(min(h, 1.0)))
