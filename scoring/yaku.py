"""Yaku of one reading of a winning hand: every standard yaku and yakuman.

The han of each yaku are data (``YAKU``: closed han, open han, 0 when the yaku
needs a closed hand). Detection looks at the reading's sets and pair, at the hand's
tiles (``HandShape``, the same for every reading) and at how the hand won
(``Situation``, the hand JSON's flags). A yakuman drops every normal yaku.
Exclusions: pinfu needs a ryanmen reading and a pair worth no fu; ryanpeikou
replaces iipeikou; junchan replaces chanta (no honors) and both need a sequence
(all terminal and honor sets are honroutou); chinitsu replaces honitsu.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from scoring.errors import BadFlagsError, BadHandError
from scoring.fu import WinContext, counts_as_open, is_pinfu_shape
from scoring.hand import KOKUSHI, KOKUSHI_13, REGULAR, RYANMEN, SEQUENCE, TANKI, Reading
from scoring.rules import Rules
from scoring.tiles import CHUN, EAST, HAKU, HATSU, NORTH, is_terminal_or_honor, kind


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
        Yaku("renhou", 5),  # Rules.renhou == "mangan": 5 han that combine with nothing
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
    )
}
YAKUMAN_HAN = 13
DRAGON_YAKU = {HAKU: "yakuhai_haku", HATSU: "yakuhai_hatsu", CHUN: "yakuhai_chun"}
GREEN = frozenset((19, 20, 21, 23, 25, HATSU))  # 2s 3s 4s 6s 8s and hatsu
CHUUREN = (3, 1, 1, 1, 1, 1, 1, 1, 3)  # 1112345678999 of one suit, before the 14th tile


class YakuHan(NamedTuple):
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
    yaku = YAKU[name]
    if yaku.is_yakuman:
        multiple = 2 if name in rules.double_yakuman else 1
        return YakuHan(name, YAKUMAN_HAN * multiple)
    if name == "chiitoitsu" and rules.chiitoitsu_50_fu:
        return YakuHan(name, 1)
    return YakuHan(name, yaku.closed if is_closed else yaku.open)


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
)
ALL_FLAGS = ("tsumo", *FLAGS)
NO_FLAGS = (False,) * len(ALL_FLAGS)
FIRST_TURN_WINS = ("tenhou", "chiihou", "renhou")
ROBBED_KANS = ("kakan", "ankan")


class Situation(NamedTuple):
    """How the hand won beyond its tiles: the hand JSON's flags (FORMATS.md section 2).

    ``robbed_kan`` says which kan a chankan robbed: ``kakan`` (an added kan), or
    ``ankan`` (a closed kan, which only kokushi may rob, by rule). An immutable
    named tuple rather than a dataclass: a batch makes one per hand, and tuples are
    cheaper to make.
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
    is_dealer: bool = True
    robbed_kan: str = "kakan"

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, is_dealer: bool) -> Situation:
        """Return the flags of a hand object (missing flags are false).

        >>> Situation.from_json({"riichi": True}, is_dealer=False).riichi
        True
        """
        flags = tuple(map(data.get, ALL_FLAGS, NO_FLAGS))
        if set(map(type, flags)) != {bool}:
            name, value = next((n, v) for n, v in zip(ALL_FLAGS, flags) if type(v) is not bool)
            raise BadHandError(f"{name} must be true or false, not {value!r}")
        robbed = data.get("robbed_kan", "kakan")
        if robbed not in ROBBED_KANS:
            raise BadHandError(f"robbed_kan must be kakan or ankan, not {robbed!r}")
        return cls._make((*flags, is_dealer, robbed))

    @property
    def has_riichi(self) -> bool:
        """Return whether the winner declared riichi or double riichi."""
        return self.riichi or self.double_riichi


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
    chuuren: str  # "", "chuuren" or "chuuren_9"


SIMPLE, TERMINAL, HONOR, NOT_GREEN = 1, 2, 4, 8
SUIT_BITS = (16, 32, 64)


