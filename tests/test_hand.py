"""Every reading of a winning hand, with the winning tile in every place it fits."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench.hands import complete_hand
from scoring.errors import (
    BadHandError,
    BadNotationError,
    BadWinTileError,
    NotAWinningHandError,
    WrongTileCountError,
)
from scoring.hand import CHIITOITSU, REGULAR, Hand, is_complete, readings
from scoring.melds import Meld
from scoring.sets import KOKUSHI, PAIR, QUAD, SEQUENCE, TRIPLET
from scoring.tiles import is_terminal_or_honor, kind, parse_tile, tile_counts

complete_hands = st.builds(complete_hand, st.randoms(use_true_random=False))


def _waits(concealed: str, win: str, *melds: Meld) -> list[str]:
    return sorted(r.wait for r in readings(Hand.parse(concealed, win, melds)))


def _sets(reading) -> list[str]:
    return [str(each) for each in reading.sets]


def test_a_simple_hand_has_one_reading():
    (reading,) = readings(Hand.parse("234m456p789s22z777z", "3m"))

    assert reading.form == REGULAR
    assert _sets(reading) == ["234m", "456p", "789s", "777z"]
    assert reading.pair == parse_tile("2z")
    assert reading.win_set == 0
    assert reading.wait == "kanchan"


def test_a_triplet_or_three_sequences_are_both_read():
    found = readings(Hand.parse("111222333m456p55z", "3m"))

    assert sorted(_sets(r) for r in found) == [
        ["111m", "222m", "333m", "456p"],
        ["123m", "123m", "123m", "456p"],
    ]
    assert sorted(r.wait for r in found) == ["penchan", "shanpon"]


def test_the_winning_tile_is_placed_in_the_pair_and_in_the_sequence():
    assert _waits("11123m456p789s555z", "1m") == ["ryanmen", "tanki"]


def test_the_winning_tile_is_placed_in_a_triplet_or_a_sequence():
    assert _waits("111123m456p789s55z", "1m") == ["ryanmen", "shanpon"]


def test_identical_sets_give_one_reading_not_two():
    assert _waits("112233m456p789s11z", "2m") == ["kanchan"]


def test_nobetan_won_on_either_end_is_a_tanki():
    assert _waits("33456m456p789s555z", "3m") == ["tanki"]
    assert _waits("34566m456p789s555z", "6m") == ["tanki"]


@pytest.mark.parametrize(
    ("concealed", "win", "wait"),
    [
        ("123m", "3m", "penchan"),
        ("789m", "7m", "penchan"),
        ("123m", "1m", "ryanmen"),
        ("789m", "9m", "ryanmen"),
        ("234m", "4m", "ryanmen"),
        ("345m", "4m", "kanchan"),
    ],
)
def test_the_sequence_wait_shape_follows_the_winning_tile(concealed, win, wait):
    assert _waits(f"{concealed}456p789s555z11z", win) == [wait]


def test_seven_different_pairs_are_chiitoitsu():
    (reading,) = readings(Hand.parse("1199m1155p99s1177z", "7z"))

    assert reading.form == CHIITOITSU
    assert len(reading.pairs) == 7
    assert reading.wait == "tanki"
    assert reading.win_set == PAIR


def test_four_of_a_kind_is_not_two_pairs():
    with pytest.raises(NotAWinningHandError):
        readings(Hand.parse("1111m1155p99s1177z", "7z"))


def test_ryanpeikou_is_read_as_sets_and_as_seven_pairs():
    forms = sorted(r.form for r in readings(Hand.parse("223344m667788p55z", "5z")))

    assert forms == [CHIITOITSU, REGULAR]


@pytest.mark.parametrize(("win", "wait"), [("1m", "kokushi_13"), ("7z", "kokushi")])
def test_thirteen_orphans_wait_single_or_thirteen_sided(win, wait):
    (reading,) = readings(Hand.parse("119m19p19s1234567z", win))

    assert reading.form == KOKUSHI
    assert reading.wait == wait


def test_melds_are_sets_of_the_reading_after_the_concealed_ones():
    melds = (Meld.parse("chi", "123s"), Meld.parse("ankan", "5555z"), Meld.parse("kakan", "9999p"))
    (reading,) = readings(Hand.parse("55678m", "5m", melds))

    assert [(s.kind, s.is_open) for s in reading.sets] == [
        (SEQUENCE, False),
        (SEQUENCE, True),
        (QUAD, False),
        (QUAD, True),
    ]
    assert reading.wait == "tanki"
    assert not reading.is_closed


def test_a_pon_is_an_open_triplet():
    (reading,) = readings(Hand.parse("234m456p789s22z", "2z", [Meld.parse("pon", "777z")]))

    assert (reading.sets[-1].kind, reading.sets[-1].is_open) == (TRIPLET, True)


def test_melded_hands_never_read_as_seven_pairs():
    with pytest.raises(NotAWinningHandError):
        melds = [Meld.parse("pon", "777z"), Meld.parse("pon", "666z")]
        readings(Hand.parse("1199m55p99s", "1m", melds))


@pytest.mark.parametrize(
    ("concealed", "win", "melds", "error"),
    [
        ("234m456p789s22z", "2z", (), WrongTileCountError),
        ("234m456p789s22z77z1m", "2z", (), NotAWinningHandError),
        ("234m456p789s22777z", "1m", (), BadWinTileError),
        ("234m456p789s77z", "7z", (Meld.parse("pon", "777z"),), BadNotationError),
    ],
)
def test_bad_hands_are_errors_naming_the_problem(concealed, win, melds, error):
    with pytest.raises(error):
        readings(Hand.parse(concealed, win, melds))


def test_a_hand_object_reads_hand_win_and_melds():
    hand = Hand.from_json(
        {"hand": "234m406p789s22z", "win": "2z", "melds": [{"kind": "pon", "tiles": "777z"}]}
    )

    assert hand.melds == (Meld.parse("pon", "777z"),)
    assert len(readings(hand)) == 1


@pytest.mark.parametrize(
    "data", [{"win": "1m"}, {"hand": 5, "win": "1m"}, {"hand": "1m", "win": "1m", "melds": "pon"}]
)
def test_a_malformed_hand_object_is_an_error(data):
    with pytest.raises(BadHandError):
        Hand.from_json(data)


@given(complete_hands)
def test_every_generated_complete_hand_has_a_reading(hand):
    found = readings(hand)

    assert found
    assert all(r.win_tile == kind(hand.win) for r in found)


@given(complete_hands)
def test_every_reading_uses_exactly_the_hands_tiles(hand):
    for reading in readings(hand):
        if reading.form == REGULAR:
            used = [k for each in reading.sets for k in _set_kinds(each)] + [reading.pair] * 2
            assert tile_counts(used) == tile_counts(hand.all_tiles)


def _set_kinds(each) -> list[int]:
    return [*each.kinds] * (1 if each.kind == SEQUENCE else 3 if each.kind == TRIPLET else 4)


def test_the_facts_of_several_melds_join():
    melds = (Meld.parse("chi", "123m"), Meld.parse("pon", "555p"), Meld.parse("ankan", "1111z"))
    (reading,) = readings(Hand.parse("789s99p", "9p", melds))

    assert not reading.is_closed
    assert (reading.run_count, reading.concealed) == (2, 1)
    assert reading.runs == 1 << 0 | 1 << 24
    assert reading.triplets == 1 << 13 | 1 << 27
    assert not reading.outside  # 555p holds no terminal


@given(complete_hands)
def test_a_readings_facts_are_those_of_its_sets(hand):
    for reading in readings(hand):
        if reading.form != REGULAR:
            continue
        runs = [each for each in reading.sets if each.kind == SEQUENCE]
        triplets = [each for each in reading.sets if each.kind != SEQUENCE]
        concealed_runs = Counter(each.tile for each in runs if not each.is_open)
        assert reading.is_closed == (not any(each.is_open for each in reading.sets))
        assert reading.runs == sum({1 << each.tile for each in runs})
        assert reading.run_count == len(runs)
        assert reading.twins == sum(count // 2 for count in concealed_runs.values())
        assert reading.triplets == sum(1 << each.tile for each in triplets)
        assert reading.concealed == sum(1 for each in triplets if not each.is_open)
        assert reading.outside == (
            is_terminal_or_honor(reading.pair)
            and all(any(map(is_terminal_or_honor, each.kinds)) for each in triplets)
            and all(each.tile % 9 in (0, 6) for each in runs)
        )


@given(complete_hands)
def test_a_complete_hand_is_complete(hand):
    assert is_complete(hand.counts, len(hand.melds))


def test_the_generator_is_seeded():
    assert complete_hand(random.Random(7)) == complete_hand(random.Random(7))


@given(complete_hands)
def test_a_hand_keeps_its_tiles_counted(hand):
    from scoring.tiles import tile_bits

    melded = tuple(tile for meld in hand.melds for tile in meld.tiles)
    assert hand.counts == tile_counts(hand.concealed)
    assert hand.all_tiles == hand.concealed + melded
    assert hand.all_counts == tile_counts(hand.concealed + melded)
    assert hand.tile_bits == tile_bits(hand.concealed + melded)


def test_a_hand_shows_its_tiles_only_and_equals_the_hand_of_the_same_tiles():
    hand = Hand.parse("123m456p789s11555z", "1z")
    assert repr(hand) == (
        "Hand(concealed=(0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 31, 31, 31), win=27, melds=())"
    )
    same = Hand.of(hand.concealed, hand.win)
    assert same == hand and hash(same) == hash(hand)
