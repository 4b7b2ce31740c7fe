"""A bounded look-up table filled on first use, for the per-hand look-ups of the Riichi path.

``functools.lru_cache`` costs a call per look-up (an argument tuple, the key made from it, the
recency list moved); these tables are read with one subscript, which costs no Python call when
the key is there. They never evict: past ``limit`` entries a new key is worked out and answered
but not kept, so memory stays bounded and every answer is the same as without the table.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any


class Table(dict):
    """``table[key]`` is ``build(key)``, kept after the first time (up to ``limit`` keys)."""

    __slots__ = ("build", "limit")

    def __init__(self, build: Callable[[Any], Any], limit: int) -> None:
        super().__init__()
        self.build = build
        self.limit = limit

    def __missing__(self, key: Hashable) -> Any:
        value = self.build(key)
        if len(self) < self.limit:
            self[key] = value
        return value
