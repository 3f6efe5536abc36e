"""A wrong version (blind hunt, w44), a design of its own: the write order is a deque of
(written, key, version) that expiry reads lazily, passing over the records whose version
is not the entry's. An entry made anew, after forget() or an eviction, starts again at
version 0, so the record of the entry dropped matches it, and expires it ttl after the
write dropped. The spec tests once never updated a forgotten or evicted order again.
"""

from .cache import StatusCache
from .map import HashMap

__all__ = ["HashMap", "StatusCache"]
