"""A hand's value from a checklist: the yaku the table ticks and its dora counted, without
the tiles (a third way to give a value, beside han/fu and tiles).

The yaku and their han are ``scoring.yaku``'s (``YAKU``, ``han_table``), under the same
rule options. The checklist cannot see the tiles, so it checks what the yaku say of
them: pairs of yaku that no hand has together (``CLASHES``, each with its reason), yaku
of a closed hand on an open one, yaku of a tsumo on a ron (and back), ippatsu and ura
without riichi, a yakuman with ordinary yaku (but under ``Rules.aotenjou``, where a
yakuman is 13 han beside them and every hand asks its fu). Fu are fixed where the yaku fix them
(pinfu: 20 on tsumo, 30 on ron; chiitoitsu 25, or 50 under ``Rules.chiitoitsu_50_fu``),
not counted on a limit hand (5 han and up, yakuman); otherwise the table chooses them
among those a hand of that many han can have (``fu_choices``, without 20 and 25: only
pinfu tsumo and chiitoitsu have those).
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.dora import DoraCount
from scoring.errors import InvalidHandError, ScoringError, shown
from scoring.local_yaku import LOCAL_YAKUMAN
from scoring.rules import Rules
from scoring.sanma import SANMA_IMPOSSIBLE
from scoring.value import VALID_FU, HandValue, fu_choices
from scoring.yaku import YAKU, YAKUMAN_HAN, YakuHan, han_table

YAKUHAI = ("yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "yakuhai_seat_wind",
           "yakuhai_round_wind")  # fmt: skip
TSUMO_ONLY = ("menzen_tsumo", "haitei", "rinshan", "tenhou", "chiihou")
RON_ONLY = ("houtei", "chankan", "renhou", "renhou_yakuman", "open_riichi_yakuman")
RIICHI_YAKU = ("riichi", "double_riichi", "open_riichi", "open_double_riichi")
OPEN_RIICHI_YAKU = ("open_riichi", "open_double_riichi")
NEEDS_RIICHI = ("ippatsu", "ura")  # "ura": the ura dora counter
SET_YAKU = ("pinfu", "iipeikou", "ryanpeikou", *YAKUHAI, "rinshan", "chanta", "junchan",
            "ittsu", "sanshoku", "sanshoku_doukou", "toitoi", "sanankou", "sankantsu",
            "shousangen")  # fmt: skip
SEQUENCE_YAKU = ("pinfu", "iipeikou", "ryanpeikou", "ittsu", "sanshoku", "chanta", "junchan")
TRIPLET_YAKU = ("toitoi", "sanankou", "sankantsu", "sanshoku_doukou", *YAKUHAI, "shousangen",
                "rinshan")  # fmt: skip
HONOR_YAKU = (*YAKUHAI, "shousangen", "chanta", "honitsu", "honroutou")
# (reason, yaku, the yaku it never goes with): the first clash found is the one refused.
CLASHES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("replaces", "double_riichi", ("riichi",)),
    ("replaces", "open_riichi", ("riichi",)),
    ("exclusive", "double_riichi", ("open_riichi",)),  # that is open_double_riichi
    ("replaces", "open_double_riichi", ("riichi", "double_riichi", "open_riichi")),
    ("replaces", "ryanpeikou", ("iipeikou",)),
    ("replaces", "chinitsu", ("honitsu",)),
    ("replaces", "junchan", ("chanta",)),
    ("replaces", "kokushi_13", ("kokushi",)),
    ("replaces", "suuankou_tanki", ("suuankou",)),
    ("replaces", "chuuren_9", ("chuuren",)),
    ("replaces", "daisuushii", ("shousuushii",)),
    ("seven_pairs", "chiitoitsu", SET_YAKU),
    ("no_triplets", "pinfu", TRIPLET_YAKU),
    ("no_sequences", "toitoi", SEQUENCE_YAKU),
    ("no_sequences", "honroutou", SEQUENCE_YAKU),
    ("simples", "tanyao", (*HONOR_YAKU, "junchan", "ittsu")),
    ("no_honors", "chinitsu", HONOR_YAKU),
    ("no_honors", "junchan", HONOR_YAKU),
    ("too_many_sets", "ittsu", ("sanshoku", "ryanpeikou", "sanshoku_doukou")),
    ("too_many_sets", "sanshoku_doukou", ("iipeikou", "ryanpeikou", "sanshoku")),
    ("too_many_sets", "sanankou", ("iipeikou", "ryanpeikou")),
    ("too_many_sets", "sankantsu", ("iipeikou", "ryanpeikou")),
    ("too_many_sets", "ryanpeikou", ("sanshoku",)),
    ("exclusive", "rinshan", ("haitei", "ippatsu")),
    ("exclusive", "chankan", ("houtei",)),
    ("exclusive", "tenhou", ("chiihou", "renhou_yakuman")),
    ("exclusive", "chiihou", ("renhou_yakuman",)),
)
REASONS = {  # the engine's words; the ledger words each reason in the players' language
    "replaces": "{other} replaces {yaku}: tick only {other}",
    "seven_pairs": "{other} is seven pairs, with no sets for {yaku}",
    "no_triplets": "{other} has no triplets or kans, which {yaku} needs",
    "no_sequences": "{other} has no sequences, which {yaku} needs",
    "simples": "{other} has no terminals or honors, which {yaku} needs",
    "no_honors": "{other} has no honor tiles, which {yaku} needs",
    "too_many_sets": "{yaku} and {other} together need more than four sets",
    "exclusive": "{yaku} and {other} cannot happen in one win",
    "closed_only": "{yaku} needs a closed hand",
    "needs_riichi": "{yaku} needs riichi or double riichi",
    "tsumo_only": "{yaku} is won by tsumo, not ron",
    "ron_only": "{yaku} is won by ron, not tsumo",
    "yakuman_alone": "{other} is a yakuman: it counts alone, without {yaku}",
    "not_offered": "{yaku} is not a yaku under these rules",
    "no_red_fives": "these rules play without red fives",
    "no_nuki": "these rules set no north tiles aside as nuki dora",
    "no_yaku": "dora are not a yaku: tick at least one yaku",
    "needs_menzen_tsumo": "a closed hand's tsumo counts {yaku}: tick it too",
}
NO_DORA = DoraCount()
PINFU_FU = {True: 20, False: 30}  # tsumo, ron
CHIITOITSU_FU = {True: 50, False: 25}  # by Rules.chiitoitsu_50_fu
LIMIT_HAN = 5  # from 5 han a hand is a limit hand: fu do not count
AOTENJOU_FU = tuple(fu for fu in VALID_FU[:11] if fu >= 30)  # 5 han and up, without limits


@dataclass(frozen=True)
class Refusal:
    """Why a checklist cannot be a hand: a ``REASONS`` key, the yaku refused and the yaku
    it clashes with ("ura", "aka" and "nuki" stand for those dora counters)."""

    reason: str
    yaku: str = ""
    other: str = ""

    @property
    def message(self) -> str:
        """Return the refusal in the engine's words.

        >>> Refusal("closed_only", "pinfu").message
        'pinfu needs a closed hand'
        """
        return REASONS[self.reason].format(yaku=self.yaku, other=self.other)


class ChecklistError(ScoringError):
    """A checklist of yaku no hand can have; ``refusal`` says why."""

    code = "bad_checklist"

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal


@dataclass(frozen=True)
class Checklist:
    """The yaku ticked for a win, how it was won, and its dora counted."""

    yaku: tuple[str, ...]
    tsumo: bool
    is_closed: bool = True
    dora: DoraCount = NO_DORA


@dataclass(frozen=True)
class ChecklistYaku:
    """A yaku as the checklist offers it: han closed and open (0: closed only); for a
    yakuman, its multiple."""

    name: str
    closed: int
    open: int
    is_yakuman: bool = False

    @property
    def group(self) -> int:
        """Return the han the checklist groups the yaku under (13 for every yakuman)."""
        return YAKUMAN_HAN if self.is_yakuman else self.closed


@dataclass(frozen=True)
class ChecklistValue:
    """What a checklist scores: its yaku with their han, its dora, the han and yakuman
    they add up to, the fu the yaku fix (0: none) and the fu the table may choose from
    (empty when the fu are fixed or do not count)."""

    yaku: tuple[YakuHan, ...]
    dora: DoraCount
    han: int
    yakuman: int
    fu: int
    fu_choices: tuple[int, ...]

    @property
    def needs_fu(self) -> bool:
        """Return whether the table must choose the fu."""
        return bool(self.fu_choices)

    def hand_value(self, fu: int = 0) -> HandValue:
        """Return the hand's value, with the fu chosen where the yaku leave them open.

        >>> value = checklist_value(Checklist(("riichi", "tanyao"), tsumo=False), Rules())
        >>> value.fu_choices[:3], value.hand_value(40)
        ((30, 40, 50), HandValue(han=2, fu=40, yakuman=0))
        """
        if self.yakuman:
            return HandValue(yakuman=self.yakuman)
        if not self.needs_fu:
            return HandValue(han=self.han, fu=self.fu)
        if fu not in self.fu_choices:
            allowed = ", ".join(map(str, self.fu_choices))
            raise InvalidHandError(
                f"{self.han} han with these yaku has {allowed} fu, not {shown(fu)}"
            )
        return HandValue(han=self.han, fu=fu)


def checklist_yaku(rules: Rules) -> tuple[ChecklistYaku, ...]:
    """Return the yaku a checklist offers under the rules, in ``YAKU`` order.

    Renhou is offered as the rules count it (5 han, a yakuman, or not at all); suukantsu
    only where it is a yakuman; the double yakuman patterns count 2 where the rules say.

    >>> [y for y in checklist_yaku(Rules()) if y.name in ("chanta", "pinfu", "kokushi_13")]
    ... # doctest: +NORMALIZE_WHITESPACE
    [ChecklistYaku(name='pinfu', closed=1, open=0, is_yakuman=False),
     ChecklistYaku(name='chanta', closed=2, open=1, is_yakuman=False),
     ChecklistYaku(name='kokushi_13', closed=2, open=0, is_yakuman=True)]
    """
    closed = han_table(True, rules.double_yakuman, rules.chiitoitsu_50_fu)
    opened = han_table(False, rules.double_yakuman, rules.chiitoitsu_50_fu)
    offered = []
    for name, yaku in YAKU.items():
        if not _is_offered(name, rules):
            continue
        if yaku.is_yakuman:
            multiple = closed[name].han // YAKUMAN_HAN
            offered.append(ChecklistYaku(name, multiple, multiple if yaku.open else 0, True))
        else:
            can_open = yaku.open and (name != "tanyao" or rules.open_tanyao)
            offered.append(ChecklistYaku(name, closed[name].han, opened[name].han * can_open))
    return tuple(offered)


def _is_offered(name: str, rules: Rules) -> bool:
    if name == "renhou":  # 5 han: alone as a mangan, or added to the other yaku
        return rules.renhou in ("mangan", "cumulative")
    if name == "renhou_yakuman":
        return rules.renhou == "yakuman"
    if name in LOCAL_YAKUMAN:
        return name in rules.local_yakuman
    if name in SANMA_IMPOSSIBLE and rules.players == 3:
        return False
    if name in OPEN_RIICHI_YAKU:
        return rules.open_riichi != "none"
    if name == "open_riichi_yakuman":
        return rules.open_riichi == "deal_in_yakuman"
    return name != "suukantsu" or rules.suukantsu


def checklist_groups(rules: Rules) -> tuple[tuple[int, tuple[ChecklistYaku, ...]], ...]:
    """Return the offered yaku grouped by their closed han, fewest first, yakuman last.

    >>> [(han, len(yaku)) for han, yaku in checklist_groups(Rules())]
    [(1, 15), (2, 11), (3, 3), (6, 1), (13, 15)]
    >>> local = Rules(local_yakuman=("daisharin",))
    >>> [y.name for y in checklist_groups(local)[-1][1] if y.name == "daisharin"]
    ['daisharin']
    """
    offered = checklist_yaku(rules)
    groups = sorted({yaku.group for yaku in offered})
    return tuple((han, tuple(y for y in offered if y.group == han)) for han in groups)


def refusal(checklist: Checklist, rules: Rules) -> Refusal | None:
    """Return why no hand has these yaku and dora, won this way, or None if one can.

    >>> refusal(Checklist(("pinfu", "toitoi"), tsumo=False), Rules())
    Refusal(reason='no_triplets', yaku='toitoi', other='pinfu')
    >>> refusal(Checklist(("riichi", "pinfu", "menzen_tsumo"), tsumo=True), Rules()) is None
    True
    """
    offered = {yaku.name: yaku for yaku in checklist_yaku(rules)}
    ticked = checklist.yaku
    for name in ticked:
        if name not in offered:
            return Refusal("not_offered", name)
    return (
        _refused_alone(checklist, offered, rules)
        or _clash(set(ticked))
        or (None if rules.aotenjou else _refused_yakuman(ticked, offered))
    )


def _refused_alone(
    checklist: Checklist, offered: dict[str, ChecklistYaku], rules: Rules
) -> Refusal | None:
    """Return the first yaku (or dora counter) refused for how the hand was won."""
    ticked, dora = checklist.yaku, checklist.dora
    has_riichi = any(name in RIICHI_YAKU for name in ticked)
    for name in ticked:
        yaku = offered[name]
        if not checklist.is_closed and not yaku.open:
            return Refusal("closed_only", name)
        if name in NEEDS_RIICHI and not has_riichi:
            return Refusal("needs_riichi", name)
        if name in TSUMO_ONLY and not checklist.tsumo:
            return Refusal("tsumo_only", name)
        if name in RON_ONLY and checklist.tsumo:
            return Refusal("ron_only", name)
    if dora.ura and not has_riichi:
        return Refusal("needs_riichi", "ura")
    if dora.aka and not rules.red_fives:
        return Refusal("no_red_fives", "aka")
    if dora.nuki and not (rules.players == 3 and rules.north == "nuki"):
        return Refusal("no_nuki", "nuki")
    if not ticked:
        return Refusal("no_yaku")
    is_yakuman = any(offered[name].is_yakuman for name in ticked)
    closed_tsumo = checklist.tsumo and checklist.is_closed
    counts_tsumo = rules.aotenjou or not is_yakuman  # aotenjou: a yakuman has yaku beside it
    if closed_tsumo and "menzen_tsumo" not in ticked and counts_tsumo:
        return Refusal("needs_menzen_tsumo", "menzen_tsumo")
    return None


def _clash(ticked: set[str]) -> Refusal | None:
    for reason, name, others in CLASHES:
        if name in ticked:
            for other in others:
                if other in ticked:
                    return Refusal(reason, other, name)
    return None


def _refused_yakuman(ticked: tuple[str, ...], offered: dict[str, ChecklistYaku]) -> Refusal | None:
    yakuman = [name for name in ticked if offered[name].is_yakuman]
    ordinary = [name for name in ticked if not offered[name].is_yakuman]
    if yakuman and ordinary:
        return Refusal("yakuman_alone", ordinary[0], yakuman[0])
    return None


def checklist_value(checklist: Checklist, rules: Rules) -> ChecklistValue:
    """Return what the checklist scores, or raise ``ChecklistError`` with its refusal.

    >>> value = checklist_value(
    ...     Checklist(("riichi", "menzen_tsumo", "pinfu"), tsumo=True, dora=DoraCount(1)), Rules()
    ... )
    >>> value.han, value.fu, value.needs_fu
    (4, 20, False)
    >>> checklist_value(Checklist(("daisangen", "tsuuiisou"), tsumo=False), Rules()).yakuman
    2
    """
    problem = refusal(checklist, rules)
    if problem is not None:
        raise ChecklistError(problem)
    table = han_table(checklist.is_closed, rules.double_yakuman, rules.chiitoitsu_50_fu)
    yaku = tuple(table[name] for name in _in_yaku_order(checklist.yaku))
    if YAKU[yaku[0].name].is_yakuman and not rules.aotenjou:
        multiple = sum(y.han for y in yaku) // YAKUMAN_HAN
        return ChecklistValue(yaku, NO_DORA, 0, multiple if rules.multiple_yakuman else 1,
                              0, ())  # fmt: skip
    han = sum(y.han for y in yaku) + checklist.dora.han
    if "renhou" in checklist.yaku and rules.renhou == "mangan":  # the better of it and the rest
        han = max(LIMIT_HAN, han - LIMIT_HAN)
    fu, choices = _fu(checklist, han, rules)
    return ChecklistValue(yaku, checklist.dora, han, 0, fu, choices)


def _in_yaku_order(names: tuple[str, ...]) -> list[str]:
    return sorted(set(names), key=list(YAKU).index)


def _fu(checklist: Checklist, han: int, rules: Rules) -> tuple[int, tuple[int, ...]]:
    """Return the fu the yaku fix (0 for a limit hand) and the fu left to choose from
    (under aotenjou every hand counts its fu: there are no limit hands)."""
    if han >= LIMIT_HAN and not rules.aotenjou:
        return 0, ()
    if "chiitoitsu" in checklist.yaku:
        return CHIITOITSU_FU[rules.chiitoitsu_50_fu], ()
    if "pinfu" in checklist.yaku:
        return PINFU_FU[checklist.tsumo], ()
    if han >= LIMIT_HAN:
        return 0, AOTENJOU_FU
    choices = checklist_fu_choices(han, tsumo=checklist.tsumo)
    if not checklist.tsumo and not checklist.is_closed and rules.open_pinfu_fu == 20:
        choices = (20, *choices)  # an open pinfu-shaped ron keeps its 20 fu
    return 0, choices


def checklist_fu_choices(han: int, *, tsumo: bool) -> tuple[int, ...]:
    """Return the fu a hand of 1-4 han may have when it is neither pinfu nor chiitoitsu:
    ``fu_choices`` from 30 on (20 is pinfu tsumo's, 25 chiitoitsu's).

    >>> checklist_fu_choices(4, tsumo=True), checklist_fu_choices(3, tsumo=False)
    ((30,), (30, 40, 50, 60))
    """
    return tuple(fu for fu in fu_choices(han, tsumo=tsumo) if fu >= 30)
