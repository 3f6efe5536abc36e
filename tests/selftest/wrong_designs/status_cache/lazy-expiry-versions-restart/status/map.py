"""Linear probing with backward-shift deletion: no tombstones at all."""

_FREE = None


class HashMap:
    def __init__(self):
        self._cap = 16
        self._hashes = [0] * self._cap
        self._keys = [_FREE] * self._cap
        self._vals = [None] * self._cap
        self._used = [False] * self._cap
        self._n = 0

    def __len__(self):
        return self._n

    def _slot(self, key):
        h = hash(key)
        mask = self._cap - 1
        i = h & mask
        used, hashes, keys = self._used, self._hashes, self._keys
        while used[i]:
            if hashes[i] == h:
                k = keys[i]
                if k is key or k == key:
                    return i, h
            i = (i + 1) & mask
        return -1 - i, h  # free slot, encoded negative

    def __contains__(self, key):
        return self._slot(key)[0] >= 0

    def __getitem__(self, key):
        i, _ = self._slot(key)
        if i < 0:
            raise KeyError(key)
        return self._vals[i]

    def get(self, key, default=None):
        i, _ = self._slot(key)
        return default if i < 0 else self._vals[i]

    def __setitem__(self, key, value):
        i, h = self._slot(key)
        if i >= 0:
            self._vals[i] = value
            return
        i = -1 - i
        self._used[i] = True
        self._hashes[i] = h
        self._keys[i] = key
        self._vals[i] = value
        self._n += 1
        if 4 * self._n > 3 * self._cap // 1 - self._cap // 4:  # keep load under ~0.5-0.6
            self._grow()

    def __delitem__(self, key):
        i, _ = self._slot(key)
        if i < 0:
            raise KeyError(key)
        mask = self._cap - 1
        used, hashes, keys, vals = self._used, self._hashes, self._keys, self._vals
        # backward shift: pull later run members into the hole when their home allows
        j = i
        while True:
            j = (j + 1) & mask
            if not used[j]:
                break
            home = hashes[j] & mask
            # entry at j may move to hole i iff home is not cyclically in (i, j]
            if (j > i and (home <= i or home > j)) or (j < i and (home <= i and home > j)):
                hashes[i], keys[i], vals[i] = hashes[j], keys[j], vals[j]
                i = j
        used[i] = False
        keys[i] = _FREE
        vals[i] = None
        self._n -= 1

    def _grow(self):
        old = [
            (self._hashes[i], self._keys[i], self._vals[i])
            for i in range(self._cap)
            if self._used[i]
        ]
        self._cap *= 2
        self._hashes = [0] * self._cap
        self._keys = [_FREE] * self._cap
        self._vals = [None] * self._cap
        self._used = [False] * self._cap
        mask = self._cap - 1
        for h, k, v in old:
            i = h & mask
            while self._used[i]:
                i = (i + 1) & mask
            self._used[i] = True
            self._hashes[i], self._keys[i], self._vals[i] = h, k, v

    def __iter__(self):
        for i in range(self._cap):
            if self._used[i]:
                yield self._keys[i]

    def items(self):
        for i in range(self._cap):
            if self._used[i]:
                yield self._keys[i], self._vals[i]
