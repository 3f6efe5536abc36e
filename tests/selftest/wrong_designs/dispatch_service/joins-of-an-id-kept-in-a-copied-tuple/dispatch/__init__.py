"""A wrong version (blind hunt 9, w_join_history_copied), ported onto the reference: the
registry keeps, for each id, a tuple of the readings at which it joined, copied with one
more at every join, so a join takes time in proportion to the times its id joined before;
the contract says join takes O(1) time on average. The spec tests once grew the number of
workers, never the joins of one id.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
