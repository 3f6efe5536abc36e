"""A wrong version (blind hunt 16, w17), a correct design (a list of slots with
tombstones, compacted when half are dead, the cursor an index into it) but for one
thing: the next live slot is found by a recursion one call deeper per dead slot it
passes, so that when the thousand workers right after the one that took an order have
left, the dispatch raises RecursionError. The spec tests once made only short runs of
workers leave right after the cursor.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
