"""Waits and shanten, with every example of the seed's 听牌 page.

The seed names four basic waits by where the winning tile lands: 钓 (the pair:
``tanki``), 碰 (a triplet: ``shanpon``), 嵌 (a sequence's middle: ``kanchan``) and
边 (a sequence's end: ``ryanmen``, or ``penchan`` for 12-3 and 7-89).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench.hands import complete_hand
from scoring.errors import BadNotationError, WrongTileCountError
from scoring.melds import Meld
from scoring.tiles import kind, parse_tiles, tile_name
from scoring.waits import analyse_waits, shanten, winning_shapes

FILLER_12 = "123p456p789s555z"  # the seed's X X X ... stand-ins
FILLER_9 = "123p456p789s"
FILLER_6 = "123p456p"


def _waits(tiles: str, *, visible: str = "", melds: tuple[Meld, ...] = ()) -> dict[str, tuple]:
    analysis = analyse_waits(parse_tiles(tiles), melds, parse_tiles(visible))
    return {tile_name(wait.tile): wait.shapes for wait in analysis.waits}


# The four basic waits (左方为手牌，右方为和了牌).


def test_seed_tanki_waits_on_the_pair():  # 345m456p567s北北北发 + 发
    assert _waits("345m456p567s444z6z") == {"6z": ("tanki",)}


def test_seed_shanpon_waits_on_either_pair():  # 345m456p567s北北发发 + 北
    assert _waits("345m456p567s44z66z") == {"4z": ("shanpon",), "6z": ("shanpon",)}


def test_seed_kanchan_waits_on_the_middle():  # 345m46p567s北北北发发 + 5p
    assert _waits("345m46p567s444z66z") == {"5p": ("kanchan",)}


def test_seed_edge_wait_on_45_takes_3_or_6():  # 45m456p567s北北北发发 + 3m
    assert _waits("45m456p567s444z66z") == {"3m": ("ryanmen",), "6m": ("ryanmen",)}


def test_seed_edge_wait_on_34_takes_2_or_5():  # 34m456p567s北北北发发 + 5m
    assert _waits("34m456p567s444z66z") == {"2m": ("ryanmen",), "5m": ("ryanmen",)}


def test_an_edge_wait_at_the_end_of_the_suit_is_penchan():
    assert _waits("12m456p567s444z66z") == {"3m": ("penchan",)}
    assert _waits("89s456p567m444z66z") == {"7s": ("penchan",)}


# Compound waits: adding sequences and triplets to a single wait.


def test_seed_single_tanki():
    assert _waits(f"{FILLER_12}2s") == {"2s": ("tanki",)}


def test_seed_nobetan_3456_waits_on_3_and_6_as_tanki():  # 双钓
    assert _waits(f"{FILLER_9}3456m") == {"3m": ("tanki",), "6m": ("tanki",)}


def test_seed_another_sequence_adds_9():
    assert _waits(f"{FILLER_6}3456789m") == {"3m": ("tanki",), "6m": ("tanki",), "9m": ("tanki",)}


def test_seed_a_sequence_on_the_single_adds_edge_waits():  # 3m + 345m: 3m 6m
    assert _waits(f"{FILLER_9}3345m") == {"3m": ("tanki", "ryanmen"), "6m": ("ryanmen",)}


def test_seed_a_sequence_on_the_nobetan_adds_6_and_9():  # 3456m + 678m: 3m 6m 9m
    assert _waits(f"{FILLER_6}3456678m") == {
        "3m": ("tanki",),
        "6m": ("tanki", "ryanmen"),
        "9m": ("ryanmen",),
    }


def test_seed_a_triplet_two_away_adds_a_kanchan():  # 3m + 555m: 3m 4m
    assert _waits(f"{FILLER_9}3555m") == {"3m": ("tanki",), "4m": ("kanchan",)}


def test_seed_a_triplet_next_door_adds_edges_on_both_sides():  # 3m + 444m: 2m 3m 5m
    assert _waits(f"{FILLER_9}3444m") == {"2m": ("ryanmen",), "3m": ("tanki",), "5m": ("ryanmen",)}


def test_seed_double_shanpon():  # 33m中中: 3m 中
    assert _waits(f"{FILLER_9}33m77z") == {"3m": ("shanpon",), "7z": ("shanpon",)}


def test_three_sided_wait_23456():
    assert _waits(f"{FILLER_6}23456m11z") == {
        "1m": ("ryanmen",),
        "4m": ("ryanmen",),
        "7m": ("ryanmen",),
    }


def test_nine_sided_chuuren_wait():
    assert set(_waits("1112345678999m")) == {f"{n}m" for n in range(1, 10)}


# Seven pairs and thirteen orphans.


def test_chiitoitsu_waits_on_the_single_as_tanki():
    assert _waits("1199m1155p99s117z") == {"7z": ("tanki",)}


def test_kokushi_13_sided_wait():
    waits = _waits("19m19p19s1234567z")

    assert len(waits) == 13
    assert set(waits.values()) == {("kokushi_13",)}


def test_kokushi_single_wait():
    assert _waits("119m19p19s123456z") == {"7z": ("kokushi",)}


def test_a_ryanpeikou_shape_waits_as_seven_pairs_and_as_sets():
    assert _waits("223344m556677p1z") == {"1z": ("tanki",)}
    assert _waits("223344m55667p11z") == {"4p": ("ryanmen",), "7p": ("tanki", "ryanmen")}


# Remaining copies, karaten, self-karaten.


def test_remaining_counts_copies_not_in_the_hand_nor_visible():
    analysis = analyse_waits(parse_tiles("345m456p567s4446z"), visible=parse_tiles("6z1m"))

    assert analysis.to_json() == {
        "shanten": 0,
        "tenpai": True,
        "waits": [{"tile": "6z", "shapes": ["tanki"], "remaining": 2}],
        "karaten": False,
        "self_karaten": False,
    }


def test_no_copy_left_is_karaten():
    analysis = analyse_waits(parse_tiles("345m456p567s4446z"), visible=parse_tiles("666z"))

    assert analysis.is_tenpai
    assert analysis.is_karaten
    assert analysis.waits[0].remaining == 0


def test_a_wait_on_a_fifth_copy_is_not_tenpai_but_self_karaten():
    analysis = analyse_waits(parse_tiles("1111m234p567s789s"))

    assert not analysis.is_tenpai
    assert analysis.self_karaten
    assert analysis.shanten == 1
    assert analysis.waits == ()


def test_a_fifth_copy_wait_beside_a_real_wait_keeps_only_the_real_one():
    assert _waits("4444m6m456p789s55z") == {"5m": ("kanchan",)}


def test_a_pon_holds_copies_of_its_tile():
    melds = (Meld.parse("pon", "666z"),)

    assert _waits("345m456p567s6z", melds=melds) == {}
    assert analyse_waits(parse_tiles("345m456p567s6z"), melds).self_karaten


def test_melds_can_be_left_out_of_a_10_tile_hand():
    assert _waits("345m456p567s6z") == {"6z": ("tanki",)}


def test_too_many_copies_with_visible_tiles_is_an_error():
    with pytest.raises(BadNotationError):
        analyse_waits(parse_tiles("345m456p567s4446z"), visible=parse_tiles("44z"))


@pytest.mark.parametrize("tiles", ["345m456p567s446z", "345m456p567s44466z", "1m1p"])
def test_a_hand_of_the_wrong_size_is_an_error(tiles):
    with pytest.raises(WrongTileCountError):
        analyse_waits(parse_tiles(tiles))


def test_melds_must_match_the_tile_count():
    with pytest.raises(WrongTileCountError):
        analyse_waits(parse_tiles("345m456p567s6z"), (Meld.parse("pon", "777z"),) * 2)


# Shanten.


@pytest.mark.parametrize(
    ("tiles", "expected"),
    [
        ("345m456p567s4446z", 0),
        ("345m456p567s4467z", 1),
        ("1358m2469p1288s3z", 4),
        ("19m19p19s1234566z", 0),
        ("19m19p19s123455z5m", 1),
        ("1199m1155p99s167z", 1),
        ("1m3m5m7m9m2p4p6p8p1s3s5s7s", 4),
        ("19m19p19s123456z5m", 1),
    ],
)
def test_shanten_counts_tiles_to_tenpai(tiles, expected):
    counts = [0] * 34
    for tile in parse_tiles(tiles):
        counts[kind(tile)] += 1

    assert shanten(counts) == expected
    assert analyse_waits(parse_tiles(tiles)).shanten == expected


def test_a_not_tenpai_hand_lists_no_waits():
    analysis = analyse_waits(parse_tiles("1358m2469p1288s3z"))

    assert analysis.to_json() == {
        "shanten": 4,
        "tenpai": False,
        "waits": [],
        "karaten": False,
        "self_karaten": False,
    }


# Properties.


@given(st.randoms(use_true_random=False), st.data())
def test_removing_any_tile_from_a_complete_hand_waits_on_that_tile(rng, data):
    hand = complete_hand(rng)
    tiles = list(hand.concealed)
    removed = tiles.pop(data.draw(st.integers(0, len(tiles) - 1)))

    analysis = analyse_waits(tiles, hand.melds)

    assert analysis.is_tenpai
    assert analysis.shanten == 0
    assert kind(removed) in {wait.tile for wait in analysis.waits}


@given(st.randoms(use_true_random=False))
def test_every_winning_shape_completes_the_hand(rng):
    hand = complete_hand(rng)
    tiles = list(hand.concealed)
    tiles.remove(hand.win)
    counts = [0] * 34
    for tile in tiles:
        counts[kind(tile)] += 1

    assert kind(hand.win) in winning_shapes(counts, len(hand.melds))
