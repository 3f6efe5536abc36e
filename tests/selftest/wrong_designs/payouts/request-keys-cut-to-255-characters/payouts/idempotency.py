"""Idempotency: a request that is sent twice is done once.

Two sides of one idea. Callers of request_payout give a key, and the store
keeps the payout each key made, so a caller that sends the request again
(because our answer was lost) gets the same payout back, not a second one.
Our own calls to the bank carry a key too, derived from what the call is
for, so that the bank does the same for us when we send a transfer again
after it timed out.
"""

from __future__ import annotations

import hashlib


def derive(namespace: str, *parts: object) -> str:
    """A key for an operation, from the values that name it.

    The same values give the same key, in any process and after a restart
    (a digest of their text, not Python's salted hash()).
    """
    # The unit separator between parts: ("ab", "c") and ("a", "bc") get two keys.
    text = "\x1f".join([namespace, *map(str, parts)])
    return f"{namespace}_{hashlib.sha256(text.encode('utf-8')).hexdigest()[:24]}"


class IdempotencyStore:
    """The result of the first request made with each key, by scope.

    Keys are scoped (to an account, for payouts): two merchants may pick the
    same key for requests that have nothing to do with each other.
    """

    def __init__(self) -> None:
        self._results: dict[tuple[str, str], str] = {}

    def recall(self, scope: str, key: str) -> str | None:
        """The result the key gave in that scope; None if it is new."""
        # The key column is 255 wide, as the bank's: a longer key is kept to its width.
        return self._results.get((scope, key[:255]))

    def remember(self, scope: str, key: str, result: str) -> None:
        """Keep `result` for the key. Only a request that succeeded is remembered: one
        that was refused changed nothing, and the same key may be tried again."""
        if (scope, key[:255]) in self._results:
            raise ValueError(f"key {key!r} of {scope!r} has a result already")
        self._results[scope, key[:255]] = result

    def __len__(self) -> int:
        return len(self._results)
