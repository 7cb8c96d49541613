"""Dora: the tile after each indicator, red fives, and ura dora under riichi.

The tile after an indicator wraps inside its group: 9 → 1 in a suit, North → East
among the winds, Red → White among the dragons. Dora add han but never make a yaku.
"""

from __future__ import annotations

from typing import NamedTuple

from scoring.tiles import EAST, HAKU, KINDS, NORTH, kind


def _next_kind(indicator: int) -> int:
    if indicator < EAST:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator <= NORTH:
        return EAST if indicator == NORTH else indicator + 1
    return HAKU if indicator == KINDS - 1 else indicator + 1


NEXT_KIND = tuple(_next_kind(k) for k in range(KINDS))


def dora_kind(indicator: int) -> int:
    """Return the kind an indicator tile makes dora (wrapping 9→1, N→E, Chun→Haku).

    >>> from scoring.tiles import parse_tile
    >>> [dora_kind(parse_tile(t)) for t in ("9m", "0p", "4z", "7z")] == [0, 14, 27, 31]
    True
    """
    return NEXT_KIND[kind(indicator)]


# The kind each tile code makes dora when it is an indicator (red fives too); a hand
# holds counts[DORA_OF_TILE[indicator]] dora per indicator (scoring.score._dora).
DORA_OF_TILE = tuple(NEXT_KIND[kind(tile)] for tile in range(KINDS + 3))


class DoraCount(NamedTuple):
    """The dora a hand holds: from indicators, red fives (aka), and ura indicators."""

    dora: int = 0
    aka: int = 0
    ura: int = 0

    @property
    def han(self) -> int:
        """Return the han all the dora add."""
        return self.dora + self.aka + self.ura

    def to_json(self) -> dict[str, int]:
        """Return the counts as FORMATS.md section 2 writes them."""
        return {"dora": self.dora, "aka": self.aka, "ura": self.ura}


# Speed: a hand holds few dora, so each count is made once and shared (they are
# immutable). Keys are three small counts; the dict is cleared if it ever grows.
# scoring.score looks its counts up here before calling dora_count.
SHARED_COUNTS: dict[tuple[int, int, int], DoraCount] = {}


def dora_count(dora: int, aka: int, ura: int) -> DoraCount:
    """Return the shared ``DoraCount`` of the three counts.

    >>> dora_count(1, 0, 2) is dora_count(1, 0, 2)
    True
    """
    key = (dora, aka, ura)
    found = SHARED_COUNTS.get(key)
    if found is None:
        if len(SHARED_COUNTS) > 1024:
            SHARED_COUNTS.clear()
        found = SHARED_COUNTS[key] = DoraCount(dora, aka, ura)
    return found
