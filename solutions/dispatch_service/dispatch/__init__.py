"""The dispatch service: orders offered to workers in turn (round robin), skipping
workers that are silent or whose last delivery failed.

    from dispatch import DispatchService
    service = DispatchService(send, clock, heartbeat_timeout=30.0)

`python -m dispatch.simulate --help` replays a scenario on a fake clock.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
