"""A wrong version (blind hunt 7, h7_reraise_programming_errors), the starter fixed: a send
that raises a TypeError, an AttributeError, a NameError or an AssertionError is taken for
a bug in the service and raised again, out of dispatch(), where the contract counts a send
that raises anything as one that returned False. The spec tests once raised only the
gateway's kinds of errors from a send.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
