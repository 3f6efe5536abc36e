"""A wrong version (blind hunt 2, w05), the starter fixed: availability reads the clock
itself when the reading it is handed is falsy (`now = now or self._clock()`), so a
dispatch at the reading 0.0 reads the clock again for each worker, after the slow sends,
and finds the workers after a slow send silent. The spec tests once made slow sends at
20 s only.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
