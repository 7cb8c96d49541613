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
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from scoring.errors import BadFlagsError, BadHandError, shown
from scoring.fu import WinContext, is_pinfu_shape
from scoring.hand import REGULAR, Hand, Reading
from scoring.rules import Rules
from scoring.sets import KOKUSHI, KOKUSHI_13, RYANMEN, SHANPON, TANKI
from scoring.tiles import (
    CHUN,
    EAST,
    HAKU,
    HATSU,
    HONOR,
    NORTH,
    NOT_GREEN,
    SIMPLE,
    TERMINAL,
    kind,
    tile_bits,
)


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


@dataclass(frozen=True, slots=True)
class Situation:
    """How the hand won beyond its tiles: the hand JSON's flags (FORMATS.md section 2).

    ``robbed_kan`` says which kan a chankan robbed: ``kakan`` (an added kan), or
    ``ankan`` (a closed kan, which only kokushi may rob, by rule). Slots: a batch
    reads about 18 flags per hand, and a slot reads in a third of the time of a
    named tuple's field (``scoring.score`` keeps one per set of flags).
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
    # Worked out from the flags when a Situation is made (not arguments; compare,
    # hash and repr leave them out, dataclasses.asdict does not). Whether a flag but
    # tsumo and riichi is set, or a robbed closed kan: so a hand without one passes
    # its checks in one read (scoring.score._check).
    has_rare_flag: bool = field(init=False, repr=False, compare=False)
    # The names of the flags' yaku on an open hand, then a closed one (so indexed by
    # ``is_closed``): worked out once, as has_rare_flag.
    yaku_names: tuple[tuple[str, ...], tuple[str, ...]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        rare = (
            self.double_riichi
            or self.ippatsu
            or self.rinshan
            or self.chankan
            or self.haitei
            or self.houtei
            or self.tenhou
            or self.chiihou
            or self.renhou
            or self.robbed_kan != "kakan"
        )
        object.__setattr__(self, "has_rare_flag", rare)  # frozen: set once, here
        names = (_situational_yaku(self, False), _situational_yaku(self, True))
        object.__setattr__(self, "yaku_names", names)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, is_dealer: bool) -> Situation:
        """Return the flags of a hand object (missing flags are false).

        >>> Situation.from_json({"riichi": True}, is_dealer=False).riichi
        True
        """
        flags = tuple(map(data.get, ALL_FLAGS, NO_FLAGS))
        if set(map(type, flags)) != {bool}:
            name, value = next((n, v) for n, v in zip(ALL_FLAGS, flags) if type(v) is not bool)
            raise BadHandError(f"{name} must be true or false, not {shown(value)}")
        robbed = data.get("robbed_kan", "kakan")
        if robbed not in ROBBED_KANS:
            raise BadHandError(f"robbed_kan must be kakan or ankan, not {shown(robbed)}")
        return cls(**dict(zip(ALL_FLAGS, flags)), is_dealer=is_dealer, robbed_kan=robbed)

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
    """What every reading of a hand shares: which tiles it holds, its suits, its kans.

    Slots, as ``Situation``: kept per tile classes and read about 8 times per hand.
    """

    is_all_simple: bool
    is_all_terminal_or_honor: bool
    has_honor: bool
    has_terminal: bool
    suits: int  # how many of the three suits appear
    is_all_green: bool
    has_hatsu: bool
    quads: int
    chuuren: str  # "", "chuuren" or "chuuren_9"
    yakuman_tiles: bool = False  # the tiles or four kans may make a yakuman (checked in full)


def hand_shape(hand: Hand) -> HandShape:
    """Return the shape of a hand, from the classes of all its tiles (melds included).

    >>> hand_shape(Hand.parse("11123455678999m", "5m")).chuuren
    'chuuren_9'
    """
    bits, quads = tile_bits(hand.all_tiles), hand.quads
    key = (bits, quads, hand.all_counts[HATSU] > 0)
    try:
        shape = _SHAPES[key]  # Speed: a subscript, quicker than get; almost always kept
    except KeyError:
        shape = _new_shape(key)
    if shape.suits == 1 and not bits & HONOR and not hand.melds:
        chuuren = _chuuren(hand.counts, kind(hand.win))
        if chuuren:
            return replace(shape, chuuren=chuuren, yakuman_tiles=True)
    return shape


# Speed: a shape without chuuren depends only on the tile classes, the kans and
# whether hatsu is held, so each is made once. The keys are bounded by their kinds
# (256 class sets, 5 kan counts, 2), so the dict never grows past a few thousand.
_SHAPES: dict[tuple[int, int, bool], HandShape] = {}


def _new_shape(key: tuple[int, int, bool]) -> HandShape:
    bits, quads, has_hatsu = key
    suits = SUIT_COUNT[bits >> 4 & 7]
    shape = _SHAPES[key] = HandShape(
        not bits & (TERMINAL | HONOR),
        not bits & SIMPLE,
        bits & HONOR > 0,
        bits & TERMINAL > 0,
        suits,
        not bits & NOT_GREEN,
        has_hatsu,
        quads,
        "",
        not suits or not bits & NOT_GREEN or bits & (SIMPLE | HONOR) == 0 or quads == 4,
    )
    return shape


SUIT_COUNT = tuple(bin(suit_bits).count("1") for suit_bits in range(8))


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

    >>> from scoring.hand import readings
    >>> hand = Hand.parse("234567m456p789s22z", "2m")
    >>> (reading,) = readings(hand)
    >>> shape = hand_shape(hand)
    >>> [y.name for y in find_yaku(reading, shape, Situation(riichi=True), WinContext(), Rules())]
    ['riichi', 'pinfu']
    """
    # Speed: unpacked once (read_parts makes exact tuples: the quick path).
    form, _, _, _, _, _, closed, _, _, _, triplets, concealed, _ = reading
    regular = form == REGULAR
    try:  # Speed: _han_tables' lookup, written out, by subscript (quicker than get)
        kept, tables = _HAN_TABLES[id(rules)]
    except KeyError:
        kept, tables = rules, _han_tables(rules)
    table = (tables if kept is rules else _han_tables(rules))[closed]
    # Speed: a quick test before the full one, written out (one call less per reading):
    # a yakuman needs special tiles or four kans, first-turn flags (rare flags), four
    # concealed triplets or three honor triplets.
    if (
        shape.yakuman_tiles
        or (not regular and form == KOKUSHI)
        or (regular and (concealed == 4 or THREE_HONOR_SETS[triplets >> EAST]))
        or (situation.has_rare_flag and (situation.tenhou or situation.chiihou or situation.renhou))
    ):
        names = _yakuman_names(reading, shape, situation, regular, rules)
        if names:
            return tuple(map(table.__getitem__, names))
    # Speed: each yaku is looked up as it is found, not named and mapped afterwards.
    found = []
    for name in situation.yaku_names[closed]:
        found.append(table[name])
    if shape.is_all_simple and (closed or rules.open_tanyao):
        found.append(table["tanyao"])
    if regular:
        _add_set_yaku(found, reading, shape, context, rules, table)
    else:
        found.append(table["chiitoitsu"])
    if shape.is_all_terminal_or_honor:
        found.append(table["honroutou"])
    if shape.suits == 1:
        found.append(table["honitsu" if shape.has_honor else "chinitsu"])
    return tuple(found)


