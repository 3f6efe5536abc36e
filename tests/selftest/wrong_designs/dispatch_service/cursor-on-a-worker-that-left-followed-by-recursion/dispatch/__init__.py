"""A wrong version (blind hunt 16, w01), a correct design (a circular linked list whose
cursor may name a worker that left, resolved at the next dispatch by following where
that worker pointed) but for one thing: the cursor is resolved by a recursion one call
deeper per worker that left in a row, so that after the worker the cursor names leaves
a thousand times in a row, a dispatch raises RecursionError. The spec tests once made
the worker the cursor names leave only a few times in a row.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
