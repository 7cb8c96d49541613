"""The options a table agrees on, as one frozen value, with named presets.

Presets name published rulesets (sources: ../shared/reference/rulesets.md, cited
per value below); ``club`` is the seed's general (Kanto) rule. A rules value
serialises to JSON as ``{"preset": "wrc", "kiriage": false}``: the preset's
values, then each listed option on top. Unknown options and impossible values
raise ``RulesError`` (the values each option takes are in ``scoring.rule_options``);
options that contradict each other, ``ContradictoryRules`` (``scoring.consistency``).

Points options are table points (``uma=(15000, 5000, -5000, -15000)`` is
+15/+5/-5/-15 in the final score).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.consistency import check_consistent
from scoring.errors import RulesError, cut, shown
from scoring.rule_options import (
    ABORTIVE_DRAWS,
    CHOICES,
    DOUBLE_YAKUMAN_PATTERNS,
    GAME_LENGTHS,
    PAO_YAKUMAN,
    TUPLE_CHOICES,
    check_values,
)

__all__ = [  # the option definitions are re-exported: callers read them from here
    "ABORTIVE_DRAWS",
    "CHOICES",
    "DOUBLE_YAKUMAN_PATTERNS",
    "GAME_LENGTHS",
    "OPTION_NAMES",
    "PAO_YAKUMAN",
    "PRESETS",
    "TUPLE_CHOICES",
    "Rules",
    "preset",
]


@dataclass(frozen=True)
class Rules:
    """Every option of a ruleset. The defaults are the seed's general rule (``club``)."""

    # The table
    players: int = 4  # 3: sanma (108 tiles, 2m-8m out, no chi, seats E S W)
    sanma_tsumo: str = "loss"  # the missing player's tsumo share: lost, or north_split
    north: str = "nuki"  # sanma: north tiles set aside as nuki dora, or kept in the hand
    sanma_1m_dora: str = "9m"  # sanma: a 1m indicator makes 9m dora, or nothing ("2m")
    # Payments
    honba_value: int = 300  # per counter; a tsumo takes a third from each payer
    kiriage: bool = False  # 4 han 30 fu and 3 han 60 fu count as mangan
    counted_yakuman: bool = True  # 13+ han is a yakuman; else capped at sanbaiman
    counted_yakuman_stacks: bool = False  # 26+ han counts as a double yakuman, 39+ triple
    multiple_yakuman: bool = True  # double and stacked yakuman pay their multiple
    # Hand value
    open_tanyao: bool = True
    red_fives: bool = True
    double_yakuman: tuple[str, ...] = DOUBLE_YAKUMAN_PATTERNS  # patterns worth two
    double_wind_fu: int = 4  # a pair of the seat wind that is also the round wind
    chiitoitsu_50_fu: bool = False  # chiitoitsu as 50 fu 1 han instead of 25 fu 2 han
    rinshan_tsumo_fu: bool = True  # a rinshan win still counts the 2 tsumo fu
    haitei_tsumo_fu: bool = True  # a haitei win still counts the 2 tsumo fu
    pinfu_tsumo_fu: bool = False  # a pinfu tsumo counts the 2 tsumo fu (30 fu, not 20)
    ryuuiisou_without_hatsu: bool = True
    suukantsu: bool = True
    renhou: str = "none"  # none, mangan, cumulative (5 han added to other yaku) or yakuman
    kokushi_robs_closed_kan: bool = True
    local_yakuman: tuple[str, ...] = ()  # allowed local yakuman: daisharin, daichisei...
    two_han_minimum_honba: int = 0  # from this many honba a win needs 2 han without dora; 0: off
    # Settlement
    start_points: int = 25000  # 配给原点
    return_points: int = 30000  # 原点: the final score counts from here
    oka: int | None = None  # to 1st; None: derived, 4 x (return - start)
    uma: tuple[int, ...] = (20000, 10000, -10000, -20000)  # by place
    floating_uma: tuple[tuple[int, ...], ...] = ()  # 5 rows by players >= return; () off
    ties: str = "split"  # equal points share the uma/oka of their places, or seat order
    rounding: str = "none"  # none; tenhou_old: 2nd-4th whole thousands (500 up), 1st = -others
    leftover_sticks: str = "first"  # sticks left at the end: first, split_first, lost, returned
    yakitori: int = 0  # points a player who never won loses at the end; 0: off
    # Game length and end
    game_length: str = "east_south"
    tobi: str = "below_zero"  # the game ends when a score goes below (or to) zero
    tobi_bonus: int = 0  # points each busted player pays the winner who busted them
    extension_winds: int = 0  # extra winds (西入, 北入, 返り東...) when nobody reached target
    extension_target: int = 30000  # 1st must have this much for the game to end
    sudden_death: bool = False  # in extension, end as soon as someone reaches the target
    extension_end: str = "stand"  # after the last extension wind: results stand, or all_draw
    agari_yame: bool = False  # the all-last dealer in 1st may stop after a win
    tenpai_yame: bool = False  # ... or after a tenpai draw
    # Rounds
    renchan: str = "tenpai"  # the dealer keeps the deal on a win and tenpai, or on a win only
    all_last_draw_renchan: bool = False  # old rule: the all-last dealer keeps it at any draw
    noten_penalty: int = 3000  # split 1,000 / 1,500 / 3,000 by the number in tenpai
    riichi_below_1000: bool = False  # a player with under 1,000 points may declare riichi
    abortive_draws: tuple[str, ...] = ABORTIVE_DRAWS  # sanchahou: triple ron aborts
    abort_renchan: bool = True  # an abortive draw keeps the dealer (honba + 1 either way)
    multiple_ron: str = "double_only"  # paid: double and triple; double_only; head_bump
    multiple_ron_honba: str = "nearest"  # honba to the winner nearest the discarder, or each
    multiple_ron_sticks: str = "nearest"  # sticks to the nearest, or own_back then nearest
    nagashi: str = "draw"  # nagashi mangan: none, or paid as mangan tsumo at a draw
    pao: tuple[str, ...] = ("daisangen", "daisuushii")  # yakuman with a liable player
    # with stacked yakuman, the liable player answers for the pao yakuman only (the rest is
    # an ordinary ron or tsumo), or for the whole hand
    pao_stacked: str = "pao_yakuman"
    pao_honba: str = "discarder"  # on a ron with pao, who pays the honba: or "liable"
    chombo: str = "reverse_mangan"  # deduction after uma, reverse_mangan during play, none
    chombo_points: int = 20000  # the deduction when chombo is "deduction"
    chombo_ends_game: bool = False
    wareme: bool = False  # a round may name the wareme seat, whose gains and losses double
    # Issue 20, part 2
    open_pinfu_fu: int = 30  # an open pinfu-shaped ron: 30 fu (the seed's 5.3, WRC 2025) or 20
    aotenjou: bool = False  # no limits: base = fu x 2^(han+2), a yakuman 13 han each
    open_riichi: str = "none"  # none; two_han (double: 3 han); deal_in_yakuman (and a
    # player not in riichi who deals into it pays a yakuman)
    riichi_noten: str = "chombo"  # a riichi player noten at an exhaustive draw: a chombo,
    # or counted as an ordinary noten player
    paarenchan: bool = False  # the dealer's 8th win in a row is a yakuman, then the deal passes
    name: str = field(default="club", compare=False)

    def __post_init__(self) -> None:
        check_values(self)

    @property
    def oka_points(self) -> int:
        """Return the oka to first place: explicit, or players x (return - start).

        >>> Rules().oka_points, preset("tenhou_sanma").oka_points
        (20000, 15000)
        """
        if self.oka is not None:
            return self.oka
        return self.players * (self.return_points - self.start_points)

    def cap_counted_yakuman(self, limit: int) -> int:
        """Return the base points of a counted limit under these rules.

        >>> Rules(counted_yakuman=False).cap_counted_yakuman(8000)
        6000
        """
        return limit if self.counted_yakuman or limit < 8000 else 6000

    def with_options(self, *, check: bool = True, **options: Any) -> Rules:
        """Return these rules with some options changed (unknown names are an error).

        Options that contradict each other raise ``ContradictoryRules`` (unless ``check``
        is false: only for rules stored before the check existed).
        """
        unknown = sorted(set(options) - set(OPTION_NAMES))
        if unknown:
            raise RulesError(f"unknown rule option: {cut(', '.join(unknown))}")
        rules = dataclasses.replace(self, **{k: _coerce(k, v) for k, v in options.items()})
        return check_consistent(rules) if check else rules

    def to_json(self) -> dict[str, Any]:
        """Return the rules as their preset name plus the options that differ from it."""
        base = preset(self.name) if self.name in PRESETS else Rules()
        data: dict[str, Any] = {"preset": self.name if self.name in PRESETS else "club"}
        for name in OPTION_NAMES:
            value = getattr(self, name)
            if value != getattr(base, name):
                data[name] = _jsonable(value)
        return data

    @classmethod
    def from_json(cls, data: str | Mapping[str, Any] | None, *, check: bool = True) -> Rules:
        """Return the rules a preset name or a ``{"preset": ..., option: value}`` object names.

        >>> Rules.from_json({"preset": "tenhou", "kiriage": True}).kiriage
        True
        """
        if data is None:
            return preset("club")
        if isinstance(data, str):
            return preset(data)
        if not isinstance(data, Mapping):
            raise RulesError(f"rules must be a preset name or an object, not {shown(data)}")
        options = dict(data)
        if not all(type(key) is str for key in options):
            raise RulesError(f"rule option names must be strings, not {shown(list(options))}")
        name = options.pop("preset", "club")
        if not isinstance(name, str):
            raise RulesError(f"preset must be a name, not {shown(name)}")
        return preset(name).with_options(check=check, **options)

    def dumps(self) -> str:
        """Return the JSON text of ``to_json``."""
        return json.dumps(self.to_json(), sort_keys=True)


