"""The options a table agrees on, as one frozen value, with named presets.

Presets name published rulesets (their options and sources are in ``scoring.presets``);
``club`` is the seed's general (Kanto) rule. A rules value
serialises to JSON as ``{"preset": "wrc", "kiriage": false}``: the preset's
values, then each listed option on top. Unknown options and impossible values
raise ``RulesError`` (the values each option takes are in ``scoring.rule_options``);
options that contradict each other, ``ContradictoryRules`` (``scoring.consistency``).

Points options are table points (``uma=(15000, 5000, -5000, -15000)`` is
+15/+5/-5/-15 in the final score).
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.consistency import check_consistent
from scoring.errors import RulesError, cut, shown
from scoring.presets import PRESET_OPTIONS
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

    # A dataclass hashes all 64 options at every call; the scorer's price table is keyed
    # by the rules, so each value hashes them once.
    def __hash__(self) -> int:
        return self._hash

    @functools.cached_property
    def _hash(self) -> int:
        return hash(tuple(getattr(self, name) for name in OPTION_NAMES))

    def __getstate__(self) -> dict[str, Any]:
        """Return the options to pickle, without the hash (a string's hash differs from
        one process to the next)."""
        return {name: value for name, value in self.__dict__.items() if name != "_hash"}

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


PRESETS = tuple(PRESET_OPTIONS)


def preset(name: str) -> Rules:
    """Return the named preset's rules.

    >>> preset("wrc").kiriage
    True
    """
    if name not in PRESET_OPTIONS:
        raise RulesError(f"unknown rules preset {shown(name)}; known: {', '.join(PRESETS)}")
    return Rules(name=name, **PRESET_OPTIONS[name])
