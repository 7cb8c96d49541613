"""Yaku and yakuman: a table of hands per yaku (tests/data/yaku_examples.json), the
closed/open han table, exclusions, and every hand-value rule option both ways."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring.errors import ScoringError
from scoring.local_yaku import LOCAL_YAKUMAN
from scoring.rules import DOUBLE_YAKUMAN_PATTERNS, Rules
from scoring.score import score_hand
from scoring.yaku import YAKU, yaku_han

EXAMPLES = json.loads((Path(__file__).parent / "data" / "yaku_examples.json").read_text())
FORMATS_YAKU = [
    "riichi",
    "double_riichi",
    # open riichi, only under Rules.open_riichi (new names for FORMATS.md section 2)
    "open_riichi",
    "open_double_riichi",
    "ippatsu",
    "menzen_tsumo",
    "pinfu",
    "iipeikou",
    "tanyao",
    "yakuhai_haku",
    "yakuhai_hatsu",
    "yakuhai_chun",
    "yakuhai_seat_wind",
    "yakuhai_round_wind",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "chanta",
    "ittsu",
    "sanshoku",
    "sanshoku_doukou",
    "toitoi",
    "sanankou",
    "sankantsu",
    "chiitoitsu",
    "honroutou",
    "shousangen",
    "honitsu",
    "junchan",
    "ryanpeikou",
    "chinitsu",
    "renhou",
]
FORMATS_YAKUMAN = [
    "kokushi",
    "kokushi_13",
    "suuankou",
    "suuankou_tanki",
    "daisangen",
    "shousuushii",
    "daisuushii",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "chuuren",
    "chuuren_9",
    "suukantsu",
    "tenhou",
    "chiihou",
    "renhou_yakuman",
    # local yakuman, only under Rules.local_yakuman (new names for FORMATS.md section 2)
    "daisharin",
    "daichikurin",
    "daisuurin",
    "daichisei",
    "open_riichi_yakuman",  # Rules.open_riichi "deal_in_yakuman" (new for FORMATS.md)
]


def _hand(hand: str, win: str, *melds: str, **flags: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"hand": hand, "win": win, "seat_wind": "S", "round_wind": "E"}
    data["melds"] = [{"kind": m.split()[0], "tiles": m.split()[1]} for m in melds]
    return {**data, **flags}


def _yaku(data: dict[str, Any]) -> dict[str, int]:
    return {y["name"]: y["han"] for y in score_hand(data)["yaku"]}


def _error_code(data: dict[str, Any]) -> str:
    with pytest.raises(ScoringError) as caught:
        score_hand(data)
    return caught.value.code


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["name"] for e in EXAMPLES])
def test_each_example_hand_scores_exactly_its_yaku(example):
    if "error" in example:
        assert _error_code(example["hand"]) == example["error"]
        return
    result = score_hand(example["hand"])
    assert {y["name"]: y["han"] for y in result["yaku"]} == example["yaku"]
    if "fu" in example:
        assert result["fu"] == example["fu"]


def test_the_table_names_every_yaku_of_formats_md_and_no_other():
    assert set(YAKU) == set(FORMATS_YAKU) | set(FORMATS_YAKUMAN)
    assert {name for name, yaku in YAKU.items() if yaku.is_yakuman} == set(FORMATS_YAKUMAN)


def test_every_yaku_and_yakuman_has_a_positive_example():
    shown = {name for e in EXAMPLES for name in e.get("yaku", {})}
    # renhou below; local yakuman: test_rule_options; open riichi: test_rule_options_scoring
    open_riichi = {"open_riichi", "open_double_riichi", "open_riichi_yakuman"}
    by_rule = {"renhou", "renhou_yakuman", *LOCAL_YAKUMAN, *open_riichi}
    missing = set(YAKU) - shown - by_rule
    assert missing == set()


@pytest.mark.parametrize(
    ("name", "closed", "open_"),
    [
        ("chanta", 2, 1),
        ("ittsu", 2, 1),
        ("sanshoku", 2, 1),
        ("honitsu", 3, 2),
        ("junchan", 3, 2),
        ("chinitsu", 6, 5),
        ("toitoi", 2, 2),
        ("sanshoku_doukou", 2, 2),
        ("pinfu", 1, 0),
        ("iipeikou", 1, 0),
        ("ryanpeikou", 3, 0),
    ],
)
def test_kuisagari_loses_one_han_open_and_closed_only_yaku_lose_all(name, closed, open_):
    assert yaku_han(name, is_closed=True, rules=Rules()).han == closed
    assert yaku_han(name, is_closed=False, rules=Rules()).han == open_


def test_a_yakuman_drops_every_normal_yaku():
    yaku = _yaku(_hand("111z222z333z44z123m", "1m", riichi=True, tsumo=True))
    assert yaku == {"shousuushii": 13}


def test_double_yakuman_patterns_count_double_only_under_the_rule():
    kokushi = _hand("19m19p19s1234567z1m", "1m")
    assert _yaku(kokushi) == {"kokushi_13": 26}
    assert _yaku({**kokushi, "rules": "tenhou"}) == {"kokushi_13": 13}
    for pattern in DOUBLE_YAKUMAN_PATTERNS:
        assert yaku_han(pattern, is_closed=True, rules=Rules()).han == 26
        assert yaku_han(pattern, is_closed=True, rules=Rules(double_yakuman=())).han == 13


def test_stacked_yakuman_pay_their_sum_only_with_multiple_yakuman():
    hand = _hand("555z666z777z111z22z", "1z")
    assert score_hand(hand)["yakuman"] == 2
    assert score_hand(hand)["payments"] == {"ron": 64000}
    single = score_hand({**hand, "rules": {"preset": "club", "multiple_yakuman": False}})
    assert (single["yakuman"], single["han"], single["payments"]) == (1, 13, {"ron": 32000})


def test_counted_yakuman_is_a_yakuman_or_capped_at_sanbaiman():
    hand = _hand("22334455667788p", "2p", riichi=True, tsumo=True)  # 13 han
    counted = score_hand(hand)
    capped = score_hand({**hand, "rules": {"preset": "club", "counted_yakuman": False}})
    assert (counted["han"], counted["yakuman"], counted["limit"]) == (13, 0, "yakuman")
    assert (capped["limit"], capped["base_points"]) == ("sanbaiman", 6000)


def test_kiriage_rounds_4_han_30_fu_up_to_mangan():
    hand = _hand("234567m345p678s55p", "2m", riichi=True, dora="1m")  # 4 han 30 fu
    assert score_hand(hand)["payments"] == {"ron": 7700}
    assert score_hand({**hand, "rules": {"preset": "club", "kiriage": True}})["payments"] == {
        "ron": 8000
    }


def test_red_fives_count_as_aka_only_with_the_rule():
    hand = _hand("234067m345p678s55p", "2m")
    assert score_hand(hand)["dora"]["aka"] == 1
    no_red = score_hand({**hand, "rules": {"preset": "club", "red_fives": False}})
    assert (no_red["dora"]["aka"], no_red["han"]) == (0, 2)


def test_double_wind_pair_is_worth_the_rules_fu():
    hand = _hand("234567m345p678s11z", "3m", seat_wind="E", riichi=True)
    items = {i["name"]: i["fu"] for i in score_hand(hand)["fu_items"]}
    two = score_hand({**hand, "rules": {"preset": "club", "double_wind_fu": 2}})["fu_items"]
    assert items["pair_double_wind"] == 4
    assert {i["name"]: i["fu"] for i in two}["pair_double_wind"] == 2


def test_chiitoitsu_is_25_fu_2_han_or_50_fu_1_han():
    hand = _hand("1133m2244p5566s77z", "7z")
    fifty = score_hand({**hand, "rules": {"preset": "club", "chiitoitsu_50_fu": True}})
    assert (score_hand(hand)["han"], score_hand(hand)["fu"]) == (2, 25)
    assert (fifty["han"], fifty["fu"]) == (1, 50)


def test_rinshan_counts_the_tsumo_fu_only_with_the_rule():
    hand = _hand("234m567p11p", "2m", "chi 123m", "kan 8888s", tsumo=True, rinshan=True)
    without = {"preset": "club", "rinshan_tsumo_fu": False}
    assert "tsumo" in {i["name"] for i in score_hand(hand)["fu_items"]}
    assert "tsumo" not in {i["name"] for i in score_hand({**hand, "rules": without})["fu_items"]}


def test_ryuuiisou_without_hatsu_is_a_yakuman_only_under_the_rule():
    hand = _hand("22223344666888s", "2s")
    strict = {"preset": "club", "ryuuiisou_without_hatsu": False}
    assert _yaku(hand) == {"ryuuiisou": 13}
    assert "ryuuiisou" not in _yaku({**hand, "rules": strict})
    assert _yaku({**_hand("223344s888s66s666z", "2s"), "rules": strict}) == {"ryuuiisou": 13}


def test_four_kans_are_suukantsu_or_sankantsu_by_rule():
    hand = _hand("55p", "5p", "kan 2222m", "ankan 3333p", "kan 4444s", "kakan 7777z")
    off = _yaku({**hand, "rules": {"preset": "club", "suukantsu": False}})
    assert _yaku(hand) == {"suukantsu": 13}
    assert off == {"yakuhai_chun": 1, "toitoi": 2, "sankantsu": 2}


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("none", None),
        ("mangan", {"renhou": 5}),
        ("yakuman", {"renhou_yakuman": 13}),
    ],
)
def test_renhou_is_worth_what_the_rules_say(rule, expected):
    hand = _hand("234567m456p789s55p", "3m", renhou=True, rules={"renhou": rule})
    if expected is None:
        assert _error_code(hand) == "no_yaku"
    else:
        assert _yaku(hand) == expected


def test_renhou_mangan_gives_way_to_a_better_normal_hand():
    hand = _hand("22334455667788p", "2p", renhou=True, rules={"renhou": "mangan"})
    assert _yaku(hand) == {"pinfu": 1, "tanyao": 1, "ryanpeikou": 3, "chinitsu": 6}


def test_kokushi_may_rob_a_closed_kan_only_under_the_rule():
    hand = _hand("19m19p19s1234567z9m", "1m", chankan=True, robbed_kan="ankan")
    assert _yaku(hand) == {"kokushi": 13}
    no_rob = {**hand, "rules": {"preset": "club", "kokushi_robs_closed_kan": False}}
    assert _error_code(no_rob) == "bad_flags"
    assert _error_code(_hand("234567m456p789s55p", "3m", chankan=True, robbed_kan="ankan")) == (
        "bad_flags"
    )


def test_two_han_minimum_from_the_rules_honba_count_ignores_dora():
    rules = {"preset": "club", "two_han_minimum_honba": 5}
    one_han = _hand("234567m456p789s55p", "4m", dora="1m", rules=rules)  # pinfu + dora
    assert score_hand({**one_han, "honba": 4})["han"] == 2
    assert _error_code({**one_han, "honba": 5}) == "two_han_minimum"
    assert score_hand({**one_han, "honba": 5, "riichi": True})["han"] == 3
