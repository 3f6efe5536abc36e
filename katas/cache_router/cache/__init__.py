"""A cache cluster's client: consistent-hash routing with replicas, read-through.

The public API is CacheCluster (cache.router); README.md states its contract.
"""

from .router import CacheCluster

__all__ = ["CacheCluster"]