# Whether the honor kinds set in a bit mask (bit k: honor kind EAST + k) are at least
# three, for each mask.
THREE_HONOR_SETS = tuple(honors.bit_count() >= 3 for honors in range(1 << (CHUN - EAST + 1)))

HanTable = dict[str, YakuHan]

# Speed: one table per rules value and closedness, so a hand's yaku are looked up,
# not built. Rules values are few (presets are cached by the caller), and the entry
# keeps its rules alive so an id is never reused while it exists.
_HAN_TABLES: dict[int, tuple[Rules, tuple[HanTable, HanTable]]] = {}


def _han_tables(rules: Rules) -> tuple[HanTable, HanTable]:
    """Return every yaku's ``YakuHan`` under the rules on an open hand, then on a
    closed one (so indexed by ``is_closed``).

    >>> open_hand, closed_hand = _han_tables(Rules())
    >>> open_hand["chanta"], closed_hand["chanta"]
    (YakuHan(name='chanta', han=1), YakuHan(name='chanta', han=2))
    """
    entry = _HAN_TABLES.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_HAN_TABLES) > 128:
            _HAN_TABLES.clear()
        open_table, closed_table = (
            {name: yaku_han(name, is_closed=is_closed, rules=rules) for name in YAKU}
            for is_closed in (False, True)
        )
        entry = _HAN_TABLES[id(rules)] = (rules, (open_table, closed_table))
    return entry[1]


def _situational_yaku(s: Situation, closed: bool) -> tuple[str, ...]:
    """Return the names of the yaku the flags give a closed or an open hand."""
    names = [name for name in ("riichi", "double_riichi", "ippatsu") if getattr(s, name)]
    if s.tsumo and closed:
        names.append("menzen_tsumo")
    names.extend(name for name in LAST_TILE_WINS if getattr(s, name))
    return tuple(names)


LAST_TILE_WINS = ("haitei", "houtei", "rinshan", "chankan")


