"""Spec tests for weighted_ring: the same answer in every process.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.
"""

import json
import os
import subprocess
import sys

import pytest

ROUTE = """
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("weighted_ring", sys.argv[1])
module = importlib.util.module_from_spec(spec)
# As an import does: dataclasses of a module with string annotations look it up here.
sys.modules["weighted_ring"] = module
spec.loader.exec_module(module)
ring = module.ConsistentHashRing(10)
for node in ["n0", "n1", "n2", "n3", "n4"]:
    ring.add_node(node)


def route(key):
    # A crash is an answer too: only a difference between processes counts here.
    try:
        return ring.get_node(key)
    except Exception as error:
        return f"raised {type(error).__name__}"


print(json.dumps([route(f"order-{n}") for n in range(200)]))
"""


def route_in_new_process(module_file: str, hash_seed: str) -> list:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", ROUTE, module_file],
        capture_output=True,
        text=True,
        env=env,
        timeout=10,
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no error message"])[-1]
        pytest.fail(
            f"building the ring of nodes n0..n4 in a new process (PYTHONHASHSEED={hash_seed}) "
            f"failed: {last}"
        )
    return json.loads(done.stdout)


@pytest.mark.slow
def test_same_key_same_node_in_every_process():
    """the default hash routes a key to the same node in every process (any PYTHONHASHSEED)"""
    import weighted_ring

    first = route_in_new_process(weighted_ring.__file__, "1")
    second = route_in_new_process(weighted_ring.__file__, "2")
    differ = [f"order-{n}" for n, (x, y) in enumerate(zip(first, second, strict=True)) if x != y]
    assert not differ, (
        "nodes n0..n4 with 10 tokens each, default hash64, built in two processes with "
        f"PYTHONHASHSEED=1 and =2: {len(differ)} of 200 keys go to different nodes, "
        f"e.g. {differ[:3]}"
    )