OPTION_NAMES = tuple(f.name for f in dataclasses.fields(Rules) if f.name != "name")


def _coerce(name: str, value: Any, depth: int = 0) -> Any:
    """Return an option value in its field's type; JSON lists (at most a list of
    lists, as floating_uma) become tuples."""
    if isinstance(value, list):
        if depth == 2:
            raise RulesError(f"rule option {name} nests lists too deeply")
        return tuple(_coerce(name, item, depth + 1) for item in value)
    return value


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(item) for item in value]
    return value


UMA_5_15 = (15000, 5000, -5000, -15000)
# JPML A floating uma, by the number of players at or above 30,000 (rulesets.md 2.4).
JPML_FLOATING_UMA = (
    (0, 0, 0, 0),
    (12000, -1000, -3000, -8000),
    (8000, 4000, -4000, -8000),
    (8000, 3000, 1000, -12000),
    (0, 0, 0, 0),
)
TOURNAMENT = {  # shared by EMA, WRC, M.League, JPML: no bust, no yame, deduction chombo
    "tobi": "none",
    "riichi_below_1000": True,
    "nagashi": "none",
    "abortive_draws": (),
    "multiple_ron": "head_bump",
    "chombo": "deduction",
}

# Each preset lists only what differs from the defaults (the seed's general rule).
# Sources: ../shared/reference/rulesets.md section 1 (table) and section 2 (settlement).
# (u) marks a value the reference calls uncertain: the most common reading is used.
PRESET_OPTIONS: dict[str, dict[str, Any]] = {
    # The seed's 关东 general rule: 25,000/30,000, oka to 1st, hanchan, bust below 0,
    # tenpai renchan, noten 3,000, abortive draws, nagashi as a draw, pao. Values the
    # seed leaves open (uma 10-20, double ron paid / triple ron aborts, so sanchahou is
    # among the abortive draws (all five), reverse-mangan
    # chombo, no extension; the liable player of stacked yakuman pays for the pao
    # yakuman only, as Mahjong Soul [RENV]) are the common Kanto club choices.
    "club": {},
    # Tenhou ranked 4p hanchan [RWT]: uma 10-20, oka 20; today unrounded (2.2; the
    # old rounding is rounding="tenhou_old"); equal points by seat; bust below 0;
    # west entry, sudden death at 30,000, up to West 4; agari-yame and tenpai-yame;
    # all five abortive draws; double ron, triple ron aborts, honba and sticks to the
    # nearest winner (2.2); no chombo online (nor a noten riichi: the software allows
    # none, so riichi_noten is "noten"); the liable player of stacked yakuman
    # answers for the whole hand (RENV: "Pao covers the full amount (Tenhou style)").
    "tenhou": {
        "double_yakuman": (),
        "ties": "seat",
        "extension_winds": 1,
        "sudden_death": True,
        "agari_yame": True,
        "tenpai_yame": True,
        "abortive_draws": ABORTIVE_DRAWS,
        "chombo": "none",
        "riichi_noten": "noten",
        "pao_stacked": "whole_hand",
    },
    # Mahjong Soul ranked 4p [MPA][PRE]: 25,000 start and settlement base, no oka,
    # uma +15/+5/-5/-15 (u), ties by seat (u), leftover sticks to 1st (u), bust below
    # 0 (u), west entry with sudden death at 30,000 (u: same shape as Tenhou),
    # yame on, KK/4W/4R/4K abort, double and triple ron paid, counters to the
    # nearest winner (u); pao limited to the pao yakuman when yakuman stack [RENV].
    "mahjongsoul": {
        "return_points": 25000,
        "uma": UMA_5_15,
        "ties": "seat",
        "extension_winds": 1,
        "sudden_death": True,
        "agari_yame": True,
        "tenpai_yame": True,
        "abortive_draws": ABORTIVE_DRAWS[:4],
        "multiple_ron": "paid",
        "chombo": "none",
        "riichi_noten": "noten",  # no chombo online, nor a noten riichi (as Tenhou)
    },
    # WRC 2025 [W25][PRE]: 30,000/30,000, +15/+5/-5/-15 averaged on ties, leftover
    # sticks lost (u: [PRE] "left on the table"), no bust (u), head bump, pao with
    # suukantsu, chombo -20 after uma (u), chombo ends the game (Pantheon wrc, u).
    "wrc": {
        **TOURNAMENT,
        "kiriage": True,
        "red_fives": False,
        "double_yakuman": (),
        "double_wind_fu": 2,
        "renhou": "mangan",
        "start_points": 30000,
        "uma": UMA_5_15,
        "leftover_sticks": "lost",
        "pao": PAO_YAKUMAN,
        "chombo_ends_game": True,
    },
    # EMA RCR 2025 [SEN][P ema2025]: as WRC for settlement, but leftover sticks to
    # 1st split if tied, several ron winners each paid in full with counters, own
    # riichi stick back, no abortive draws (u), no nagashi (u), chombo -20 (u),
    # chombo ends the game (Pantheon ema2025).
    "ema": {
        **TOURNAMENT,
        "kiriage": True,
        "counted_yakuman": False,
        "multiple_yakuman": False,
        "red_fives": False,
        "double_yakuman": (),
        "double_wind_fu": 2,
        "renhou": "mangan",
        "start_points": 30000,
        "uma": UMA_5_15,
        "leftover_sticks": "split_first",
        "multiple_ron": "paid",
        "multiple_ron_honba": "each",
        "multiple_ron_sticks": "own_back",
        "chombo_ends_game": True,
    },
    # EMA RCR 2016 [KASU][OYN16][P ema]: leftover sticks to 1st (u), honba to every
    # winner (u), own stick back then nearest (u), chombo -20 after uma.
    "ema2016": {
        **TOURNAMENT,
        "counted_yakuman": False,
        "multiple_yakuman": False,
        "red_fives": False,
        "double_yakuman": (),
        "renhou": "mangan",
        "start_points": 30000,
        "uma": UMA_5_15,
        "multiple_ron": "paid",
        "multiple_ron_honba": "each",
        "multiple_ron_sticks": "own_back",
    },
    # M.League [RWM][MNAVI][MTO]: 25,000/30,000, rank points +50/+10/-10/-30 (uma
    # 30-10 plus oka 20), ties split with the remainder to the seat nearer the first
    # dealer, leftover sticks split among tied 1st (u), no nagashi (u), pao with
    # suukantsu, chombo -20 (u: one page says a mangan payment).
    "mleague": {
        **TOURNAMENT,
        "kiriage": True,
        "counted_yakuman": False,
        "double_yakuman": (),
        "double_wind_fu": 2,
        "uma": (30000, 10000, -10000, -30000),
        "leftover_sticks": "split_first",
        "pao": PAO_YAKUMAN,
    },
    # JPML A [JPMLN][JPML12][P jpmlA]: 30,000/30,000, floating uma (2.4), ties
    # averaged (u), leftover sticks lost, KK/4W/4R/4K abort (u: the 2026 sheet is
    # reported as none), no bust (u), chombo -20 (u).
    "jpml_a": {
        **TOURNAMENT,
        "counted_yakuman": False,
        "multiple_yakuman": False,
        "red_fives": False,
        "double_yakuman": (),
        "double_wind_fu": 2,
        "renhou": "mangan",
        "start_points": 30000,
        "floating_uma": JPML_FLOATING_UMA,
        "uma": (0, 0, 0, 0),
        "leftover_sticks": "lost",
        "abortive_draws": ABORTIVE_DRAWS[:4],
        "pao": PAO_YAKUMAN,
    },
}
# Three-player presets (issue 20). rulesets.md covers four-player games; its scope note
# gives the points (Tenhou 35,000/40,000; Mahjong Soul 35,000/35,000, +15/0/-15 [PRE]).
# The rest, shared by both sites [SANMA]: 2m-8m out, no chi, north as nuki dora (a
# held north is a guest wind), 1m indicates 9m, tsumo loss (ツモ損; Mahjong Soul offers
# north_split as a room option), no suufon renda or suucha riichi (and no triple ron),
# honba 300 on ron, 100 from each on tsumo [TSAN]. (u): the noten penalty of 2,000
# (1,000 from each noten player or to each tenpai player), Tenhou's uma (none: oka 15
# only), and the 40,000 extension target for Mahjong Soul.
# Sources beside rulesets.md's: [SANMA] riichi.wiki "Sanma" (rule modifications: 2m-8m
# out, no chi, kita as dora counted twice under a west indicator, tsumo loss) and its
# "Majsoul" page (3P: rules as Tenhou's, tsumo loss by default, north bisection as an
# option, no suufon renda or suucha riichi, a held north a guest wind); [TSAN]
# tenhou.club "天鳳 三麻ツモ和了時(ツモ損ルール) 点数一覧表" and note.com/starmine_mj's
# table of Tenhou sanma tsumo gaps ("1本場につき300点": 100 from each payer).
SANMA = {
    "players": 3,
    "start_points": 35000,
    "return_points": 40000,
    "uma": (0, 0, 0),
    "noten_penalty": 2000,
    "extension_target": 40000,
    "abortive_draws": ("kyuushu_kyuuhai", "suukaikan"),
}
PRESET_OPTIONS.update(
    {
        # The club's sanma: the seed's general rule with the common three-player points
        # and uma +15/0/-15 (as Mahjong Soul's), tsumo loss, north as nuki dora.
        "club_sanma": {**SANMA, "uma": (15000, 0, -15000)},
        # Tenhou ranked 3p: as Tenhou 4p (ties by seat, west entry, sudden death, yame,
        # no chombo, pao for the whole hand), 35,000/40,000, oka 15, no uma (u).
        "tenhou_sanma": {**PRESET_OPTIONS["tenhou"], **SANMA},
        # Mahjong Soul ranked 3p: as Mahjong Soul 4p, 35,000/35,000, +15/0/-15 [PRE].
        "mahjongsoul_sanma": {
            **PRESET_OPTIONS["mahjongsoul"],
            **SANMA,
            "return_points": 35000,
            "uma": (15000, 0, -15000),
        },
    }
)
PRESETS = tuple(PRESET_OPTIONS)


def preset(name: str) -> Rules:
    """Return the named preset's rules.

    >>> preset("wrc").kiriage
    True
    """
    if name not in PRESET_OPTIONS:
        raise RulesError(f"unknown rules preset {shown(name)}; known: {', '.join(PRESETS)}")
    return Rules(name=name, **PRESET_OPTIONS[name])
