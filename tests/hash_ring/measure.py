"""The debrief's figures for hash_ring, on the learner's HashRing.

See tests.harness.toolkit.measuring.
"""

from tests.harness.toolkit import measuring


def router(workers: list[str], points: int):
    # Every ring of one import of the module: state they share shows (measuring).
    from ring import HashRing

    ring = HashRing(points)
    for worker in workers:
        ring.add_worker(worker)
    return ring.worker_for


if __name__ == "__main__":
    from ringhash import position

    measuring.main(router, position)
