"""More rule options from issue 20, each against the published rule it implements: an open
pinfu-shaped ron at 20 fu (the mahjong library's ``fu_for_open_pinfu`` off; 30 fu is the
seed's 符數 5.3 and WRC 2025's), aotenjou (riichi.wiki "Aotenjou", the mahjong library's
``Aotenjou`` calculator and its tests), open riichi (riichi.wiki "Open riichi") and a
riichi player found noten at an exhaustive draw (chombo, or counted noten)."""

from __future__ import annotations

import pytest

from scoring.consistency import contradictions
from scoring.errors import InvalidHandError, RulesError, ScoringError
from scoring.game import play, replay, start
from scoring.outcome import Outcome, OutcomeError, Win
from scoring.rules import PRESETS, Rules
from scoring.score import score_hand
from scoring.value import HandValue, fu_choices, ron_payment, tsumo_payments

NEW_OPTIONS = {
    "open_pinfu_fu": (20, 30),
    "aotenjou": (False, True),
    "open_riichi": ("none", "two_han", "deal_in_yakuman"),
    "riichi_noten": ("chombo", "noten"),
    "paarenchan": (False, True),
}


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize(
    ("option", "value"), [(k, v) for k, values in NEW_OPTIONS.items() for v in values]
)
def test_every_new_option_value_is_consistent_with_every_preset(name, option, value):
    data = {"preset": name, option: value}
    rules = Rules.from_json(data, check=False)
    found = [c.code for c in contradictions(rules)]

    if (option, value) == ("riichi_noten", "chombo") and rules.chombo == "none":
        # the online presets have no chombo: a noten riichi could be recorded no way
        assert found == ["noten_riichi_chombo_without_chombo"]
        return
    assert found == []
    assert Rules.from_json(rules.to_json()) == rules


@pytest.mark.parametrize(
    ("option", "bad", "words"),
    [
        ("open_pinfu_fu", 25, "open_pinfu_fu must be 20 or 30, not 25"),
        ("open_pinfu_fu", "20", "open_pinfu_fu must be a whole number"),
        ("aotenjou", "yes", "aotenjou must be true or false"),
        ("open_riichi", "yakuman", "open_riichi must be one of none, two_han, deal_in_yakuman"),
        ("riichi_noten", "penalty", "riichi_noten must be one of chombo, noten"),
    ],
)
def test_a_bad_value_of_a_new_option_is_refused_in_words(option, bad, words):
    with pytest.raises(RulesError, match=words):
        Rules.from_json({"preset": "club", option: bad})


# An open pinfu-shaped ron: 30 fu, or 20


# The mahjong library's test_open_hand_without_additional_fu: open tanyao, chi 234s, ron
# on 6s with a ryanmen wait and a pair of 2p: 1 han 20 fu pays 700 with the option off.
OPEN_PINFU = {
    "hand": "234567m22p678s",
    "win": "6s",
    "melds": [{"kind": "chi", "tiles": "234s"}],
    "seat_wind": "W",
}


@pytest.mark.parametrize(("fu", "items", "ron"), [
    (30, {"base": 20, "open_pinfu_ron": 10}, 1000),  # the seed's 5.3; WRC 2025
    (20, {"base": 20}, 700),  # the mahjong library, fu_for_open_pinfu off
])  # fmt: skip
def test_an_open_pinfu_shaped_ron_counts_the_fu_the_rules_say(fu, items, ron):
    result = score_hand({**OPEN_PINFU, "rules": {"preset": "club", "open_pinfu_fu": fu}})

    assert (result["han"], result["fu"]) == (1, fu)
    assert {item["name"]: item["fu"] for item in result["fu_items"]} == items
    assert result["payments"] == {"ron": ron}


def test_an_open_pinfu_shaped_tsumo_still_rounds_its_tsumo_fu_to_30():
    hand = {**OPEN_PINFU, "tsumo": True, "rules": {"preset": "club", "open_pinfu_fu": 20}}
    assert score_hand(hand)["fu"] == 30


# 1 and 2 han at 20 fu on ron, from the score formula (fu x 2^(han+2), x4 or x6, up to 100)
@pytest.mark.parametrize(("han", "non_dealer", "dealer"), [(1, 700, 1000), (2, 1300, 2000)])
def test_a_20_fu_ron_pays_by_the_formula_only_under_the_20_fu_rule(han, non_dealer, dealer):
    value, rules = HandValue(han=han, fu=20), Rules(open_pinfu_fu=20)
    value.check_win(tsumo=False, rules=rules)

    assert ron_payment(value, is_dealer=False, rules=rules) == non_dealer
    assert ron_payment(value, is_dealer=True, rules=rules) == dealer
    with pytest.raises(InvalidHandError, match="impossible"):
        value.check_win(tsumo=False, rules=Rules())


