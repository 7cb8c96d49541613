"""Yaku of one reading of a winning hand: every standard yaku and yakuman, named as
FORMATS.md section 2 names them.

The han of each yaku are data (``YAKU``: closed han, open han, 0 when the yaku
needs a closed hand). Detection looks at the reading's sets and pair, at the hand's
tiles (``HandShape``, the same for every reading) and at how the hand won
(``Situation``, the hand JSON's flags). A yakuman drops every normal yaku.
Exclusions: pinfu needs a ryanmen reading and a pair worth no fu; ryanpeikou
replaces iipeikou; junchan replaces chanta (no honors) and both need a sequence
(all terminal and honor sets are honroutou); chinitsu replaces honitsu.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from scoring.fu import WinContext, is_pinfu_shape
from scoring.hand import REGULAR, Reading
from scoring.local_yaku import LOCAL_YAKUMAN
from scoring.rules import Rules
from scoring.sets import KOKUSHI
from scoring.shape import HandShape
from scoring.situation import ALL_FLAGS as ALL_FLAGS  # re-exported: imported from here
from scoring.situation import FLAGS as FLAGS
from scoring.situation import Situation as Situation
from scoring.tiles import (
    CHUN,
    EAST,
    HAKU,
    HATSU,
)
from scoring.yakuman import DRAGON_BITS, concealed_sets, yakuman_names


@dataclass(frozen=True, slots=True)
class Yaku:
    """A yaku's value: han when closed and when open (0: closed only).

    A yakuman's values are its multiple (2 for a double yakuman pattern).
    """

    name: str
    closed: int
    open: int = 0
    is_yakuman: bool = False


def _yakuman(name: str, multiple: int = 1, *, closed_only: bool = False) -> Yaku:
    return Yaku(name, multiple, 0 if closed_only else multiple, is_yakuman=True)


YAKU: dict[str, Yaku] = {
    yaku.name: yaku
    for yaku in (
        Yaku("riichi", 1),
        Yaku("double_riichi", 2),
        Yaku("open_riichi", 2),  # Rules.open_riichi: riichi with the hand shown
        Yaku("open_double_riichi", 3),
        Yaku("ippatsu", 1),
        Yaku("menzen_tsumo", 1),
        Yaku("pinfu", 1),
        Yaku("iipeikou", 1),
        Yaku("tanyao", 1, 1),  # open only with Rules.open_tanyao
        Yaku("yakuhai_haku", 1, 1),
        Yaku("yakuhai_hatsu", 1, 1),
        Yaku("yakuhai_chun", 1, 1),
        Yaku("yakuhai_seat_wind", 1, 1),
        Yaku("yakuhai_round_wind", 1, 1),
        Yaku("haitei", 1, 1),
        Yaku("houtei", 1, 1),
        Yaku("rinshan", 1, 1),
        Yaku("chankan", 1, 1),
        Yaku("chanta", 2, 1),
        Yaku("ittsu", 2, 1),
        Yaku("sanshoku", 2, 1),
        Yaku("sanshoku_doukou", 2, 2),
        Yaku("toitoi", 2, 2),
        Yaku("sanankou", 2, 2),
        Yaku("sankantsu", 2, 2),
        Yaku("chiitoitsu", 2),  # 1 han with Rules.chiitoitsu_50_fu
        Yaku("honroutou", 2, 2),
        Yaku("shousangen", 2, 2),
        Yaku("honitsu", 3, 2),
        Yaku("junchan", 3, 2),
        Yaku("ryanpeikou", 3),
        Yaku("chinitsu", 6, 5),
        Yaku("renhou", 5),  # renhou "mangan" (combines with nothing) or "cumulative"
        _yakuman("kokushi", closed_only=True),
        _yakuman("kokushi_13", 2, closed_only=True),
        _yakuman("suuankou", closed_only=True),
        _yakuman("suuankou_tanki", 2, closed_only=True),
        _yakuman("daisangen"),
        _yakuman("shousuushii"),
        _yakuman("daisuushii", 2),
        _yakuman("tsuuiisou"),
        _yakuman("ryuuiisou"),
        _yakuman("chinroutou"),
        _yakuman("chuuren", closed_only=True),
        _yakuman("chuuren_9", 2, closed_only=True),
        _yakuman("suukantsu"),
        _yakuman("tenhou", closed_only=True),
        _yakuman("chiihou", closed_only=True),
        _yakuman("renhou_yakuman", closed_only=True),
        # Rules.open_riichi "deal_in_yakuman": a ron on a player not in riichi
        _yakuman("open_riichi_yakuman", closed_only=True),
        *(_yakuman(name, closed_only=True) for name in LOCAL_YAKUMAN),  # Rules.local_yakuman
    )
}
YAKUMAN_HAN = 13
DRAGON_YAKU = {HAKU: "yakuhai_haku", HATSU: "yakuhai_hatsu", CHUN: "yakuhai_chun"}


@dataclass(frozen=True, slots=True)
class YakuHan:
    """One yaku the hand scores, with its han (a yakuman: 13 per multiple)."""

    name: str
    han: int


def yaku_han(name: str, *, is_closed: bool, rules: Rules) -> YakuHan:
    """Return a yaku's han on a closed or open hand under the rules.

    >>> yaku_han("chanta", is_closed=False, rules=Rules())
    YakuHan(name='chanta', han=1)
    >>> yaku_han("kokushi_13", is_closed=True, rules=Rules(double_yakuman=()))
    YakuHan(name='kokushi_13', han=13)
    """
    return han_table(is_closed, rules.double_yakuman, rules.chiitoitsu_50_fu)[name]


@functools.cache
def han_table(
    is_closed: bool, double_yakuman: tuple[str, ...], chiitoitsu_50_fu: bool
) -> dict[str, YakuHan]:
    """Return every yaku's ``YakuHan`` on a closed or an open hand under the two options
    that change a yaku's han (``Rules.double_yakuman``, ``Rules.chiitoitsu_50_fu``).

    >>> han_table(False, (), False)["chanta"], han_table(True, (), False)["chanta"]
    (YakuHan(name='chanta', han=1), YakuHan(name='chanta', han=2))
    """
    return {name: _yaku_han(name, is_closed, double_yakuman, chiitoitsu_50_fu) for name in YAKU}


def _yaku_han(
    name: str, is_closed: bool, double_yakuman: tuple[str, ...], chiitoitsu_50_fu: bool
) -> YakuHan:
    yaku = YAKU[name]
    if yaku.is_yakuman:
        multiple = 2 if name in double_yakuman else 1
        return YakuHan(name, YAKUMAN_HAN * multiple)
    if name == "chiitoitsu" and chiitoitsu_50_fu:
        return YakuHan(name, 1)
    return YakuHan(name, yaku.closed if is_closed else yaku.open)


def find_yaku(
    reading: Reading,
    shape: HandShape,
    situation: Situation,
    context: WinContext,
    rules: Rules,
) -> tuple[YakuHan, ...]:
    """Return the reading's yaku with their han; only the yakuman if it has any.

    The renhou of ``Rules.renhou == "mangan"`` is not among them: it replaces the
    whole hand's value instead (see ``scoring.score``).

    >>> from scoring.hand import Hand, readings
    >>> from scoring.shape import hand_shape
    >>> hand = Hand.parse("234567m456p789s22z", "2m")
    >>> (reading,) = readings(hand)
    >>> shape = hand_shape(hand)
    >>> [y.name for y in find_yaku(reading, shape, Situation(riichi=True), WinContext(), Rules())]
    ['riichi', 'pinfu']
    """
    yakuman = yakuman_names(reading, shape, situation, rules)
    if yakuman and rules.aotenjou:
        names = [*yakuman, *_aotenjou_others(yakuman, reading, shape, situation, context, rules)]
    else:
        names = yakuman or _yaku_names(reading, shape, situation, context, rules)
    table = han_table(reading.is_closed, rules.double_yakuman, rules.chiitoitsu_50_fu)
    found = []
    for name in names:
        found.append(table[name])
    return tuple(found)


# Under aotenjou a yakuman is 13 han beside the other yaku, but not beside the yaku every
# such hand holds (riichi.wiki "Aotenjou": suuankou scores no sanankou or toitoi); the
# lists are the mahjong library's (Aotenjou.aotenjou_filter_yaku).
AOTENJOU_IMPLIED = {
    "daisangen": ("yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "shousangen"),
    "tsuuiisou": ("toitoi", "honroutou", "chiitoitsu"),  # seven honor pairs: daichisei
    "daisuushii": ("toitoi",),
    "suuankou": ("toitoi", "sanankou"),
    "suuankou_tanki": ("toitoi", "sanankou"),
    "chinroutou": ("toitoi", "honroutou"),
    "suukantsu": ("toitoi", "sankantsu"),
    "chuuren": ("chinitsu",),
    "chuuren_9": ("chinitsu",),
    "ryuuiisou": ("honitsu",),
    **dict.fromkeys(
        ("daisharin", "daichikurin", "daisuurin"),
        ("chinitsu", "pinfu", "tanyao", "ryanpeikou", "chiitoitsu"),
    ),
    "daichisei": ("chiitoitsu", "honroutou"),
}


def _aotenjou_others(
    yakuman: list[str],
    reading: Reading,
    shape: HandShape,
    situation: Situation,
    context: WinContext,
    rules: Rules,
) -> list[str]:
    """Return the other yaku a yakuman reading scores under aotenjou (a kokushi has only
    those of its flags)."""
    if reading.form == KOKUSHI:
        return _flag_yaku(situation, reading.is_closed)
    implied = {name for each in yakuman for name in AOTENJOU_IMPLIED.get(each, ())}
    names = _yaku_names(reading, shape, situation, context, rules)
    return [name for name in names if name not in implied]


def _yaku_names(
    reading: Reading, shape: HandShape, situation: Situation, context: WinContext, rules: Rules
) -> list[str]:
    """Return the names of the reading's yaku but yakuman, in the order results list them."""
    names = _flag_yaku(situation, reading.is_closed)
    if situation.renhou and rules.renhou == "cumulative":
        names.append("renhou")
    if shape.is_all_simple and (reading.is_closed or rules.open_tanyao):
        names.append("tanyao")
    if reading.form == REGULAR:
        _add_sequence_yaku(names, reading, shape, context)
        _add_triplet_yaku(names, reading, shape, context, rules)
    else:
        names.append("chiitoitsu")
    if shape.is_all_terminal_or_honor:
        names.append("honroutou")
    if shape.suits == 1:
        names.append("honitsu" if shape.has_honor else "chinitsu")
    return names


