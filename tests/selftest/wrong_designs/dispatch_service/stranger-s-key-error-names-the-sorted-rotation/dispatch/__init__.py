"""A wrong version (blind hunt 16, w21), ported onto the reference: the KeyError for a
worker not in the rotation names the first five workers of the rotation sorted, so that
a refused heartbeat or stats costs O(n log n), not O(1) on average. The speed tests
once made no refused call.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
