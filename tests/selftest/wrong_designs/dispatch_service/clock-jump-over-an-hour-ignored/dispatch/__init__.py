"""A wrong version (blind hunt 12, w_clock_jump_ahead_ignored), ported onto the
reference: a reading of the clock more than an hour after the last one taken is taken
for a glitch, and the last one is used instead; the contract's ages are clock() now
minus clock() then, whatever the span. The spec tests once made no jump of an hour that
left a worker silent.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
