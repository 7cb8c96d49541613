"""How a hand won beyond its tiles: the flags of a FORMATS.md section 2 hand object
(``tsumo``, ``riichi``, ``double_riichi``, ``ippatsu``, ``rinshan``, ``chankan``,
``haitei``, ``houtei``, ``tenhou``, ``chiihou``, ``renhou``, ``open_riichi``,
``discarder_riichi``, ``robbed_kan``), and the
flags that cannot happen together or on a given hand: the seed's 海底 page (haitei is
the tsumo of the last tile, houtei the ron of the last discard, no kan on the last
tile) and its rules of riichi (a closed hand), rinshan (a kan's replacement tile) and
the first turn (天和, 地和, 人和).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.errors import BadFlagsError, BadHandError, shown

FLAGS = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
    "open_riichi",  # the riichi (or double riichi) was declared with the hand shown
    "discarder_riichi",  # on a ron: the discarder had declared riichi (open riichi's yakuman)
)
ALL_FLAGS = ("tsumo", *FLAGS)
FLAG_NAMES = frozenset(ALL_FLAGS)
FIRST_TURN_WINS = ("tenhou", "chiihou", "renhou")
ROBBED_KANS = ("kakan", "ankan")


@dataclass(frozen=True, slots=True)
class Situation:
    """How the hand won beyond its tiles: the hand JSON's flags (FORMATS.md section 2).

    ``robbed_kan`` says which kan a chankan robbed: ``kakan`` (an added kan), or
    ``ankan`` (a closed kan, which only kokushi may rob, by rule).
    """

    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    open_riichi: bool = False
    discarder_riichi: bool = False
    is_dealer: bool = True
    robbed_kan: str = "kakan"
    has_riichi: bool = field(init=False, repr=False, compare=False)  # riichi or double riichi

    def __post_init__(self) -> None:
        object.__setattr__(self, "has_riichi", self.riichi or self.double_riichi)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, is_dealer: bool) -> Situation:
        """Return the flags of a hand object (missing flags are false).

        >>> Situation.from_json({"riichi": True}, is_dealer=False).riichi
        True
        """
        raised = []  # the flags given as true
        for name in FLAG_NAMES.intersection(data):  # the flags the object gives
            value = data[name]
            if type(value) is not bool:
                _raise_not_a_flag(data)
            if value:
                raised.append(name)
        robbed = data.get("robbed_kan", "kakan")
        if robbed not in ROBBED_KANS:
            raise BadHandError(f"robbed_kan must be kakan or ankan, not {shown(robbed)}")
        return _situation(frozenset(raised), is_dealer, robbed)


@functools.cache
def _situation(raised: frozenset[str], is_dealer: bool, robbed_kan: str) -> Situation:
    """Return the situation of the flags given as true (a batch's hands share a few sets
    of flags, so each is made once)."""
    return Situation(**dict.fromkeys(raised, True), is_dealer=is_dealer, robbed_kan=robbed_kan)


def _raise_not_a_flag(data: Mapping[str, Any]) -> None:
    """Raise naming the first flag, in the order of ``ALL_FLAGS``, that is not true or
    false (1 is not true here)."""
    for name in ALL_FLAGS:
        value = data.get(name, False)
        if type(value) is not bool:
            raise BadHandError(f"{name} must be true or false, not {shown(value)}")


def check_situation(
    situation: Situation, *, is_closed: bool, has_melds: bool, has_kan: bool
) -> None:
    """Raise ``BadFlagsError`` if the flags cannot happen together or on this hand.

    >>> check_situation(Situation(ippatsu=True), is_closed=True, has_melds=False, has_kan=False)
    Traceback (most recent call last):
    ...
    scoring.errors.BadFlagsError: ippatsu needs riichi or double_riichi
    """
    message = _conflict(situation, is_closed, has_melds, has_kan)
    if message:
        raise BadFlagsError(message)


def _conflict(s: Situation, is_closed: bool, has_melds: bool, has_kan: bool) -> str:
    """Return the first conflict of the flags, with each other or with the hand ("" if
    none)."""
    if s.riichi and s.double_riichi:
        return "riichi and double_riichi are exclusive"
    if s.has_riichi and not is_closed:
        return "riichi needs a closed hand (no chi, pon or open kan)"
    if s.open_riichi and not s.has_riichi:
        return "open_riichi needs riichi or double_riichi"
    if s.discarder_riichi and s.tsumo:
        return "discarder_riichi belongs to a ron"
    if s.ippatsu and (message := _ippatsu_conflict(s)):
        return message
    if (s.haitei or s.houtei or s.rinshan or s.chankan) and (
        message := _last_tile_conflict(s, has_kan)
    ):
        return message
    if (s.tenhou or s.chiihou or s.renhou) and (message := _first_turn_conflict(s, has_melds)):
        return message
    if s.robbed_kan == "ankan" and not s.chankan:
        return "robbed_kan needs chankan"
    return ""


def _ippatsu_conflict(s: Situation) -> str:
    if not s.has_riichi:
        return "ippatsu needs riichi or double_riichi"
    if s.rinshan:
        return "ippatsu ends with the winner's own kan, so no rinshan"
    return ""


def _last_tile_conflict(s: Situation, has_kan: bool) -> str:
    if s.haitei and not s.tsumo:
        return "haitei is a tsumo on the last tile; use houtei for ron"
    if s.houtei and s.tsumo:
        return "houtei is a ron on the last discard; use haitei for tsumo"
    if s.rinshan and not s.tsumo:
        return "rinshan is a tsumo on a kan's replacement tile"
    if s.rinshan and not has_kan:
        return "rinshan needs a kan among the melds"
    if s.rinshan and s.haitei:
        return "a win on the replacement tile of the last draw is rinshan, not haitei"
    if s.chankan and s.tsumo:
        return "chankan is a ron on a tile added to a kan"
    if s.chankan and s.houtei:
        return "chankan and houtei are exclusive (no kan on the last tile)"
    return ""


def _first_turn_conflict(s: Situation, has_melds: bool) -> str:
    first = [name for name in FIRST_TURN_WINS if getattr(s, name)]
    if len(first) > 1:
        return "tenhou, chiihou and renhou are exclusive"
    if s.tenhou and (not s.is_dealer or not s.tsumo):
        return "tenhou is the dealer's tsumo on the first draw"
    if s.chiihou and (s.is_dealer or not s.tsumo):
        return "chiihou is a non-dealer's tsumo on the first draw"
    if s.renhou and (s.is_dealer or s.tsumo):
        return "renhou is a non-dealer's ron before the first draw"
    if has_melds:
        return f"{first[0]} needs a hand with no melds"
    if s.has_riichi or s.ippatsu or s.rinshan or s.chankan or s.haitei or s.houtei:
        return f"{first[0]} excludes riichi, ippatsu, rinshan, chankan, haitei and houtei"
    return ""
