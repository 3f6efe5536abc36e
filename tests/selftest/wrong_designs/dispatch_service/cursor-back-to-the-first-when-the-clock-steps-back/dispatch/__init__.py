"""A wrong version (blind hunt 12, w_cursor_reset_on_clock_step_back), ported onto
the reference: a dispatch whose reading of the clock is below the last dispatch's takes
it for a restart and starts the rotation again from its first worker; the contract's
cursor persists between calls, and the clock may step back. The spec tests once stepped
the clock back only while the cursor named the first worker or one that was down.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
