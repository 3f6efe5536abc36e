"""A wrong version (blind hunt 13, w08_down_cleared_by_silence), ported onto the
reference: a dispatch that finds a down worker silent clears its down mark (it needs a
heartbeat to come back anyway), so when the clock steps back and its last heartbeat is
fresh again, it is offered orders without a heartbeat; the contract keeps it down until
its next heartbeat. The spec tests once had no down worker found silent and then fresh.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
