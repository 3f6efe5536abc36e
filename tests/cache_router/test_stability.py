"""Spec tests for cache_router: the same owners in every process.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Two app servers are two processes, and each has its own salt for Python's
built-in hash(): a new process per side, with PYTHONHASHSEED set to 1 and to
2, each importing the learner's package from the learner's folder.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROUTE = """
import json, sys
sys.path.insert(0, sys.argv[1])
from cache import CacheCluster

cluster = CacheCluster(str, 10)
for node in ["n0", "n1", "n2", "n3", "n4"]:
    cluster.add_node(node)


def owners(key):
    # A crash is an answer too: only a difference between processes counts here.
    try:
        return cluster.owners(key)
    except Exception as error:
        return f"raised {type(error).__name__}"


keys = [f"order-{n}" for n in range(150)] + [f"session:{n:040d}" for n in range(50)]
print(json.dumps([owners(key) for key in keys]))
"""


def owners_in_new_process(folder: str, hash_seed: str) -> list:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", ROUTE, folder],
        capture_output=True,
        text=True,
        env=env,
        timeout=10,
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no error message"])[-1]
        pytest.fail(
            "a cluster of nodes n0..n4 (V=10, default hash64) in a new process "
            f"(PYTHONHASHSEED={hash_seed}) failed: {last}"
        )
    return json.loads(done.stdout)


@pytest.mark.slow
def test_the_same_key_has_the_same_owners_in_every_process():
    """the default hash gives a key the same owners in every process (any PYTHONHASHSEED),
    short keys and long ones"""
    import cache

    folder = str(Path(cache.__file__).resolve().parent.parent)
    first = owners_in_new_process(folder, "1")
    second = owners_in_new_process(folder, "2")
    keys = [f"order-{n}" for n in range(150)] + [f"session:{n:040d}" for n in range(50)]
    differ = [key for key, x, y in zip(keys, first, second, strict=True) if x != y]
    assert not differ, (
        "nodes n0..n4 with V=10, default hash64, built in two processes, with "
        f"PYTHONHASHSEED=1 and =2 (two app servers): {len(differ)} of {len(keys)} keys have "
        f"different owners, e.g. {differ[0]!r}: {first[keys.index(differ[0])]} in one, "
        f"{second[keys.index(differ[0])]} in the other"
    )