def test_a_1_han_20_fu_tsumo_stays_impossible_under_either_rule():
    with pytest.raises(InvalidHandError, match="1 han 20 fu is impossible"):
        HandValue(han=1, fu=20).check_win(tsumo=True, rules=Rules(open_pinfu_fu=20))


def test_the_20_fu_rule_offers_20_fu_for_a_ron_and_replays_it():
    assert 20 in fu_choices(1, tsumo=False, rules=Rules(open_pinfu_fu=20))
    assert 20 not in fu_choices(1, tsumo=False)
    record = {
        "rules": {"preset": "club", "open_pinfu_fu": 20},
        "rounds": [{"result": "ron", "loser": 2, "wins": [{"winner": 1, "han": 1, "fu": 20}]}],
    }
    assert replay(record).rounds[0].deltas == (0, 700, -700, 0)


# Aotenjou: no limits

AOTENJOU = {"preset": "club", "aotenjou": True}


@pytest.mark.parametrize(("han", "fu", "dealer", "ron"), [
    (8, 30, False, 122_900),  # riichi.wiki: 122,880 (16,000 with limits), up to 100
    (13, 40, False, 5_242_900),  # riichi.wiki: 5,242,880 for a 40 fu yakuman ron
    (13, 40, True, 7_864_400),  # mahjong library: kokushi by the dealer, 7,864,320 up
    (5, 30, False, 15_400),  # 15,360 rounded up: a mangan (8,000) no more
    (3, 30, False, 3_900),  # below mangan nothing changes
])  # fmt: skip
def test_aotenjou_pays_fu_times_2_to_the_han_plus_2_without_limits(han, fu, dealer, ron):
    rules = Rules(aotenjou=True)
    assert ron_payment(HandValue(han=han, fu=fu), is_dealer=dealer, rules=rules) == ron


def test_an_aotenjou_yakuman_counts_13_han_per_multiple():
    rules = Rules(aotenjou=True)
    as_yakuman = HandValue(yakuman=2, fu=40)
    assert ron_payment(as_yakuman, is_dealer=False, rules=rules) == 42_949_673_000  # 4 x 40 x 2^28
    payments = tsumo_payments(HandValue(han=14, fu=30), is_dealer=True, rules=rules)
    assert payments.non_dealer == 3_932_200  # 2 x 30 x 2^16 = 3,932,160, up to 100


def test_an_aotenjou_value_without_fu_is_refused_in_words():
    with pytest.raises(InvalidHandError, match="under aotenjou every hand counts its fu"):
        HandValue(yakuman=1).check_win(tsumo=False, rules=Rules(aotenjou=True))


def test_an_aotenjou_payment_too_large_to_keep_is_refused():
    with pytest.raises(InvalidHandError, match="more than a ledger can keep"):
        ron_payment(HandValue(han=95, fu=160), is_dealer=True, rules=Rules(aotenjou=True))


# The mahjong library's tests_aotenjou.py hands (dealer, East round): han, fu and what
# each player pays; the yaku every such yakuman holds are not counted beside it.
@pytest.mark.parametrize(("hand", "han", "fu", "payments"), [
    (  # daisangen ron: 13 + honitsu 3 + sanankou 2 + chanta 2
        {"hand": "11123s555666777z", "win": "1s"}, 20, 60, {"ron": 1_509_949_500},
    ),
    (  # suuankou tanki (a double: 26) + chinitsu 6 + menzen tsumo 1
        {"hand": "11133355566688m", "win": "8m", "tsumo": True}, 33, 50,
        {"non_dealer": 3_435_973_836_800},
    ),
    (  # daisuushii (26), its toitoi not counted
        {"hand": "11s111z222z333z", "win": "2z", "tsumo": True,
         "melds": [{"kind": "pon", "tiles": "444z"}]}, 34, 50, {"non_dealer": 6_871_947_673_600},
    ),
    (  # shousuushii 13 + double east 2 + chanta 1 + honitsu 2
        {"hand": "123s111z222z33z", "win": "2z", "tsumo": True,
         "melds": [{"kind": "pon", "tiles": "444z"}]}, 18, 50, {"non_dealer": 104_857_600},
    ),
    (  # ryuuiisou 13 + menzen tsumo 1 + iipeikou 1, its honitsu not counted
        {"hand": "223344666888s66z", "win": "8s", "tsumo": True}, 15, 40,
        {"non_dealer": 10_485_800},
    ),
])  # fmt: skip
def test_aotenjou_hands_score_as_the_mahjong_library_scores_them(hand, han, fu, payments):
    result = score_hand({**hand, "rules": AOTENJOU})

    assert (result["han"], result["fu"], result["yakuman"]) == (han, fu, 0)
    assert result["payments"] == payments
    assert result["limit"] == "none"


