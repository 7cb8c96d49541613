"""The full score of a hand to score (FORMATS.md section 2): yaku, fu, dora, payments.

Every reading of the hand is scored; the best is the one that pays the most, then
the one with more han, then more fu. Its pinfu, wait and fu are the reading's own.
Dora add han to a hand with a yaku and never make one. A yakuman hand scores its
yakuman only (13 han per multiple; one multiple when ``Rules.multiple_yakuman`` is
off). Under ``Rules.renhou == "mangan"`` renhou is 5 han that combine with nothing
(no other yaku, no dora): the hand scores the better of renhou and its normal value.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.dora import DoraCount, count_dora
from scoring.errors import BadFlagsError, BadHandError, NoYakuError, TwoHanMinimumError
from scoring.fu import Fu, WinContext, fu
from scoring.hand import KOKUSHI, Hand, Reading, readings
from scoring.rules import Rules
from scoring.tiles import (
    EAST,
    RED_FIVES,
    check_copies,
    format_tiles,
    kind,
    parse_tiles,
    tile_counts,
    tile_name,
)
from scoring.value import STICK, HandValue, WinPayments, base_points, limit_name, win_payments
from scoring.yaku import (
    YAKU,
    YAKUMAN_HAN,
    HandShape,
    Situation,
    YakuHan,
    check_situation,
    find_yaku,
    hand_shape,
)

MAX_INDICATORS = 5  # the first dora indicator and four kan dora
RENHOU_MANGAN = (YakuHan("renhou", 5),)


@dataclass(frozen=True)
class HandToScore:
    """A winning hand with everything its score depends on (FORMATS.md section 2)."""

    hand: Hand
    situation: Situation
    context: WinContext
    dora: tuple[int, ...] = ()  # indicators
    ura: tuple[int, ...] = ()  # indicators, counted only with riichi
    honba: int = 0
    riichi_sticks: int = 0
    rules: Rules = field(default_factory=Rules)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandToScore:
        """Return the hand of a FORMATS.md section 2 object.

        >>> hand = {"hand": "123m456p789s11z222z", "win": "1z", "seat_wind": "S"}
        >>> HandToScore.from_json(hand).situation.is_dealer
        False
        """
        if not isinstance(data, Mapping):
            raise BadHandError(f"a hand to score is a JSON object, not {data!r}")
        hand = Hand.from_json(data)
        context = WinContext.from_json(data)
        return cls(
            hand=hand,
            situation=Situation.from_json(data, is_dealer=context.seat_wind == EAST),
            context=context,
            dora=_indicators(data, "dora"),
            ura=_indicators(data, "ura"),
            honba=_count(data, "honba"),
            riichi_sticks=_count(data, "riichi_sticks"),
            rules=_rules(data.get("rules")),
        )


def _indicators(data: Mapping[str, Any], key: str) -> tuple[int, ...]:
    text = data.get(key, "")
    if not isinstance(text, str):
        raise BadHandError(f"{key} must be MPSZ indicator tiles, not {text!r}")
    tiles = parse_tiles(text) if text else ()
    if len(tiles) > MAX_INDICATORS:
        raise BadHandError(f"{key} has {len(tiles)} indicators; at most {MAX_INDICATORS}")
    return tiles


def _count(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key, 0)
    if type(value) is not int or value < 0:
        raise BadHandError(f"{key} must be a whole number 0 or more, not {value!r}")
    return value


def _rules(data: Any) -> Rules:
    if data is None or isinstance(data, str):
        return _preset_rules(data)
    return _rules_of_text(json.dumps(data, sort_keys=True))


@functools.lru_cache(maxsize=64)
def _preset_rules(name: str | None) -> Rules:
    return Rules.from_json(name)


@functools.lru_cache(maxsize=64)
def _rules_of_text(text: str) -> Rules:
    return Rules.from_json(json.loads(text))


@dataclass(frozen=True)
class HandScore:
    """A scored hand: its value, the reading's fu and yaku, dora and payments."""

    value: HandValue
    fu: Fu
    yaku: tuple[YakuHan, ...]
    dora: DoraCount
    wait: str
    payments: WinPayments
    total: int
    limit: str
    base_points: int

    def to_json(self) -> dict[str, Any]:
        """Return the result object of FORMATS.md section 2."""
        return {
            "han": self.value.han,
            "fu": self.fu.total,
            "fu_items": [{"name": item.name, "fu": item.fu} for item in self.fu.items],
            "yaku": [{"name": name, "han": han} for name, han in self.yaku],
            "dora": self.dora.to_json(),
            "yakuman": self.value.yakuman,
            "limit": self.limit,
            "base_points": self.base_points,
            "payments": self.payments.to_json(),
            "total": self.total,
            "wait": self.wait,
        }


def score_hand(data: Mapping[str, Any]) -> dict[str, Any]:
    """Return the result object of a FORMATS.md section 2 hand object.

    >>> result = score_hand({"hand": "234m406p789s22z", "win": "2z",
    ...     "melds": [{"kind": "pon", "tiles": "777z"}], "seat_wind": "S", "dora": "9s"})
    >>> result["han"], result["fu"], result["yaku"], result["dora"], result["payments"]
    (2, 30, [{'name': 'yakuhai_chun', 'han': 1}], {'dora': 0, 'aka': 1, 'ura': 0}, {'ron': 2000})
    """
    return score(HandToScore.from_json(data)).to_json()


