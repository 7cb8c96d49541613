"""A round in words, as the history, the saved toast and Undo say it."""

from __future__ import annotations

import pytest

from ledger.words import describe_outcome

NAMES = ["Aki", "Bo", "Chen", "Dai"]


@pytest.mark.parametrize(
    ("outcome", "words"),
    [
        ({"result": "ron", "loser": 1, "wins": [{"winner": 0, "yakuman": 1, "pao": 2}]},
         "Ron: Aki (yakuman) from Bo; pao: Chen"),
        ({"result": "ron", "loser": 1, "wins": [{"winner": 0, "yakuman": 1, "pao": 3},
                                                 {"winner": 2, "han": 3, "fu": 30}]},
         "Ron: Aki (yakuman), Chen (3 han 30 fu) from Bo; pao: Dai"),
        ({"result": "tsumo", "winner": 3, "yakuman": 1, "pao": 1}, "Tsumo: Dai (yakuman); pao: Bo"),
        ({"result": "tsumo", "winner": 3, "han": 2, "fu": 30}, "Tsumo: Dai (2 han 30 fu)"),
    ],
)  # fmt: skip
def test_a_win_paid_by_a_liable_player_names_them(outcome, words):
    assert describe_outcome(outcome, NAMES) == words
