"""Rules: presets from the reference, JSON round trip, impossible values."""

from __future__ import annotations

import pytest

from scoring.errors import RulesError
from scoring.rules import PRESETS, Rules, preset


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_round_trips_through_json(name):
    rules = preset(name)
    assert rules.to_json() == {"preset": name}
    assert Rules.from_json(rules.to_json()) == rules


def test_changed_options_are_written_on_top_of_the_preset():
    rules = Rules.from_json(
        {"preset": "tenhou", "rounding": "tenhou_old", "abortive_draws": ["sanchahou"]}
    )
    assert rules.to_json() == {
        "preset": "tenhou",
        "rounding": "tenhou_old",
        "abortive_draws": ["sanchahou"],
    }
    assert Rules.from_json(rules.to_json()) == rules


def test_floating_uma_round_trips_as_nested_lists():
    data = preset("jpml_a").to_json() | {"floating_uma": [[0, 0, 0, 0]] * 5}
    rules = Rules.from_json(data)
    assert rules.floating_uma == ((0, 0, 0, 0),) * 5
    assert Rules.from_json(rules.to_json()) == rules


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"uma": [15000, 5000, -5000, -5000]}, "sum to 0"),
        ({"uma": [15000, 5000, -20000]}, "sum to 0"),
        ({"start_points": -25000}, "start_points"),
        ({"start_points": 0}, "start_points"),
        ({"return_points": 30050}, "multiples of 100"),
        ({"tobi": "sometimes"}, "tobi must be one of"),
        ({"multiple_ron": "all"}, "multiple_ron must be one of"),
        ({"abortive_draws": ["kyuushu"]}, "abortive_draws has unknown"),
        ({"pao": ["chinitsu"]}, "pao has unknown"),
        ({"extension_winds": -1}, "extension_winds"),
        ({"game_length": "one_round", "extension_winds": 1}, "one_round"),
        ({"floating_uma": [[0, 0, 0, 0]]}, "5 rows"),
        ({"noten_penalty": 1000}, "noten_penalty"),
        ({"agari_yame": 1}, "must be true or false"),
        ({"start_points": "25000"}, "must be a whole number"),
        ({"oka": "none"}, "must be a whole number"),
        ({"ura_dora": True}, "unknown rule option"),
    ],
)
def test_impossible_rules_are_errors(options, message):
    with pytest.raises(RulesError, match=message):
        Rules.from_json({"preset": "club", **options})


def test_unknown_preset_is_an_error():
    with pytest.raises(RulesError, match='unknown rules preset "wrc2099"'):
        Rules.from_json("wrc2099")


def test_oka_is_derived_from_start_and_return_unless_given():
    assert preset("tenhou").oka_points == 20000
    assert preset("mleague").oka_points == 20000
    assert preset("wrc").oka_points == 0
    assert preset("mahjongsoul").oka_points == 0
    assert Rules(oka=10000).oka_points == 10000


@pytest.mark.parametrize(
    ("name", "start", "uma", "ties", "leftover", "multiple_ron"),
    [
        ("tenhou", 25000, (20000, 10000, -10000, -20000), "seat", "first", "double_only"),
        ("mahjongsoul", 25000, (15000, 5000, -5000, -15000), "seat", "first", "paid"),
        ("wrc", 30000, (15000, 5000, -5000, -15000), "split", "lost", "head_bump"),
        ("ema", 30000, (15000, 5000, -5000, -15000), "split", "split_first", "paid"),
        ("ema2016", 30000, (15000, 5000, -5000, -15000), "split", "first", "paid"),
        ("mleague", 25000, (30000, 10000, -10000, -30000), "split", "split_first", "head_bump"),
        ("jpml_a", 30000, (0, 0, 0, 0), "split", "lost", "head_bump"),
    ],
)
def test_presets_follow_the_reference_table(name, start, uma, ties, leftover, multiple_ron):
    rules = preset(name)
    assert (rules.start_points, rules.uma, rules.ties) == (start, uma, ties)
    assert (rules.leftover_sticks, rules.multiple_ron) == (leftover, multiple_ron)


def test_tenhou_plays_west_with_sudden_death_and_stops_a_leading_dealer():
    rules = preset("tenhou")
    assert (rules.extension_winds, rules.sudden_death, rules.extension_target) == (1, True, 30000)
    assert rules.agari_yame and rules.tenpai_yame and rules.tobi == "below_zero"
    assert "sanchahou" in rules.abortive_draws


def test_tournament_presets_have_no_bust_no_abortive_draws_and_a_chombo_deduction():
    for name in ("wrc", "ema", "ema2016", "mleague"):
        rules = preset(name)
        assert (rules.tobi, rules.abortive_draws, rules.chombo) == ("none", (), "deduction")
        assert rules.chombo_points == 20000


def test_club_rule_is_the_seeds_general_rule():
    rules = preset("club")
    assert (rules.start_points, rules.return_points, rules.game_length) == (
        25000,
        30000,
        "east_south",
    )
    assert rules.renchan == "tenpai" and rules.noten_penalty == 3000


@pytest.mark.parametrize("name", PRESETS)
def test_rules_hash_as_their_options_and_pickle_without_the_kept_hash(name):
    import pickle

    rules = preset(name)
    same = Rules.from_json(rules.to_json())
    assert hash(rules) == hash(same) and rules == same
    kept = pickle.loads(pickle.dumps(rules))
    assert "_hash" not in kept.__dict__  # a string's hash differs from one process to the next
    assert kept == rules and hash(kept) == hash(rules)
    assert hash(rules.with_options(kiriage=not rules.kiriage)) != hash(rules)


def test_without_a_noten_penalty_a_draw_moves_no_points_and_lists_no_payments():
    from scoring.game import replay

    record = {
        "rules": Rules(noten_penalty=0).to_json(),
        "players": ["A", "B", "C", "D"],
        "rounds": [{"result": "draw", "tenpai": [0]}],
    }

    played = replay(record).rounds[0]
    assert played.state.scores == (25000,) * 4
    assert played.transfers == ()


@pytest.mark.parametrize(
    ("players", "penalty", "allowed"),
    [
        (4, 3000, True),
        (4, 1200, True),
        (4, 600, True),
        (4, 900, False),  # two tenpai, two noten: 450 each
        (4, 1500, False),
        (3, 1000, True),
        (3, 300, False),  # one tenpai, two noten: 150 each
    ],
)
def test_a_noten_penalty_splits_into_whole_hundreds_for_any_number_in_tenpai(
    players, penalty, allowed
):
    options = {"preset": "club_sanma" if players == 3 else "club", "noten_penalty": penalty}
    if allowed:
        assert Rules.from_json(options).noten_penalty == penalty
    else:
        with pytest.raises(RulesError, match=r"noten_penalty must (split|be a multiple)"):
            Rules.from_json(options)


def test_stored_rules_with_an_older_noten_penalty_still_read_unchecked():
    stored = {**Rules().to_json(), "noten_penalty": 900}

    assert Rules.from_json(stored, check=False).noten_penalty == 900
