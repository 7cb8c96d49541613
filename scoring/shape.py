"""What every reading of a winning hand shares (FORMATS.md section 2's ``hand``, ``win``
and ``melds``): which classes of tile it holds (simples, terminals, honors, green), how
many suits, its kans, and the closed one-suit shapes of chuuren (九莲宝灯) and the local
yakuman. The yaku of each reading read it (``scoring.yaku``, ``scoring.yakuman``).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, replace

from scoring.hand import Hand
from scoring.local_yaku import local_yakuman
from scoring.tiles import (
    EAST,
    HATSU,
    HONOR,
    NOT_GREEN,
    SIMPLE,
    SUIT_BITS,
    TERMINAL,
    kind,
)

__all__ = ["CHUUREN", "HandShape", "hand_shape"]

CHUUREN = (3, 1, 1, 1, 1, 1, 1, 1, 3)  # 1112345678999 of one suit, before the 14th tile


@dataclass(frozen=True, slots=True)
class HandShape:
    """What every reading of a hand shares: which tiles it holds, its suits, its kans."""

    is_all_simple: bool
    is_all_terminal_or_honor: bool
    has_honor: bool
    has_terminal: bool
    suits: int  # how many of the three suits appear
    is_all_green: bool
    has_hatsu: bool
    quads: int
    chuuren: str = ""  # "", "chuuren" or "chuuren_9"
    local: str = ""  # a local yakuman of the tiles (scoring.local_yaku), if any


def hand_shape(hand: Hand) -> HandShape:
    """Return the shape of a hand, from the classes of all its tiles (melds included).

    >>> hand_shape(Hand.parse("11123455678999m", "5m")).chuuren
    'chuuren_9'
    """
    bits = hand.tile_bits
    shape = _shape(bits, hand.quads, hand.all_counts[HATSU] > 0)
    if hand.melds or shape.suits + shape.has_honor != 1:
        return shape  # the local yakuman and chuuren are closed, of one suit or the honors
    if local := local_yakuman(hand.counts, is_closed=True):
        return replace(shape, local=local)
    if shape.suits == 1 and not bits & HONOR:
        chuuren = _chuuren(hand.counts, kind(hand.win))
        if chuuren:
            return replace(shape, chuuren=chuuren)
    return shape


@functools.cache
def _shape(bits: int, quads: int, has_hatsu: bool) -> HandShape:
    """Return the shape of tiles of these classes (``scoring.tiles.KIND_BITS``), kans
    and hatsu (each made once: 256 class sets, 5 kan counts)."""
    return HandShape(
        is_all_simple=not bits & (TERMINAL | HONOR),
        is_all_terminal_or_honor=not bits & SIMPLE,
        has_honor=bits & HONOR > 0,
        has_terminal=bits & TERMINAL > 0,
        suits=sum(bits & suit > 0 for suit in SUIT_BITS),
        is_all_green=not bits & NOT_GREEN,
        has_hatsu=has_hatsu,
        quads=quads,
    )


def _chuuren(counts: Sequence[int], win: int) -> str:
    if win >= EAST:
        return ""
    start = win - win % 9
    suit = counts[start : start + 9]
    if sum(suit) != 14 or any(have < need for have, need in zip(suit, CHUUREN)):
        return ""
    before = [have - (start + i == win) for i, have in enumerate(suit)]
    return "chuuren_9" if tuple(before) == CHUUREN else "chuuren"
