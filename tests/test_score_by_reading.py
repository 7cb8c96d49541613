"""score_hand against a slow reference: every reading scored alone with the plain
engine functions (no cached tables, no shared values), the best one written out as
FORMATS.md section 2 says. The scorer's speed paths (one reading, no yaku, priced
tables, cached JSON) must give exactly the same results and errors."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bench.hands import complete_hand
from scoring.dora import dora_kind
from scoring.errors import ScoringError
from scoring.fu import fu
from scoring.hand import readings
from scoring.score import HandToScore, score_hand
from scoring.shape import hand_shape
from scoring.tiles import RED_FIVES, check_copies
from scoring.value import HandValue, base_points, limit_name, win_payments
from scoring.yaku import YAKU, YakuHan, find_yaku

RULES = [
    None,
    "tenhou",
    {"renhou": "mangan"},
    {"two_han_minimum_honba": 1},
    {"two_han_minimum_honba": 2, "renhou": "mangan", "kiriage": True},
    {"multiple_yakuman": False, "chiitoitsu_50_fu": True, "red_fives": False},
    {"counted_yakuman": False, "double_wind_fu": 2, "open_tanyao": False},
]


def _reference(data: dict[str, Any]) -> Any:
    """Return the result object of the best reading, or the error code."""
    try:
        request = HandToScore.from_json(data)
        check_copies(request.hand.all_tiles + request.dora + request.ura)
    except ScoringError as error:
        return error.code
    hand, situation, context, dora, ura, honba, _, rules, _ = request
    counts, tiles = hand.all_counts, hand.all_tiles
    found = {
        "dora": sum(counts[dora_kind(tile)] for tile in dora),
        "aka": sum(tiles.count(red) for red in RED_FIVES) if rules.red_fives else 0,
        "ura": sum(counts[dora_kind(tile)] for tile in ura) if situation.has_riichi else 0,
    }
    options = []
    for reading in readings(hand):
        yaku = find_yaku(reading, hand_shape(hand), situation, context, rules)
        if yaku:
            options.append((yaku, found, reading))
        if situation.renhou and rules.renhou == "mangan":
            options.append(((YakuHan("renhou", 5),), {"dora": 0, "aka": 0, "ura": 0}, reading))
    if not options:
        return "no_yaku"
    minimum = rules.two_han_minimum_honba
    if minimum and honba >= minimum:
        options = [option for option in options if sum(y.han for y in option[0]) >= 2]
        if not options:
            return "two_han_minimum"
    results = [_result(option, request) for option in options]
    return max(results, key=lambda result: (result["total"], result["han"], result["fu"]))


def _result(option: Any, request: HandToScore) -> dict[str, Any]:
    yaku, dora, reading = option
    situation, context, rules = request.situation, request.context, request.rules
    han, yakuman, points = sum(y.han for y in yaku), 0, fu(reading, context, rules)
    if YAKU[yaku[0].name].is_yakuman:
        yakuman = han // 13 if rules.multiple_yakuman else 1
        han = 13 * yakuman
    else:
        han += sum(dora.values())
    value = HandValue(han=han, fu=points.total, yakuman=yakuman)
    payments = win_payments(
        value,
        is_dealer=situation.is_dealer,
        tsumo=situation.tsumo,
        rules=rules,
        honba=request.honba,
    )
    paid = payments.ron or payments.dealer + payments.non_dealer * (2 if payments.dealer else 3)
    return {
        "han": value.han,
        "fu": points.total,
        "fu_items": [{"name": item.name, "fu": item.fu} for item in points.items],
        "yaku": [{"name": y.name, "han": y.han} for y in yaku],
        "dora": dict(dora),
        "yakuman": value.yakuman,
        "limit": limit_name(value, rules),
        "base_points": base_points(value, rules),
        "payments": payments.to_json(),
        "total": paid + 1000 * request.riichi_sticks,
        "wait": reading.wait,
    }


def _scored(data: dict[str, Any]) -> Any:
    try:
        return score_hand(data)
    except ScoringError as error:
        return error.code


def _hand_object(rng: random.Random) -> dict[str, Any]:
    hand = complete_hand(rng)
    closed = all(not meld.is_open for meld in hand.melds)
    tsumo, seat = rng.random() < 0.5, rng.choice("ESWN")
    riichi = closed and rng.random() < 0.5
    data = {
        **hand.to_json(),
        "tsumo": tsumo,
        "riichi": riichi,
        "ippatsu": riichi and rng.random() < 0.2,
        "seat_wind": seat,
        "round_wind": rng.choice("ES"),
        "dora": rng.choice(["", "1z", "4m", "9p4s"]),
        "ura": rng.choice(["", "7z"]) if riichi else "",
        "honba": rng.choice([0, 1, 2]),
        "riichi_sticks": rng.choice([0, 1]),
        "renhou": not (hand.melds or riichi or tsumo) and seat != "E" and rng.random() < 0.3,
    }
    rules = rng.choice(RULES)
    return data if rules is None else {**data, "rules": rules}


@given(st.randoms(use_true_random=False))
@settings(max_examples=300, deadline=None)
def test_every_hand_scores_as_its_best_reading_scored_alone(rng):
    data = _hand_object(rng)
    assert _scored(data) == _reference(data)


def test_the_bench_hands_score_as_their_best_reading_scored_alone():
    rng = random.Random(7)
    for _ in range(500):
        data = _hand_object(rng)
        assert _scored(data) == _reference(data), data


def test_a_result_is_a_fresh_object_the_caller_may_change():
    data = {"hand": "234567m456p789s55p", "win": "4m", "riichi": True}
    first = score_hand(data)
    first["fu_items"][0]["fu"] = 0
    first["yaku"].append({"name": "changed", "han": 9})
    first["payments"]["ron"] = 0
    first["dora"]["dora"] = 9

    assert score_hand(data) == _reference(data)
