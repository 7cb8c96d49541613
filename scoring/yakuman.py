"""Yakuman of one reading of a winning hand (FORMATS.md section 2 names): of the first
turn (tenhou, chiihou, renhou as a yakuman, open riichi's deal-in), of the tiles alone
(chuuren, tsuuiisou, ryuuiisou, chinroutou, a local yakuman the rules allow), of the
sets (suukantsu, suuankou, daisangen, daisuushii, shousuushii) and kokushi.
"""

from __future__ import annotations

from scoring.hand import REGULAR, Reading
from scoring.rules import Rules
from scoring.sets import KOKUSHI, KOKUSHI_13, SHANPON, TANKI
from scoring.shape import HandShape
from scoring.situation import Situation
from scoring.tiles import EAST, HAKU, NORTH

__all__ = ["concealed_sets", "is_open_riichi_deal_in", "yakuman_names"]

DRAGON_BITS, WIND_BITS = 0b111 << HAKU, 0b1111 << EAST  # of the kinds in Reading.triplets


def concealed_sets(reading: Reading, *, tsumo: bool) -> int:
    """Return how many triplets and quads of a regular reading count as concealed (for
    sanankou and suuankou): not called, and not a triplet a ron completed.

    >>> from scoring.hand import Hand, readings
    >>> (reading,) = readings(Hand.parse("123m789p11s555z666z", "5z"))
    >>> concealed_sets(reading, tsumo=False), concealed_sets(reading, tsumo=True)
    (1, 2)
    """
    return reading.concealed - (reading.wait == SHANPON and not tsumo)


def yakuman_names(reading: Reading, shape: HandShape, s: Situation, rules: Rules) -> list[str]:
    """Return the names of the reading's yakuman, in the order results list them."""
    names: list[str] = []
    if s.tenhou or s.chiihou or s.renhou or s.open_riichi:
        _add_first_turn_yakuman(names, s, rules)
    if shape.local and shape.local in rules.local_yakuman:
        names.append(shape.local)
    if reading.form == KOKUSHI:
        names.append("kokushi_13" if reading.wait == KOKUSHI_13 else "kokushi")
        return names
    _add_tile_yakuman(names, shape, rules)
    if reading.form == REGULAR and reading.run_count < 2:
        _add_set_yakuman(names, reading, shape, s, rules)
    return names


def _add_first_turn_yakuman(names: list[str], s: Situation, rules: Rules) -> None:
    if s.tenhou or s.chiihou:
        names.append("tenhou" if s.tenhou else "chiihou")
    if s.renhou and rules.renhou == "yakuman":
        names.append("renhou_yakuman")
    if is_open_riichi_deal_in(s, rules):
        names.append("open_riichi_yakuman")


def is_open_riichi_deal_in(s: Situation, rules: Rules) -> bool:
    """Return whether a player not in riichi dealt into an open riichi where that pays a
    yakuman (riichi.wiki "Open riichi"; a riichi player's deal-in, forced, does not).

    >>> is_open_riichi_deal_in(Situation(riichi=True, open_riichi=True),
    ...                        Rules(open_riichi="deal_in_yakuman"))
    True
    """
    open_ron = s.open_riichi and not s.tsumo and not s.discarder_riichi
    return open_ron and rules.open_riichi == "deal_in_yakuman"


def _add_tile_yakuman(names: list[str], shape: HandShape, rules: Rules) -> None:
    """Add chuuren, tsuuiisou, ryuuiisou and chinroutou: yakuman of the tiles alone."""
    if shape.chuuren:
        names.append(shape.chuuren)
    if shape.suits == 0:
        names.append("tsuuiisou")
    if shape.is_all_green and (shape.has_hatsu or rules.ryuuiisou_without_hatsu):
        names.append("ryuuiisou")
    if shape.is_all_terminal_or_honor and not shape.has_honor:
        names.append("chinroutou")


def _add_set_yakuman(
    names: list[str], reading: Reading, shape: HandShape, s: Situation, rules: Rules
) -> None:
    """Add suukantsu, suuankou, daisangen, daisuushii or shousuushii: yakuman of the
    triplets and quads."""
    if shape.quads == 4 and rules.suukantsu:
        names.append("suukantsu")
    if concealed_sets(reading, tsumo=s.tsumo) == 4:
        names.append("suuankou_tanki" if reading.wait == TANKI else "suuankou")
    if reading.triplets & DRAGON_BITS == DRAGON_BITS:
        names.append("daisangen")
    winds = (reading.triplets & WIND_BITS).bit_count()
    if winds == 4:
        names.append("daisuushii")
    elif winds == 3 and EAST <= reading.pair <= NORTH:
        names.append("shousuushii")
