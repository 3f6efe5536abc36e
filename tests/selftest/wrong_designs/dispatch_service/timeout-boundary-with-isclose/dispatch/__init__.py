"""A wrong version (blind hunt 2, w42), the starter fixed: a heartbeat's age is compared
with the timeout by `<=` or math.isclose, to forgive float rounding, so a heartbeat a
few nanoseconds more than heartbeat_timeout seconds old still counts. The spec tests
once tried ages a whole second past the timeout only.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
