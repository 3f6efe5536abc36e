"""A correct design: idempotency without derived keys.

Request keys live in one dict per account; transfer keys are minted once, when a
payout is created, from a counter and a random prefix drawn once per service, and
kept on the payout record (scheduling/store.py), so every attempt sends the one
minted for it.
"""

from __future__ import annotations

import itertools
import secrets


def derive(namespace: str, *parts: object) -> str:
    """Kept for callers outside the service: a readable key from its parts."""
    return namespace + ":" + "|".join(map(str, parts))


class KeyMint:
    """Transfer keys: unique within one service's life."""

    def __init__(self) -> None:
        self._prefix = secrets.token_hex(4)
        self._count = itertools.count(1)

    def mint(self) -> str:
        return f"tr-{self._prefix}-{next(self._count)}"


class IdempotencyStore:
    def __init__(self) -> None:
        self._by_scope: dict[str, dict[str, str]] = {}

    def recall(self, scope: str, key: str) -> str | None:
        return self._by_scope.get(scope, {}).get(key)

    def remember(self, scope: str, key: str, result: str) -> None:
        keys = self._by_scope.setdefault(scope, {})
        if key in keys:
            raise ValueError(f"key {key!r} of {scope!r} has a result already")
        keys[key] = result

    def __len__(self) -> int:
        return sum(len(keys) for keys in self._by_scope.values())
