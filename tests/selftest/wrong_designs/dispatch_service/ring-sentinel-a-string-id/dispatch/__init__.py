"""A wrong version (blind hunt 4, w08), the starter fixed: the rotation is a linked ring
whose head is the string "<head>", so a worker of that id is taken for the head: its
join links the ring to itself and the workers before it are lost. The contract's ids are
any strings; the spec tests once tried ids that differ in case, spaces and Unicode form,
never one a design might use as its own marker.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