def score(request: HandToScore) -> HandScore:
    """Return the best score among the hand's readings.

    >>> from scoring.hand import Hand
    >>> hand = Hand.parse("111222333m55p789s", "3m")
    >>> best = score(HandToScore(hand, Situation(tsumo=True), WinContext(tsumo=True)))
    >>> [y.name for y in best.yaku], best.value.han
    (['menzen_tsumo', 'sanankou'], 3)
    """
    hand, rules = request.hand, request.rules
    found = readings(hand)
    _check(request, found)
    shape = _shape(hand)
    dora = _dora(request)
    candidates = [
        candidate for reading in found for candidate in _candidates(request, reading, shape, dora)
    ]
    if not candidates:
        raise NoYakuError(_no_yaku_message(hand, dora))
    minimum = rules.two_han_minimum_honba
    if minimum and request.honba >= minimum:
        candidates = [c for c in candidates if c.value.yakuman or _yaku_han(c.yaku) >= 2]
        if not candidates:
            raise TwoHanMinimumError(
                f"at {request.honba} honba these rules need 2 han without dora"
            )
    return max(candidates, key=_rank)


def _rank(candidate: HandScore) -> tuple[int, int, int]:
    return (candidate.payments.total(), candidate.value.han, candidate.fu.total)


def _yaku_han(yaku: tuple[YakuHan, ...]) -> int:
    return sum(han for _, han in yaku)


def _check(request: HandToScore, found: tuple[Reading, ...]) -> None:
    hand, situation = request.hand, request.situation
    melds = hand.melds
    check_situation(
        situation,
        is_closed=all(not meld.is_open for meld in melds),
        has_melds=bool(melds),
        has_kan=any(meld.is_kan for meld in melds),
    )
    if situation.chankan:
        _check_chankan(hand, situation, found, request.rules)
    if request.dora or request.ura:
        check_copies(hand.all_tiles + request.dora + request.ura)


def _check_chankan(
    hand: Hand, situation: Situation, found: tuple[Reading, ...], rules: Rules
) -> None:
    win = kind(hand.win)
    if sum(1 for tile in hand.all_tiles if kind(tile) == win) != 1:
        raise BadFlagsError(
            f"chankan robs the fourth {tile_name(win)}, so the hand holds no other copy"
        )
    if situation.robbed_kan == "ankan":
        if found[0].form != KOKUSHI:
            raise BadFlagsError("only kokushi may rob a closed kan")
        if not rules.kokushi_robs_closed_kan:
            raise BadFlagsError("these rules do not let kokushi rob a closed kan")


def _shape(hand: Hand) -> HandShape:
    all_counts = tile_counts(hand.all_tiles)
    quads = sum(1 for meld in hand.melds if meld.is_kan)
    return hand_shape(all_counts, hand.counts, kind(hand.win), quads)


def _dora(request: HandToScore) -> DoraCount:
    tiles = request.hand.all_tiles
    counts = tile_counts(tiles) if request.dora or request.ura else ()
    aka = sum(1 for tile in tiles if tile in RED_FIVES) if request.rules.red_fives else 0
    has_ura = request.situation.has_riichi and request.ura
    return DoraCount(
        dora=count_dora(counts, request.dora) if request.dora else 0,
        aka=aka,
        ura=count_dora(counts, request.ura) if has_ura else 0,
    )


def _candidates(
    request: HandToScore, reading: Reading, shape: HandShape, dora: DoraCount
) -> list[HandScore]:
    situation, context, rules = request.situation, request.context, request.rules
    yaku = find_yaku(reading, shape, situation, context, rules)
    points = fu(reading, context, rules)
    found = []
    if yaku:
        found.append(_scored(request, yaku, points, dora, reading.wait))
    if situation.renhou and rules.renhou == "mangan":
        found.append(_scored(request, RENHOU_MANGAN, points, DoraCount(), reading.wait))
    return found


def _scored(
    request: HandToScore, yaku: tuple[YakuHan, ...], points: Fu, dora: DoraCount, wait: str
) -> HandScore:
    rules = request.rules
    han = _yaku_han(yaku)
    if YAKU[yaku[0].name].is_yakuman:
        multiple = han // YAKUMAN_HAN if rules.multiple_yakuman else 1
        value = HandValue(han=YAKUMAN_HAN * multiple, fu=points.total, yakuman=multiple)
    else:
        value = HandValue(han=han + dora.han, fu=points.total)
    tsumo = request.situation.tsumo
    payments = win_payments(
        value,
        is_dealer=request.situation.is_dealer,
        tsumo=tsumo,
        rules=rules,
        honba=request.honba,
    )
    return HandScore(
        value=value,
        fu=points,
        yaku=yaku,
        dora=dora,
        wait=wait,
        payments=payments,
        total=payments.total() + STICK * request.riichi_sticks,
        limit=limit_name(value, rules),
        base_points=base_points(value, rules),
    )


def _no_yaku_message(hand: Hand, dora: DoraCount) -> str:
    tiles = format_tiles(hand.concealed)
    if dora.han:
        return f"no yaku in {tiles}: its {dora.han} dora do not make a yaku"
    return f"no yaku in {tiles}"
