"""Reading a hand object (FORMATS.md section 2) into a hand to score: one parser,
``HandToScore.from_json`` over ``Hand.from_json``, for every hand. Each bad value of
each key has its own error and message; odd hand texts (suits out of order or
written twice, stray characters, digits without a suit, fifth copies, red fives)
are read or refused as MPSZ notation says; keys left out take their defaults and
keys the format does not know change nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bench.scoring_vs_mahjong import generate_hands
from scoring.errors import ScoringError
from scoring.score import HandToScore, score_hand

HANDS = generate_hands(300, seed=11)
USUAL_KEYS = (
    *("hand", "win", "melds", "tsumo", "riichi", "ippatsu", "seat_wind", "round_wind"),
    *("dora", "ura", "honba", "riichi_sticks"),
)
HAND = {
    **dict.fromkeys(("tsumo", "riichi", "ippatsu"), False),
    **{"hand": "123m456p789s11555z", "win": "1z", "melds": []},
    **{"seat_wind": "E", "round_wind": "E", "dora": "", "ura": "", "honba": 0},
    "riichi_sticks": 0,
}
DEFAULTS = {
    "melds": [],
    **dict.fromkeys(("tsumo", "riichi", "ippatsu"), False),
    **{"seat_wind": "E", "round_wind": "E", "dora": "", "ura": "", "honba": 0},
    "riichi_sticks": 0,
}


def _outcome(data: Any) -> Any:
    try:
        return score_hand(data)
    except ScoringError as error:
        return error.code, str(error)


BAD_VALUES = [
    ("hand", "", "wrong_tile_count", "a winning hand with 0 melds has 14 concealed tiles, not 0"),
    (
        "hand",
        "123m",
        "wrong_tile_count",
        "a winning hand with 0 melds has 14 concealed tiles, not 3",
    ),
    ("hand", 5, "bad_hand", "hand must be a string of MPSZ tiles, not 5"),
    ("hand", None, "bad_hand", "hand must be a string of MPSZ tiles, not null"),
    (
        "hand",
        "1m2m3m",
        "wrong_tile_count",
        "a winning hand with 0 melds has 14 concealed tiles, not 3",
    ),
    (
        "hand",
        "11112222333344z",
        "not_a_winning_hand",
        "11112222333344z is not four sets and a pair, seven pairs or thirteen orphans",
    ),
    (
        "hand",
        "123m456p789s11z22x",
        "bad_notation",
        'unknown character "x" in tiles "123m456p789s11z22x"',
    ),
    ("win", "9z", "bad_notation", 'no honor tile 9z in "9z" (1z-7z)'),
    ("win", 3, "bad_hand", "win must be a string of MPSZ tiles, not 3"),
    ("win", "0m", "bad_win_tile", "the winning tile 0m is not in the hand"),
    ("win", "", "bad_notation", 'expected one tile, not ""'),
    ("win", None, "bad_hand", "win must be a string of MPSZ tiles, not null"),
    ("win", "1m1m", "bad_notation", 'expected one tile, not "1m1m"'),
    ("melds", None, "bad_hand", "melds must be a list of {kind, tiles} objects"),
    ("melds", "x", "bad_hand", "melds must be a list of {kind, tiles} objects"),
    ("melds", [{"kind": "pon"}], "bad_hand", "tiles must be a string of MPSZ tiles, not null"),
    (
        "melds",
        [{"kind": "pon", "tiles": 5}],
        "bad_hand",
        "tiles must be a string of MPSZ tiles, not 5",
    ),
    ("melds", [[]], "bad_hand", "melds must be a list of {kind, tiles} objects"),
    ("melds", [{}] * 5, "bad_hand", "kind must be a string of MPSZ tiles, not null"),
    ("tsumo", 1, "bad_hand", "tsumo must be true or false, not 1"),
    ("tsumo", 0, "bad_hand", "tsumo must be true or false, not 0"),
    ("tsumo", None, "bad_hand", "tsumo must be true or false, not null"),
    ("tsumo", "yes", "bad_hand", 'tsumo must be true or false, not "yes"'),
    ("tsumo", 1.0, "bad_hand", "tsumo must be true or false, not 1.0"),
    ("riichi", 1, "bad_hand", "riichi must be true or false, not 1"),
    ("riichi", None, "bad_hand", "riichi must be true or false, not null"),
    ("riichi", "no", "bad_hand", 'riichi must be true or false, not "no"'),
    ("ippatsu", 0, "bad_hand", "ippatsu must be true or false, not 0"),
    ("ippatsu", "x", "bad_hand", 'ippatsu must be true or false, not "x"'),
    ("seat_wind", "X", "bad_hand", 'seat_wind must be one of E, S, W, N, not "X"'),
    ("seat_wind", ["E"], "bad_hand", 'seat_wind must be one of E, S, W, N, not ["E"]'),
    ("seat_wind", None, "bad_hand", "seat_wind must be one of E, S, W, N, not null"),
    ("seat_wind", "", "bad_hand", 'seat_wind must be one of E, S, W, N, not ""'),
    ("seat_wind", "e", "bad_hand", 'seat_wind must be one of E, S, W, N, not "e"'),
    ("round_wind", "Q", "bad_hand", 'round_wind must be one of E, S, W, N, not "Q"'),
    ("round_wind", 27, "bad_hand", "round_wind must be one of E, S, W, N, not 27"),
    ("round_wind", {"E": 1}, "bad_hand", 'round_wind must be one of E, S, W, N, not {"E": 1}'),
    ("dora", 5, "bad_hand", "dora must be MPSZ indicator tiles, not 5"),
    ("dora", "9z9z9z9z", "bad_notation", 'no honor tile 9z in "9z9z9z9z" (1z-7z)'),
    ("dora", "1m2m3m4m5m6m", "bad_hand", "dora has 6 indicators; at most 5"),
    ("dora", "0m0m", "bad_notation", "more than one red five 0m"),
    ("dora", "1z1z1z", "bad_notation", "more than four copies of 1z"),
    ("dora", None, "bad_hand", "dora must be MPSZ indicator tiles, not null"),
    ("dora", ["1m"], "bad_hand", 'dora must be MPSZ indicator tiles, not ["1m"]'),
    ("ura", None, "bad_hand", "ura must be MPSZ indicator tiles, not null"),
    ("ura", 3, "bad_hand", "ura must be MPSZ indicator tiles, not 3"),
    ("ura", "1z1z1z1z1z1z", "bad_notation", "more than four copies of 1z"),
    ("honba", -1, "bad_hand", "honba must be a whole number from 0 to 10,000,000, not -1"),
    ("honba", 1.5, "bad_hand", "honba must be a whole number from 0 to 10,000,000, not 1.5"),
    ("honba", True, "bad_hand", "honba must be a whole number from 0 to 10,000,000, not true"),
    (
        "honba",
        10**9,
        "bad_hand",
        "honba must be a whole number from 0 to 10,000,000, not 1000000000",
    ),
    ("honba", "1", "bad_hand", 'honba must be a whole number from 0 to 10,000,000, not "1"'),
    ("honba", None, "bad_hand", "honba must be a whole number from 0 to 10,000,000, not null"),
    (
        "riichi_sticks",
        "1",
        "bad_hand",
        'riichi_sticks must be a whole number from 0 to 10,000,000, not "1"',
    ),
    (
        "riichi_sticks",
        -2,
        "bad_hand",
        "riichi_sticks must be a whole number from 0 to 10,000,000, not -2",
    ),
    (
        "riichi_sticks",
        2.0,
        "bad_hand",
        "riichi_sticks must be a whole number from 0 to 10,000,000, not 2.0",
    ),
    (
        "riichi_sticks",
        False,
        "bad_hand",
        "riichi_sticks must be a whole number from 0 to 10,000,000, not false",
    ),
]


@pytest.mark.parametrize(("key", "value", "code", "message"), BAD_VALUES)
def test_each_bad_value_of_each_key_has_its_own_error(key, value, code, message):
    assert _outcome({**HAND, key: value}) == (code, message)


def test_a_bad_wind_is_named_before_a_bad_flag_and_a_bad_flag_before_the_hand():
    bad = {**HAND, "tsumo": 1, "round_wind": "Q", "hand": 5}
    assert _outcome(bad)[1] == 'round_wind must be one of E, S, W, N, not "Q"'
    assert _outcome({**bad, "round_wind": "E"})[1] == "tsumo must be true or false, not 1"
    assert _outcome({**bad, "round_wind": "E", "tsumo": True})[1].startswith("hand must be")


def test_the_melds_are_named_before_the_concealed_tiles():
    bad = {**HAND, "hand": "123x", "melds": [{"kind": "pon", "tiles": "12x"}]}
    assert _outcome(bad) == ("bad_notation", 'unknown character "x" in tiles "12x"')


# Hand texts: suits missing, out of order or written twice, text before, between or
# after the runs, digits without a suit, fifth copies and second red fives (in one
# suit, in two, or made with a meld).
HAND_TEXTS = [
    ("11122233344455m", "5m", [], ("scores", 26, 60)),
    ("123456789p11z222z", "1z", [], ("scores", 6, 50)),
    (
        "123m456p789s1122",
        "1m",
        [],
        ("bad_notation", 'digits without a suit letter at the end of "123m456p789s1122"'),
    ),
    (
        "123m456p789s11z5",
        "1m",
        [],
        ("bad_notation", 'digits without a suit letter at the end of "123m456p789s11z5"'),
    ),
    (
        "123m456p789s11zz",
        "1m",
        [],
        ("bad_notation", 'suit letter "z" without digits in "123m456p789s11zz"'),
    ),
    (
        "m123m456p789s11z",
        "1m",
        [],
        ("bad_notation", 'suit letter "m" without digits in "m123m456p789s11z"'),
    ),
    ("456p123m789s11z222z", "2z", [], ("scores", 1, 40)),
    ("123m456p789s11z22z2z", "2z", [], ("scores", 1, 40)),
    ("1m2m3m4p5p6p7s8s9s1z1z2z2z2z", "2z", [], ("scores", 1, 40)),
    (" 123m456p789s11z222z\n", "2z", [], ("scores", 1, 40)),
    (
        "123m456p 789s11z22z",
        "1m",
        [],
        ("bad_notation", 'unknown character " " in tiles "123m456p 789s11z22z"'),
    ),
    (
        "123m456p789s11\u00b9z22z",
        "1m",
        [],
        ("bad_notation", 'unknown character "\u00b9" in tiles "123m456p789s11\u00b9z22z"'),
    ),
    ("1\u0661m", "1m", [], ("bad_notation", 'unknown character "\u0661" in tiles "1\u0661m"')),
    (
        "123M456p789s11z222z",
        "1z",
        [],
        ("bad_notation", 'unknown character "M" in tiles "123M456p789s11z222z"'),
    ),
    (
        "123m456p789s118z22z",
        "1m",
        [],
        ("bad_notation", 'no honor tile 8z in "123m456p789s118z22z" (1z-7z)'),
    ),
    (
        "123m406p789s110z2z",
        "1m",
        [],
        ("bad_notation", 'no honor tile 0z in "123m406p789s110z2z" (1z-7z)'),
    ),
    (
        "12345678911122",
        "1m",
        [],
        ("bad_notation", 'digits without a suit letter at the end of "12345678911122"'),
    ),
    ("1112345678999m9m", "9m", [], ("scores", 26, 40)),
    ("1111m2345678999m", "1m", [], ("scores", 26, 40)),
    ("123456p789s11555z", "1z", [], ("scores", 2, 50)),
    ("123m055p456789s11z", "1z", [], ("scores", 2, 40)),
    ("11111m", "1m", [], ("bad_notation", "more than four copies of 1m")),
    ("11111m22222p1234s", "1s", [], ("bad_notation", "more than four copies of 1m, 2p")),
    ("005m005p123s11222z", "1z", [], ("bad_notation", "more than one red five 0m, 0p")),
    (
        "123m456p789s11z",
        "1z",
        [{"kind": "pon", "tiles": "111z"}],
        ("bad_notation", "more than four copies of 1z"),
    ),
    (
        "123m55p456789s",
        "9s",
        [{"kind": "pon", "tiles": "555p"}],
        ("bad_notation", "more than four copies of 5p"),
    ),
    (
        "123m406p789s11z",
        "1z",
        [{"kind": "pon", "tiles": "055p"}],
        ("bad_notation", "more than one red five 0p"),
    ),
    (
        "406p789s11z",
        "1z",
        [{"kind": "chi", "tiles": "406m"}, {"kind": "pon", "tiles": "0555s"}],
        ("bad_meld", "a pon has 3 tiles, not pon 0555s"),
    ),
]


@pytest.mark.parametrize(("text", "win", "melds", "expected"), HAND_TEXTS)
def test_odd_hand_texts_are_read_as_mpsz_notation_says(text, win, melds, expected):
    for _ in range(2):  # the same the second time (no table changes an answer)
        outcome = _outcome({"hand": text, "win": win, "melds": melds, "riichi": not melds})
        if expected[0] == "scores":
            outcome = ("scores", outcome["han"], outcome["fu"])
        assert outcome == expected


@pytest.mark.parametrize(
    ("extras", "message"),
    [
        ({"dora": "1z1z1z"}, "more than four copies of 1z"),
        ({"dora": "0m", "ura": "0m"}, "more than one red five 0m"),
        ({"dora": "0m", "ura": "0m", "riichi": True}, "more than one red five 0m"),
    ],
)
def test_indicators_count_among_the_copies_of_a_tile(extras, message):
    assert _outcome({**HAND, **extras}) == ("bad_notation", message)


@pytest.mark.parametrize("key", [key for key in USUAL_KEYS if key not in ("hand", "win")])
def test_a_key_left_out_takes_its_default(key):
    for hand in HANDS[:30]:
        left_out = {k: v for k, v in hand.items() if k != key}
        assert _outcome(left_out) == _outcome({**left_out, key: DEFAULTS[key]})


@pytest.mark.parametrize(
    "extra", [{"comment": "an unknown key, ignored"}, {"rules": None}, {"haitei": False}]
)
def test_a_key_that_changes_nothing_changes_no_result(extra):
    for hand in HANDS[::3]:
        assert _outcome({**hand, **extra}) == _outcome(hand)


def test_a_dict_subclass_and_any_mapping_read_as_the_dict():
    from types import MappingProxyType

    class Ordered(dict):  # type: ignore[type-arg]
        pass

    for hand in HANDS[:20]:
        assert _outcome(Ordered(hand)) == _outcome(hand)
        assert _outcome(MappingProxyType(hand)) == _outcome(hand)


@pytest.mark.parametrize("data", [[], "hand", 5, None, [HAND]])
def test_a_hand_to_score_is_a_json_object(data):
    with pytest.raises(ScoringError, match="a hand to score is a JSON object"):
        HandToScore.from_json(data)
