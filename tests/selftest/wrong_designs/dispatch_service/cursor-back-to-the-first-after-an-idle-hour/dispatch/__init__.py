"""A wrong version (blind hunt 12, w_cursor_reset_after_idle_hour), ported onto the
reference: a dispatch more than an hour (on the clock) after the last one starts the
rotation again from its first worker, for a new shift; the contract's cursor persists
between calls. The spec tests once had no idle hour between dispatches.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
