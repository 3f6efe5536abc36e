"""A wrong version (blind hunt 2, w41b), the starter fixed: a heartbeat_timeout under a
tenth of a second is refused (taken for milliseconds given as seconds), though it is
positive. The spec tests once tried one small positive timeout only, 0.25 s.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
