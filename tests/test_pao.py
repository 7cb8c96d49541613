"""Pao (包牌, sekinin barai) on stacked yakuman: the liable player answers for the pao
yakuman only and the rest is an ordinary ron (by the discarder) or tsumo (by all), as
Mahjong Soul and the club rule pay it; under ``pao_stacked: whole_hand`` (Tenhou, per
RiichiEnv's RULES.md in ../shared/reference/rulesets.md [RENV]) the liable player answers
for the whole hand: half of a ron, all of a tsumo.
"""

from __future__ import annotations

import pytest

from scoring.game import GameState, play, replay
from scoring.outcome import Outcome, OutcomeError, Win
from scoring.rules import preset
from scoring.value import STICK, HandValue

# Daisangen (pao: the third dragon pon fed by player 3) and tsuuiisou: a double yakuman.
DAISANGEN_TSUUIISOU = {
    "hand": "111z22z",
    "win": "2z",
    "melds": [
        {"kind": "pon", "tiles": "555z"},
        {"kind": "pon", "tiles": "666z"},
        {"kind": "pon", "tiles": "777z"},
    ],
}
# Shousuushii and tsuuiisou: yakuman, but none of them has a liable player.
SHOUSUUSHII_TSUUIISOU = {
    "hand": "22555z",
    "win": "5z",
    "melds": [
        {"kind": "pon", "tiles": "111z"},
        {"kind": "pon", "tiles": "333z"},
        {"kind": "pon", "tiles": "444z"},
    ],
}


def table(honba=0, sticks=0):
    return GameState(scores=(25000,) * 4, honba=honba, riichi_sticks=sticks)


def tiles(winner, pao=3):
    return Win(winner, hand=DAISANGEN_TSUUIISOU, pao=pao)


def yakuman(winner, multiple=2, pao=3, pao_yakuman=None):
    return Win(winner, HandValue(yakuman=multiple), pao=pao, pao_yakuman=pao_yakuman)


CASES = [  # rules, outcome, honba, sticks on the table, deltas
    # The issue's record (non-dealer 1 wins, 3 fed the last dragon).
    ("club", Outcome.ron(0, tiles(1)), 0, 0, (-48000, 64000, 0, -16000)),
    ("mahjongsoul", Outcome.ron(0, tiles(1)), 0, 0, (-48000, 64000, 0, -16000)),
    ("tenhou", Outcome.ron(0, tiles(1)), 0, 0, (-32000, 64000, 0, -32000)),
    ("club", Outcome.tsumo(tiles(1)), 0, 0, (-16000, 64000, -8000, -40000)),
    ("mahjongsoul", Outcome.tsumo(tiles(1)), 0, 0, (-16000, 64000, -8000, -40000)),
    ("tenhou", Outcome.tsumo(tiles(1)), 0, 0, (0, 64000, 0, -64000)),
    # Given as a yakuman multiple: one of the two is the pao yakuman...
    ("club", Outcome.ron(0, yakuman(1)), 0, 0, (-48000, 64000, 0, -16000)),
    ("club", Outcome.tsumo(yakuman(1)), 0, 0, (-16000, 64000, -8000, -40000)),
    ("tenhou", Outcome.ron(0, yakuman(1)), 0, 0, (-32000, 64000, 0, -32000)),
    # ...unless the record says more (a double daisuushii is all pao).
    ("club", Outcome.ron(0, yakuman(1, pao_yakuman=2)), 0, 0, (-32000, 64000, 0, -32000)),
    ("club", Outcome.tsumo(yakuman(1, pao_yakuman=2)), 0, 0, (0, 64000, 0, -64000)),
    # A single pao yakuman: half of a ron, all of a tsumo, under either rule.
    ("club", Outcome.ron(0, yakuman(1, 1)), 0, 0, (-16000, 32000, 0, -16000)),
    ("club", Outcome.tsumo(yakuman(1, 1)), 0, 0, (0, 32000, 0, -32000)),
    # The dealer wins: 6x and 2x base.
    ("club", Outcome.ron(1, yakuman(0)), 0, 0, (96000, -72000, 0, -24000)),
    ("club", Outcome.tsumo(yakuman(0)), 0, 0, (96000, -16000, -16000, -64000)),
    ("club", Outcome.ron(1, tiles(0)), 0, 0, (96000, -72000, 0, -24000)),
    ("tenhou", Outcome.tsumo(yakuman(0, 1)), 0, 0, (48000, 0, 0, -48000)),
    # Honba go to the usual payer: the discarder on ron, everyone on the ordinary tsumo;
    # the sticks on the table go to the winner.
    ("club", Outcome.ron(0, yakuman(1)), 2, 1, (-48600, 65600, 0, -16000)),
    ("club", Outcome.tsumo(yakuman(1)), 2, 1, (-16200, 65600, -8200, -40200)),
    ("club", Outcome.ron(0, tiles(1)), 2, 1, (-48600, 65600, 0, -16000)),
    ("tenhou", Outcome.ron(0, yakuman(1)), 2, 1, (-32600, 65600, 0, -32000)),
    ("tenhou", Outcome.tsumo(yakuman(1)), 2, 1, (0, 65600, 0, -64600)),
    # The liable player is the discarder: they pay it all.
    ("club", Outcome.ron(3, tiles(1)), 1, 0, (0, 64300, 0, -64300)),
    # Without stacked yakuman (EMA) a double is one yakuman, all of it pao.
    ("ema", Outcome.ron(0, yakuman(1)), 0, 0, (-16000, 32000, 0, -16000)),
    ("ema", Outcome.tsumo(yakuman(1)), 0, 0, (0, 32000, 0, -32000)),
]


