from .cluster import CacheCluster

__all__ = ["CacheCluster"]
