"""A wrong version (blind hunt 2, w39), a design of its own: a worker that leaves is
replaced by a tombstone in the rotation, never compacted, so a dispatch walks every
worker that ever joined, not the n in the rotation. The spec tests once timed a rotation
that nobody had left.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
