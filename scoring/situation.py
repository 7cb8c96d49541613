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
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
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

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, is_dealer: bool) -> Situation:
        """Return the flags of a hand object (missing flags are false).

        >>> Situation.from_json({"riichi": True}, is_dealer=False).riichi
        True
        """
        flags = []
        for name in ALL_FLAGS:
            value = data.get(name, False)
            if type(value) is not bool:
                raise BadHandError(f"{name} must be true or false, not {shown(value)}")
            flags.append(value)
        robbed = data.get("robbed_kan", "kakan")
        if robbed not in ROBBED_KANS:
            raise BadHandError(f"robbed_kan must be kakan or ankan, not {shown(robbed)}")
        return _situation(tuple(flags), is_dealer, robbed)

    @property
    def has_riichi(self) -> bool:
        """Return whether the winner declared riichi or double riichi."""
        return self.riichi or self.double_riichi


@functools.cache
def _situation(flags: tuple[bool, ...], is_dealer: bool, robbed_kan: str) -> Situation:
    """Return the situation of checked flags (a batch's hands share a few sets of flags,
    so each is made once; the flags are real bools, so 1 is never taken for True)."""
    return Situation(**dict(zip(ALL_FLAGS, flags)), is_dealer=is_dealer, robbed_kan=robbed_kan)


def check_situation(
    situation: Situation, *, is_closed: bool, has_melds: bool, has_kan: bool
) -> None:
    """Raise ``BadFlagsError`` if the flags cannot happen together or on this hand.

    >>> check_situation(Situation(ippatsu=True), is_closed=True, has_melds=False, has_kan=False)
    Traceback (most recent call last):
    ...
    scoring.errors.BadFlagsError: ippatsu needs riichi or double_riichi
    """
    for message in _conflicts(situation, is_closed, has_melds, has_kan):
        raise BadFlagsError(message)


def _conflicts(s: Situation, is_closed: bool, has_melds: bool, has_kan: bool) -> Iterator[str]:
    if s.riichi and s.double_riichi:
        yield "riichi and double_riichi are exclusive"
    if s.has_riichi and not is_closed:
        yield "riichi needs a closed hand (no chi, pon or open kan)"
    if s.open_riichi and not s.has_riichi:
        yield "open_riichi needs riichi or double_riichi"
    if s.discarder_riichi and s.tsumo:
        yield "discarder_riichi belongs to a ron"
    if s.ippatsu:
        yield from _ippatsu_conflicts(s)
    if s.haitei or s.houtei or s.rinshan or s.chankan:
        yield from _last_tile_conflicts(s, has_kan)
    if s.tenhou or s.chiihou or s.renhou:
        yield from _first_turn_conflicts(s, has_melds)
    if s.robbed_kan == "ankan" and not s.chankan:
        yield "robbed_kan needs chankan"


def _ippatsu_conflicts(s: Situation) -> Iterator[str]:
    if not s.has_riichi:
        yield "ippatsu needs riichi or double_riichi"
    if s.rinshan:
        yield "ippatsu ends with the winner's own kan, so no rinshan"


def _last_tile_conflicts(s: Situation, has_kan: bool) -> Iterator[str]:
    if s.haitei and not s.tsumo:
        yield "haitei is a tsumo on the last tile; use houtei for ron"
    if s.houtei and s.tsumo:
        yield "houtei is a ron on the last discard; use haitei for tsumo"
    if s.rinshan and not s.tsumo:
        yield "rinshan is a tsumo on a kan's replacement tile"
    if s.rinshan and not has_kan:
        yield "rinshan needs a kan among the melds"
    if s.rinshan and s.haitei:
        yield "a win on the replacement tile of the last draw is rinshan, not haitei"
    if s.chankan and s.tsumo:
        yield "chankan is a ron on a tile added to a kan"
    if s.chankan and s.houtei:
        yield "chankan and houtei are exclusive (no kan on the last tile)"


def _first_turn_conflicts(s: Situation, has_melds: bool) -> Iterator[str]:
    first = [name for name in FIRST_TURN_WINS if getattr(s, name)]
    if len(first) > 1:
        yield "tenhou, chiihou and renhou are exclusive"
    if s.tenhou and (not s.is_dealer or not s.tsumo):
        yield "tenhou is the dealer's tsumo on the first draw"
    if s.chiihou and (s.is_dealer or not s.tsumo):
        yield "chiihou is a non-dealer's tsumo on the first draw"
    if s.renhou and (s.is_dealer or s.tsumo):
        yield "renhou is a non-dealer's ron before the first draw"
    if has_melds:
        yield f"{first[0]} needs a hand with no melds"
    if s.has_riichi or s.ippatsu or s.rinshan or s.chankan or s.haitei or s.houtei:
        yield f"{first[0]} excludes riichi, ippatsu, rinshan, chankan, haitei and houtei"
