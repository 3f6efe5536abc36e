"""The debrief's figures for weighted_ring, on the learner's ring.

See tests.harness.toolkit.measuring.
"""

from tests.harness.toolkit import measuring
from tests.harness.toolkit.token_ring import sha64


def router(workers: list[str], points: int):
    # Every ring of one import of the module: state they share shows (measuring).
    from weighted_ring import ConsistentHashRing

    ring = ConsistentHashRing(points)
    for worker in workers:
        ring.add_node(worker)
    return ring.get_node


if __name__ == "__main__":
    # The contract's default hash, from the toolkit: the learner's module need not name it.
    measuring.main(router, sha64)
