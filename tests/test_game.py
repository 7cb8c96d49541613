"""Rounds: every outcome kind, honba (the seed's 本場), dealer rotation, end of game."""

from __future__ import annotations

import pytest

from scoring.errors import ScoringError
from scoring.game import GameState, RecordError, apply, describe, play, replay, start
from scoring.outcome import Outcome, OutcomeError, Win
from scoring.rules import Rules, preset
from scoring.value import HandValue


def win(winner, han=1, fu=30, yakuman=0, pao=None):
    return Win(winner, HandValue(han=han, fu=fu, yakuman=yakuman), pao=pao)


def state_at(rules, scores=None, index=0, honba=0, sticks=0):
    wind, number = "ESWN"[min(index // 4, 3)], index % 4 + 1
    return GameState(
        scores=scores or (rules.start_points,) * 4,
        round_index=index,
        round_wind=wind,
        round_number=number,
        honba=honba,
        riichi_sticks=sticks,
    )


def play_all(rules, outcomes, state=None):
    state = state or start(rules)
    for outcome in outcomes:
        state = apply(state, outcome, rules)
    return state


ALL_PRESETS = ("club", "tenhou", "mahjongsoul", "wrc", "ema", "ema2016", "mleague", "jpml_a")


# Every outcome kind


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_dealer_ron_with_riichi_takes_the_stick_back(name):
    rules = preset(name)
    result = play(start(rules), Outcome.ron(2, win(0, 3, 40), riichi=(0,)), rules)
    assert result.deltas == (7700, 0, -7700, 0)
    assert (result.state.label, result.state.honba, result.state.riichi_sticks) == ("E1", 1, 0)


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_non_dealer_tsumo_with_one_honba(name):
    rules = preset(name)
    result = play(state_at(rules, honba=1), Outcome.tsumo(win(3, 2, 30)), rules)
    assert result.deltas == (-1100, -600, -600, 2300)
    assert (result.state.label, result.state.honba) == ("E2", 0)


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_draw_pays_the_noten_penalty_and_keeps_the_sticks(name):
    rules = preset(name)
    result = play(start(rules), Outcome.draw(tenpai=(0, 2), riichi=(2,)), rules)
    assert result.deltas == (1500, -1500, 500, -1500)
    assert (result.state.label, result.state.honba, result.state.riichi_sticks) == ("E1", 1, 1)


@pytest.mark.parametrize(
    ("tenpai", "deltas"),
    [
        ((1,), (-1000, 3000, -1000, -1000)),
        ((0, 1, 2), (1000, 1000, 1000, -3000)),
        ((), (0, 0, 0, 0)),
        ((0, 1, 2, 3), (0, 0, 0, 0)),
    ],
)
def test_noten_penalty_is_3000_split_by_the_number_in_tenpai(tenpai, deltas):
    assert play(start(Rules()), Outcome.draw(tenpai=tenpai), Rules()).deltas == deltas


@pytest.mark.parametrize("name", ["club", "tenhou", "mahjongsoul", "jpml_a"])
def test_abortive_draw_keeps_the_dealer_and_adds_a_honba(name):
    rules = preset(name)
    result = play(start(rules), Outcome.abort("kyuushu_kyuuhai", riichi=(1,)), rules)
    assert result.deltas == (0, -1000, 0, 0)
    assert (result.state.label, result.state.honba, result.state.riichi_sticks) == ("E1", 1, 1)


@pytest.mark.parametrize("name", ["wrc", "ema", "mleague"])
def test_abortive_draws_are_errors_where_the_rules_have_none(name):
    with pytest.raises(OutcomeError, match="not an abortive draw under these rules"):
        play(start(preset(name)), Outcome.abort("kyuushu_kyuuhai"), preset(name))


def test_suucha_riichi_needs_four_riichi_players():
    rules = preset("tenhou")
    with pytest.raises(OutcomeError, match="all four"):
        play(start(rules), Outcome.abort("suucha_riichi", riichi=(0, 1)), rules)
    result = play(start(rules), Outcome.abort("suucha_riichi", riichi=(0, 1, 2, 3)), rules)
    assert result.state.riichi_sticks == 4


def test_four_riichi_at_a_table_of_three_is_refused_as_no_abortive_draw_of_its_rules():
    rules = preset("club_sanma")
    with pytest.raises(OutcomeError, match="suucha_riichi is not an abortive draw under these"):
        play(start(rules), Outcome.abort("suucha_riichi", riichi=(0, 1, 2)), rules)


@pytest.mark.parametrize("name", ["club", "tenhou", "mahjongsoul"])
def test_nagashi_mangan_is_paid_as_a_mangan_tsumo_instead_of_noten(name):
    rules = preset(name)
    result = play(start(rules), Outcome.draw(tenpai=(0,), nagashi=(2,)), rules)
    assert result.deltas == (-4000, -2000, 8000, -2000)
    assert (result.state.label, result.state.honba) == ("E1", 1)


@pytest.mark.parametrize(
    ("name", "nagashi", "allowed"),
    [
        ("club", (0, 1, 2), True),
        ("club", (0, 1, 2, 3), False),  # 70 discards; the wall holds 52 terminals and honors
        ("club_sanma", (0, 1), True),
        ("club_sanma", (0, 1, 2), False),  # 55 discards
    ],
)
def test_nagashi_mangan_for_every_player_is_refused(name, nagashi, allowed):
    rules = preset(name)
    if allowed:
        assert play(start(rules), Outcome.draw(nagashi=nagashi), rules).deltas
    else:
        with pytest.raises(OutcomeError, match="every player cannot have nagashi"):
            play(start(rules), Outcome.draw(nagashi=nagashi), rules)


@pytest.mark.parametrize("name", ["wrc", "ema", "mleague"])
def test_nagashi_is_an_error_where_the_rules_do_not_pay_it(name):
    with pytest.raises(OutcomeError, match="nagashi"):
        play(start(preset(name)), Outcome.draw(nagashi=(2,)), preset(name))


@pytest.mark.parametrize("name", ["club", "tenhou"])
def test_reverse_mangan_chombo_replays_the_round(name):
    rules = Rules.from_json({"preset": name, "chombo": "reverse_mangan"})
    before = state_at(rules, honba=2)
    result = play(before, Outcome.chombo(2), rules)
    assert result.deltas == (4000, 2000, -8000, 2000)
    assert (result.state.label, result.state.honba, result.state.dealer) == ("E1", 2, 0)
    assert result.state.chombos == (0, 0, 1, 0)


@pytest.mark.parametrize("name", ["wrc", "ema", "mleague", "jpml_a"])
def test_deduction_chombo_changes_no_score_during_play(name):
    rules = preset(name)
    result = play(start(rules), Outcome.chombo(0), rules)
    assert result.deltas == (0, 0, 0, 0)
    assert result.state.chombos == (1, 0, 0, 0)


def test_chombo_ends_the_game_where_the_rules_say():
    assert apply(start(preset("wrc")), Outcome.chombo(1), preset("wrc")).ended_by == "chombo"
    assert not apply(start(preset("mleague")), Outcome.chombo(1), preset("mleague")).finished


@pytest.mark.parametrize("name", ["club", "tenhou", "wrc", "ema"])
def test_pao_pays_a_whole_yakuman_tsumo(name):
    rules = preset(name)
    result = play(state_at(rules, honba=1), Outcome.tsumo(win(1, yakuman=1, pao=2)), rules)
    assert result.deltas == (0, 32300, -32300, 0)


@pytest.mark.parametrize("name", ["club", "tenhou", "mleague"])
def test_pao_pays_half_a_yakuman_ron_and_the_discarder_pays_the_honba(name):
    rules = preset(name)
    result = play(state_at(rules, honba=1), Outcome.ron(3, win(1, yakuman=1, pao=2)), rules)
    assert result.deltas == (0, 32300, -16000, -16300)


def test_pao_by_the_discarder_pays_everything():
    rules = preset("club")
    result = play(start(rules), Outcome.ron(3, win(1, yakuman=1, pao=3)), rules)
    assert result.deltas == (0, 32000, 0, -32000)


def test_pao_needs_rules_with_pao_and_a_yakuman():
    with pytest.raises(OutcomeError, match="no pao"):
        play(start(Rules(pao=())), Outcome.tsumo(win(1, yakuman=1, pao=2)), Rules(pao=()))
    with pytest.raises(OutcomeError, match="needs a yakuman"):
        play(start(Rules()), Outcome.tsumo(win(1, 6, 0, pao=2)), Rules())


# Multiple ron


def test_double_ron_paid_in_full_with_honba_to_each_and_own_stick_back_under_ema():
    rules = preset("ema")
    before = state_at(rules, honba=1, sticks=1)
    outcome = Outcome.ron(1, win(0, 2, 30), win(3, 3, 30), riichi=(0, 3))
    result = play(before, outcome, rules)
    # Dealer 0: 2,900 + 300, own stick back; 3 (nearest the discarder): 3,900 + 300 and 2 sticks.
    assert result.deltas == (3200, -7400, 0, 5200)
    assert (result.state.label, result.state.honba, result.state.riichi_sticks) == ("E1", 2, 0)


@pytest.mark.parametrize("name", ["tenhou", "mahjongsoul", "club"])
def test_double_ron_gives_honba_and_every_stick_to_the_winner_nearest_the_discarder(name):
    rules = preset(name)
    before = state_at(rules, honba=1, sticks=1)
    outcome = Outcome.ron(1, win(0, 2, 30), win(3, 3, 30), riichi=(0, 3))
    result = play(before, outcome, rules)
    assert result.deltas == (1900, -7100, 0, 6200)
    assert result.state.dealer == 0 and result.state.honba == 2


def test_double_ron_without_the_dealer_passes_the_deal_and_resets_honba():
    rules = preset("tenhou")
    result = play(state_at(rules, honba=3), Outcome.ron(0, win(1), win(2)), rules)
    assert (result.state.label, result.state.honba) == ("E2", 0)
    assert result.deltas == (-2900, 1900, 1000, 0)  # honba 900 only to 1


def test_triple_ron_is_paid_under_mahjongsoul():
    rules = preset("mahjongsoul")
    result = play(start(rules), Outcome.ron(0, win(1), win(2), win(3)), rules)
    assert result.deltas == (-3000, 1000, 1000, 1000)


def test_triple_ron_aborts_under_tenhou():
    rules = preset("tenhou")
    with pytest.raises(OutcomeError, match="sanchahou"):
        play(start(rules), Outcome.ron(0, win(1), win(2), win(3)), rules)
    result = play(start(rules), Outcome.abort("sanchahou"), rules)
    assert (result.state.label, result.state.honba) == ("E1", 1)


@pytest.mark.parametrize("name", ["wrc", "mleague", "jpml_a"])
def test_head_bump_rules_accept_only_one_winner(name):
    rules = preset(name)
    with pytest.raises(OutcomeError, match="head bump"):
        play(start(rules), Outcome.ron(0, win(1), win(2)), rules)
    result = play(state_at(rules, honba=1, sticks=1), Outcome.ron(0, win(1), riichi=(1,)), rules)
    assert result.deltas == (-1300, 2300, 0, 0)


# Honba (the seed's 本場)


def test_each_honba_adds_300_to_a_ron():
    rules = Rules()
    result = play(state_at(rules, honba=3), Outcome.ron(2, win(1, 1, 30)), rules)
    assert result.deltas == (0, 1900, -1900, 0)


def test_each_honba_takes_100_from_each_payer_on_tsumo():
    rules = Rules()
    result = play(state_at(rules, honba=2), Outcome.tsumo(win(0, 1, 30)), rules)
    assert result.deltas == (2100, -700, -700, -700)


def test_a_dealer_win_adds_a_honba_and_keeps_the_deal():
    state = play_all(Rules(), [Outcome.ron(1, win(0)), Outcome.tsumo(win(0, 2, 30))])
    assert (state.label, state.honba, state.dealer) == ("E1", 2, 0)


def test_a_non_dealer_win_resets_the_honba_and_passes_the_deal():
    state = play_all(
        Rules(), [Outcome.draw(tenpai=(0,)), Outcome.draw(tenpai=(0,)), Outcome.ron(0, win(2))]
    )
    assert (state.label, state.honba, state.dealer) == ("E2", 0, 1)


def test_a_draw_adds_a_honba_even_when_the_noten_dealer_loses_the_deal():
    state = play_all(Rules(), [Outcome.draw(tenpai=(1,))])
    assert (state.label, state.honba, state.dealer) == ("E2", 1, 1)


def test_win_only_renchan_passes_the_deal_of_a_tenpai_dealer():
    state = play_all(Rules(renchan="win"), [Outcome.draw(tenpai=(0,))])
    assert (state.label, state.honba) == ("E2", 1)


def test_two_han_minimum_from_five_honba():
    rules = Rules(two_han_minimum_honba=5)
    with pytest.raises(OutcomeError, match="need 2 han from 5 honba"):
        play(state_at(rules, honba=5), Outcome.ron(1, win(0, 1, 30)), rules)
    assert play(state_at(rules, honba=5), Outcome.ron(1, win(0, 2, 30)), rules).deltas[0] == 4400
    assert play(state_at(rules, honba=4), Outcome.ron(1, win(0, 1, 30)), rules).deltas[0] == 2700


# Game length and the end of the game


def test_an_east_south_game_ends_after_south_4():
    rules = preset("wrc")
    state = play_all(rules, [Outcome.draw()] * 7)
    assert (state.label, state.finished) == ("S4", False)
    state = apply(state, Outcome.draw(), rules)
    assert (state.finished, state.ended_by) == (True, "last_round")


def test_the_last_dealer_keeps_playing_after_a_win_without_agari_yame():
    rules = preset("wrc")
    state = apply(state_at(rules, index=7), Outcome.tsumo(win(3)), rules)
    assert (state.label, state.honba, state.finished) == ("S4", 1, False)


@pytest.mark.parametrize(
    ("length", "labels"),
    [
        ("east", ["E1", "E2", "E3", "E4", None]),
        ("east_north", ["E1", "E2", "E3", "E4", "N1", "N2", "N3", "N4", None]),
        ("east_east", ["E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8", None]),
        (
            "four_winds",
            [
                "E1",
                "E2",
                "E3",
                "E4",
                "S1",
                "S2",
                "S3",
                "S4",
                "W1",
                "W2",
                "W3",
                "W4",
                "N1",
                "N2",
                "N3",
                "N4",
                None,
            ],
        ),
        ("one_round", ["E1", None]),
    ],
)
def test_game_lengths_name_their_rounds(length, labels):
    rules = Rules(game_length=length, tobi="none")
    state, seen = start(rules), []
    while not state.finished:
        seen.append(state.label)
        state = apply(state, Outcome.draw(), rules)
    assert [*seen, None] == labels


def test_one_round_ends_even_when_the_dealer_wins():
    rules = Rules(game_length="one_round")
    assert apply(start(rules), Outcome.tsumo(win(0)), rules).ended_by == "last_round"


def test_tobi_ends_the_game_below_zero():
    rules = preset("club")
    state = state_at(rules, scores=(30000, 30000, 37000, 3000))
    end = apply(state, Outcome.ron(3, win(0, 3, 40)), rules)  # 3 pays 7,700
    assert (end.finished, end.ended_by, end.scores[3], end.busted_by) == (True, "tobi", -4700, 0)


def test_exactly_zero_plays_on_unless_the_rules_bust_at_zero():
    scores = (30000, 30000, 32700, 7700)
    outcome = Outcome.ron(3, win(0, 3, 40))
    assert not apply(state_at(Rules(), scores=scores), outcome, Rules()).finished
    rules = Rules(tobi="zero_or_below")
    assert apply(state_at(rules, scores=scores), outcome, rules).ended_by == "tobi"


def test_no_tobi_plays_on_with_negative_scores():
    rules = preset("wrc")
    state = apply(
        state_at(rules, scores=(30000, 30000, 37000, 3000)), Outcome.ron(3, win(0, 3, 40)), rules
    )
    assert not state.finished and state.scores[3] == -4700


def test_a_riichi_deposit_can_bust():
    rules = Rules(riichi_below_1000=True)
    state = state_at(rules, scores=(40000, 40000, 19500, 500))
    assert apply(state, Outcome.draw(tenpai=(3,), riichi=(3,)), rules).finished is False
    assert apply(state, Outcome.ron(1, win(0), riichi=(3,)), rules).ended_by == "tobi"


def test_agari_yame_ends_the_game_when_the_last_dealer_wins_in_first_place():
    rules = preset("tenhou")
    state = state_at(rules, scores=(25000, 25000, 20000, 30000), index=7)
    end = apply(state, Outcome.ron(2, win(3, 2, 30)), rules)
    assert (end.finished, end.ended_by) == (True, "agari_yame")


def test_agari_yame_does_not_stop_a_dealer_who_is_not_first():
    rules = preset("tenhou")
    state = state_at(rules, scores=(40000, 25000, 20000, 15000), index=7)
    end = apply(state, Outcome.ron(2, win(3, 2, 30)), rules)
    assert (end.finished, end.label, end.honba) == (False, "S4", 1)


def test_tenpai_yame_ends_the_game_on_a_tenpai_draw_in_first_place():
    rules = preset("tenhou")
    state = state_at(rules, scores=(25000, 25000, 20000, 30000), index=7)
    assert apply(state, Outcome.draw(tenpai=(3,)), rules).ended_by == "tenpai_yame"
    assert not apply(state, Outcome.abort("kyuushu_kyuuhai"), rules).finished


def test_west_entry_when_nobody_reaches_30000_then_sudden_death():
    rules = preset("tenhou")
    state = state_at(rules, scores=(26000, 25000, 25000, 24000), index=7)
    state = apply(state, Outcome.ron(1, win(0)), rules)  # 0 has 27,000
    assert (state.finished, state.label, state.dealer) == (False, "W1", 0)
    state = apply(state, Outcome.ron(1, win(2, 2, 30)), rules)  # 2 has 27,000: W2
    assert (state.finished, state.label) == (False, "W2")
    end = apply(state, Outcome.ron(2, win(0, 3, 30)), rules)  # 0 reaches 30,900
    assert (end.finished, end.ended_by) == (True, "sudden_death")


def test_no_west_entry_when_someone_has_30000_after_south_4():
    rules = preset("tenhou")
    state = state_at(rules, scores=(31000, 25000, 25000, 19000), index=7)
    assert apply(state, Outcome.ron(1, win(0)), rules).ended_by == "last_round"


def test_a_dealer_renchan_has_priority_over_sudden_death():
    rules = preset("tenhou")
    state = state_at(rules, scores=(35000, 22000, 22000, 21000), index=9)  # W2, dealer 1
    after = apply(state, Outcome.draw(tenpai=(1,)), rules)
    assert (after.finished, after.label) == (False, "W2")
    assert apply(state, Outcome.draw(tenpai=(0,)), rules).ended_by == "sudden_death"


def test_extension_stands_after_west_4_or_gives_up_as_an_all_draw():
    rules = preset("tenhou")
    state = GameState(
        scores=(26000, 25000, 25000, 24000), round_index=11, round_wind="W", round_number=4
    )
    assert apply(state, Outcome.draw(tenpai=()), rules).ended_by == "last_round"
    give_up = rules.with_options(extension_end="all_draw")
    assert apply(state, Outcome.draw(tenpai=()), give_up).ended_by == "all_draw"


def test_north_entry_and_return_to_east_continue_the_extension():
    rules = Rules(extension_winds=3, extension_target=33300, tobi="none")
    state, labels = start(rules), []
    while not state.finished:
        labels.append(state.label)
        state = apply(state, Outcome.draw(), rules)
    assert labels[8::4] == ["W1", "N1", "E5"] and len(labels) == 20
    assert state.ended_by == "last_round"


def test_extension_without_sudden_death_plays_the_whole_wind():
    rules = Rules(extension_winds=1, tobi="none")
    state = GameState(
        scores=(26000, 25000, 25000, 24000), round_index=8, round_wind="W", round_number=1
    )
    state = apply(state, Outcome.ron(1, win(2, 4, 30)), rules)
    assert (state.finished, state.label) == (False, "W2")


# Impossible outcomes


def test_no_round_after_the_game_ended():
    rules = Rules(game_length="one_round")
    end = apply(start(rules), Outcome.draw(), rules)
    with pytest.raises(OutcomeError, match="already ended"):
        apply(end, Outcome.draw(), rules)


def test_riichi_under_1000_points_is_an_error_where_the_rules_forbid_it():
    rules = preset("tenhou")
    state = state_at(rules, scores=(50000, 25000, 25500, 500))
    with pytest.raises(OutcomeError, match="player 3 declared riichi with 500 points"):
        apply(state, Outcome.draw(tenpai=(3,), riichi=(3,)), rules)
    wrc = preset("wrc")
    assert (
        apply(
            state_at(wrc, scores=state.scores), Outcome.draw(tenpai=(3,), riichi=(3,)), wrc
        ).scores[3]
        == 2500
    )


def test_a_tenpai_list_must_include_the_riichi_players():
    # under the default riichi_noten "chombo"; "noten" lets them pay noten instead
    with pytest.raises(OutcomeError, match="riichi player 2 is missing from the tenpai list"):
        play(start(Rules()), Outcome.draw(tenpai=(0,), riichi=(2,)), Rules())


def test_the_winner_cannot_be_the_discarder():
    with pytest.raises(OutcomeError, match="winner 1 is also the discarder"):
        Outcome.ron(1, win(1))


def test_impossible_hand_values_for_the_win_are_errors():
    with pytest.raises(ScoringError, match="20 fu ron"):
        play(start(Rules()), Outcome.ron(1, win(0, 2, 20)), Rules())


def test_a_failed_round_changes_nothing():
    rules = preset("wrc")
    state = play_all(rules, [Outcome.draw(tenpai=(0,))])
    snapshot = state.to_json(), state.scores
    with pytest.raises(OutcomeError):
        apply(state, Outcome.ron(0, win(1), win(2)), rules)
    assert (state.to_json(), state.scores) == snapshot


def test_wareme_needs_rules_with_wareme():
    with pytest.raises(OutcomeError, match="wareme"):
        play(start(Rules()), Outcome.tsumo(win(1), wareme=1), Rules())


def test_wareme_doubles_the_wareme_seats_gains_and_losses():
    rules = Rules(wareme=True)
    tsumo = play(start(rules), Outcome.tsumo(win(1, 1, 30), wareme=1), rules)
    assert tsumo.deltas == (-1000, 2200, -600, -600)
    ron = play(start(rules), Outcome.ron(2, win(1, 1, 30), wareme=2), rules)
    assert ron.deltas == (0, 2000, -2000, 0)
    other = play(start(rules), Outcome.tsumo(win(1, 1, 30), wareme=3), rules)
    assert other.deltas == (-500, 1400, -300, -600)


def test_a_hand_given_as_tiles_is_scored_and_kept_with_the_round():
    # Bo (seat 1, South) wins with a double riichi listed among the round's riichi.
    hand = {"hand": "12223m456p234789s", "win": "4s", "double_riichi": True}
    outcome = Outcome.ron(2, Win(1, hand=hand), win(3, 1, 30), riichi=(1,))
    result = play(start(Rules()), outcome, Rules())

    scored, by_value = result.hands
    assert by_value is None
    assert [y["name"] for y in scored["yaku"]] == ["double_riichi", "pinfu"]
    assert scored["wait"] == "ryanmen" and scored["payments"] == {"ron": 3900}
    assert result.values[0] == HandValue(han=3, fu=30)
    assert hash(result) == hash(play(start(Rules()), outcome, Rules()))  # still a value


# Words


def test_describe_names_who_paid_whom():
    rules = Rules()
    result = play(state_at(rules, sticks=1), Outcome.tsumo(win(1, 1, 30), riichi=(1,)), rules)
    assert describe(result, ["Aki", "Bo", "Chen", "Dai"]) == [
        "Bo pays the table 1,000 (riichi)",
        "Aki pays Bo 500 (tsumo)",
        "Chen pays Bo 300 (tsumo)",
        "Dai pays Bo 300 (tsumo)",
        "the table pays Bo 2,000 (sticks)",
    ]
    assert describe(result)[1] == "player 0 pays player 1 500 (tsumo)"


def test_a_game_ended_early_is_settled_on_the_scores_as_they_stand():
    record = {"rules": "club", "rounds": [ron_record(0, 1, 3, 30)], "ended_early": "agreement"}

    game = replay(record).to_json()

    assert game["finished"] and game["ended_by"] == "agreement"
    assert game["final"]["scores"] == [30800, 19200, 25000, 25000]  # dealer 3 han 30 fu: 5,800
    assert game["final"]["places"] == [1, 4, 2, 2]  # a tie shares the places (club: split)


@pytest.mark.parametrize("reason", ["soon", 1, ""])
def test_an_unknown_early_ending_is_refused(reason):
    with pytest.raises(RecordError, match="ended_early must be one of agreement, time_limit"):
        replay({"rules": "club", "rounds": [], "ended_early": reason})


def test_a_game_that_ended_by_itself_cannot_also_end_early():
    rounds = [ron_record(0, 1, 13, 30)]  # a dealer yakuman busts player 1

    with pytest.raises(RecordError, match="already ended"):
        replay({"rules": "club", "rounds": rounds, "ended_early": "time_limit"})


def test_a_record_of_more_than_200_rounds_is_refused():
    draws = [{"result": "draw", "tenpai": [0], "riichi": []}] * 201

    with pytest.raises(RecordError, match="at most 200 rounds, not 201"):
        replay({"rules": {"preset": "club", "game_length": "east"}, "rounds": draws})


def test_a_hand_of_more_than_six_yakuman_is_refused():
    rounds = [{"result": "ron", "loser": 1, "wins": [{"winner": 0, "yakuman": 7}]}]

    with pytest.raises(RecordError, match="at most 6 yakuman, not 7"):
        replay({"rules": "club", "rounds": rounds})


def ron_record(winner: int, loser: int, han: int, fu: int) -> dict:
    return {"result": "ron", "loser": loser, "wins": [{"winner": winner, "han": han, "fu": fu}]}
