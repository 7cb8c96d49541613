"""HandToScore.from_json takes a short path for a plain dict with exactly the twelve
usual keys (scoring.score.USUAL_KEYS), and the general path for anything else. A key
the format does not know is ignored, so adding one sends the same hand down the
general path: both must give the same result, or the same error, for valid hands and
for every kind of bad value in each usual key."""

from __future__ import annotations

import re
from typing import Any
from unittest import mock

import pytest

from bench.scoring_vs_mahjong import generate_hands
from scoring import score
from scoring.errors import ScoringError
from scoring.score import USUAL_KEYS, score_hand
from scoring.tiles import SUITS, parse_tiles

HANDS = generate_hands(300, seed=11)

BAD_VALUES = {
    "hand": ["", "123m", 5, None, "1m2m3m", "11112222333344z", "123m456p789s11z22x"],
    "win": ["9z", 3, "0m", "", None, "1m1m"],
    "melds": [None, "x", [{"kind": "pon"}], [{"kind": "pon", "tiles": 5}], [[]], [{}] * 5],
    "tsumo": [1, 0, None, "yes", 1.0],
    "riichi": [1, None, "no"],
    "ippatsu": [0, "x"],
    "seat_wind": ["X", ["E"], None, "", "e"],
    "round_wind": ["Q", 27, {"E": 1}],
    "dora": [5, "9z9z9z9z", "1m2m3m4m5m6m", "0m0m", None, ["1m"]],
    "ura": [None, 3, "1z1z1z1z1z1z"],
    "honba": [-1, 1.5, True, 10**9, "1", None],
    "riichi_sticks": ["1", -2, 2.0, False],
}


def _outcome(data: dict[str, Any]) -> Any:
    try:
        return score_hand(data)
    except ScoringError as error:
        return type(error).__name__, error.code, str(error)


# A key that changes nothing sends a hand down each general path: an unknown key, rules
# given as null (the club rules) and a rare flag given as false.
GENERAL_KEYS = [
    {"comment": "an unknown key, ignored"},
    {"rules": None},
    {"haitei": False},
]


def _general(data: dict[str, Any], extra: dict[str, Any] = GENERAL_KEYS[0]) -> Any:
    return _outcome({**data, **extra})


def test_the_usual_keys_are_what_the_benchmark_hands_hold():
    assert all(sorted(hand) == sorted(USUAL_KEYS) for hand in HANDS)


@pytest.mark.parametrize("extra", GENERAL_KEYS)
@pytest.mark.parametrize("index", range(0, len(HANDS), 3))
def test_valid_hands_score_the_same_on_both_paths(index, extra):
    hand = HANDS[index]
    assert _outcome(hand) == _general(hand, extra)


@pytest.mark.parametrize("extra", GENERAL_KEYS)
@pytest.mark.parametrize("key", USUAL_KEYS)
def test_every_bad_value_gets_the_same_error_on_both_paths(key, extra):
    for index, value in enumerate(BAD_VALUES[key]):
        hand = {**HANDS[index * 7 % len(HANDS)], key: value}
        short = _outcome(hand)
        assert isinstance(short, tuple), f"{key}={value!r} scored"
        assert short == _general(hand, extra), f"{key}={value!r}"


@pytest.mark.parametrize("extra", GENERAL_KEYS)
@pytest.mark.parametrize("key", USUAL_KEYS)
def test_a_missing_usual_key_takes_the_general_path_with_its_default(key, extra):
    hand = {k: v for k, v in HANDS[5].items() if k != key}
    assert _outcome(hand) == _general(hand, extra)


def test_a_dict_subclass_gets_the_same_result():
    class Ordered(dict):  # type: ignore[type-arg]
        pass

    for hand in HANDS[:20]:
        assert _outcome(Ordered(hand)) == _outcome(hand)


