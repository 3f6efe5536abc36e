"""A wrong version (blind hunt 2, w04), a design of its own: a heartbeat and a failed
delivery are ordered by their clock readings, and by a sequence number only when the
readings are equal. When the clock steps back (a wall clock set back), a heartbeat after
a failure does not bring the worker back, and a failure after a heartbeat does not mark
it down. The spec tests once ran the clock forward only.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
