"""A hand to score, read from a FORMATS.md section 2 object: the hand (``hand``,
``win``, ``melds``), how it won (the flags and the winds), the dora and ura
indicators, honba, riichi sticks and rules. Every key but ``hand`` and ``win`` is
optional, with the defaults FORMATS.md gives; a bad value raises a ``ScoringError``
naming its key.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any, NamedTuple

from scoring.errors import LARGEST, BadHandError, shown
from scoring.fu import WinContext, read_wind
from scoring.hand import Hand
from scoring.rules import Rules
from scoring.situation import Situation
from scoring.tiles import EAST, parse_tiles

MAX_INDICATORS = 5  # the first dora indicator and four kan dora


class HandToScore(NamedTuple):
    """A winning hand with everything its score depends on (FORMATS.md section 2)."""

    hand: Hand
    situation: Situation = Situation()
    context: WinContext = WinContext()
    dora: tuple[int, ...] = ()  # indicators
    ura: tuple[int, ...] = ()  # indicators, counted only with riichi
    honba: int = 0
    riichi_sticks: int = 0
    rules: Rules = Rules()
    nuki: int = 0  # sanma: north tiles set aside as nuki dora

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandToScore:
        """Return the hand of a FORMATS.md section 2 object; its values are checked in
        this order: winds, flags, hand, dora, ura, honba, riichi sticks, rules, nuki.

        >>> hand = {"hand": "123m456p789s11z222z", "win": "1z", "seat_wind": "S"}
        >>> HandToScore.from_json(hand).situation.is_dealer
        False
        """
        if not isinstance(data, Mapping):
            raise BadHandError(f"a hand to score is a JSON object, not {shown(data)}")
        seat_wind, round_wind = read_wind(data, "seat_wind"), read_wind(data, "round_wind")
        situation = Situation.from_json(data, is_dealer=seat_wind == EAST)
        return cls(
            Hand.from_json(data),
            situation,
            _context(situation.tsumo, seat_wind, round_wind, situation.rinshan, situation.haitei),
            _indicators(data.get("dora", ""), "dora"),
            _indicators(data.get("ura", ""), "ura"),
            _count(data.get("honba", 0), "honba"),
            _count(data.get("riichi_sticks", 0), "riichi_sticks"),
            _rules(data.get("rules")),
            _count(data.get("nuki", 0), "nuki"),
        )


@functools.cache
def _context(
    tsumo: bool, seat_wind: int, round_wind: int, rinshan: bool, haitei: bool
) -> WinContext:
    """Return the fu context of the flags and winds (a batch shares a few: each is made once)."""
    return WinContext(tsumo, seat_wind, round_wind, rinshan, haitei)


def _indicators(text: Any, key: str) -> tuple[int, ...]:
    if type(text) is not str:
        raise BadHandError(f"{key} must be MPSZ indicator tiles, not {shown(text)}")
    tiles = parse_tiles(text)
    if len(tiles) > MAX_INDICATORS:
        raise BadHandError(f"{key} has {len(tiles)} indicators; at most {MAX_INDICATORS}")
    return tiles


def _count(value: Any, key: str) -> int:
    if type(value) is not int or not 0 <= value <= LARGEST:
        raise BadHandError(
            f"{key} must be a whole number from 0 to {LARGEST:,}, not {shown(value)}"
        )
    return value


def _rules(data: Any) -> Rules:
    """Return the rules a preset name or an object names (a batch names few, so each
    is read once: a rules object by its JSON text)."""
    if data is None or isinstance(data, str):
        return _preset_rules(data)
    return _rules_of_text(json.dumps(data, sort_keys=True))


@functools.lru_cache(maxsize=64)
def _preset_rules(name: str | None) -> Rules:
    return Rules.from_json(name)


@functools.lru_cache(maxsize=64)
def _rules_of_text(text: str) -> Rules:
    return Rules.from_json(json.loads(text))