def test_aotenjou_counts_dora_on_a_yakuman():
    hand = {"hand": "11123s555666777z", "win": "1s", "dora": "9s", "rules": AOTENJOU}
    assert score_hand(hand)["han"] == 23  # 20 and the three 1s as dora


def test_without_aotenjou_the_same_hand_is_a_yakuman():
    result = score_hand({"hand": "11123s555666777z", "win": "1s", "rules": "club"})
    assert (result["yakuman"], result["payments"]) == (1, {"ron": 48000})


def test_an_aotenjou_game_moves_the_points_the_hand_pays():
    rules = Rules(aotenjou=True)
    outcome = Outcome.ron(2, Win(1, HandValue(han=8, fu=30)))
    assert play(start(rules), outcome, rules).deltas == (0, 122_900, -122_900, 0)


# A riichi player found noten at an exhaustive draw


def test_a_noten_riichi_player_at_a_draw_is_refused_as_a_chombo_by_default():
    outcome = Outcome.draw(tenpai=(0,), riichi=(2,))
    with pytest.raises(OutcomeError, match="record a chombo by 2"):
        play(start(Rules()), outcome, Rules())


@pytest.mark.parametrize(("tenpai", "riichi", "deltas"), [
    ((0,), (2,), (3000, -1000, -2000, -1000)),  # 1 tenpai: 1,000 from each noten player
    ((0, 1), (2,), (1500, 1500, -2500, -1500)),  # 2 tenpai: 1,500 from each noten player
    ((), (2,), (0, 0, -1000, 0)),  # nobody tenpai: no noten payments, the stick stays
])  # fmt: skip
def test_under_noten_a_riichi_player_found_noten_pays_like_any_noten_player(tenpai, riichi, deltas):
    rules = Rules(riichi_noten="noten")
    result = play(start(rules), Outcome.draw(tenpai=tenpai, riichi=riichi), rules)

    assert result.deltas == deltas
    assert result.state.riichi_sticks == 1  # the stick stays on the table


def test_under_noten_a_noten_riichi_dealer_passes_the_deal():
    rules = Rules(riichi_noten="noten")
    after = play(start(rules), Outcome.draw(tenpai=(1,), riichi=(0,)), rules).state
    assert (after.label, after.honba, after.dealer) == ("E2", 1, 1)


def test_the_chombo_the_table_records_instead_is_the_rules_chombo():
    # as the table page records it: a chombo round lists no riichi (the stick is not paid)
    result = play(start(Rules()), Outcome.chombo(2), Rules())  # reverse mangan
    assert result.deltas == (4000, 2000, -8000, 2000)


# Open riichi: 2 han (3 on the first turn), and a yakuman for a deal-in from outside riichi

RIICHI_PINFU = {"hand": "234567m456p789s22z", "win": "2m", "seat_wind": "W", "riichi": True}


@pytest.mark.parametrize(("open_riichi", "hand", "yaku", "payments"), [
    ("two_han", {}, {"open_riichi": 2, "pinfu": 1}, {"ron": 3900}),
    ("two_han", {"riichi": False, "double_riichi": True},
     {"open_double_riichi": 3, "pinfu": 1}, {"ron": 7700}),
    ("two_han", {"tsumo": True}, {"open_riichi": 2, "menzen_tsumo": 1, "pinfu": 1},
     {"dealer": 2600, "non_dealer": 1300}),
    ("deal_in_yakuman", {}, {"open_riichi_yakuman": 13}, {"ron": 32000}),
    ("deal_in_yakuman", {"discarder_riichi": True}, {"open_riichi": 2, "pinfu": 1},
     {"ron": 3900}),  # a riichi player had to discard it: no yakuman
    ("deal_in_yakuman", {"tsumo": True}, {"open_riichi": 2, "menzen_tsumo": 1, "pinfu": 1},
     {"dealer": 2600, "non_dealer": 1300}),
])  # fmt: skip
def test_an_open_riichi_scores_as_riichi_wiki_says(open_riichi, hand, yaku, payments):
    rules = {"preset": "club", "open_riichi": open_riichi}
    result = score_hand({**RIICHI_PINFU, "open_riichi": True, **hand, "rules": rules})

    assert {y["name"]: y["han"] for y in result["yaku"]} == yaku
    assert result["payments"] == payments


