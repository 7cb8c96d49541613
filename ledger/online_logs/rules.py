"""The ruleset a log was played under, as a FORMATS.md rules object.

Tenhou games use the engine's ``tenhou`` preset, Mahjong Soul games its
``mahjongsoul`` preset, with the options the log itself shows on top:

- Tenhou mjlog ``<GO type=...>`` is a set of bits: 0x01 against people (not
  computers), 0x02 no red fives, 0x04 no open tanyao (kuitan), 0x08 hanchan (else
  east only), 0x10 three players, 0x40 fast; 0x20 and 0x80 give the lobby
  (0x80 upper, 0x20 special, both phoenix). The level and speed change no score.
- tenhou.net/6 JSON has ``rule``: ``disp`` names the room ("鳳南喰赤": phoenix,
  hanchan, kuitan, red fives; "玉の間南喰赤" or "玉の間四人南" a Mahjong Soul jade
  room, 東 east only, 南 hanchan), and ``aka51``/``aka52``/``aka53`` count the red
  5m, 5p and 5s (a Mahjong Soul room with four red fives has two red 5p: refused).
- The first round's scores give the start points, and the final results give the room's uma, and for Tenhou whether the
  results were rounded to whole thousands (Tenhou did so until about 2019; today's
  results have tenths).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ledger.online_logs.model import LogFigures
from ledger.online_logs.numbers import json_whole
from scoring.errors import RulesError
from scoring.rules import Rules

NO_RED, NO_KUITAN, HANCHAN, SANMA = 0x02, 0x04, 0x08, 0x10


class RedFivesError(ValueError):
    """Red fives the engine cannot count (more than one of a suit)."""


def tenhou_lobby_rules(type_bits: int) -> dict[str, Any]:
    """Return the rules of a Tenhou lobby from its ``<GO type>`` bits.

    >>> tenhou_lobby_rules(169)  # phoenix hanchan with kuitan and red fives
    {'preset': 'tenhou'}
    >>> tenhou_lobby_rules(0x01 | 0x02 | 0x04)
    {'preset': 'tenhou', 'red_fives': False, 'open_tanyao': False, 'game_length': 'east'}
    """
    options: dict[str, Any] = {"preset": "tenhou"}
    if type_bits & NO_RED:
        options["red_fives"] = False
    if type_bits & NO_KUITAN:
        options["open_tanyao"] = False
    if not type_bits & HANCHAN:
        options["game_length"] = "east"
    return options


def is_sanma_lobby(type_bits: int) -> bool:
    """Return whether a Tenhou lobby is a three-player one."""
    return bool(type_bits & SANMA)


def tenhou6_rules(rule: Mapping[str, Any], preset: str) -> dict[str, Any]:
    """Return the rules a tenhou.net/6 ``rule`` object describes on top of a preset.

    >>> tenhou6_rules({"disp": "鳳南喰赤", "aka53": 1, "aka52": 1, "aka51": 1}, "tenhou")
    {'preset': 'tenhou'}
    >>> tenhou6_rules({"disp": "玉の間四人東"}, "mahjongsoul")
    {'preset': 'mahjongsoul', 'game_length': 'east'}

    Tenhou's room text names kuitan (喰) and red fives (赤) when the room has them;
    Mahjong Soul rooms all allow kuitan, and converters name the room in several
    ways, so there only the red five counts say there are none.
    """
    disp = rule.get("disp")
    disp = disp if isinstance(disp, str) else ""
    options: dict[str, Any] = {"preset": preset}
    if not has_red_fives(rule, disp if preset == "tenhou" else "赤"):
        options["red_fives"] = False
    if preset == "tenhou" and disp and "喰" not in disp:
        options["open_tanyao"] = False
    if "東" in disp and "南" not in disp:
        options["game_length"] = "east"
    return options


def has_red_fives(rule: Mapping[str, Any], disp: str) -> bool:
    """Return whether the game has one red five of each suit (the counts, else "赤"
    in the room text), or none; raise ``RedFivesError`` for other counts, which the
    engine cannot score."""
    counts = [rule.get(key) for key in ("aka51", "aka52", "aka53")]
    if all(count is None for count in counts):
        return "赤" in disp
    if counts == [0, 0, 0]:
        return False
    if counts == [1, 1, 1]:
        return True
    numbers = [json_whole(0 if count is None else count) for count in counts]
    if None in numbers:
        raise RedFivesError("the log's counts of red fives are broken")
    raise RedFivesError(
        f"the game has {'/'.join(str(n) for n in numbers)} red fives of "
        "manzu/pinzu/souzu; our engine counts one red five of each suit or none"
    )


def log_rules(options: dict[str, Any], kind: str, figures: LogFigures) -> dict[str, Any]:
    """Return the rules with what the log's figures show on top: the start score of
    the first round (when it is not the preset's), then the rounding and uma of the
    final results."""
    options = dict(options)
    start = figures.rounds[0].start
    if len(set(start)) == 1 and start[0] != Rules.from_json(options).start_points:
        moved = _moved_start(Rules.from_json(options), start[0])
        try:
            Rules.from_json({**options, **moved})
        except RulesError:
            pass  # a start no rules allow: the check reports East 1
        else:
            options.update(moved)
    rules = Rules.from_json(options)
    options.update(settlement_options(rules, kind, figures.final_scores, figures.final_results))
    return options


def _moved_start(rules: Rules, start: int) -> dict[str, int]:
    """Return the options of a room starting at ``start``: a room without oka (the
    return at the start, as Mahjong Soul's) returns at its start too.

    >>> _moved_start(Rules(start_points=25000, return_points=25000), 30000)
    {'start_points': 30000, 'return_points': 30000}
    >>> _moved_start(Rules(start_points=25000, return_points=30000), 30000)
    {'start_points': 30000}
    """
    if rules.oka is None and rules.return_points == rules.start_points:
        return {"start_points": start, "return_points": start}
    return {"start_points": start}


def settlement_options(
    rules: Rules, kind: str, scores: Sequence[int] | None, results: Sequence[float] | None
) -> dict[str, Any]:
    """Return the rounding and uma the log's final scores and results show, where they
    differ from the rules (an empty dict when they match or the log has no results)."""
    if scores is None or results is None:
        return {}
    options: dict[str, Any] = {}
    if kind == "tenhou" and all(float(result).is_integer() for result in results):
        options["rounding"] = "tenhou_old"
    rounded = options.get("rounding", rules.rounding) == "tenhou_old"
    uma = derived_uma(rules, scores, results, rounded=rounded)
    if uma is not None and uma != rules.uma:
        options["uma"] = list(uma)
    if options.get("rounding") == rules.rounding:
        del options["rounding"]
    return options


def derived_uma(
    rules: Rules, scores: Sequence[int], results: Sequence[float], *, rounded: bool
) -> tuple[int, ...] | None:
    """Return the uma by place (1st first) that turns the final scores into the
    results, or None when no room's table does (places by score, ties by seat).
    Rooms' tables are whole thousands and symmetric (1st = -4th, 2nd = -3rd), so a
    result that fits no such table is left for the check to report.

    >>> derived_uma(Rules(return_points=25000, oka=0), [40000, 30000, 20000, 10000],
    ...             [30.0, 10.0, -10.0, -30.0], rounded=False)
    (15000, 5000, -5000, -15000)
    """
    order = sorted(range(4), key=lambda seat: (-scores[seat], seat))
    uma = []
    for place, seat in enumerate(order):
        raw = scores[seat] - rules.return_points
        if rounded:
            raw = (raw + 500) // 1000 * 1000
        uma.append(round(results[seat] * 1000) - raw - (rules.oka_points if place == 0 else 0))
    if rounded:  # 1st is minus the others: its own uma is what makes the table sum to 0
        uma[0] = -sum(uma[1:])
    symmetric = uma[0] == -uma[3] and uma[1] == -uma[2]
    if not symmetric or any(u % 1000 for u in uma) or uma != sorted(uma, reverse=True):
        return None
    return tuple(uma)
