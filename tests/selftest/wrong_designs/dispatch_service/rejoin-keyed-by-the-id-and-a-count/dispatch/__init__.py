"""A wrong version (blind hunt 8, h8_member_key_sep_gen), ported onto the reference: the
rotation and the records are keyed by membership, the id at a worker's first join and
f"{id}#{n}" when it joins for the (n+1)th time, so 'A' joining again takes the place and
the record of a worker whose id is 'A#1'. The spec tests once had no id with a '#', and
none joined again beside one that read like it.
"""

from .service import DispatchService
from .types import Delivery, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
