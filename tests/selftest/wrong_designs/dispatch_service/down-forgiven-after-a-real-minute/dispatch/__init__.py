"""A wrong version (blind hunt 4, w15), the starter fixed: a worker down for more than a
minute of real time (time.monotonic()) is taken to have lost its heartbeat and is offered
orders again; the contract keeps it down until its next heartbeat, and the service's only
time is its clock. The spec tests once ran in well under a minute of real time.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
