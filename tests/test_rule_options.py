"""Rule options added for issue 20, each against the rule it implements: leftover riichi
sticks returned to their owners, the 2 tsumo fu of a haitei win (as the seed's item 4
has them for rinshan), 2 fu for a pinfu tsumo (MahjongRepository/mahjong's
``fu_for_pinfu_tsumo``), renhou as 5 han added to the other yaku (WRC 2014/2015), the old
rule that the all-last dealer keeps the deal at any draw (the seed's 连庄), and counted
yakuman of 26 and 39 han worth a double and a triple, and the local yakuman a table may
allow (daisharin and its other-suit forms, daichisei)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.game import GameState, apply, play, replay, start
from scoring.outcome import Outcome
from scoring.rules import Rules
from scoring.score import score_hand
from scoring.value import HandValue, base_points, ron_payment
from tests.test_game_properties import outcomes

# Leftover riichi sticks returned to the players who put them in


def _draws(*rounds):  # (tenpai, riichi) per round of an east-only game
    return [{"result": "draw", "tenpai": t, "riichi": r} for t, r in rounds]


EAST_DRAWS = _draws(([1], [1]), ([2], [2]), ([3], [3]), ([1], [1]))  # each dealer noten


@pytest.mark.parametrize(
    ("leftover", "sticks"),
    [("returned", [0, 2000, 1000, 1000]), ("first", [0, 4000, 0, 0]), ("lost", [0, 0, 0, 0])],
)
def test_leftover_sticks_go_back_to_their_owners_under_returned(leftover, sticks):
    rules = {"preset": "club", "game_length": "east", "leftover_sticks": leftover}
    record = {"rules": rules, "rounds": EAST_DRAWS}
    breakdown = replay(record).settlement.breakdown_json()

    assert [player["sticks"] for player in breakdown] == sticks


def test_sticks_a_win_took_are_not_returned_again():
    rules = {"preset": "club", "game_length": "east", "leftover_sticks": "returned"}
    win = {"result": "ron", "loser": 0, "wins": [{"winner": 2, "han": 1, "fu": 30}]}
    rounds = [*_draws(([1], [1])), win, *_draws(([3], [3]), ([0], []))]
    game = replay({"rules": rules, "rounds": rounds})

    assert game.state.finished and game.state.stick_owners == (3,)
    assert [p["sticks"] for p in game.settlement.breakdown_json()] == [0, 0, 0, 1000]


@st.composite
def returned_games(draw):
    rules = Rules(game_length="east", leftover_sticks="returned")
    state, deposits = start(rules), [0, 0, 0, 0]
    for _ in range(draw(st.integers(1, 20))):
        if state.finished:
            break
        outcome = draw(outcomes(state, rules))
        state = apply(state, outcome, rules)
        for seat in outcome.riichi:
            deposits[seat] += 1
        if not state.riichi_sticks:
            deposits = [0, 0, 0, 0]
    return rules, state, deposits


@settings(max_examples=100, deadline=None)
@given(returned_games())
def test_returned_sticks_are_each_players_own_deposits_on_the_table(game):
    from scoring.settlement import settle

    rules, state, deposits = game
    shares = [player.sticks for player in settle(state, rules).players]

    assert shares == [1000 * count for count in deposits]
    assert sum(shares) == 1000 * state.riichi_sticks


# Tsumo fu on haitei, and on pinfu tsumo

HAITEI = {  # kanchan 3m, a concealed 999s: 20 + 8 + 2 = 30, with the tsumo 2 fu 32 -> 40
    "hand": "234m567p11p999s",
    "win": "3m",
    "melds": [{"kind": "chi", "tiles": "123m"}],
    "tsumo": True,
    "haitei": True,
}
PINFU = {"hand": "234567m456p789s22z", "win": "2m", "tsumo": True, "seat_wind": "W"}


@pytest.mark.parametrize(("counts", "fu"), [(True, 40), (False, 30)])
def test_a_haitei_win_counts_the_tsumo_fu_as_the_rules_say(counts, fu):
    result = score_hand({**HAITEI, "rules": {"preset": "club", "haitei_tsumo_fu": counts}})

    assert result["fu"] == fu
    assert ("tsumo" in {item["name"] for item in result["fu_items"]}) == counts
    assert "haitei" in {yaku["name"] for yaku in result["yaku"]}


def test_the_haitei_option_leaves_the_rinshan_option_alone():
    rules = {"preset": "club", "rinshan_tsumo_fu": False}
    assert score_hand({**HAITEI, "rules": rules})["fu"] == 40


@pytest.mark.parametrize(("counts", "fu", "payments"), [
    (False, 20, {"dealer": 700, "non_dealer": 400}),
    (True, 30, {"dealer": 1000, "non_dealer": 500}),
])  # fmt: skip
def test_a_pinfu_tsumo_counts_2_fu_under_the_option(counts, fu, payments):
    rules = {"preset": "club", "pinfu_tsumo_fu": counts}
    result = score_hand({**PINFU, "rules": rules})

    assert (result["han"], result["fu"]) == (2, fu)  # pinfu and menzen tsumo either way
    assert {y["name"] for y in result["yaku"]} == {"pinfu", "menzen_tsumo"}
    assert result["payments"] == payments


# Renhou as 5 han that add to the other yaku

RENHOU = {"hand": "234567m456p789s22z", "win": "2m", "seat_wind": "W", "renhou": True}


@pytest.mark.parametrize(("renhou", "yaku", "ron"), [
    ("cumulative", {"pinfu": 1, "renhou": 5}, 12000),  # 6 han: haneman
    ("mangan", {"renhou": 5}, 8000),  # the better of renhou alone and pinfu
    ("yakuman", {"renhou_yakuman": 13}, 32000),
])  # fmt: skip
def test_renhou_adds_5_han_to_the_other_yaku_when_cumulative(renhou, yaku, ron):
    result = score_hand({**RENHOU, "rules": {"preset": "club", "renhou": renhou}})

    assert {y["name"]: y["han"] for y in result["yaku"]} == yaku
    assert result["payments"] == {"ron": ron}


# The all-last dealer keeps the deal at any draw (old rule)


def _all_last(rules, tenpai):
    state = GameState(scores=(25000,) * 4, round_index=7, round_wind="S", round_number=4)
    return play(state, Outcome.draw(tenpai=tenpai), rules).state


@pytest.mark.parametrize("tenpai", [[], [0], [0, 1, 2]])
def test_the_all_last_dealer_keeps_the_deal_when_noten_under_the_old_rule(tenpai):
    after = _all_last(Rules(all_last_draw_renchan=True), tenpai)

    assert not after.finished
    assert (after.label, after.honba, after.dealer) == ("S4", 1, 3)


def test_without_the_old_rule_a_noten_all_last_dealer_ends_the_game():
    assert _all_last(Rules(), []).ended_by == "last_round"


def test_the_old_rule_keeps_the_dealer_only_in_the_last_round():
    state = GameState(scores=(25000,) * 4, round_index=6, round_wind="S", round_number=3)
    after = play(state, Outcome.draw(tenpai=[]), Rules(all_last_draw_renchan=True)).state
    assert (after.label, after.dealer) == ("S4", 3)


def test_a_noten_all_last_dealer_kept_by_the_old_rule_does_not_stop_by_tenpai_yame():
    rules = Rules(all_last_draw_renchan=True, tenpai_yame=True)
    state = GameState(scores=(10000, 10000, 10000, 70000), round_index=7, round_wind="S")
    state = GameState(**{**state.__dict__, "round_number": 4})
    after = play(state, Outcome.draw(tenpai=[]), rules).state
    assert not after.finished


# Counted yakuman worth more at 26 and 39 han


@pytest.mark.parametrize(("han", "plain", "stacked"), [
    (13, 8000, 8000), (25, 8000, 8000), (26, 8000, 16000), (38, 8000, 16000), (39, 8000, 24000),
])  # fmt: skip
def test_counted_yakuman_count_double_from_26_han_and_triple_from_39(han, plain, stacked):
    value = HandValue(han=han, fu=30)
    assert base_points(value, Rules()) == plain
    assert base_points(value, Rules(counted_yakuman_stacks=True)) == stacked


def test_a_counted_double_yakuman_ron_pays_as_a_double_yakuman():
    rules = Rules(counted_yakuman_stacks=True)
    assert ron_payment(HandValue(han=26, fu=40), is_dealer=False, rules=rules) == 64000
    assert ron_payment(HandValue(han=26, fu=40), is_dealer=True, rules=rules) == 96000


# Local yakuman


@pytest.mark.parametrize(("tiles", "win", "name", "plain"), [
    ("22334455667788p", "5p", "daisharin", "chinitsu"),
    ("22334455667788s", "5s", "daichikurin", "chinitsu"),
    ("22334455667788m", "5m", "daisuurin", "chinitsu"),
    ("11223344556677z", "7z", "daichisei", "tsuuiisou"),
])  # fmt: skip
def test_a_local_yakuman_counts_only_where_the_rules_allow_it(tiles, win, name, plain):
    hand = {"hand": tiles, "win": win, "seat_wind": "W", "tsumo": True}
    allowed = score_hand({**hand, "rules": {"preset": "club", "local_yakuman": [name]}})
    others = [other for other in ("daisharin", "daichisei") if other != name]
    elsewhere = score_hand({**hand, "rules": {"preset": "club", "local_yakuman": others}})

    assert name in {y["name"] for y in allowed["yaku"]}
    assert {y["name"] for y in elsewhere["yaku"]} >= {plain} and name not in str(elsewhere)


def test_daichisei_adds_a_yakuman_to_its_tsuuiisou():
    hand = {"hand": "11223344556677z", "win": "7z", "seat_wind": "W"}
    result = score_hand({**hand, "rules": {"preset": "club", "local_yakuman": ["daichisei"]}})

    assert (result["yakuman"], result["payments"]) == (2, {"ron": 64000})


def test_seven_other_pairs_of_one_suit_are_no_daisharin():
    hand = {
        "hand": "22334455667799p",
        "win": "9p",
        "seat_wind": "W",
        "rules": {"preset": "club", "local_yakuman": ["daisharin"]},
    }
    assert "daisharin" not in {y["name"] for y in score_hand(hand)["yaku"]}
