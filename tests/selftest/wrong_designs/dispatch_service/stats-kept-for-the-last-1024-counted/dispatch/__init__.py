"""A wrong version (blind hunt 7, h7_stats_bounded_1024), the starter fixed: the counts
stats() gives live in a table of the 1,024 workers counted last, the oldest dropped when
it is full, so a worker pushed out of it counts from zero again. The spec tests once had
fewer than a thousand workers sent an order.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
