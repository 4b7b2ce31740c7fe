"""A bounded look-up table filled on first use, for the per-hand look-ups of the scoring paths.

``functools.lru_cache`` costs a call per look-up (an argument tuple, the key made from it, the
recency list moved); these tables are read with one subscript, which costs no Python call when
the key is there. They never evict: past ``limit`` entries a new key is worked out and answered
but not kept, so memory stays bounded and every answer is the same as without the table.

A table may also know its whole likely domain (``domain``: a function giving every such key
with its answer). That is filled in at the first miss, so a hand that brings a key no earlier
hand had (an unseen hand) costs no more than a repeated one; ``limit`` then bounds the keys kept
beyond the domain.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any


class Table(dict):
    """``table[key]`` is ``build(key)``, kept after the first time (up to ``limit`` keys beyond
    the ``domain``, which is filled in at the first miss)."""

    __slots__ = ("build", "limit", "domain")

    def __init__(self, build: Callable[[Any], Any], limit: int,
                 domain: Callable[[], Mapping[Hashable, Any]] | None = None) -> None:
        super().__init__()
        self.build = build
        self.limit = limit
        self.domain = domain

    def __missing__(self, key: Hashable) -> Any:
        if self.domain is not None:
            domain, self.domain = self.domain, None
            self.update(domain())
            self.limit += len(self)
            if key in self:
                return dict.__getitem__(self, key)
        value = self.build(key)
        if len(self) < self.limit:
            self[key] = value
        return value
