"""The engine's refusals as the table reads them: names, labels and the table's words."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from ledger.engine_words import explain
from scoring.errors import ScoringError
from scoring.game import replay
from scoring.melds import parse_melds
from scoring.rules import Rules
from scoring.tiles import parse_tiles

NAMES = ["Aki", "Bo", "Chen", "Dai"]


def _refusal(record: dict) -> ScoringError:
    with pytest.raises(ScoringError) as caught:
        replay({"players": NAMES, **record})
    return caught.value


def test_a_round_refused_names_the_round_in_words_and_the_player():
    error = _refusal({"rules": "club", "rounds": [
        {"result": "draw", "tenpai": [0], "riichi": [1]}]})  # fmt: skip

    assert explain(error, NAMES) == (
        "Round 1 (East 1): Bo declared riichi but is not ticked as tenpai: under these rules a "
        "riichi player found noten at the draw is a chombo. Tick them as tenpai, or record a "
        "chombo by Bo."
    )


def test_the_end_of_the_game_is_said_in_the_tables_words():
    rounds = [{"result": "ron", "loser": 1, "wins": [{"winner": 0, "yakuman": 1}]},
              {"result": "draw", "tenpai": []}]  # fmt: skip
    error = _refusal({"rules": "club", "rounds": rounds})

    text = explain(error, NAMES)

    assert text.startswith("Round 2: ")  # past the end: the end's label is round 1's
    assert "The game is over" in text and "(tobi)" not in text


@pytest.mark.parametrize(("language", "start"), [("zh-hans", "第2局："), ("ja", "2局目：")])
def test_a_round_past_the_end_is_named_by_its_number_in_each_language(language, start):
    rounds = [{"result": "chombo", "player": 1}, {"result": "draw", "tenpai": []}]
    error = _refusal({"rules": "wrc", "rounds": rounds})

    with translation.override(language):
        assert explain(error, NAMES).startswith(start)


def test_a_rule_option_is_named_by_its_label_not_its_key():
    with pytest.raises(ScoringError) as caught:
        Rules.from_json({"honba_value": -300})

    assert explain(caught.value) == "Honba value must be from 0 to 3,000, not −300."


@pytest.mark.parametrize(
    ("language", "words"),
    [("zh-hans", "Bo"), ("ja", "Bo")],
)
def test_refusals_come_in_the_chosen_language(language, words):
    error = _refusal({"rules": "club", "rounds": [
        {"result": "draw", "tenpai": [0], "riichi": [1]}]})  # fmt: skip

    with translation.override(language):
        text = explain(error, NAMES)

    assert words in text
    assert "tick them as tenpai" not in text and "Round 1" not in text


def test_a_refusal_no_pattern_knows_keeps_its_text_with_names_for_seats():
    error = ScoringError("player 2 did something odd")

    assert explain(error, NAMES) == "Chen did something odd"


@pytest.mark.parametrize(
    ("make", "english", "japanese"),
    [
        (
            lambda: Rules.from_json({"kiriage": 1}),
            "Kiriage mangan is on or off (true or false), not 1.",
            "オンかオフ",
        ),
        (
            lambda: Rules.from_json({"uma": [1, 2, 3, 4]}),
            "The uma must be 4 amounts in steps of 100",
            "ウマは",
        ),
        (
            lambda: Rules.from_json({"floating_uma": [[1, 2, 3]] * 5}),
            "Floating uma table (JSON rows): each row must be 4 amounts in steps of 100",
            "変動ウマ表",
        ),
        (
            lambda: Rules.from_json(
                {"floating_uma": [[0, 0, 0, 0]] * 4 + [[-(2 * 10**6), 0, 0, 2 * 10**6]]}
            ),
            "Floating uma table (JSON rows): each row must be from −",
            "変動ウマ表",
        ),
        (
            lambda: parse_tiles("123m45"),
            '"123m45": the last digits have no suit letter',
            "種類の文字",
        ),
        (lambda: parse_tiles("89z"), '"89z": there is no honor tile 8z', "字牌 8z"),
        (
            lambda: parse_tiles("12x3m"),
            '"12x3m": "x" is not a digit or a suit letter',
            "数字でも",
        ),
        (
            lambda: parse_tiles("m123"),
            '"m123": the suit letter "m" has no digits',
            "数字がありません",
        ),
    ],
)
def test_notation_and_rule_option_refusals_are_worded_for_people(make, english, japanese):
    with pytest.raises(ScoringError) as caught:
        make()

    with translation.override("en"):
        assert explain(caught.value).startswith(english)
    with translation.override("ja"):
        assert japanese in explain(caught.value)


def _value(**fields):
    from scoring.value import HandValue

    return HandValue(**fields)


# Refusals the round form, its tiles panel and the rules field meet (the QA run of
# 2026-12-03 saw each in English on the zh and ja pages): each maker, and the words of
# the English explanation
PAGE_REFUSALS = [
    (lambda: Rules.from_json({"start_points": 20_000_000}),
     "Starting points must be from 100 to 1,000,000, not 20,000,000."),
    (lambda: Rules.from_json({"oka": -(10**80)}), "must be from −1,000,000 to 1,000,000, not -1000"),
    (lambda: Rules.from_json({"double_wind_fu": 20_000_000}), "must be 10,000,000 or less"),
    (lambda: Rules.from_json({"uma": [10**20, 0, 0, -(10**20)]}),
     "The uma of a place must be from −1,000,000 to 1,000,000 points."),
    (lambda: Rules.from_json({"uma": [1.5, 0, 0, -1.5]}), "The uma must be whole points, not"),
    (lambda: Rules.from_json({"floating_uma": [[1.5, 0, 0, 0]]}), "must be lists of whole points"),
    (lambda: Rules.from_json({"floating_uma": [[0, 0, 0, 0]]}), "needs 5 rows"),
    (lambda: Rules.from_json({"start_points": 25_050}),
     "Starting points must be a positive multiple of 100, not 25,050."),
    (lambda: Rules.from_json({"preset": "x"}), 'There is no preset of rules called "x"'),
    (lambda: Rules.from_json({"pao": [1]}), "must be a list of names"),
    (lambda: Rules.from_json({"pao": ["nope"]}), "unknown values nope"),
    (lambda: Rules.from_json({"game_length": "one_round", "extension_winds": 1}),
     "A one-round game has no extension"),
    (lambda: parse_melds("pon 7777z"), "pon 7777z: a pon has 3 tiles"),
    (lambda: parse_melds("chi 135m"), "chi 135m: a chi is three tiles in a row of one suit"),
    (lambda: parse_melds("pon 123m"), "pon 123m: a pon is 3 copies of one tile"),
    (lambda: parse_melds("foo 777z"), '"foo" is not a kind of meld'),
    (lambda: parse_melds("pon 7 7 7z"), '"7 7 7z": " " is not a digit or a suit letter'),
    (lambda: _value(han=1, fu=25), "1 han 25 fu is impossible"),
    (lambda: _value(han=1, fu=20).check_win(tsumo=True), "1 han 20 fu is impossible"),
    (lambda: _value(han=2, fu=20).check_win(tsumo=False), "20 fu on a ron is impossible"),
    (lambda: _value(han=2, fu=25).check_win(tsumo=True), "2 han 25 fu by tsumo is impossible"),
    (lambda: _value(han=1, fu=110).check_win(tsumo=True), "1 han 110 fu by tsumo is impossible"),
]  # fmt: skip
ENGINE_WORDS = re.compile(r"\b(must|impossible|unknown|needs|has|is|rows|whole)\b")


@pytest.mark.parametrize(("make", "english"), PAGE_REFUSALS)
@pytest.mark.parametrize("language", ["zh-hans", "ja"])
def test_refusals_the_pages_meet_are_said_in_each_language(make, english, language):
    with pytest.raises(ScoringError) as caught:
        make()

    with translation.override("en"):
        assert english in explain(caught.value)
    with translation.override(language):
        said = explain(caught.value)
    assert not ENGINE_WORDS.search(said), said


# A game record's refusals, met by an import of records (the QA run saw each in English on
# the zh and ja import page): the record, and the words of the English explanation
RECORD_REFUSALS = [
    ({"rounds": [{"result": "ron", "loser": 9, "wins": [{"winner": 0, "han": 1, "fu": 30}]}]},
     "loser must be a seat from 0 to 3, not 9."),
    ({"rounds": [{"result": "ron", "loser": 1, "wins": [{"winner": 0, "han": 1, "fu": 35}]}]},
     "The fu must be 20, 25 or a multiple of 10 from 30 to 170, not 35."),
    ({"rounds": [{"result": "abort", "reason": "bored"}]},
     "An abortive draw’s reason must be one of kyuushu_kyuuhai"),
    ({"rounds": [{"result": "party"}]}, "A round’s result must be one of ron, tsumo, draw"),
    ({"rounds": [{"result": "draw", "tenpai": "all"}]}, 'tenpai must be a list of seats, not "all"'),
    ({"rounds": [{"result": "ron", "loser": 1, "wins": [{"winner": 0, "han": 10**10, "fu": 30}]}]},
     "Han and yakuman must be 10,000,000 or less."),
    ({"rounds": [{"result": "ron", "loser": 1, "wins": [{"winner": 0, "han": "3", "fu": 30}]}]},
     'han must be a whole number, not "3".'),
    ({"rounds": [{"result": "ron", "loser": 1, "wins": [{"winner": 0, "han": 3}]}]},
     "3 han needs its fu too: under 5 han, the fu set the points."),
    ({"rounds": [{"result": "ron", "loser": 1, "wins": []}]}, "A ron has 1 to 3 winners, not 0."),
    ({"rounds": [{"result": "tsumo", "winner": 1}]}, "The win of Bo needs its han and fu"),
    ({"rounds": [{"result": "ron", "loser": 1, "wins": [{"winner": 0, "han": 0, "fu": 30}]}]},
     "A winning hand has at least 1 han, not 0."),
    ({"rounds": [{"result": "ron", "loser": 1, "wins": [{"winner": 0, "yakuman": -1}]}]},
     "yakuman must be 0 or more, not -1."),
    ({"rounds": [{"result": "draw", "tenpai": [0], "bogus": 1}]},
     "A round (draw) has unknown keys: bogus."),
    ({"rounds": [], "penalties": [{"player": 0, "points": 10**9}]},
     "A penalty’s points must be a whole number from −10,000,000 to 10,000,000"),
    ({"rounds": [], "penalties": [{"player": 9, "points": 1000}]},
     "A penalty’s player must be a seat from 0 to 3, not 9."),
    ({"rounds": [], "ended_early": "bored"}, "ended_early must be one of agreement, time_limit"),
]  # fmt: skip


@pytest.mark.parametrize(("record", "english"), RECORD_REFUSALS)
@pytest.mark.parametrize("language", ["zh-hans", "ja"])
def test_a_records_refusals_are_said_in_each_language(record, english, language):
    refusal = _refusal({"rules": "club", **record})

    with translation.override("en"):
        assert english in explain(refusal, NAMES)
    with translation.override(language):
        said = explain(refusal, NAMES)
    assert not ENGINE_WORDS.search(said), said


@pytest.mark.parametrize(
    ("record", "english"),
    [
        ({"rounds": [{"result": "chombo", "player": 5}]},
         "player must be a seat from 0 to 2, not 5."),
        ({"rounds": [], "penalties": [{"player": 7, "points": 1000}]},
         "A penalty’s player must be a seat from 0 to 2, not 7."),
        ({"rounds": [{"result": "ron", "loser": 3, "wins": [{"winner": 0, "han": 1, "fu": 30}]}]},
         "Seat 3 is not at this table of 3 players (seats 0 to 2)."),
        ({"rounds": [], "penalties": [{"player": 3, "points": 1000}]},
         "A penalty names seat 3, but this table of 3 players has seats 0 to 2."),
    ],
)  # fmt: skip
def test_a_seat_out_of_range_at_a_table_of_three_names_its_seats(record, english):
    refusal = _refusal({"rules": "club_sanma", "players": NAMES[:3], **record})

    assert english in explain(refusal, NAMES[:3])
