"""A wrong version (blind hunt 12, w_stats_reset_on_clock_step_back), ported onto
the reference: a dispatch whose reading of the clock is below the last dispatch's takes
it for a restart and starts every worker's counts again; the contract counts them since
the worker joined, and the clock may step back. The spec tests once read no stats after
a step back.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
