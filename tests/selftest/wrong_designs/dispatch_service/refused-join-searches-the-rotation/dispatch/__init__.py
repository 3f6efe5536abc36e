"""A wrong version (blind hunt 16, w20), ported onto the reference: the ValueError of a
join refused gives the worker's place in the rotation, found by searching it, so that a
refused join costs O(n), not O(1) on average. The speed tests once made no refused
call.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
