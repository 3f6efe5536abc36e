from .router import CacheCluster

__all__ = ["CacheCluster"]
