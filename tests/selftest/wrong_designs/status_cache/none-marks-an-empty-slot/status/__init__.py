from .hashmap import HashMap
from .service import StatusCache

__all__ = ["HashMap", "StatusCache"]
