"""Settlement: the worked examples of rulesets.md section 2, ties, sticks, deductions."""

from __future__ import annotations

import pytest

from scoring.game import GameState
from scoring.rules import Rules, preset
from scoring.settlement import Penalty, settle


def _end(*scores: int, **fields: object) -> GameState:
    return GameState(scores=tuple(scores), finished=True, ended_by="last_round", **fields)


def test_ema_and_wrc_add_uma_to_points_over_30000():
    for name in ("ema", "ema2016", "wrc"):
        settlement = settle(_end(42300, 31000, 27500, 19200), preset(name))
        assert settlement.results == (27.3, 6.0, -7.5, -25.8)
        assert settlement.places == (1, 2, 3, 4)


def test_two_players_tied_in_second_share_the_uma_of_second_and_third():
    settlement = settle(_end(40000, 30000, 30000, 20000), preset("wrc"))
    assert settlement.places == (1, 2, 2, 4)
    assert settlement.results == (25.0, 0.0, 0.0, -25.0)


def test_four_way_tie_gives_everyone_zero():
    assert settle(_end(30000, 30000, 30000, 30000), preset("ema")).results == (0, 0, 0, 0)


@pytest.mark.parametrize(
    ("scores", "results"),
    [
        ((22500, 23000, 38800, 15700), (-17.0, 3.0, 48.0, -34.0)),  # owari 225,-17,230,3,...
        ((20300, 34400, 19200, 26100), (-20.0, 45.0, -31.0, 6.0)),  # owari 203,-20,344,45,...
    ],
)
def test_old_tenhou_rounding_matches_real_owari_strings(scores, results):
    rules = Rules.from_json({"preset": "tenhou", "rounding": "tenhou_old"})
    assert settle(_end(*scores), rules).results == results


def test_old_tenhou_rounding_takes_an_exact_500_up():
    rules = Rules.from_json({"preset": "tenhou", "rounding": "tenhou_old"})
    # 2nd 35,500 -> +5.5 -> +6 (+10); 4th 7,500 -> -22.5 -> -22 (-20).
    settlement = settle(_end(44000, 35500, 13000, 7500), rules)
    assert settlement.results[1:] == (16.0, -27.0, -42.0)
    assert sum(settlement.results) == 0


def test_todays_tenhou_does_not_round():
    settlement = settle(_end(40000, 30000, 15200, 14800), preset("tenhou"))
    assert settlement.results == (50.0, 10.0, -24.8, -35.2)


def test_tenhou_ranks_equal_points_by_seat_without_sharing_uma():
    settlement = settle(_end(35000, 25000, 25000, 15000), preset("tenhou"))
    assert settlement.places == (1, 2, 3, 4)
    assert settlement.results == (45.0, 5.0, -15.0, -35.0)


def test_jpml_floating_uma_with_two_players_over_30000():
    settlement = settle(_end(45000, 32000, 25000, 18000), preset("jpml_a"))
    assert settlement.results == (23.0, 6.0, -9.0, -20.0)


def test_jpml_floating_uma_with_one_player_over_30000():
    settlement = settle(_end(52000, 18000, 21000, 29000), preset("jpml_a"))
    assert settlement.results == (34.0, -20.0, -12.0, -2.0)


def test_mleague_rank_points_include_oka():
    settlement = settle(_end(41600, 35800, 12600, 10000), preset("mleague"))
    assert settlement.results == (61.6, 15.8, -27.4, -50.0)


def test_mleague_three_tied_firsts_split_rank_points_and_sticks_nearer_the_dealer_first():
    state = _end(25000, 20000, 25000, 25000, riichi_sticks=1)
    settlement = settle(state, preset("mleague"))
    assert [p.sticks for p in settlement.players] == [400, 0, 300, 300]
    # rank points 50 + 10 - 10 = 50 shared: 16.7 / 16.7 / 16.6; 4th -30.
    assert [p.uma + p.oka for p in settlement.players] == [16700, -30000, 16700, 16600]
    assert settlement.results == (12.1, -40.0, 12.0, 11.9)


def test_leftover_sticks_go_to_first_before_the_return_is_taken():
    settlement = settle(_end(40000, 30000, 20000, 8000, riichi_sticks=2), preset("ema2016"))
    assert settlement.leftover_riichi_sticks == 2
    assert settlement.results == (27.0, 5.0, -15.0, -37.0)


def test_leftover_sticks_are_lost_under_wrc_and_jpml():
    for name in ("wrc", "jpml_a"):
        settlement = settle(_end(40000, 30000, 20000, 8000, riichi_sticks=2), preset(name))
        assert settlement.players[0].sticks == 0


def test_ema_splits_leftover_sticks_between_tied_firsts():
    settlement = settle(_end(35000, 35000, 20000, 8000, riichi_sticks=2), preset("ema"))
    assert [p.sticks for p in settlement.players] == [1000, 1000, 0, 0]
    assert settlement.results == (16.0, 16.0, -15.0, -37.0)


def test_chombo_is_deducted_after_uma():
    state = _end(42300, 31000, 27500, 19200, chombos=(0, 0, 1, 0))
    settlement = settle(state, preset("wrc"))
    assert settlement.results == (27.3, 6.0, -27.5, -25.8)
    assert settlement.players[2].chombo == -20000


def test_reverse_mangan_chombo_is_not_deducted_again():
    state = _end(42300, 31000, 27500, 19200, chombos=(0, 0, 1, 0))
    assert settle(state, preset("club")).players[2].chombo == 0


def test_yakitori_takes_points_from_players_who_never_won():
    rules = Rules.from_json({"preset": "wrc", "yakitori": 5000})
    settlement = settle(_end(42300, 31000, 27500, 19200, wins=(2, 1, 0, 1)), rules)
    assert settlement.results == (27.3, 6.0, -12.5, -25.8)


def test_penalties_are_added_after_settlement():
    penalties = [Penalty(player=3, points=-20000, reason="late"), Penalty(player=0, points=1000)]
    settlement = settle(_end(42300, 31000, 27500, 19200), preset("wrc"), penalties)
    assert settlement.results == (28.3, 6.0, -7.5, -45.8)


def test_all_draw_makes_everyone_equal():
    state = GameState(scores=(29000, 29000, 21000, 21000), finished=True, ended_by="all_draw")
    settlement = settle(state, preset("club"))
    assert settlement.results == (0.0, 0.0, 0.0, 0.0)
    assert settlement.places == (1, 1, 1, 1)


def test_tobi_bonus_goes_to_the_player_who_busted_another():
    rules = Rules.from_json({"preset": "club", "tobi_bonus": 10000})
    state = GameState(
        scores=(60000, 30000, 11000, -1000), finished=True, ended_by="tobi", busted_by=0
    )
    settlement = settle(state, rules)
    assert [p.tobi for p in settlement.players] == [10000, 0, 0, -10000]


def test_final_json_has_the_formats_keys_and_breakdown_has_the_parts():
    settlement = settle(_end(48200, 31600, 22900, 17300), preset("wrc"))
    assert settlement.to_json() == {
        "scores": [48200, 31600, 22900, 17300],
        "leftover_riichi_sticks": 0,
        "places": [1, 2, 3, 4],
        "results": [33.2, 6.6, -12.1, -27.7],
    }
    first = settlement.breakdown_json()[0]
    assert first == {
        "seat": 0,
        "points": 48200,
        "place": 1,
        "sticks": 0,
        "raw": 18.2,
        "uma": 15.0,
        "oka": 0.0,
        "chombo": 0.0,
        "yakitori": 0.0,
        "tobi": 0.0,
        "penalty": 0.0,
        "result": 33.2,
    }
