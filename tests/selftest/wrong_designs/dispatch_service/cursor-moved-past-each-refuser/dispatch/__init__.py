"""A wrong version (blind hunt 3, w45b), the starter fixed: a refusal spends the worker's
turn, so the cursor moves past each worker that refuses the order, even when nobody takes
it; the contract says the cursor then does not move. The spec tests once made only
dispatches where every worker refused, and a search that goes all the way round ends
where it started.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
