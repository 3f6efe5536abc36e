"""A wrong version (blind hunt 12, w_stats_new_shift_reset), ported onto the
reference: a heartbeat more than 8 hours after the worker's last one starts its counts
again, for a new shift; the contract counts them since the worker joined. The spec
tests once had no silence of hours before a heartbeat.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
