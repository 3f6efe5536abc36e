"""Open addressing with triangular probing (power-of-two tables), tombstones."""

_EMPTY = None  # an empty slot holds no key
_DEAD = object()


class HashMap:
    def __init__(self):
        self._n = 8
        self._h = [0] * 8
        self._k = [_EMPTY] * 8
        self._v = [None] * 8
        self._size = 0
        self._fill = 0  # live + dead

    def _lookup(self, key, h):
        """(index of key or -1, first reusable index)"""
        mask = self._n - 1
        i = h & mask
        step = 0
        free = -1
        ks = self._k
        while True:
            k = ks[i]
            if k is _EMPTY:
                return -1, (free if free >= 0 else i)
            if k is _DEAD:
                if free < 0:
                    free = i
            elif self._h[i] == h and (k is key or k == key):
                return i, free
            step += 1
            i = (i + step) & mask

    def __len__(self):
        return self._size

    def __contains__(self, key):
        return self._lookup(key, hash(key))[0] >= 0

    def __getitem__(self, key):
        i = self._lookup(key, hash(key))[0]
        if i < 0:
            raise KeyError(key)
        return self._v[i]

    def get(self, key, default=None):
        i = self._lookup(key, hash(key))[0]
        return default if i < 0 else self._v[i]

    def __setitem__(self, key, value):
        h = hash(key)
        i, free = self._lookup(key, h)
        if i >= 0:
            self._v[i] = value
            return
        if self._k[free] is _EMPTY:
            self._fill += 1
        self._h[free], self._k[free], self._v[free] = h, key, value
        self._size += 1
        if self._fill * 4 >= self._n * 3:
            self._resize()

    def __delitem__(self, key):
        i = self._lookup(key, hash(key))[0]
        if i < 0:
            raise KeyError(key)
        self._k[i] = _DEAD
        self._v[i] = None
        self._size -= 1

    def _resize(self):
        old = [
            (self._h[i], self._k[i], self._v[i])
            for i in range(self._n)
            if self._k[i] is not _EMPTY and self._k[i] is not _DEAD
        ]
        n = 8
        while n * 3 <= len(old) * 8:  # at most 3/8 full after
            n *= 2
        self._n = n
        self._h, self._k, self._v = [0] * n, [_EMPTY] * n, [None] * n
        self._size = self._fill = 0
        for h, k, v in old:
            _, free = self._lookup(k, h)
            self._h[free], self._k[free], self._v[free] = h, k, v
            self._size += 1
            self._fill += 1

    def __iter__(self):
        for k in list(self._k):
            if k is not _EMPTY and k is not _DEAD:
                yield k

    def items(self):
        return [
            (k, self._v[i]) for i, k in enumerate(self._k) if k is not _EMPTY and k is not _DEAD
        ]
