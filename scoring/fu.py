"""Fu of a reading, itemised, exactly as the seed's 符數的計算 counts them.

Items 1-4 add up (base 20, closed ron +10, sets, pair, wait, tsumo 2) and round up
to 10; the special cases of item 5 replace them: chiitoitsu 25, pinfu tsumo 20,
an open pinfu-shaped ron 30 (20 under ``Rules.open_pinfu_fu == 20``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from scoring.errors import BadHandError, shown
from scoring.hand import CHIITOITSU, REGULAR, Hand, Reading, readings
from scoring.rules import Rules
from scoring.sets import KANCHAN, PENCHAN, QUAD, RYANMEN, SEQUENCE, SHANPON, TANKI
from scoring.tiles import DRAGONS, EAST, WINDS, is_honor, is_terminal_or_honor

WIND_LETTERS = "ESWN"


@dataclass(frozen=True, slots=True)
class WinContext:
    """How the hand won, as far as fu care: tsumo or ron, the winds, a rinshan win."""

    tsumo: bool = False
    seat_wind: int = EAST  # a wind tile kind, 27 East .. 30 North
    round_wind: int = EAST
    rinshan: bool = False
    haitei: bool = False

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> WinContext:
        """Return the context of a FORMATS.md section 2 hand object.

        >>> WinContext.from_json({"tsumo": True, "seat_wind": "S"}).seat_wind
        28
        """
        return cls(
            tsumo=_flag(data, "tsumo"),
            seat_wind=read_wind(data, "seat_wind"),
            round_wind=read_wind(data, "round_wind"),
            rinshan=_flag(data, "rinshan"),
            haitei=_flag(data, "haitei"),
        )


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise BadHandError(f"{key} must be true or false, not {shown(value)}")
    return value


def read_wind(data: Mapping[str, Any], key: str) -> int:
    """Return the wind tile kind a hand object names under ``key`` (E by default)."""
    value = data.get(key, "E")
    if not isinstance(value, str) or value not in WIND_OF_LETTER:
        raise BadHandError(f"{key} must be one of E, S, W, N, not {shown(value)}")
    return WIND_OF_LETTER[value]


WIND_OF_LETTER = dict(zip(WIND_LETTERS, WINDS, strict=True))


@dataclass(frozen=True, slots=True)
class FuItem:
    """One named line of a fu breakdown."""

    name: str
    fu: int


class Fu(NamedTuple):
    """A hand's fu, rounded (chiitoitsu stays 25), and the items that add up to it unrounded."""

    total: int
    items: tuple[FuItem, ...]

    @property
    def unrounded(self) -> int:
        """Return the sum of the items."""
        return sum(item.fu for item in self.items)

    def to_json(self) -> dict[str, Any]:
        """Return the fu and items as FORMATS.md section 2 writes them."""
        return {
            "fu": self.total,
            "fu_items": [{"name": item.name, "fu": item.fu} for item in self.items],
        }


BASE = FuItem("base", 20)  # item 1
CLOSED_RON = FuItem("closed_ron", 10)  # item 1: a closed ron counts 30
TSUMO = FuItem("tsumo", 2)  # item 4
PINFU_TSUMO = FuItem("pinfu_tsumo", 0)  # item 5.2: 20 fu, no tsumo fu
OPEN_PINFU_RON = FuItem("open_pinfu_ron", 10)  # item 5.3: counted as 30
WAIT_ITEMS = {wait: FuItem(wait, 2) for wait in (KANCHAN, PENCHAN, TANKI)}  # item 3; others 0
PAIR_DRAGON = FuItem("pair_dragon", 2)
PAIR_SEAT_WIND = FuItem("pair_seat_wind", 2)
PAIR_ROUND_WIND = FuItem("pair_round_wind", 2)
SET_FU = {  # (quad, open, terminal or honor) -> fu: item 2's table
    (False, True, False): 2,
    (False, True, True): 4,
    (False, False, False): 4,
    (False, False, True): 8,
    (True, True, False): 8,
    (True, True, True): 16,
    (True, False, False): 16,
    (True, False, True): 32,
}
CHIITOITSU_25 = Fu(25, (FuItem(CHIITOITSU, 25),))  # item 5.1
CHIITOITSU_50 = Fu(50, (FuItem(CHIITOITSU, 50),))  # under Rules.chiitoitsu_50_fu
PINFU_TSUMO_FU = Fu(20, (BASE, PINFU_TSUMO))


