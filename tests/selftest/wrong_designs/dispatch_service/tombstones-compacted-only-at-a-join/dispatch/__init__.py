"""A wrong version (blind hunt 16, w28), a correct design (a list of slots with
tombstones, compacted when half are dead, the cursor an index into it) but for one
thing: the list is compacted only when a worker joins, so after thousands of workers
leave with nobody joining, every dispatch walks their tombstones: a dispatch costs the
workers that left, not those in the rotation. The spec tests once made a worker join
after each one that left.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
