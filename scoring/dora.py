"""Dora (FORMATS.md section 2 ``dora``, ``ura``; the seed's 里宝牌·红宝牌 options): the
tile after each indicator, red fives, and ura dora under riichi.

The tile after an indicator wraps inside its group: 9 → 1 in a suit, North → East
among the winds, Red → White among the dragons. Dora add han but never make a yaku.
"""

from __future__ import annotations

from typing import NamedTuple

from scoring.hand import Hand
from scoring.rules import Rules
from scoring.sanma import NINE_MAN
from scoring.tiles import EAST, HAKU, KINDS, NORTH, RED, RED_FIVES, kind


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
# holds counts[DORA_OF_TILE[indicator]] dora per indicator. In sanma under
# ``Rules.sanma_1m_dora == "9m"`` a 1m indicator makes 9m dora (2m-8m are out of play).
DORA_OF_TILE = tuple(NEXT_KIND[kind(tile)] for tile in range(KINDS + 3))
SANMA_DORA_OF_TILE = (NINE_MAN, *DORA_OF_TILE[1:])


def dora_of_tiles(rules: Rules) -> tuple[int, ...]:
    """Return the kind each indicator tile makes dora under the rules.

    >>> dora_of_tiles(Rules.from_json("tenhou_sanma"))[0], dora_of_tiles(Rules())[0]
    (8, 1)
    """
    if rules.players == 3 and rules.sanma_1m_dora == "9m":
        return SANMA_DORA_OF_TILE
    return DORA_OF_TILE


class DoraCount(NamedTuple):
    """The dora a hand holds: from indicators, red fives (aka), ura indicators, and in
    sanma the north tiles set aside (nuki)."""

    dora: int = 0
    aka: int = 0
    ura: int = 0
    nuki: int = 0

    @property
    def han(self) -> int:
        """Return the han all the dora add."""
        return self.dora + self.aka + self.ura + self.nuki

    def to_json(self) -> dict[str, int]:
        """Return the counts as FORMATS.md section 2 writes them (``nuki`` in sanma)."""
        counts = {"dora": self.dora, "aka": self.aka, "ura": self.ura}
        return {**counts, "nuki": self.nuki} if self.nuki else counts


def hand_dora(
    hand: Hand,
    indicators: tuple[int, ...],
    ura: tuple[int, ...],
    *,
    riichi: bool,
    rules: Rules,
    nuki: int = 0,
) -> DoraCount:
    """Return the hand's dora: one per tile for each indicator, one per red five (under
    ``Rules.red_fives``), one per tile for each ura indicator under riichi, and in sanma
    one per north set aside (which counts as a north tile for the indicators too).

    >>> from scoring.tiles import parse_tiles
    >>> hand = Hand.parse("234m406p789s22z777z", "2z")
    >>> hand_dora(hand, parse_tiles("6z"), parse_tiles("1z"), riichi=False, rules=Rules())
    DoraCount(dora=3, aka=1, ura=0, nuki=0)
    """
    counts = hand.all_counts
    if nuki:
        counts = (*counts[:NORTH], counts[NORTH] + nuki, *counts[NORTH + 1 :])
    made_dora = dora_of_tiles(rules)
    dora = 0
    for tile in indicators:
        dora += counts[made_dora[tile]]
    aka = 0
    if rules.red_fives and hand.tile_bits & RED:
        for red in RED_FIVES:
            aka += hand.all_tiles.count(red)
    found_ura = 0
    if riichi:
        for tile in ura:
            found_ura += counts[made_dora[tile]]
    return DoraCount(dora, aka, found_ura, nuki)
