"""A wrong version (blind hunt 7, h7_beat_or_join_falsy_zero), the starter fixed: a record
keeps the join's reading apart from the last heartbeat's (None until one comes), and the
age runs from `last_heartbeat or joined_at`, so a heartbeat at the clock reading 0.0 is
taken for none and the join counts instead. The spec tests once made no heartbeat at 0.0.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
