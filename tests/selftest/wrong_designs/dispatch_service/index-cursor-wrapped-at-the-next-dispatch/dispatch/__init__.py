"""A wrong version (blind hunt 2, w07), a design of its own: the cursor is an index, and
when the last worker leaves while the cursor names it, the index is left past the end
until the next dispatch wraps it round. A worker that joins in between takes the place
the index points at, and the turn of the first. The spec tests once dispatched straight
after such a leave.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
