"""A wrong version (blind hunt 12, w_evict_silent_day), ported onto the reference:
a dispatch takes out of the rotation every worker whose last heartbeat is more than a
day old, as if it had left; the contract keeps a worker in the rotation until it
leaves, however long it is silent. The spec tests once had no worker silent for a day.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