def test_an_open_riichi_under_rules_without_it_is_refused():
    with pytest.raises(ScoringError, match="these rules have no open riichi"):
        score_hand({**RIICHI_PINFU, "open_riichi": True, "rules": "club"})


def test_an_open_riichi_needs_a_riichi():
    hand = {**RIICHI_PINFU, "riichi": False, "open_riichi": True}
    with pytest.raises(ScoringError, match="open_riichi needs riichi or double_riichi"):
        score_hand({**hand, "rules": {"preset": "club", "open_riichi": "two_han"}})


def _open_riichi_ron(riichi):
    hand = {"hand": "234567m456p789s33z", "win": "2m", "open_riichi": True}  # seat 1: South
    record = {
        "rules": {"preset": "club", "open_riichi": "deal_in_yakuman"},
        "rounds": [{"result": "ron", "loser": 2, "wins": [{"winner": 1, "hand": hand}],
                    "riichi": riichi}],
    }  # fmt: skip
    return replay(record).rounds[0].deltas


def test_in_a_game_a_deal_in_from_outside_riichi_pays_the_yakuman():
    assert _open_riichi_ron([1]) == (0, 32000, -32000, 0)  # the winner's stick back to them


def test_in_a_game_a_deal_in_from_riichi_pays_the_hand():
    assert _open_riichi_ron([1, 2]) == (0, 4900, -4900, 0)  # 3,900 and the discarder's stick


@pytest.mark.parametrize(("ticked", "han", "yakuman"), [
    (("open_riichi", "pinfu"), 3, 0),
    (("open_double_riichi", "ippatsu"), 4, 0),
    (("open_riichi_yakuman",), 0, 1),
])  # fmt: skip
def test_the_checklist_offers_open_riichi_under_the_rule(ticked, han, yakuman):
    from scoring.checklist import Checklist, checklist_value

    rules = Rules(open_riichi="deal_in_yakuman")
    value = checklist_value(Checklist(ticked, tsumo=False), rules)

    assert (value.han, value.yakuman) == (han, yakuman)


@pytest.mark.parametrize(("ticked", "reason"), [
    (("open_riichi", "riichi"), "replaces"),
    (("open_riichi", "double_riichi"), "exclusive"),
    (("open_riichi_yakuman", "pinfu"), "yakuman_alone"),
])  # fmt: skip
def test_the_checklist_refuses_open_riichi_with_what_it_replaces(ticked, reason):
    from scoring.checklist import Checklist, refusal

    rules = Rules(open_riichi="deal_in_yakuman")
    assert refusal(Checklist(ticked, tsumo=False), rules).reason == reason


def test_without_the_rule_the_checklist_does_not_offer_open_riichi():
    from scoring.checklist import Checklist, refusal

    found = refusal(Checklist(("open_riichi",), tsumo=False), Rules())
    assert found.reason == "not_offered"
    rules = Rules(open_riichi="two_han")
    assert refusal(Checklist(("open_riichi_yakuman",), tsumo=False), rules).reason == "not_offered"


def test_a_checklist_yakuman_on_a_discarder_in_riichi_is_refused():
    rules = Rules(open_riichi="deal_in_yakuman")
    win = Win(1, HandValue(yakuman=1), yaku=("open_riichi_yakuman",))
    with pytest.raises(OutcomeError, match="dealt in from riichi"):
        play(start(rules), Outcome.ron(2, win, riichi=(1, 2)), rules)


# Paarenchan: the dealer's 8th win in a row, its count kept apart from honba

DEALER_TSUMO = {"result": "tsumo", "winner": 0, "han": 1, "fu": 30}  # 500 all
DEALER_TENPAI = {"result": "draw", "tenpai": [0]}


