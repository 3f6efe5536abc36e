"""A wrong version (blind hunt 7, h7_compact_1024_cursor_unmapped), a design of its own: a
worker that leaves becomes a tombstone in the rotation's list, and the list is compacted
once the tombstones pass 1,024 and outnumber the workers left; the cursor, an index into
the list, is not moved with the workers, so after a compaction it names another worker.
The spec tests once had fewer than a thousand workers leave.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
