"""Errors echo the bad value as the user wrote it: short JSON, not Python's repr."""

from __future__ import annotations

import pytest

from scoring.errors import SHOWN_LENGTH, RulesError, ScoringError, shown
from scoring.hand import Hand
from scoring.melds import Meld
from scoring.outcome import Outcome
from scoring.rules import Rules
from scoring.score import score_hand
from scoring.tiles import parse_tiles
from scoring.waits import analyse_waits

HAND = {"hand": "123m456p789s555p11m", "win": "1m"}


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (None, "null"),
        (True, "true"),
        ("yes", '"yes"'),
        ({"a": 1}, '{"a": 1}'),
        (float("inf"), "Infinity"),
        (float("nan"), "NaN"),
        ((1, "東"), '[1, "東"]'),
    ],
)
def test_a_value_is_shown_in_json_notation(value, text):
    assert shown(value) == text


def test_a_long_value_is_cut_with_an_ellipsis():
    text = shown("1m" * 50_000)

    assert len(text) == SHOWN_LENGTH and text.startswith('"1m1m') and text.endswith("…")


def _nested(depth: int) -> list[object]:
    deep: list[object] = []
    for _ in range(depth):
        deep = [deep]
    return deep


class BrokenRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def _circular() -> list[object]:
    circular: list[object] = []
    circular.append(circular)
    return circular


@pytest.mark.parametrize(
    "value",
    [_nested(100_000), _circular(), 10**5000, BrokenRepr(), {(1, 2): 3}, object(), "\ud800" * 100],
    ids=["deep", "circular", "huge int", "broken repr", "tuple key", "object", "surrogates"],
)
def test_any_value_is_shown_short_and_encodable_without_raising(value):
    text = shown(value)

    assert 0 < len(text) <= SHOWN_LENGTH
    text.encode("utf-8")


def test_a_lone_surrogate_is_shown_as_its_json_escape():
    assert shown("a\ud800") == '"a\\ud800"'


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({**HAND, "seat_wind": None}, "seat_wind must be one of E, S, W, N, not null"),
        ({**HAND, "tsumo": "yes"}, 'tsumo must be true or false, not "yes"'),
        ({**HAND, "riichi": {"a": 1}}, 'riichi must be true or false, not {"a": 1}'),
        ({**HAND, "dora": True}, "dora must be MPSZ indicator tiles, not true"),
        (
            {**HAND, "honba": float("inf")},
            "honba must be a whole number from 0 to 10,000,000, not Infinity",
        ),
        ({"hand": None, "win": "1m"}, "hand must be a string of MPSZ tiles, not null"),
        (
            {"hand": "123m456p789s55p1x", "win": "1m"},
            'unknown character "x" in tiles "123m456p789s55p1x"',
        ),
    ],
)
def test_score_hand_echoes_the_bad_value_in_json_notation(data, message):
    with pytest.raises(ScoringError) as caught:
        score_hand(data)

    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"tobi": None}, "rule option tobi must be text, not null"),
        ({"kiriage": "yes"}, 'rule option kiriage must be true or false, not "yes"'),
        ({"oka": float("inf")}, "rule option oka must be a whole number, not Infinity"),
        ({"preset": {"a": 1}}, 'preset must be a name, not {"a": 1}'),
        ([1, True], "rules must be a preset name or an object, not [1, true]"),
    ],
)
def test_rules_from_json_echoes_the_bad_value_in_json_notation(data, message):
    with pytest.raises(RulesError) as caught:
        Rules.from_json(data)

    assert str(caught.value) == message


@pytest.mark.parametrize(
    "data",
    [
        {"hand": "1m" * 50_000 + "x", "win": "1m"},
        {"hand": "1" * 100_000, "win": "1m"},
        {**HAND, "seat_wind": "E" * 100_000},
        {**HAND, "rules": "x" * 100_000},
        {**HAND, "rules": {"tobi": "x" * 100_000}},
    ],
    ids=["bad character", "no suit", "seat wind", "preset", "option"],
)
def test_a_100_000_character_value_gives_a_short_message(data):
    with pytest.raises(ScoringError) as caught:
        score_hand(data)

    assert len(str(caught.value)) < 200 and "…" in str(caught.value)


LONG_NAME = "x" * 100_000


@pytest.mark.parametrize(
    "call",
    [
        lambda: Rules.from_json({LONG_NAME: 1}),
        lambda: Rules.from_json({"double_yakuman": [LONG_NAME]}),
        lambda: Outcome.from_json({"result": "draw", LONG_NAME: 1}),
    ],
    ids=["rule option", "double yakuman pattern", "round key"],
)
def test_unknown_names_are_echoed_short(call):
    with pytest.raises(ScoringError) as caught:
        call()

    assert len(str(caught.value)) < 200 and str(caught.value).endswith("x…")


# Python callers passing values of the wrong type get the engine's errors too, not a
# TypeError or IndexError from deep inside.
@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: parse_tiles(None), "tiles must be MPSZ text, not null"),
        (lambda: parse_tiles(123), "tiles must be MPSZ text, not 123"),
        (lambda: Meld.parse(["pon"], "777z"), 'unknown meld kind ["pon"]'),
        (lambda: Meld("pon", (99, 99, 99)), "99 is not a tile code (0 to 36)"),
        (lambda: Meld("pon", (-1, -1, -1)), "-1 is not a tile code"),
        (lambda: Rules.from_json({1: 2}), "rule option names must be strings, not [1]"),
        (lambda: analyse_waits((99,) * 13), "99 is not a tile code"),
        (lambda: analyse_waits((True,) * 13), "true is not a tile code"),
        (lambda: analyse_waits(("1m",) * 13), '"1m" is not a tile code'),
        (lambda: Hand.of((99,) * 14, 99), "99 is not a tile code"),
    ],
)
def test_values_of_the_wrong_type_from_python_are_named(call, message):
    with pytest.raises(ScoringError) as raised:
        call()

    assert message in str(raised.value)
