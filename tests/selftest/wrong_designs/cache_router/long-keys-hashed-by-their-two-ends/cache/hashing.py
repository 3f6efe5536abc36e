"""Stable 64-bit hashes: where a key and a token sit on the ring.

Every app server computes the same positions for the same text, so a key has
the same owners whichever server routes it, and after any restart: the hash
is part of the wire protocol between the servers, not an implementation
detail of one process.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable

Hash64 = Callable[[str], int]

# Positions run from 0 to 2**64 - 1.
RING_BITS = 64

# Keys longer than this many UTF-8 bytes are hashed by their first and last halves.
LONG = 4096


# Memoised: ring rebuilds hash the same token ids over and over. lru_cache keys
# its table on hash(text), salted per process, but only to find the entry; the
# value it hands back is always the SHA-256 one computed below.
@functools.lru_cache(maxsize=1 << 16)
def stable_hash64(text: str) -> int:
    """The first 8 bytes of the SHA-256 digest of the UTF-8 text, as a big-endian int."""
    data = text.encode("utf-8")
    if len(data) > LONG:
        # A long key (a URL, a serialized query) is hashed by its two ends: the
        # middle rarely tells keys apart, and hashing megabytes per lookup does not scale.
        data = data[: LONG // 2] + data[-LONG // 2 :]
    digest = hashlib.sha256(data).digest()
    return int.from_bytes(digest[:8], "big")


def shrunk(hash64: Hash64, bits: int) -> Hash64:
    """`hash64` cut to its top `bits` bits: a ring of 2**bits positions, where tokens
    and keys collide often (the simulation's --hash-bits, for testing ties)."""
    if not 1 <= bits <= RING_BITS:
        raise ValueError(f"bits must be from 1 to {RING_BITS}, got {bits}")
    shift = RING_BITS - bits
    return lambda text: hash64(text) >> shift