@pytest.mark.parametrize(("name", "outcome", "honba", "sticks", "deltas"), CASES)
def test_the_liable_player_answers_for_the_pao_yakuman_as_the_rules_say(
    name, outcome, honba, sticks, deltas
):
    result = play(table(honba, sticks), outcome, preset(name))

    assert result.deltas == deltas
    assert sum(result.deltas) == STICK * sticks  # points are conserved


def test_the_issue_record_replays_with_the_pao_yakuman_only():
    record = {
        "rules": "mahjongsoul",
        "players": ["A", "B", "C", "D"],
        "rounds": [{"result": "ron", "loser": 0, "wins": [tiles(1).to_json()]}],
    }

    assert replay(record).to_json()["rounds"][0]["deltas"] == [-48000, 64000, 0, -16000]


def test_pao_on_a_hand_without_a_pao_yakuman_is_an_error():
    outcome = Outcome.ron(0, Win(1, hand=SHOUSUUSHII_TSUUIISOU, pao=3))
    with pytest.raises(OutcomeError, match="pao needs one of the pao yakuman"):
        play(table(), outcome, preset("club"))


def test_pao_yakuman_round_trips_through_the_record_format():
    data = {"winner": 1, "yakuman": 2, "pao": 3, "pao_yakuman": 2}
    assert Win.from_json(data).to_json() == data
    assert "pao_yakuman" not in yakuman(1).to_json()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"winner": 1, "yakuman": 2, "pao_yakuman": 1}, "needs the liable player"),
        ({"winner": 1, "yakuman": 2, "pao": 3, "pao_yakuman": 3}, "from 1 to the hand's 2"),
        ({"winner": 1, "yakuman": 2, "pao": 3, "pao_yakuman": 0}, "from 1 to the hand's 2"),
        ({"winner": 1, "yakuman": 2, "pao": 3, "pao_yakuman": "2"}, "whole number"),
        ({"winner": 1, "han": 6, "pao": 3, "pao_yakuman": 1}, "yakuman multiple"),
    ],
)
def test_bad_pao_yakuman_is_a_clear_error(data, message):
    with pytest.raises(OutcomeError, match=message):
        Win.from_json(data)


@pytest.mark.parametrize(
    "rules, deltas",
    [
        # EMA 2025 [SEN]: half each, "counters by the discarder"
        ({"preset": "club"}, [-24300, 48300, 0, -24000]),
        ({"preset": "tenhou"}, [-24300, 48300, 0, -24000]),  # as stored games replayed
        # one reading of Tenhou's "honba via pao" [RWT][RENV]: the liable player pays it
        ({"preset": "club", "pao_honba": "liable"}, [-24000, 48300, 0, -24300]),
    ],
)
def test_the_honba_of_a_ron_with_pao_is_paid_as_the_rules_say(rules, deltas):
    record = {
        "rules": rules,
        "rounds": [
            {"result": "draw", "tenpai": []},  # E2, 1 honba: Bo deals
            {"result": "ron", "loser": 0, "wins": [{"winner": 1, "yakuman": 1, "pao": 3}]},
        ],
    }

    assert replay(record).to_json()["rounds"][1]["deltas"] == deltas
