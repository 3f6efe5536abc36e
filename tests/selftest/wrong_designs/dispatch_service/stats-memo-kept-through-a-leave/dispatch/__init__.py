"""A wrong version (blind hunt 8, h8_stats_memo_kept_at_leave), ported onto the
reference: stats() keeps the WorkerStats it made for each worker id until the next send
to that worker, and the memo outlives a leave, so a worker whose stats were read before
it left and joined again gets its old counts back. The spec tests once read no stats
before a leave and a join.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
