"""The order-status cache: the latest status of each active order, for the apps.

The public API is StatusCache (status.service) and HashMap (status.hashmap);
README.md states their contract. `python -m status.simulate --help` replays a
day of orders on a fake clock.
"""

from .hashmap import HashMap
from .service import StatusCache

__all__ = ["HashMap", "StatusCache"]
