from .core import CacheCluster

__all__ = ["CacheCluster"]
