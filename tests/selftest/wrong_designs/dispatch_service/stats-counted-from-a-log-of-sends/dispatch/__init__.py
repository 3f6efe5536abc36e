"""A wrong version (blind hunt 9, w_stats_per_worker_log), ported onto the reference: each
record keeps a list of the outcomes of the sends to its worker, and stats() counts them,
so stats take time in proportion to the sends a worker has had; the contract says stats
take O(1) time on average. The spec tests once grew the number of workers, never one
worker's sends.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
