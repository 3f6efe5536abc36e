"""A wrong version (blind hunt 13, w09_empty_order_ignored), ported onto the
reference: dispatch('') sends nothing and gives Delivery('', None, 0), as if the empty
id were no order; the contract offers every order id, the empty one too, like any other.
The spec tests once dispatched '' only to check the Delivery's order_id.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