def _flag_yaku(s: Situation, is_closed: bool) -> list[str]:
    """Return the names of the yaku the flags give a closed or an open hand (each flag's
    yaku has the flag's name, but menzen tsumo: a closed hand's tsumo)."""
    names = []
    if s.riichi:
        names.append("open_riichi" if s.open_riichi else "riichi")
    if s.double_riichi:
        names.append("open_double_riichi" if s.open_riichi else "double_riichi")
    if s.ippatsu:
        names.append("ippatsu")
    if s.tsumo and is_closed:
        names.append("menzen_tsumo")
    if s.haitei:
        names.append("haitei")
    if s.houtei:
        names.append("houtei")
    if s.rinshan:
        names.append("rinshan")
    if s.chankan:
        names.append("chankan")
    return names


# Bit masks over kinds (bit k: kind k), as a reading's ``runs`` and ``triplets``.
SUIT_NUMBERS = 0b111111111  # kinds 0-8: the nine numbers of the first suit
ITTSU = tuple(0b1001001 << start for start in (0, 9, 18))  # 123, 456, 789 of a suit


def _add_sequence_yaku(
    names: list[str], reading: Reading, shape: HandShape, context: WinContext
) -> None:
    """Add pinfu, the yakuhai, iipeikou or ryanpeikou, chanta or junchan, ittsu and
    sanshoku: the yaku of the pair and of the sequences, in that order."""
    if is_pinfu_shape(reading, context):
        names.append("pinfu")
    if reading.triplets >> EAST:  # an honor triplet: yakuhai
        _add_honor_yaku(names, reading.triplets, context)
    if reading.twins and reading.is_closed:
        names.append("ryanpeikou" if reading.twins == 2 else "iipeikou")
    if reading.outside and reading.run_count:
        names.append("chanta" if shape.has_honor else "junchan")
    if reading.run_count >= 3:  # ittsu and sanshoku are three sequences
        runs = reading.runs
        for ittsu in ITTSU:
            if runs & ittsu == ittsu:
                names.append("ittsu")
        if runs & runs >> 9 & runs >> 18 & SUIT_NUMBERS:  # one start in all three suits
            names.append("sanshoku")