def _set_item(is_quad: bool, is_open: bool, tile: int) -> FuItem:
    grade = "honor" if is_honor(tile) else "terminal" if is_terminal_or_honor(tile) else "simple"
    name = f"{'open' if is_open else 'closed'}_{'kan' if is_quad else 'pon'}_{grade}"
    return FuItem(name, SET_FU[is_quad, is_open, is_terminal_or_honor(tile)])


# The fu item of every triplet and quad, open or closed, of every kind.
SET_ITEMS = {
    (is_quad, is_open, tile): _set_item(is_quad, is_open, tile)
    for is_quad in (False, True)
    for is_open in (False, True)
    for tile in range(34)
}


def pair_fu(pair: int, context: WinContext, rules: Rules) -> FuItem | None:
    """Return the fu item of a pair: dragon 2, seat or round wind 2, both ``double_wind_fu``.

    >>> pair_fu(27, WinContext(), Rules(double_wind_fu=2))
    FuItem(name='pair_double_wind', fu=2)
    """
    if pair < EAST:
        return None
    if pair in DRAGONS:
        return PAIR_DRAGON
    seat, round_ = pair == context.seat_wind, pair == context.round_wind
    if seat and round_:
        return FuItem("pair_double_wind", rules.double_wind_fu)
    return PAIR_SEAT_WIND if seat else PAIR_ROUND_WIND if round_ else None


def is_pinfu_shape(reading: Reading, context: WinContext) -> bool:
    """Return whether the reading has pinfu's shape: closed, four sequences, a pair
    worth no fu and a ryanmen wait (the yaku itself is decided with the other yaku).

    >>> from scoring.hand import Hand, readings
    >>> [is_pinfu_shape(r, WinContext()) for r in readings(Hand.parse("234567m456p789s22z", "2m"))]
    [True]
    """
    return (
        reading.is_closed
        and reading.form == REGULAR
        and reading.wait == RYANMEN
        and reading.run_count == 4
        and reading.pair not in DRAGONS
        and reading.pair not in (context.seat_wind, context.round_wind)
    )


def fu(reading: Reading, context: WinContext, rules: Rules) -> Fu:
    """Return the reading's fu and its items.

    >>> from scoring.hand import Hand, readings
    >>> (reading,) = readings(Hand.parse("234m456p789s22z777z", "3m"))
    >>> fu(reading, WinContext(tsumo=True), Rules()).total
    40
    """
    if reading.form == CHIITOITSU:
        return CHIITOITSU_50 if rules.chiitoitsu_50_fu else CHIITOITSU_25
    tsumo = context.tsumo
    if tsumo and is_pinfu_shape(reading, context) and not rules.pinfu_tsumo_fu:
        return PINFU_TSUMO_FU
    items = [BASE, CLOSED_RON] if reading.is_closed and not tsumo else [BASE]
    _add_set_items(items, reading, tsumo)
    if reading.form == REGULAR and (pair := pair_fu(reading.pair, context, rules)):
        items.append(pair)
    if reading.wait in WAIT_ITEMS:
        items.append(WAIT_ITEMS[reading.wait])
    if tsumo and _counts_tsumo_fu(context, rules):
        items.append(TSUMO)
    unrounded = 0
    for item in items:
        unrounded += item.fu
    if unrounded == 20 and not tsumo and rules.open_pinfu_fu == 30:  # else it stays 20
        items.append(OPEN_PINFU_RON)
        unrounded = 30
    return Fu(-(-unrounded // 10) * 10, tuple(items))  # rounded up to 10


def _counts_tsumo_fu(context: WinContext, rules: Rules) -> bool:
    """Return whether a tsumo counts its 2 fu: some rules leave them out of a rinshan or a
    haitei win (the seed's item 4 and issue 20)."""
    if context.rinshan and not rules.rinshan_tsumo_fu:
        return False
    return rules.haitei_tsumo_fu or not context.haitei


def _add_set_items(items: list[FuItem], reading: Reading, tsumo: bool) -> None:
    """Add the fu item of each triplet and quad, in their order; a ron opens the triplet
    it completes (only a shanpon wait completes one)."""
    opened = reading.win_set if reading.wait == SHANPON and not tsumo else None
    for index, each in enumerate(reading.sets):
        if each.kind != SEQUENCE:
            items.append(SET_ITEMS[each.kind == QUAD, each.is_open or index == opened, each.tile])


def fu_of_readings(hand: Hand, context: WinContext, rules: Rules) -> tuple[tuple[Reading, Fu], ...]:
    """Return every reading of the hand with its fu."""
    return tuple((reading, fu(reading, context, rules)) for reading in readings(hand))