# Hand texts the short path splits with str.partition: suits missing, out of order or
# written twice, text before, between or after the runs, digits without a suit, runs
# never seen before. Each is scored twice: the second time its runs may be kept.
ODD_TEXTS = [
    "11122233344455m",
    "123456789p11z222z",
    "123m456p789s1122",
    "123m456p789s11",
    "123m456p789s11z5",
    "123m456p789s11zz",
    "m123m456p789s11z",
    "456p123m789s11z222z",
    "123m456p789s11z222z",
    "123m456p789s11z22z2z",
    "123m456p 789s11z22z",
    "123m456p789s11\u00b9z22z",
    "123m456p789s118z22z",
    "123m406p789s110z2z",
    "12345678911122",
    "1112345678999m9m",
    "1111m2345678999m",
]


def _without_short_parse(data: dict[str, Any]) -> Any:
    """Return the outcome of a hand parsed by Hand.from_json alone (every path but
    this one tries scoring.score._fast_hand first)."""
    with mock.patch("scoring.score._fast_hand", return_value=None):
        return _outcome(data)


@pytest.mark.parametrize("text", ODD_TEXTS)
def test_odd_hand_texts_get_the_same_outcome_as_without_the_short_parse(text):
    for _ in range(2):
        hand = {**HANDS[0], "hand": text, "win": "1m", "melds": []}
        assert _outcome(hand) == _without_short_parse(hand), text
        melded = {**hand, "hand": text[3:], "melds": [{"kind": "chi", "tiles": "123s"}]}
        assert _outcome(melded) == _without_short_parse(melded), text


# A hand whose runs the short parse keeps once it has scored, and texts a character
# or two away from it: each holds only kept runs where str.partition looks, so only
# the short parse's own checks tell it from the hand.
KEPT = {
    **dict.fromkeys(("tsumo", "riichi", "ippatsu"), False),
    **{"hand": "123m456p789s11555z", "win": "1z", "melds": []},
    **{"seat_wind": "E", "round_wind": "E", "dora": "", "ura": "", "honba": 0},
    "riichi_sticks": 0,
}
NEAR_TEXTS = [
    "123m456p789s11555zx",
    "123m456p789s11555z5",
    "123m456p789s11555",
    "123m456p789s11555zz",
    "123m456p789s11555z1z",
    "x123m456p789s11555z",
    "123m456p789ss11555z",
    "123m456pp789s11555z",
    "123m456p789s11z555z",
    "123456p789s11555z",
]


@pytest.mark.parametrize("text", NEAR_TEXTS)
def test_a_text_near_a_kept_hand_gets_the_same_outcome_as_without_the_short_parse(text):
    assert set(KEPT) == set(USUAL_KEYS)
    assert score_hand(KEPT)["yaku"] == [{"name": "yakuhai_haku", "han": 1}]  # runs kept
    hand = {**KEPT, "hand": text}
    assert _outcome(hand) == _without_short_parse(hand)


def test_the_kept_runs_are_digits_of_their_suit_only():
    # The short parse relies on it: a text whose runs are all kept, in suit order,
    # with nothing after the honors, is one _HAND matches the same way.
    for hand in HANDS:
        _outcome(hand)
    for index, runs in enumerate(score._RUNS):
        digits = "[1-7]" if index == 3 else "[0-9]"
        assert all(run is None or re.fullmatch(f"{digits}+", run) for run in runs)


def test_a_kept_run_holds_the_tiles_parse_tiles_reads_from_it():
    for hand in HANDS + [{**hand, "hand": "0" + hand["hand"]} for hand in HANDS]:
        _outcome(hand)
    for suit, runs in zip(SUITS, score._RUNS, strict=True):
        for digits, (tiles, counts, _, _) in runs.items():
            if digits is not None:
                assert tiles == parse_tiles(digits + suit), digits + suit
                assert sum(counts) == len(digits)


@pytest.mark.parametrize(
    ("text", "win", "named"),
    [
        ("11111m22222p1234s", "1s", "more than four copies of 1m, 2p"),
        ("005m005p123s11222z", "1z", "more than one red five 0m, 0p"),
    ],
)
def test_a_fault_in_two_suits_names_both_on_both_paths(text, win, named):
    hand = {**KEPT, "hand": text, "win": win}
    assert _outcome(hand) == ("BadNotationError", "bad_notation", named)
    assert _outcome(hand) == _without_short_parse(hand)