def _add_triplet_yaku(
    names: list[str], reading: Reading, shape: HandShape, context: WinContext, rules: Rules
) -> None:
    """Add sanshoku doukou, toitoi, sanankou, sankantsu and shousangen: the yaku of the
    triplets and quads, in that order."""
    triplets = reading.triplets
    if triplets & triplets >> 9 & triplets >> 18 & SUIT_NUMBERS:  # one number in all three
        names.append("sanshoku_doukou")
    if not reading.run_count:
        names.append("toitoi")
    if concealed_sets(reading, tsumo=context.tsumo) == 3:
        names.append("sanankou")
    if shape.quads == 3 or (shape.quads == 4 and not rules.suukantsu):
        names.append("sankantsu")
    if (triplets & DRAGON_BITS).bit_count() == 2 and reading.pair >= HAKU:
        names.append("shousangen")


def _add_honor_yaku(names: list[str], triplets: int, context: WinContext) -> None:
    """Add the yakuhai of the honor triplets: dragons, then seat and round wind."""
    for tile, name in DRAGON_YAKU.items():
        if triplets >> tile & 1:
            names.append(name)
    if triplets >> context.seat_wind & 1:
        names.append("yakuhai_seat_wind")
    if triplets >> context.round_wind & 1:
        names.append("yakuhai_round_wind")
