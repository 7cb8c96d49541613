"""score_hand: the result shape, situational validation, dora, the best reading, and
the game engine scoring a win recorded as tiles."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.hands import complete_hand
from scoring.dora import dora_kind
from scoring.errors import ScoringError
from scoring.game import replay
from scoring.hand import Hand, readings
from scoring.score import HandToScore, score, score_hand
from scoring.sets import meld_block
from scoring.tiles import format_tiles, parse_tile, parse_tiles, tile_counts, tile_name
from scoring.yaku import ALL_FLAGS, YAKU, Situation

RESULT_KEYS = [
    "han",
    "fu",
    "fu_items",
    "yaku",
    "dora",
    "yakuman",
    "limit",
    "base_points",
    "payments",
    "total",
    "wait",
]


def _hand(hand: str, win: str, *melds: str, **flags: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"hand": hand, "win": win, "seat_wind": "S", "round_wind": "E"}
    data["melds"] = [{"kind": m.split()[0], "tiles": m.split()[1]} for m in melds]
    return {**data, **flags}


def _error(data: dict[str, Any]) -> ScoringError:
    with pytest.raises(ScoringError) as caught:
        score_hand(data)
    return caught.value


# The result shape (FORMATS.md section 2)


def test_the_formats_example_scores_in_the_documented_shape():
    data = {
        "hand": "234m406p789s22z",
        "win": "2z",
        "melds": [{"kind": "pon", "tiles": "777z"}],
        "seat_wind": "S",
        "round_wind": "E",
        "rules": "tenhou",
    }
    assert score_hand(data) == {
        "han": 2,
        "fu": 30,
        "fu_items": [
            {"name": "base", "fu": 20},
            {"name": "open_pon_honor", "fu": 4},
            {"name": "pair_seat_wind", "fu": 2},
            {"name": "tanki", "fu": 2},
        ],
        "yaku": [{"name": "yakuhai_chun", "han": 1}],
        "dora": {"dora": 0, "aka": 1, "ura": 0},
        "yakuman": 0,
        "limit": "none",
        "base_points": 480,
        "payments": {"ron": 2000},
        "total": 2000,
        "wait": "tanki",
    }


def test_a_result_has_every_documented_key_in_order():
    assert list(score_hand(_hand("234567m456p789s55p", "4m"))) == RESULT_KEYS


def test_changing_a_result_leaves_the_next_result_of_the_same_hand_alone():
    hand = _hand("234567m456p789s55p", "4m")
    expected = copy.deepcopy(score_hand(hand))
    for _ in range(2):  # the second time, from what the scorer keeps
        result = score_hand(hand)
        result["fu_items"][0]["fu"] = 99
        result["yaku"][0]["han"] = 99
        result["dora"]["dora"] = 99
        result["payments"]["ron"] = 99
        assert score_hand(hand) == expected


@pytest.mark.parametrize(
    ("seat", "payments", "total"),
    [
        ("E", {"non_dealer": 1000}, 3000 + 1000),
        ("S", {"dealer": 1000, "non_dealer": 500}, 2000 + 1000),
    ],
)
def test_tsumo_payments_split_by_dealer_and_total_adds_sticks(seat, payments, total):
    data = _hand("234567m456p789s55p", "3m", seat_wind=seat, tsumo=True, riichi=True)
    result = score_hand({**data, "riichi_sticks": 1})
    assert (result["han"], result["fu"]) == (2, 30)  # 20 + kanchan 2 + tsumo 2, rounded up
    assert result["payments"] == payments
    assert result["total"] == total


def test_honba_are_in_the_payments_and_the_total():
    result = score_hand({**_hand("234567m456p789s55p", "4m"), "honba": 2, "riichi_sticks": 1})
    assert result["payments"] == {"ron": 1000 + 600}
    assert result["total"] == 1600 + 1000


def test_a_yakuman_reports_its_multiple_13_han_each_and_its_limit():
    result = score_hand(_hand("555z666z777z123m99p", "1m"))
    assert (result["han"], result["yakuman"], result["limit"]) == (13, 1, "yakuman")
    assert result["payments"] == {"ron": 32000}


# Situational validation: each impossible combination is a bad_flags error


@pytest.mark.parametrize(
    ("flags", "melds", "words"),
    [
        ({"ippatsu": True}, (), "ippatsu needs riichi"),
        ({"riichi": True, "double_riichi": True}, (), "exclusive"),
        ({"riichi": True}, ("chi 123p",), "closed hand"),
        ({"double_riichi": True}, ("pon 777z",), "closed hand"),
        ({"haitei": True}, (), "tsumo"),
        ({"houtei": True, "tsumo": True}, (), "ron"),
        ({"rinshan": True, "tsumo": True}, (), "kan"),
        ({"rinshan": True}, ("kan 8888s",), "tsumo"),
        ({"rinshan": True, "haitei": True, "tsumo": True}, ("kan 8888s",), "rinshan, not haitei"),
        ({"chankan": True, "tsumo": True}, (), "ron"),
        ({"chankan": True, "houtei": True}, (), "exclusive"),
        (
            {"riichi": True, "ippatsu": True, "rinshan": True, "tsumo": True},
            ("ankan 8888s",),
            "own kan",
        ),
        ({"tenhou": True, "tsumo": True}, (), "dealer"),
        ({"tenhou": True, "seat_wind": "E"}, (), "tsumo"),
        ({"chiihou": True, "tsumo": True, "seat_wind": "E"}, (), "non-dealer"),
        ({"chiihou": True}, (), "tsumo"),
        ({"renhou": True, "seat_wind": "E"}, (), "non-dealer"),
        ({"renhou": True, "tsumo": True}, (), "ron"),
        ({"chiihou": True, "tsumo": True}, ("pon 777z",), "no melds"),
        ({"chiihou": True, "tsumo": True, "riichi": True}, (), "excludes riichi"),
        ({"robbed_kan": "ankan"}, (), "needs chankan"),
    ],
)
def test_impossible_flags_are_a_clear_error(flags, melds, words):
    concealed = "234567m456p55p" if melds else "234567m456p789s55p"
    error = _error(_hand(concealed, "3m", *melds, **flags))
    assert error.code == "bad_flags"
    assert words in str(error)


def test_chankan_needs_the_winning_tile_to_be_the_only_copy_in_hand():
    error = _error(_hand("123m456p789s55p", "5p", "chi 234s", chankan=True))
    assert error.code == "bad_flags"
    assert "fourth 5p" in str(error)


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ({"hand": "123m", "win": "1m"}, "wrong_tile_count"),
        ({"hand": "123m456p789s55p1x", "win": "1m"}, "bad_notation"),
        ({"hand": "123m456p789s555p11m", "win": "9z"}, "bad_notation"),
        ({"hand": "123m456p789s555p66z", "win": "1z"}, "bad_win_tile"),
        ({"hand": "123m456p789s12356p", "win": "1m"}, "not_a_winning_hand"),
        ({"hand": "11123m22p33s11122z", "win": "1m"}, "not_a_winning_hand"),  # four pairs
        (
            {
                "hand": "11m22p33s44z",  # four pairs and two melds
                "win": "1m",
                "melds": [{"kind": "pon", "tiles": "555z"}, {"kind": "chi", "tiles": "123m"}],
            },
            "not_a_winning_hand",
        ),
        ({"hand": "123m456p789s555p11m", "win": "1m", "riichi": "yes"}, "bad_hand"),
        ({"hand": "123m456p789s555p11m", "win": "1m", "seat_wind": "X"}, "bad_hand"),
        ({"hand": "123m456p789s555p11m", "win": "1m", "honba": -1}, "bad_hand"),
        ({"hand": "123m456p789s555p11m", "win": "1m", "rules": "nope"}, "bad_option"),
        ({"hand": "123m456p789s555p11m", "win": "1m", "rules": {"kiriage": "yes"}}, "bad_option"),
        (
            {"hand": "123m456p789s55p", "win": "1m", "melds": [{"kind": "pon", "tiles": 5}]},
            "bad_hand",
        ),
        ({"hand": "123m456p789s55p", "win": "1m", "melds": ["pon 777z"]}, "bad_hand"),
        ({"hand": "123m456p789s555p11m", "win": "1m", "dora": 5}, "bad_hand"),
        ({"hand": "123m456p789s555p11m", "win": "1m", "dora": None}, "bad_hand"),
        ({"hand": "123m456p789s555p11m", "win": "1m", "riichi": True, "ura": 0}, "bad_hand"),
        ({"hand": "123m456p789s555p11m", "win": "1m", "dora": []}, "bad_hand"),
        ({"hand": "123m456p789s555p11m", "win": "1m", "dora": "1m2m3m4m5m6m"}, "bad_hand"),
        ({"hand": "123m456p789s555p11m", "win": "1m", "robbed_kan": "kan"}, "bad_hand"),
        ({"hand": "123m456p789s555p11m", "win": "1m", "dora": "1m1m1m"}, "bad_notation"),
        (
            {"hand": "1111m456p789s55p", "win": "1m", "melds": [{"kind": "pon", "tiles": "1m"}]},
            "bad_meld",
        ),
    ],
)
def test_bad_input_is_an_error_with_its_code(data, code):
    assert _error(data).code == code


# Dora


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [
        ("9m", "1m"),
        ("9p", "1p"),
        ("0s", "6s"),
        ("4z", "1z"),
        ("3z", "4z"),
        ("7z", "5z"),
        ("5z", "6z"),
    ],
)
def test_the_dora_follows_its_indicator_wrapping_within_its_group(indicator, dora):
    assert dora_kind(parse_tile(indicator)) == parse_tile(dora)


def test_dora_count_once_per_tile_per_indicator_and_add_han():
    result = score_hand(_hand("111m456p789s55p", "4p", "pon 777z", dora="9m9m"))
    assert result["dora"] == {"dora": 6, "aka": 0, "ura": 0}
    assert result["han"] == 1 + 6


def test_ura_dora_count_only_under_riichi():
    data = _hand("234567m456p789s55p", "4m", ura="4p", dora="1m")
    assert score_hand(data)["dora"] == {"dora": 1, "aka": 0, "ura": 0}
    assert score_hand({**data, "riichi": True})["dora"] == {"dora": 1, "aka": 0, "ura": 3}
    assert score_hand({**data, "double_riichi": True})["dora"] == {"dora": 1, "aka": 0, "ura": 3}


@pytest.mark.parametrize(
    ("hand", "win", "items"),
    [
        # The ron opens the triplet it completes, in any group, at its place among
        # the sets: base 20, closed ron 10, the triplets, the East pair (round wind).
        (
            "555m999p111234s11z",
            "5m",
            ["open_pon_simple 2", "closed_pon_terminal 8", "closed_pon_terminal 8"],
        ),
        (
            "555m999p111234s11z",
            "9p",
            ["closed_pon_simple 4", "open_pon_terminal 4", "closed_pon_terminal 8"],
        ),
        (
            "555m999p111234s11z",
            "1s",
            ["closed_pon_simple 4", "closed_pon_terminal 8", "open_pon_terminal 4"],
        ),
        (
            "555m999p234s11777z",
            "7z",
            ["closed_pon_simple 4", "closed_pon_terminal 8", "open_pon_honor 4"],
        ),
    ],
)
def test_a_ron_opens_the_triplet_it_completes_in_every_group(hand, win, items):
    result = score_hand(_hand(hand, win, riichi=True))
    names = [f"{item['name']} {item['fu']}" for item in result["fu_items"]]
    assert names[:2] == ["base 20", "closed_ron 10"]
    assert names[2:5] == items
    assert names[-1] == "pair_round_wind 2"
    assert (result["fu"], result["wait"]) == (50, "shanpon")


def test_dora_alone_are_no_yaku():
    error = _error(_hand("234567m456p55p", "3m", "chi 789s", dora="4p", ura="4p"))
    assert error.code == "no_yaku"
    assert "dora" in str(error)


def test_a_kan_counts_four_dora():
    result = score_hand(
        _hand("234m567p11p", "2m", "chi 123m", "kan 8888s", tsumo=True, rinshan=True, dora="7s")
    )
    assert result["dora"]["dora"] == 4


def test_a_hand_of_more_than_130_fu_scores():
    kans = [{"kind": "ankan", "tiles": tiles} for tiles in ("1111z", "2222z", "3333z")]
    result = score_hand({"hand": "999m55z", "win": "9m", "melds": kans})

    assert result["fu"] == 140  # 20 + 10 closed ron + 3 x 32 + 4 (9m by ron) + 2 (dragon pair)
    assert (result["han"], result["limit"]) == (13, "yakuman")  # counted yakuman


def test_indicators_and_hand_cannot_hold_a_fifth_copy():
    assert _error(_hand("111m456p789s55p", "4p", "pon 777z", dora="7z7z")).code == "bad_notation"


@pytest.mark.parametrize(("dora", "ura"), [("1z1z1z", ""), ("1m1m", "1m1m"), ("1m", "1m1m1m")])
def test_a_fifth_copy_made_of_several_indicators_is_refused(dora, ura):
    data = {"hand": "123m456p789s11222z", "win": "1z", "riichi": True, "dora": dora, "ura": ura}

    assert _error(data).code == "bad_notation"


# The best reading


def test_111222333_ron_on_3_is_read_as_sequences_when_triplets_have_no_yaku():
    result = score_hand(_hand("111222333m55p789s", "3m"))
    assert [y["name"] for y in result["yaku"]] == ["iipeikou"]
    assert (result["wait"], result["fu"]) == ("penchan", 40)


def test_111222333_tsumo_is_read_as_three_concealed_triplets():
    result = score_hand(_hand("111222333m55p789s", "3m", tsumo=True))
    assert [y["name"] for y in result["yaku"]] == ["menzen_tsumo", "sanankou"]
    assert (result["han"], result["fu"], result["wait"]) == (3, 40, "shanpon")


def test_1123_won_on_1_takes_the_ryanmen_reading_for_pinfu():
    result = score_hand(_hand("11123m456p789s234s", "1m", riichi=True))
    assert [y["name"] for y in result["yaku"]] == ["riichi", "pinfu"]
    assert (result["wait"], result["fu"]) == ("ryanmen", 30)
    assert "tanki" not in {item["name"] for item in result["fu_items"]}


def test_1123_won_on_1_takes_the_tanki_reading_when_it_pays_more_fu():
    result = score_hand(_hand("11123m456p789s555z", "1m", tsumo=True))
    assert result["wait"] == "tanki"
    assert {item["name"] for item in result["fu_items"]} >= {"tanki", "closed_pon_honor"}


def test_1123_won_on_3_is_a_penchan():
    result = score_hand(_hand("11123m456p789s234s", "3m", riichi=True))
    assert (result["wait"], result["fu"]) == ("penchan", 40)


def test_the_best_reading_is_the_highest_payment_not_the_most_han_first():
    # Ryanpeikou (3+1+...) beats chiitoitsu on the same tiles.
    result = score_hand(_hand("223344m667788p55s", "2m"))
    assert "ryanpeikou" in {y["name"] for y in result["yaku"]}
    assert result["han"] == 5


def test_score_takes_engine_values_too():
    request = HandToScore(Hand.parse("234567m456p789s55p", "4m"), Situation(riichi=True))
    result = score(request)
    assert (result.value.han, result.fu.total, result.payments.ron) == (2, 30, 2900)  # dealer


# The game engine scores a win recorded as tiles through score_hand


def test_a_game_record_win_given_as_tiles_is_scored_by_score_hand():
    hand = {"hand": "234567m456p789s55p", "win": "4m"}
    record = {
        "rules": {"preset": "club"},
        "players": ["A", "B", "C", "D"],
        "rounds": [
            {"result": "ron", "loser": 1, "wins": [{"winner": 0, "hand": hand}], "riichi": [0]}
        ],
    }
    first = replay(record).to_json()["rounds"][0]
    assert first["deltas"] == [-1000 + 2900 + 1000, -2900, 0, 0]


# Properties over generated hands


@given(st.randoms(use_true_random=False), st.booleans(), st.sampled_from("ESWN"))
@settings(max_examples=200, deadline=None)
def test_every_generated_hand_scores_or_is_a_clean_no_yaku(rng, tsumo, seat):
    hand = complete_hand(rng)
    closed = all(not meld.is_open for meld in hand.melds)
    data = {
        **hand.to_json(),
        "tsumo": tsumo,
        "riichi": closed,
        "seat_wind": seat,
        "riichi_sticks": 1,
    }
    try:
        result = score_hand(data)
    except ScoringError as error:
        assert error.code == "no_yaku"
        return
    assert result["han"] >= 1 and result["yaku"]
    assert set(y["name"] for y in result["yaku"]) <= set(YAKU)
    assert result["fu"] == 25 or result["fu"] % 10 == 0
    assert sum(item["fu"] for item in result["fu_items"]) <= result["fu"]
    paid = result["payments"]
    collected = paid.get("ron") or paid.get("dealer", 0) + paid["non_dealer"] * (
        2 if "dealer" in paid else 3
    )
    assert result["total"] == collected + 1000


@given(st.randoms(use_true_random=False), st.booleans())
@settings(max_examples=200, deadline=None)
def test_the_order_of_the_suits_in_a_hand_text_does_not_matter(rng, tsumo):
    """FORMATS.md section 1: order inside a string does not matter on input."""
    hand = complete_hand(rng)
    data = {
        **hand.to_json(),
        "tsumo": tsumo,
        "dora": "1z",
    }
    reverse = {**data, "hand": "".join(reversed(re.findall(r"[0-9]+[mpsz]", data["hand"])))}
    read = Hand.from_json(data)
    assert Hand.from_json(reverse) == read
    assert (sorted(read.concealed), read.win, read.melds) == (
        sorted(hand.concealed),
        hand.win,
        hand.melds,
    )
    assert _outcome(data) == _outcome(reverse)


@pytest.mark.parametrize(
    ("concealed", "melds"),
    [
        ("456p789s11z", ["pon 777z", "chi 123m"]),
        ("456p789s11z", ["chi 123m", "pon 777z"]),
        ("789m11z", ["kan 1111p", "pon 777z", "chi 406s"]),
        ("11z", ["pon 222m", "chi 345p", "ankan 6666s", "pon 555z"]),
    ],
)
def test_melds_are_read_in_order_after_the_concealed_sets(concealed, melds):
    data = _hand(concealed, "1z", *melds)
    hand = Hand.from_json(data)
    assert [str(meld) for meld in hand.melds] == [
        f"{kind} {format_tiles(parse_tiles(tiles))}" for kind, tiles in map(str.split, melds)
    ]
    assert hand.all_counts == tile_counts(hand.all_tiles)
    for reading in readings(hand):
        assert reading.sets[-len(melds) :] == tuple(map(meld_block, hand.melds))
    reordered = score_hand({**data, "melds": data["melds"][::-1]})
    assert (reordered["han"], reordered["fu"], reordered["total"]) == tuple(
        score_hand(data)[key] for key in ("han", "fu", "total")
    )


def _outcome(data: dict[str, Any]) -> Any:
    try:
        return score_hand(data)
    except ScoringError as error:
        return error.code


TILE_TEXT = st.text(alphabet="0123456789mpsz", max_size=18)
MELD = st.fixed_dictionaries(
    {
        "kind": st.sampled_from(["chi", "pon", "kan", "ankan", "kakan", "bad"]),
        "tiles": st.one_of(TILE_TEXT, st.sampled_from(["123m", "555p", "0555s", "7777z"])),
    }
) | st.sampled_from([5, None, "pon 777z", {"kind": "pon"}, {"kind": 1, "tiles": "777z"}])
TILE_NAMES = [tile_name(tile) for tile in range(37)]
ODD_VALUES = st.one_of(st.none(), st.integers(-1, 2), st.text(max_size=3), st.lists(st.none()))


@st.composite
def odd_hands(draw: st.DrawFn) -> dict[str, Any]:
    """A hand dict that is valid, slightly wrong or nonsense (each key mostly valid)."""
    hand = complete_hand(draw(st.randoms(use_true_random=False)))
    text = format_tiles(hand.concealed)
    at = draw(st.integers(0, len(text)))
    changed = text[:at] + draw(st.text(alphabet="0123456789mpsz", max_size=2)) + text[at + 1 :]

    def mostly(valid: Any, *odd: st.SearchStrategy[Any]) -> Any:
        return valid if draw(st.integers(0, 3)) else draw(st.one_of(*odd))

    data: dict[str, Any] = {
        "hand": mostly(text, st.just(changed), TILE_TEXT, ODD_VALUES),
        "win": mostly(tile_name(hand.win), st.sampled_from(TILE_NAMES), TILE_TEXT, ODD_VALUES),
        "melds": mostly([meld.to_json() for meld in hand.melds], st.lists(MELD, max_size=5)),
    }
    if draw(st.booleans()):
        key = draw(st.sampled_from(["tsumo", "riichi", "ippatsu", "haitei", "dora", "honba"]))
        data[key] = draw(st.one_of(st.booleans(), TILE_TEXT, ODD_VALUES))
    return data


@pytest.mark.parametrize(
    "data, code",
    [
        (
            {"hand": "123m55p456789s", "win": "9s", "melds": [{"kind": "pon", "tiles": "555p"}]},
            "bad_notation",
        ),
        (
            {"hand": "123m406p789s11z", "win": "1z", "melds": [{"kind": "pon", "tiles": "055p"}]},
            "bad_notation",
        ),
        ({"hand": "123m456p789s11z222z", "win": "9m"}, "bad_win_tile"),
        ({"hand": "123m456p789s11z22z", "win": "1z"}, "wrong_tile_count"),
        ({"hand": "00m", "win": 5}, "bad_hand"),
        (
            {"hand": "123m456p11z", "win": "1z", "melds": [{"kind": "pon", "tiles": "123s"}, 5]},
            "bad_hand",
        ),
        (
            {"hand": "123m456p11z", "win": "1z", "melds": [{"kind": "pon", "tiles": "7x"}, None]},
            "bad_hand",
        ),
    ],
)
def test_hands_with_a_fault_are_errors(data, code):
    assert _outcome(data) == code


@given(data=odd_hands())
@settings(max_examples=300, deadline=None)
def test_any_hand_object_scores_or_fails_cleanly(data):
    outcome = _outcome(data)
    assert isinstance(outcome, str) or list(outcome) == RESULT_KEYS
    assert _outcome(data) == outcome  # and the same the second time


def test_bad_suits_leave_the_group_tables_as_they_were():
    """A suit no hand can hold (more than 14 tiles, a fifth copy, two red fives) is never
    read as sets: the tables keep only suits a hand can have."""
    from scoring.groups import group_parts, read_group

    for group, digits in enumerate(("", "", "", "1")):  # the hands' other suits, read once
        read_group(group, digits)
    digits = "111122223333444455556666777788889999"
    kept = group_parts.cache_info().currsize

    assert _outcome({"hand": f"{digits}m", "win": "1m"}) == "wrong_tile_count"
    assert _outcome({"hand": "11111m1z", "win": "1z"}) == "bad_notation"
    assert _outcome({"hand": "00p1z", "win": "1z"}) == "bad_notation"
    assert group_parts.cache_info().currsize == kept


def test_a_meld_written_with_spaces_around_its_tiles_is_read():
    melds = [{"kind": "pon", "tiles": " " * 10_000 + "555z"}]
    assert _outcome({"hand": "123m456p789s11z", "win": "1z", "melds": melds})["han"] == 1


@pytest.mark.parametrize("flag", ALL_FLAGS)
def test_each_flag_is_read_into_the_situation(flag):
    data = {"hand": "123m456p789s11555z", "win": "1z", flag: True, "seat_wind": "S"}
    situation, context = HandToScore.from_json(data)[1:3]

    assert situation == Situation.from_json({flag: True}, is_dealer=False)
    assert (context.tsumo, context.seat_wind) == (flag == "tsumo", parse_tile("2z"))


@pytest.mark.parametrize("odd", [1, 0, 1.0, None])
@pytest.mark.parametrize("flag", ["tsumo", "riichi", "ippatsu", "haitei"])
@pytest.mark.parametrize("rare", [{}, {"rinshan": False}])
def test_a_number_is_never_taken_for_a_flag(odd, flag, rare):
    data = {"hand": "123m456p789s11555z", "win": "1z", **rare}
    HandToScore.from_json({**data, flag: bool(odd)})

    with pytest.raises(ScoringError, match=f"{flag} must be true or false"):
        HandToScore.from_json({**data, flag: odd})


@pytest.mark.parametrize(
    ("extras", "expected"),
    [
        ({}, ((), (), 0, 0)),
        ({"dora": "1m", "ura": "2z", "honba": 3, "riichi_sticks": 2}, ((0,), (28,), 3, 2)),
        ({"dora": "1m", "rules": "tenhou"}, ((0,), (), 0, 0)),
        ({"honba": 10_000_000, "riichi_sticks": 0}, ((), (), 10_000_000, 0)),
        ({"honba": True}, "honba must be a whole number from 0 to 10,000,000, not true"),
        (
            {"riichi_sticks": 1.0},
            "riichi_sticks must be a whole number from 0 to 10,000,000, not 1.0",
        ),
        ({"honba": -1}, "honba must be a whole number from 0 to 10,000,000, not -1"),
        (
            {"riichi_sticks": 10_000_001},
            "riichi_sticks must be a whole number from 0 to 10,000,000, not 10000001",
        ),
        ({"dora": "123456m"}, "dora has 6 indicators; at most 5"),
        ({"ura": 5}, "ura must be MPSZ indicator tiles, not 5"),
        ({"dora": "1x"}, 'unknown character "x" in tiles "1x"'),
    ],
)
def test_indicators_and_counters_are_read_or_named(extras, expected):
    data = {"hand": "123m456p789s11555z", "win": "1z", **extras}
    for _ in range(2):
        if isinstance(expected, str):
            with pytest.raises(ScoringError, match=re.escape(expected)):
                HandToScore.from_json(data)
        else:
            assert HandToScore.from_json(data)[3:7] == expected


def test_a_hand_without_a_melds_key_has_no_melds():
    data = {"hand": "123m456p789s11555z", "win": "1z"}

    assert score_hand(data) == score_hand({**data, "melds": []})
    assert score_hand(data)["yaku"] == [{"name": "yakuhai_haku", "han": 1}]


def test_of_two_flags_that_are_not_true_or_false_the_first_in_flag_order_is_named():
    data = {"hand": "123m456p789s11z222z", "win": "1z", "ippatsu": "no", "tsumo": 1}
    with pytest.raises(ScoringError, match="tsumo must be true or false, not 1"):
        HandToScore.from_json(data)