def _dealer_streak(paarenchan, rounds):
    record = {"rules": {"preset": "club", "paarenchan": paarenchan}, "rounds": rounds}
    return replay(record)


# 7 wins and a tenpai draw (8 honba) before the 8th win: the draw counts no win
STREAK = [*[DEALER_TSUMO] * 4, DEALER_TENPAI, *[DEALER_TSUMO] * 3, DEALER_TSUMO]


@pytest.mark.parametrize(("paarenchan", "each", "after"), [
    (True, 16000 + 800, ("E2", 0, 1)),  # a dealer yakuman tsumo and 8 honba; the deal passes
    (False, 500 + 800, ("E1", 9, 0)),  # 500 all and 8 honba; the dealer goes on
])  # fmt: skip
def test_the_dealers_8th_win_in_a_row_is_a_yakuman_under_paarenchan(paarenchan, each, after):
    game = _dealer_streak(paarenchan, STREAK)

    assert game.rounds[-1].before.honba == 8 and game.rounds[-1].before.dealer_wins == 7
    assert game.rounds[-1].deltas == (3 * each, -each, -each, -each)
    assert (game.state.label, game.state.honba, game.state.dealer) == after


def test_a_draw_keeps_the_count_and_the_deal_passing_ends_it():
    game = _dealer_streak(True, [*[DEALER_TSUMO] * 3, DEALER_TENPAI])
    assert (game.state.dealer_wins, game.state.honba) == (3, 4)

    passed = _dealer_streak(True, [*[DEALER_TSUMO] * 3, {"result": "draw", "tenpai": [1]}])
    assert (passed.state.dealer, passed.state.dealer_wins) == (1, 0)


def test_a_paarenchan_on_a_yakuman_hand_adds_a_yakuman():
    rounds = [*[DEALER_TSUMO] * 7, {"result": "tsumo", "winner": 0, "yakuman": 1}]
    game = _dealer_streak(True, rounds)
    assert game.rounds[-1].values[0] == HandValue(yakuman=2)


def test_the_7th_win_is_no_paarenchan():
    game = _dealer_streak(True, [DEALER_TSUMO] * 7)
    assert game.rounds[-1].values[0] == HandValue(han=1, fu=30)
    assert game.state.dealer_wins == 7


def test_an_aotenjou_checklist_counts_a_yakuman_as_13_han_beside_its_yaku():
    from scoring.checklist import Checklist, checklist_value

    rules = Rules(aotenjou=True)
    ticked = ("daisangen", "chanta", "sanankou", "honitsu")  # the library's daisangen hand
    value = checklist_value(Checklist(ticked, tsumo=False), rules)

    assert (value.han, value.yakuman, value.needs_fu) == (20, 0, True)
    assert ron_payment(value.hand_value(60), is_dealer=True, rules=rules) == 1_509_949_500


# The new options at a three-player table (the sanma presets)


def test_under_noten_a_sanma_riichi_player_found_noten_pays_the_sanma_noten():
    rules = Rules.from_json({"preset": "club_sanma", "riichi_noten": "noten"})
    result = play(start(rules), Outcome.draw(tenpai=(0,), riichi=(2,)), rules)
    # 2,000 for three: 1,000 from each noten player; Chen's stick on the table
    assert result.deltas == (2000, -1000, -2000)


def test_paarenchan_at_a_sanma_table_is_a_dealer_yakuman_tsumo_of_two_payers():
    record = {
        "players": ["Aki", "Bo", "Chen"],
        "rules": {"preset": "club_sanma", "paarenchan": True},
        "rounds": [DEALER_TSUMO] * 8,
    }
    game = replay(record)
    # 16,000 from each of the two others and 7 honba at 100 each (tsumo loss)
    assert game.rounds[-1].deltas == (33400, -16700, -16700)
    assert (game.state.label, game.state.dealer) == ("E2", 1)


@pytest.mark.parametrize(("open_pinfu_fu", "closed", "has_20"), [
    (20, False, True), (30, False, False), (20, True, False),
])  # fmt: skip
def test_the_checklist_offers_20_fu_for_an_open_ron_under_the_20_fu_rule(
    open_pinfu_fu, closed, has_20
):
    from scoring.checklist import Checklist, checklist_value

    rules = Rules(open_pinfu_fu=open_pinfu_fu)
    value = checklist_value(Checklist(("tanyao",), tsumo=False, is_closed=closed), rules)
    assert (20 in value.fu_choices) == has_20
