"""The debrief's figures for weighted_ring, on the learner's ring.

See tests.harness.toolkit.measuring.
"""

from tests.harness.toolkit import measuring


def router(workers: list[str], points: int):
    # Every ring of one import of the module: state they share shows (measuring).
    from weighted_ring import ConsistentHashRing

    ring = ConsistentHashRing(points)
    for worker in workers:
        ring.add_node(worker)
    return ring.get_node


if __name__ == "__main__":
    from weighted_ring import default_hash64

    measuring.main(router, default_hash64)
