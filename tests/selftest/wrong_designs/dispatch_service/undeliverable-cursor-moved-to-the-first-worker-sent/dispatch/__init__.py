"""A wrong version (blind hunt 16, w12), ported onto the reference: when nobody takes the
order, the cursor goes to the first worker it was sent to; the contract says the cursor
then does not move. The two differ only when the worker the cursor names is not
available, and the spec tests once made undeliverable dispatches only from an available
worker.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
