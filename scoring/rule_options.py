"""The values each rule option may take: the choices, lists and ranges of the options of
``scoring.rules.Rules`` (the table's agreed rules: the seed's 规则 and the published
rulesets of ../shared/reference/rulesets.md), and the check of each value on its own.
Options that contradict each other are found by ``scoring.consistency``.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from scoring.errors import LARGEST, RulesError, cut, shown
from scoring.local_yaku import LOCAL_YAKUMAN

if TYPE_CHECKING:
    from scoring.rules import Rules

DOUBLE_YAKUMAN_PATTERNS = ("kokushi_13", "suuankou_tanki", "chuuren_9", "daisuushii")
# mangan: 5 han that combine with nothing (EMA 2025, WRC 2025); cumulative: 5 han added
# to the other yaku (WRC 2014/2015 [WRC14F]); yakuman (Mahjong Soul friendly rooms [MRE])
RENHOU_VALUES = ("none", "mangan", "cumulative", "yakuman")
ABORTIVE_DRAWS = ("kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou")
PAO_YAKUMAN = ("daisangen", "daisuushii", "suukantsu")
# Winds of the regular game, and the order extension winds are entered in (cycled).
GAME_LENGTHS: dict[str, tuple[str, str]] = {
    "east": ("E", "SWNE"),  # 东风战; extension: south entry
    "east_south": ("ES", "WNES"),  # 半庄战; extension: west, north, return to east
    "four_winds": ("ESWN", "ESWN"),  # 一庄战
    "east_north": ("EN", "EN"),  # 东北战; extension returns to east
    "east_east": ("EE", "E"),  # 东东战; extension E9..E12, E13..
    "one_round": ("E", ""),  # 一局清算: one hand, then settle
}
CHOICES: dict[str, tuple[str, ...]] = {
    "renhou": RENHOU_VALUES,
    "ties": ("split", "seat"),  # split uma/oka of tied places, or rank by seat order
    "rounding": ("none", "tenhou_old"),
    # returned: each stick goes back to the player who put it in (issue 20; Pantheon's
    # and ronin's settings models offer first or lost only, rulesets.md section 4)
    "leftover_sticks": ("first", "split_first", "lost", "returned"),
    "game_length": tuple(GAME_LENGTHS),
    "tobi": ("none", "below_zero", "zero_or_below"),
    "extension_end": ("stand", "all_draw"),
    "renchan": ("tenpai", "win"),
    "multiple_ron": ("paid", "double_only", "head_bump"),
    "multiple_ron_honba": ("nearest", "each"),
    "multiple_ron_sticks": ("nearest", "own_back"),
    "nagashi": ("none", "draw"),
    "chombo": ("deduction", "reverse_mangan", "none"),
    # What the liable player of a hand with more yakuman than the pao one answers for.
    "pao_stacked": ("pao_yakuman", "whole_hand"),
    # riichi.wiki "Open riichi": 1 han more than riichi (the mahjong library's OpenRiichi
    # 2 han, DaburuOpenRiichi 3); its optional yakuman for a deal-in by a player not in
    # riichi (the library's has_sashikomi_yakuman)
    "open_riichi": ("none", "two_han", "deal_in_yakuman"),
    # chombo: riichi.wiki "Chombo" (noten riichi revealed at ryuukyoku), EMA RCR 3.4.6;
    # noten: the riichi player pays noten like any other (issue 20's other rule)
    "riichi_noten": ("chombo", "noten"),
    # Who pays the honba of a ron with a liable player: the discarder (EMA [SEN]) or the
    # liable player (one reading of rulesets.md's Tenhou cell "honba via pao" [RWT][RENV];
    # the tenhou preset keeps the discarder, as stored Tenhou games were replayed, until
    # the reading is confirmed).
    "pao_honba": ("discarder", "liable"),
    # Sanma: the absent player's share of a tsumo is lost (ツモ損) or split (北家折半).
    "sanma_tsumo": ("loss", "north_split"),
    "north": ("nuki", "kept"),
    "sanma_1m_dora": ("9m", "2m"),
}
TUPLE_CHOICES: dict[str, tuple[str, ...]] = {
    "double_yakuman": DOUBLE_YAKUMAN_PATTERNS,
    "abortive_draws": ABORTIVE_DRAWS,
    "pao": PAO_YAKUMAN,
    "local_yakuman": LOCAL_YAKUMAN,
}
# An open pinfu-shaped ron: 30 fu (the seed's 符數 5.3; WRC 2025 [W25]), or 20 fu left
# unrounded, so that 1 han 20 fu wins exist (the mahjong library's fu_for_open_pinfu off)
OPEN_PINFU_FU = (20, 30)
NULLABLE: dict[str, type] = {"oka": int}
# The range of each whole-number option: wide enough for every published ruleset and
# house rule, narrow enough that no game's scores grow past what a table could hold.
BOUNDS: dict[str, tuple[int, int]] = {
    "honba_value": (0, 3_000),
    "start_points": (100, 1_000_000),
    "return_points": (0, 1_000_000),
    "oka": (-1_000_000, 1_000_000),
    "extension_winds": (0, 16),
    "extension_target": (0, 1_000_000),
    "noten_penalty": (0, 30_000),
    "chombo_points": (0, 1_000_000),
    "yakitori": (0, 1_000_000),
    "two_han_minimum_honba": (0, 100),
    "tobi_bonus": (0, 1_000_000),
}
UMA_BOUND = 1_000_000  # the largest uma of one place, in points


def check_values(rules: Rules) -> None:
    """Raise a ``RulesError`` naming the first option whose value is impossible."""
    defaults = {f.name: f.default for f in dataclasses.fields(rules) if f.name != "name"}
    for name, default in defaults.items():
        _check_type(name, getattr(rules, name), default)
    for name, allowed in CHOICES.items():
        value = getattr(rules, name)
        if value not in allowed:
            raise RulesError(f"{name} must be one of {', '.join(allowed)}, not {shown(value)}")
    for name, allowed in TUPLE_CHOICES.items():
        unknown = set(getattr(rules, name)) - set(allowed)
        if unknown:
            raise RulesError(
                f"{name} has unknown values: {cut(', '.join(sorted(map(str, unknown))))}"
            )
    for name, (low, high) in BOUNDS.items():
        value = getattr(rules, name)
        if value is not None and not low <= value <= high:
            raise RulesError(f"{name} must be from {low:,} to {high:,}, not {value:,}")
    _check_points(rules)
    _check_uma(rules)


JSON_KINDS = {bool: "true or false", int: "a whole number", str: "text", tuple: "a list"}


def _check_type(name: str, value: Any, default: Any) -> None:
    if value is None and name in NULLABLE:
        return
    expected = NULLABLE.get(name, type(default))
    if type(value) is not expected:
        raise RulesError(f"rule option {name} must be {JSON_KINDS[expected]}, not {shown(value)}")
    if type(value) is int and abs(value) > LARGEST:
        if name in BOUNDS:  # its own range says more than the guard on every number
            low, high = BOUNDS[name]
            raise RulesError(f"{name} must be from {low:,} to {high:,}, not {shown(value)}")
        raise RulesError(f"rule option {name} must be {LARGEST:,} or less, not {shown(value)}")
    items: tuple[Any, ...] = value if isinstance(value, tuple) else ()
    if name == "floating_uma":  # the points' sizes are checked with the uma (_check_uma)
        if not all(isinstance(row, tuple) and _all_whole(row) for row in items):
            raise RulesError(f"floating_uma must be lists of whole points, not {shown(value)}")
    elif name == "uma" and not _all_whole(items):
        raise RulesError(f"uma must be whole points, not {shown(value)}")
    elif name != "uma" and not all(type(v) is str for v in items):
        raise RulesError(f"{name} must be a list of names, not {shown(value)}")


def _all_whole(values: tuple[Any, ...]) -> bool:
    return all(type(v) is int for v in values)


def _check_points(rules: Rules) -> None:
    if rules.honba_value % 3:
        raise RulesError(f"honba_value must be a multiple of 3, not {rules.honba_value}")
    if rules.double_wind_fu not in (2, 4):
        raise RulesError(f"double_wind_fu must be 2 or 4, not {rules.double_wind_fu}")
    if rules.open_pinfu_fu not in OPEN_PINFU_FU:
        raise RulesError(f"open_pinfu_fu must be 20 or 30, not {rules.open_pinfu_fu}")
    if rules.start_points <= 0 or rules.start_points % 100:
        raise RulesError(
            f"start_points must be a positive multiple of 100, not {rules.start_points}"
        )
    if rules.return_points % 100 or (rules.oka or 0) % 100:
        raise RulesError("return_points and oka must be multiples of 100")
    if rules.players not in (3, 4):
        raise RulesError(f"players must be 3 or 4, not {shown(rules.players)}")
    shares = 300 if rules.players == 4 else 200  # it splits among 1-3 (1-2) tenpai players
    if rules.noten_penalty % shares:
        raise RulesError(f"noten_penalty must be a multiple of {shares}, not {rules.noten_penalty}")
    if rules.game_length == "one_round" and rules.extension_winds:
        raise RulesError("a one_round game has no extension: extension_winds must be 0")


def _check_uma(rules: Rules) -> None:
    rows, places = (rules.uma, *rules.floating_uma), rules.players
    for index, row in enumerate(rows):
        name = "uma" if index == 0 else "floating_uma"
        if len(row) != places or sum(row) != 0 or any(points % 100 for points in row):
            raise RulesError(
                f"{name} must be {places} multiples of 100 that sum to 0, not {list(row)}"
            )
        if any(abs(points) > UMA_BOUND for points in row):
            raise RulesError(
                f"{name} must be from -{UMA_BOUND:,} to {UMA_BOUND:,} points per place"
            )
    if rules.floating_uma and len(rules.floating_uma) != places + 1:
        counts = ", ".join(map(str, range(places))) + f" and {places}"
        raise RulesError(f"floating_uma needs {places + 1} rows: for {counts} players at return")
