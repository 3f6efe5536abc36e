"""A wrong version (eighth blind hunt, w01): start() bisects the token hashes kept as an
array of doubles, so above 2**53, where a float cannot tell neighbouring hashes apart, a
key goes to a token before it: a key at 2**64 - 2 to the token at 2**64 - 3 rather than
the one at 2**64 - 1. The spec tests once placed no token or key at the top of the range.

The ring: an immutable, sorted list of virtual tokens.

A node of weight w has the tokens "<node>#0" .. "<node>#<w*V - 1>", each at
hash64(token id), so a token's place depends on its id alone. Tokens are
kept in (hash, token id) order, and a key belongs to the first token whose
hash is at least the key's, wrapping past the last token to the first.

A Ring is never changed once made: with_tokens() and the two without
methods return a new one. That is what lets the cluster publish a change in
one step while lookups go on (see cluster.py).

With M tokens: start() is O(log M), a binary search; the changes are
O(M log M) and O(M), building the new token list aside.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Iterator

from .hashing import Hash64

# One virtual node, (hash, token id, node id): ring order is tuple order, the hash
# first, then the token id, which is unique.
Token = tuple[int, str, str]


def token_ids(node_id: str, numbers: range) -> Iterator[str]:
    """The ids of a node's tokens of these numbers."""
    return (f"{node_id}#{number}" for number in numbers)


class Ring:
    """One state of the ring; nothing changes it once it is made."""

    __slots__ = ("_hash64", "_hashes", "_node_count", "_tokens")

    def __init__(self, hash64: Hash64, tokens: tuple[Token, ...] = ()) -> None:
        self._hash64 = hash64
        self._tokens = tokens
        # The hashes alone, in the same order, for the binary search of start(): a
        # packed array of doubles, 8 bytes a token instead of a list of ints.
        self._hashes = array("d", (hash_ for hash_, _, _ in tokens))
        self._node_count = len({node for _, _, node in tokens})

    @property
    def tokens(self) -> tuple[Token, ...]:
        """Every token, in ring order."""
        return self._tokens

    @property
    def node_count(self) -> int:
        """How many distinct nodes hold tokens."""
        return self._node_count

    def token_count(self, node_id: str) -> int:
        """How many tokens the node holds (0 for a node not on the ring)."""
        return sum(1 for _, _, node in self._tokens if node == node_id)

    def with_tokens(self, node_id: str, numbers: range) -> Ring:
        """This ring plus the node's tokens of these numbers, which it does not hold yet."""
        joining = [
            (self._hash64(token_id), token_id, node_id) for token_id in token_ids(node_id, numbers)
        ]
        return Ring(self._hash64, tuple(sorted([*self._tokens, *joining])))

    def without_tokens(self, node_id: str, numbers: range) -> Ring:
        """This ring without the node's tokens of these numbers."""
        leaving = set(token_ids(node_id, numbers))
        kept = tuple(token for token in self._tokens if token[1] not in leaving)
        return Ring(self._hash64, kept)

    def without(self, node_id: str) -> Ring:
        """This ring with every token of the node taken off."""
        kept = tuple(token for token in self._tokens if token[2] != node_id)
        return Ring(self._hash64, kept)

    def start(self, key: str) -> int:
        """The index of the key's token: the first whose hash is at least the key's,
        wrapping past the end to 0. Only for a ring with tokens."""
        # bisect_left, not bisect_right: a key that hashes exactly onto a token
        # belongs to that token ("at least"), not to the one after it.
        index = bisect_left(self._hashes, float(self._hash64(key)))
        return index if index < len(self._hashes) else 0
