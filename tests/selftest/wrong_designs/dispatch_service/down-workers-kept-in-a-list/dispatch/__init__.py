"""A wrong version (blind hunt 2, w12), a design of its own: the workers that are down are
kept in a list, searched for each worker a dispatch examines, so a dispatch with every
worker down takes O(n^2) time. The spec tests once timed dispatches to silent workers
only.
"""

from .core import Delivery, DispatchService, WorkerStats

__all__ = ["Delivery", "DispatchService", "WorkerStats"]
