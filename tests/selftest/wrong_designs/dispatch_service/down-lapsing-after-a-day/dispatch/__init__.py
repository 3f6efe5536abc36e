"""A wrong version (blind hunt 12, w_down_expires_after_a_day), ported onto the
reference: a worker down for more than a day (86,400 s on the clock since its failed
delivery) is available again without a heartbeat; the contract keeps it down until its
next heartbeat. The spec tests once had no worker down for a day with a fresh heartbeat.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
