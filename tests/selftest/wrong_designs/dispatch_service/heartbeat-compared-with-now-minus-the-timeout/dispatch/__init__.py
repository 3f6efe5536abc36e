"""A wrong version (blind hunt 7, h7_cutoff_form), the starter fixed: a heartbeat is fresh
when its reading is at least the cutoff `now - heartbeat_timeout`, not when `now - then`
is at most the timeout. In floats the two part: a join at 0.1 is stale at 30.1 (30.1 - 30
is 0.10000000000000142), though 30.1 - 0.1 is 30.0. The spec tests once took readings
exact in binary only.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
