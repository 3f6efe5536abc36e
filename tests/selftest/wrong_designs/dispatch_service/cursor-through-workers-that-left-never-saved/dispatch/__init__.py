"""A wrong version (blind hunt 16, w03), a correct design (a circular linked list whose
cursor may name a worker that left, resolved at each dispatch by following where that
worker pointed) but for one thing: the worker it resolves to is never saved, so while
dispatches find nobody (the cursor does not move) each walks again every worker that
left while the cursor named it: a dispatch costs the workers that left, not those in
the rotation. The spec tests once made a dispatch after such leaves deliver the order.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
