"""A wrong version (blind hunt 12, w_stats_daily_reset), ported onto the reference:
a worker's counts start again at its first send of each day (the clock's reading
divided by 86,400), for a dashboard of the day; the contract counts them since the
worker joined. The spec tests once ran on readings within one day.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