def concealed_sets(reading: Reading, *, tsumo: bool) -> int:
    """Return how many triplets and quads of a regular reading count as concealed (for
    sanankou and suuankou): not called, and not a triplet a ron completed.

    >>> from scoring.hand import Hand, readings
    >>> (reading,) = readings(Hand.parse("123m789p11s555z666z", "5z"))
    >>> concealed_sets(reading, tsumo=False), concealed_sets(reading, tsumo=True)
    (1, 2)
    """
    _, _, _, _, _, wait, _, _, _, _, _, concealed, _ = reading
    return concealed - (wait == SHANPON and not tsumo)


DRAGON_BITS, WIND_BITS = 0b111 << HAKU, 0b1111 << EAST
SUIT_NUMBERS = 0b111111111
ITTSU_M, ITTSU_P, ITTSU_S = (0b1001001 << start for start in (0, 9, 18))


def _yakuman_names(
    reading: Reading, shape: HandShape, s: Situation, regular: bool, rules: Rules
) -> list[str]:
    form, _, pairs, _, _, wait, _, _, run_count, _, triplets, _, _ = reading
    names = []
    if s.tenhou or s.chiihou:
        names.append("tenhou" if s.tenhou else "chiihou")
    if s.renhou and rules.renhou == "yakuman":
        names.append("renhou_yakuman")
    if form == KOKUSHI:
        names.append("kokushi_13" if wait == KOKUSHI_13 else "kokushi")
        return names
    if shape.chuuren:
        names.append(shape.chuuren)
    if shape.suits == 0:
        names.append("tsuuiisou")
    if shape.is_all_green and (shape.has_hatsu or rules.ryuuiisou_without_hatsu):
        names.append("ryuuiisou")
    if shape.is_all_terminal_or_honor and not shape.has_honor:
        names.append("chinroutou")
    if not regular or run_count >= 2:
        return names
    if shape.quads == 4 and rules.suukantsu:
        names.append("suukantsu")
    if concealed_sets(reading, tsumo=s.tsumo) == 4:
        names.append("suuankou_tanki" if wait == TANKI else "suuankou")
    if triplets & DRAGON_BITS == DRAGON_BITS:
        names.append("daisangen")
    winds = (triplets & WIND_BITS).bit_count()
    if winds == 4:
        names.append("daisuushii")
    elif winds == 3 and EAST <= pairs[0] <= NORTH:
        names.append("shousuushii")
    return names


def _add_set_yaku(
    found: list[YakuHan],
    reading: Reading,
    shape: HandShape,
    context: WinContext,
    rules: Rules,
    table: HanTable,
) -> None:
    """Add the yaku of a regular reading's sets and pair to ``found``."""
    _, _, pairs, _, _, wait, closed, runs, run_count, twins, triplets, concealed, outside = reading
    if run_count == 4 and wait == RYANMEN and is_pinfu_shape(reading, context):
        found.append(table["pinfu"])
    if triplets >> EAST:
        _add_honor_yaku(found, triplets, context, table)
    if twins and closed:
        found.append(table["ryanpeikou" if twins == 2 else "iipeikou"])
    if outside and run_count:
        found.append(table["chanta" if shape.has_honor else "junchan"])
    if run_count >= 3:
        if runs & ITTSU_M == ITTSU_M or runs & ITTSU_P == ITTSU_P or runs & ITTSU_S == ITTSU_S:
            found.append(table["ittsu"])
        if runs & runs >> 9 & runs >> 18 & SUIT_NUMBERS:
            found.append(table["sanshoku"])
        return  # nothing below has three sequences
    if run_count <= 1 and triplets & triplets >> 9 & triplets >> 18 & SUIT_NUMBERS:
        found.append(table["sanshoku_doukou"])
    if not run_count:
        found.append(table["toitoi"])
    if concealed - (wait == SHANPON and not context.tsumo) == 3:  # concealed_sets, inlined
        found.append(table["sanankou"])
    if shape.quads == 3 or (shape.quads == 4 and not rules.suukantsu):
        found.append(table["sankantsu"])
    if (triplets & DRAGON_BITS).bit_count() == 2 and pairs[0] >= HAKU:
        found.append(table["shousangen"])


def _add_honor_yaku(
    found: list[YakuHan], triplets: int, context: WinContext, table: HanTable
) -> None:
    """Add the yakuhai of honor triplets to ``found``: dragons, then seat and round wind."""
    for name in DRAGON_NAMES[triplets >> HAKU]:
        found.append(table[name])
    if triplets >> context.seat_wind & 1:
        found.append(table["yakuhai_seat_wind"])
    if triplets >> context.round_wind & 1:
        found.append(table["yakuhai_round_wind"])


DRAGON_NAMES = tuple(
    tuple(name for tile, name in DRAGON_YAKU.items() if dragons >> (tile - HAKU) & 1)
    for dragons in range(8)
)
