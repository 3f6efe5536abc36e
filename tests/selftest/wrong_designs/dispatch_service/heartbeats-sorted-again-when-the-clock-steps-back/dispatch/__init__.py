"""A wrong version (blind hunt 16, w02), ported onto the reference: the health monitor
keeps the workers ordered by their last heartbeat, appending each heartbeat or join and
sorting them all again whenever the clock steps back, so that a join or heartbeat at a
reading below an earlier one costs O(n log n), not O(1) on average. The speed tests once
kept the clock still.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
