"""Positions on the ring. Given: the same file in katas/ and solutions/."""

import hashlib

RING_SIZE = 2**32


def position(text: str) -> int:
    """Where `text` sits on the ring: 0 <= position < RING_SIZE.

    The first 4 bytes of the SHA-256 digest of the UTF-8 text, read
    big-endian: the same on every machine and in every process.
    """
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:4], "big")
