"""A wrong version (blind hunt 8, h8_nobody_available_latch), ported onto the reference:
once a dispatch finds nobody to take its order, the next ones give nobody without looking
until a worker joins or sends a heartbeat, so a worker found silent stays out when the
clock steps back to within the timeout of its heartbeat. The spec tests once stepped the
clock back only after dispatches that found a worker. (The hunt's
h8_silent_sticky_until_heartbeat, a worker found silent marked down until its next
heartbeat, is the same mistake, refused by the same test.)
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
