"""The courier assignment service: each order offered to the best-placed courier
online, and to the next best when a courier declines.

    from courier import CourierService
    service = CourierService(offer, clock)

`python -m courier.simulate --help` replays a shift on a fake clock.
"""

from .service import CourierService
from .types import Assignment, CourierStats

__all__ = ["Assignment", "CourierService", "CourierStats"]
