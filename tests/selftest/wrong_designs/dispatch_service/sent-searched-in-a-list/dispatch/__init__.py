"""A wrong version (blind hunt 2, w20), the starter fixed: dispatch() checks that a worker
was not sent the order already by searching the list of those it was sent, so a dispatch
that every worker refuses takes O(n^2) time. The spec tests once timed dispatches that
made one send.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
