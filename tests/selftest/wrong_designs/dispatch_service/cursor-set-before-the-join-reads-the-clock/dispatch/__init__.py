"""A wrong version (blind hunt 9, w_join_cursor_before_clock), ported onto the reference:
join() tells the balancer of the newcomer before it reads the clock, so on an empty
rotation a join whose clock raises leaves the cursor naming a worker that never joined,
and the next dispatch raises ValueError; the contract says a call that raises changes
nothing. The spec tests once broke the clock only with workers in the rotation.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