def _kind_bits(tile_kind: int) -> int:
    grade = HONOR if tile_kind >= EAST else TERMINAL if tile_kind % 9 in (0, 8) else SIMPLE
    suit = SUIT_BITS[tile_kind // 9] if tile_kind < EAST else 0
    return grade | suit | (0 if tile_kind in GREEN else NOT_GREEN)


KIND_BITS = tuple(_kind_bits(kind(tile)) for tile in range(37))  # by tile code, red fives too


def hand_shape(
    tiles: Sequence[int], concealed_counts: Sequence[int], win: int, quads: int
) -> HandShape:
    """Return the shape of a hand from all its tiles (melds included), the 34 counts
    of its concealed tiles, its winning kind and its number of kans.

    >>> from scoring.tiles import parse_tiles, tile_counts
    >>> tiles = parse_tiles("11123455678999m")
    >>> hand_shape(tiles, tile_counts(tiles), 4, 0).chuuren
    'chuuren_9'
    """
    bits = 0
    for tile in tiles:
        bits |= KIND_BITS[tile]
    suits = (bits & 16 > 0) + (bits & 32 > 0) + (bits & 64 > 0)
    is_chuuren_shape = suits == 1 and not bits & HONOR and len(tiles) == 14 and not quads
    return HandShape(
        is_all_simple=not bits & (TERMINAL | HONOR),
        is_all_terminal_or_honor=not bits & SIMPLE,
        has_honor=bits & HONOR > 0,
        has_terminal=bits & TERMINAL > 0,
        suits=suits,
        is_all_green=not bits & NOT_GREEN,
        has_hatsu=HATSU in tiles,
        quads=quads,
        chuuren=_chuuren(concealed_counts, win) if is_chuuren_shape else "",
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
    >>> hand = Hand.parse("234567m456p789s22z", "2m")
    >>> (reading,) = readings(hand)
    >>> shape = hand_shape(hand.concealed, hand.counts, 1, 0)
    >>> [y.name for y in find_yaku(reading, shape, Situation(riichi=True), WinContext(), Rules())]
    ['riichi', 'pinfu']
    """
    closed = reading.is_closed
    facts = set_facts(reading, tsumo=situation.tsumo) if reading.form == REGULAR else None
    names = _yakuman_names(reading, shape, situation, facts, rules)
    if not names:
        names = _situational_names(situation, closed)
        names.extend(_pattern_names(reading, shape, facts, context, rules))
    table = han_table(rules, is_closed=closed)
    return tuple([table[name] for name in names])


# Speed: one table per rules value and closedness, so a hand's yaku are looked up,
# not built. Rules values are few (presets are cached by the caller), and the table
# keeps its rules alive so an id is never reused while its entry exists.
_HAN_TABLES: dict[tuple[int, bool], tuple[Rules, dict[str, YakuHan]]] = {}


def han_table(rules: Rules, *, is_closed: bool) -> dict[str, YakuHan]:
    """Return every yaku's ``YakuHan`` under the rules on a closed or open hand.

    >>> han_table(Rules(), is_closed=False)["chanta"]
    YakuHan(name='chanta', han=1)
    """
    key = (id(rules), is_closed)
    entry = _HAN_TABLES.get(key)
    if entry is None or entry[0] is not rules:
        if len(_HAN_TABLES) > 256:
            _HAN_TABLES.clear()
        table = {name: yaku_han(name, is_closed=is_closed, rules=rules) for name in YAKU}
        entry = _HAN_TABLES[key] = (rules, table)
    return entry[1]


def _situational_names(s: Situation, closed: bool) -> list[str]:
    names = []
    if s.riichi:
        names.append("riichi")
    if s.double_riichi:
        names.append("double_riichi")
    if s.ippatsu:
        names.append("ippatsu")
    if s.tsumo and closed:
        names.append("menzen_tsumo")
    for name in ("haitei", "houtei", "rinshan", "chankan"):
        if getattr(s, name):
            names.append(name)
    return names


class SetFacts(NamedTuple):
    """What a regular reading's four sets hold, gathered in one pass."""

    runs: tuple[int, ...]  # first kinds of the sequences
    triplets: tuple[int, ...]  # kinds of the triplets and quads
    concealed: int  # triplets and quads that count as concealed
    dragons: int
    winds: int
    is_outside: bool  # every set and the pair hold a terminal or honor


def set_facts(reading: Reading, *, tsumo: bool) -> SetFacts:
    """Return the facts of a regular reading's sets.

    >>> from scoring.hand import Hand, readings
    >>> (reading,) = readings(Hand.parse("123m789p11s555z666z", "5z"))
    >>> set_facts(reading, tsumo=False)
    SetFacts(runs=(0, 15), triplets=(31, 32), concealed=1, dragons=2, winds=0, is_outside=True)
    """
    runs: list[int] = []
    triplets: list[int] = []
    concealed = dragons = winds = 0
    outside = is_terminal_or_honor(reading.pairs[0])
    for index, each in enumerate(reading.sets):
        tile = each.tile
        if each.kind == SEQUENCE:
            runs.append(tile)
            outside = outside and tile % 9 in (0, 6)
            continue
        triplets.append(tile)
        outside = outside and is_terminal_or_honor(tile)
        if not counts_as_open(reading, index, tsumo=tsumo):
            concealed += 1
        if tile >= HAKU:
            dragons += 1
        elif tile >= EAST:
            winds += 1
    return SetFacts(tuple(runs), tuple(triplets), concealed, dragons, winds, outside)


def _yakuman_names(
    reading: Reading, shape: HandShape, s: Situation, facts: SetFacts | None, rules: Rules
) -> list[str]:
    names = []
    if s.tenhou or s.chiihou:
        names.append("tenhou" if s.tenhou else "chiihou")
    if s.renhou and rules.renhou == "yakuman":
        names.append("renhou_yakuman")
    if reading.form == KOKUSHI:
        names.append("kokushi_13" if reading.wait == KOKUSHI_13 else "kokushi")
        return names
    if shape.chuuren:
        names.append(shape.chuuren)
    if shape.suits == 0:
        names.append("tsuuiisou")
    if shape.is_all_green and (shape.has_hatsu or rules.ryuuiisou_without_hatsu):
        names.append("ryuuiisou")
    if shape.is_all_terminal_or_honor and not shape.has_honor:
        names.append("chinroutou")
    if facts is None:
        return names
    if shape.quads == 4 and rules.suukantsu:
        names.append("suukantsu")
    if facts.concealed == 4:
        names.append("suuankou_tanki" if reading.wait == TANKI else "suuankou")
    if facts.dragons == 3:
        names.append("daisangen")
    if facts.winds == 4:
        names.append("daisuushii")
    elif facts.winds == 3 and EAST <= reading.pairs[0] <= NORTH:
        names.append("shousuushii")
    return names


def _pattern_names(
    reading: Reading,
    shape: HandShape,
    facts: SetFacts | None,
    context: WinContext,
    rules: Rules,
) -> list[str]:
    closed = reading.is_closed
    names = []
    if shape.is_all_simple and (closed or rules.open_tanyao):
        names.append("tanyao")
    if facts is None:
        names.append("chiitoitsu")
    else:
        names.extend(_set_names(reading, shape, facts, context, rules))
    if shape.is_all_terminal_or_honor:
        names.append("honroutou")
    if shape.suits == 1:
        names.append("honitsu" if shape.has_honor else "chinitsu")
    return names


def _set_names(
    reading: Reading, shape: HandShape, facts: SetFacts, context: WinContext, rules: Rules
) -> list[str]:
    names = []
    runs = facts.runs
    if reading.is_closed and reading.wait == RYANMEN and is_pinfu_shape(reading, context):
        names.append("pinfu")
    for tile in facts.triplets:
        if tile >= HAKU:
            names.append(DRAGON_YAKU[tile])
        elif tile >= EAST:
            if tile == context.seat_wind:
                names.append("yakuhai_seat_wind")
            if tile == context.round_wind:
                names.append("yakuhai_round_wind")
    if reading.is_closed and len(runs) >= 2:
        twins = _twin_runs(runs)
        if twins:
            names.append("ryanpeikou" if twins == 2 else "iipeikou")
    if facts.is_outside and runs:
        names.append("chanta" if shape.has_honor else "junchan")
    if len(runs) >= 3:
        names.extend(_run_names(runs))
    if len(facts.triplets) >= 3 and _has_three_suits(facts.triplets):
        names.append("sanshoku_doukou")
    if not runs:
        names.append("toitoi")
    if facts.concealed == 3:
        names.append("sanankou")
    if shape.quads == 3 or (shape.quads == 4 and not rules.suukantsu):
        names.append("sankantsu")
    if facts.dragons == 2 and reading.pairs[0] >= HAKU:
        names.append("shousangen")
    return names


def _twin_runs(runs: tuple[int, ...]) -> int:
    """Return how many pairs of identical sequences the runs hold."""
    ordered = sorted(runs)
    twins, index = 0, 0
    while index < len(ordered) - 1:
        if ordered[index] == ordered[index + 1]:
            twins += 1
            index += 2
        else:
            index += 1
    return twins


def _run_names(runs: tuple[int, ...]) -> list[str]:
    names = []
    starts = set(runs)
    if any({s, s + 3, s + 6} <= starts for s in (0, 9, 18)):
        names.append("ittsu")
    if _has_three_suits(runs):
        names.append("sanshoku")
    return names


def _has_three_suits(tiles: tuple[int, ...]) -> bool:
    """Return whether one number appears in all three suits among the sets' tiles."""
    return any(tile < 9 and tile + 9 in tiles and tile + 18 in tiles for tile in tiles)
