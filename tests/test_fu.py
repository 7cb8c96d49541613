"""Fu, item by item, as the seed's 符數的計算 counts them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench.hands import complete_hand
from scoring.errors import BadHandError
from scoring.fu import SET_ITEMS, Fu, FuItem, WinContext, fu, fu_of_readings, is_pinfu_shape
from scoring.hand import Hand, readings
from scoring.melds import Meld
from scoring.rules import Rules
from scoring.tiles import EAST, NORTH, SOUTH, WEST

RON, TSUMO = WinContext(), WinContext(tsumo=True)


def _fu(
    concealed: str, win: str, *melds: str, context: WinContext = RON, rules: Rules | None = None
) -> list[Fu]:
    hand = Hand.parse(concealed, win, [Meld.parse(*m.split()) for m in melds])
    return [fu(r, context, rules or Rules()) for r in readings(hand)]


def _items(
    concealed: str, win: str, *melds: str, context: WinContext = RON, rules: Rules | None = None
) -> dict[str, int]:
    (one,) = _fu(concealed, win, *melds, context=context, rules=rules)
    return {item.name: item.fu for item in one.items}


# Item 1: base 20, closed ron 30.


def test_every_hand_starts_from_20_base_fu():
    assert _items("234m456p789s22z777z", "3m")["base"] == 20


def test_a_closed_ron_adds_10():
    assert _items("234m456p789s22z777z", "3m")["closed_ron"] == 10


def test_an_open_ron_adds_nothing_for_being_open():
    assert "closed_ron" not in _items("234m456p789s22z", "3m", "pon 777z")


def test_a_closed_tsumo_counts_no_closed_ron():
    assert "closed_ron" not in _items("234m456p789s22z777z", "3m", context=TSUMO)


# Item 2: sets and pair, the seed's table row by row.


@pytest.mark.parametrize(
    ("meld", "name", "points"),
    [
        ("pon 555m", "open_pon_simple", 2),
        ("pon 111m", "open_pon_terminal", 4),
        ("pon 777z", "open_pon_honor", 4),
        ("ankan 6666m", "closed_kan_simple", 16),
        ("ankan 9999m", "closed_kan_terminal", 32),
        ("ankan 1111z", "closed_kan_honor", 32),
        ("kan 6666m", "open_kan_simple", 8),
        ("kakan 9999m", "open_kan_terminal", 16),
        ("kan 6666z", "open_kan_honor", 16),
    ],
)
def test_called_triplets_and_quads_follow_the_table(meld, name, points):
    items = _items("234m456p789s22z", "3m", meld)

    assert items[name] == points


@pytest.mark.parametrize(
    ("triplet", "name", "points"),
    [
        ("555m", "closed_pon_simple", 4),
        ("999p", "closed_pon_terminal", 8),
        ("333z", "closed_pon_honor", 8),
    ],
)
def test_concealed_triplets_are_closed_pon(triplet, name, points):
    assert _items(f"234m456p{triplet}22z", "3m", "chi 789s")[name] == points


def test_sequences_count_nothing():
    items = _items("234m456p44s", "2m", "chi 789s", "chi 123s")

    assert items == {"base": 20, "open_pinfu_ron": 10}


def test_a_triplet_finished_by_ron_counts_as_open():
    assert _items("234m789s22z777z", "7z", "pon 555m") == {
        "base": 20,
        "open_pon_simple": 2,
        "open_pon_honor": 4,
    }


def test_a_triplet_finished_by_tsumo_counts_as_closed():
    items = _items("234m789s22z777z", "7z", "pon 555m", context=TSUMO)

    assert items["closed_pon_honor"] == 8


@pytest.mark.parametrize(
    ("pair", "context", "name", "points"),
    [
        ("5z", RON, "pair_dragon", 2),
        ("6z", RON, "pair_dragon", 2),
        ("7z", RON, "pair_dragon", 2),
        ("2z", WinContext(seat_wind=SOUTH), "pair_seat_wind", 2),
        ("3z", WinContext(round_wind=WEST), "pair_round_wind", 2),
        ("1z", WinContext(seat_wind=EAST, round_wind=EAST), "pair_double_wind", 4),
    ],
)
def test_a_pair_of_value_tiles_counts(pair, context, name, points):
    items = _items(f"234m456p789s{pair}{pair}", "3m", "chi 123s", context=context)

    assert items[name] == points


def test_double_wind_counts_2_under_the_rule_option():
    items = _items("234m456p789s11z", "3m", "chi 123s", rules=Rules(double_wind_fu=2))

    assert items["pair_double_wind"] == 2


@pytest.mark.parametrize("pair", ["4z", "5m", "1p"])
def test_a_guest_wind_or_number_pair_counts_nothing(pair):
    text = f"234m456p789s{pair[0] * 2}{pair[1]}"
    items = _items(text, "3m", "chi 123s", context=WinContext(seat_wind=SOUTH))

    assert not any(name.startswith("pair") for name in items)


# Item 3: waits, the seed's table (對碰, 兩面 0; 嵌張, 邊張, 單騎 2).


@pytest.mark.parametrize(
    ("concealed", "win", "wait", "points"),
    [
        ("234m456p222z55z", "2z", "shanpon", 0),  # 南南白白 叫 南/白
        ("234m456p123s55z", "1s", "ryanmen", 0),  # 2s3s 叫 1s/4s
        ("345m456p789s55z", "4m", "kanchan", 2),  # 3m5m 叫 4m
        ("345m123p789s55z", "3p", "penchan", 2),  # 1p2p 叫 3p
        ("345m456p789s11z", "1z", "tanki", 2),  # 東 叫 東
    ],
)
def test_the_seeds_wait_table(concealed, win, wait, points):
    hand = Hand.parse(concealed, win, [Meld.parse("chi", "678s")])
    (reading,) = readings(hand)
    items = {item.name: item.fu for item in fu(reading, WinContext(seat_wind=NORTH), Rules()).items}

    assert reading.wait == wait
    assert items.get(wait, 0) == points


@pytest.mark.parametrize("win", ["3m", "6m"])
def test_nobetan_3456_won_on_3_or_6_counts_tanki(win):
    concealed = "33456m" if win == "3m" else "34566m"
    items = _items(f"{concealed}456p789s", win, "pon 222z", context=WinContext(seat_wind=NORTH))

    assert items["tanki"] == 2


def test_a_ryanmen_counts_nothing_though_it_waits_on_two_kinds():
    assert "ryanmen" not in _items("234567m456p789s22z", "4m")


# Item 4: tsumo 2, not for pinfu, rinshan by option.


def test_a_tsumo_adds_2():
    assert _items("234m456p789s22z777z", "3m", context=TSUMO)["tsumo"] == 2


def test_a_rinshan_tsumo_keeps_its_2_fu_by_default():
    context = WinContext(tsumo=True, rinshan=True)

    assert _items("234m456p789s22z", "3m", "kan 7777z", context=context)["tsumo"] == 2


def test_a_rinshan_tsumo_counts_no_tsumo_fu_under_the_option():
    context, rules = WinContext(tsumo=True, rinshan=True), Rules(rinshan_tsumo_fu=False)

    assert "tsumo" not in _items("234m456p789s22z", "3m", "kan 7777z", context=context, rules=rules)


# Item 5: the special cases.


def test_chiitoitsu_is_25_fu_flat():
    (one,) = _fu("1199m1155p99s1177z", "7z", context=TSUMO)

    assert one == Fu(25, (FuItem("chiitoitsu", 25),))


def test_chiitoitsu_is_50_fu_under_the_option():
    (one,) = _fu("1199m1155p99s1177z", "7z", rules=Rules(chiitoitsu_50_fu=True))

    assert one.total == 50


def test_pinfu_tsumo_is_20_fu_without_tsumo_fu():
    (one,) = _fu("234567m456p789s22z", "4m", context=TSUMO)

    assert one.total == 20
    assert one.unrounded == 20


def test_pinfu_ron_is_30_fu():
    (one,) = _fu("234567m456p789s22z", "4m")

    assert one.total == 30


def test_an_open_pinfu_shaped_ron_counts_30():
    (one,) = _fu("234567m456p22z", "4m", "chi 789s")

    assert one.total == 30
    assert one.unrounded == 30
    assert FuItem("open_pinfu_ron", 10) in one.items


def test_an_open_pinfu_shaped_tsumo_rounds_22_to_30():
    (one,) = _fu("234567m456p22z", "4m", "chi 789s", context=TSUMO)

    assert (one.total, one.unrounded) == (30, 22)


def test_fu_round_up_to_10():
    (one,) = _fu("234m456p789s22z777z", "3m")  # 20 + 10 + 8 + 2 kanchan

    assert (one.unrounded, one.total) == (40, 40)
    (two,) = _fu("234m456p789s22z777z", "3m", context=TSUMO)  # 20 + 8 + 2 + 2
    assert (two.unrounded, two.total) == (32, 40)


# Readings: the winning tile placed in every set that can take it.


def test_a_triplet_or_sequence_win_exposes_both_fu():
    hand = Hand.parse("111123m456p789s55z", "1m")
    by_wait = {r.wait: f.total for r, f in fu_of_readings(hand, WinContext(), Rules())}

    # shanpon: 111m finished by ron is open: 30 + 4 + 2 (pair 5z) = 36 -> 40;
    # ryanmen: 123m takes the 1m, 111m stays concealed: 30 + 8 + 2 = 40.
    assert by_wait == {"shanpon": 40, "ryanmen": 40}


def test_three_sequences_or_three_triplets_both_counted():
    hand = Hand.parse("111222333m456p55z", "3m")
    by_wait = {r.wait: f.total for r, f in fu_of_readings(hand, WinContext(), Rules())}

    # triplets: 30 + 8 (111m) + 4 (222m) + 2 (333m ron) + 2 (pair 5z) = 46 -> 50
    assert by_wait == {"shanpon": 50, "penchan": 40}


def test_pinfu_shape_needs_a_closed_hand_and_a_ryanmen():
    (closed,) = readings(Hand.parse("234567m456p789s22z", "4m"))
    (open_,) = readings(Hand.parse("234567m456p22z", "4m", [Meld.parse("chi", "789s")]))
    (kanchan,) = readings(Hand.parse("234567m456p789s22z", "3m"))

    assert is_pinfu_shape(closed, RON)
    assert not is_pinfu_shape(open_, RON)
    assert not is_pinfu_shape(kanchan, RON)
    assert not is_pinfu_shape(closed, WinContext(seat_wind=SOUTH))


def test_context_reads_the_hand_object():
    context = WinContext.from_json(
        {"tsumo": True, "seat_wind": "W", "round_wind": "S", "rinshan": True}
    )

    assert context == WinContext(tsumo=True, seat_wind=WEST, round_wind=SOUTH, rinshan=True)


@pytest.mark.parametrize("data", [{"tsumo": "yes"}, {"seat_wind": "X"}, {"round_wind": 1}])
def test_a_malformed_context_is_an_error(data):
    with pytest.raises(BadHandError):
        WinContext.from_json(data)


@given(st.randoms(use_true_random=False), st.booleans())
def test_items_add_up_to_the_unrounded_fu_and_round_up(rng, tsumo):
    hand = complete_hand(rng)
    for _, one in fu_of_readings(hand, WinContext(tsumo=tsumo), Rules()):
        assert one.unrounded == sum(item.fu for item in one.items)
        assert one.total == 25 or one.total == -(-one.unrounded // 10) * 10
        assert one.total >= 20


def test_a_closed_honor_kan_is_32_fu_in_the_set_table():
    # (quad, open, kind): the table the fu of every triplet and quad is read from
    assert SET_ITEMS[True, False, 27] == FuItem("closed_kan_honor", 32)
