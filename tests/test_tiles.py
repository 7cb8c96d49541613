"""MPSZ notation both ways, and meld validation (FORMATS.md section 1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import BadMeldError, BadNotationError
from scoring.melds import Meld
from scoring.tiles import (
    KINDS,
    RED_FIVES,
    format_tiles,
    kind,
    parse_tile,
    parse_tiles,
    tile_counts,
    tile_name,
)


def test_the_formats_example_parses_to_fourteen_tiles():
    tiles = parse_tiles("123m406p789s11222z")

    assert len(tiles) == 14
    assert format_tiles(tiles) == "123m406p789s11222z"


def test_output_is_sorted_m_p_s_z_whatever_the_input_order():
    assert format_tiles(parse_tiles("7z1s9p1m")) == "1m9p1s7z"


def test_a_run_of_digits_shares_the_letter_that_follows():
    assert parse_tiles("12m3m") == parse_tiles("123m")


@pytest.mark.parametrize(("text", "code"), [("1z", 27), ("4z", 30), ("5z", 31), ("7z", 33)])
def test_honors_are_winds_then_dragons(text, code):
    assert parse_tile(text) == code


@pytest.mark.parametrize(("text", "five"), [("0m", 4), ("0p", 13), ("0s", 22)])
def test_a_red_five_is_a_five_for_every_purpose(text, five):
    tile = parse_tile(text)

    assert kind(tile) == five
    assert tile_name(tile) == text
    assert tile_counts([tile])[five] == 1


def test_a_red_five_sorts_before_its_plain_fives():
    assert format_tiles(parse_tiles("505m")) == "055m"


@pytest.mark.parametrize(
    "text",
    ["123x", "123", "m", "0z", "8z", "9z", "11111m", "00m", "0555m5m", "1 2m", "1mz", "¹m", "٣m"],
)
def test_bad_notation_is_an_error_never_a_guess(text):
    with pytest.raises(BadNotationError):
        parse_tiles(text)


def test_a_fifth_copy_error_names_the_tile():
    with pytest.raises(BadNotationError, match="5m"):
        parse_tiles("55550m")


def test_parse_tile_wants_exactly_one_tile():
    with pytest.raises(BadNotationError):
        parse_tile("12m")


@pytest.mark.parametrize(
    ("kind_name", "text"),
    [
        ("chi", "312m"),
        ("chi", "789s"),
        ("chi", "406p"),
        ("pon", "777z"),
        ("pon", "505m"),
        ("kan", "1111p"),
        ("ankan", "5555z"),
        ("kakan", "0555s"),
    ],
)
def test_valid_melds_are_accepted(kind_name, text):
    meld = Meld.parse(kind_name, text)

    assert meld.kind == kind_name
    assert meld.is_open == (kind_name != "ankan")
    assert meld.is_kan == (len(text) == 5)


@pytest.mark.parametrize(
    ("kind_name", "text"),
    [
        ("chi", "124m"),
        ("chi", "123z"),
        ("chi", "891m"),
        ("chi", "9m1p2p"),
        ("chi", "1234m"),
        ("pon", "112m"),
        ("pon", "11m"),
        ("kan", "111m"),
        ("ankan", "1112m"),
        ("kakan", "11112m"),
        ("riichi", "111m"),
    ],
)
def test_impossible_melds_are_errors(kind_name, text):
    with pytest.raises(BadMeldError):
        Meld.parse(kind_name, text)


def test_a_meld_with_two_red_fives_is_bad_notation():
    with pytest.raises(BadNotationError):
        Meld("pon", (34, 34, 4))


def test_a_chi_starts_at_its_lowest_tile():
    assert Meld.parse("chi", "978s").first == 24


tile_lists = st.lists(st.integers(0, KINDS + len(RED_FIVES) - 1), max_size=14).filter(
    lambda tiles: (
        max(tile_counts(tiles), default=0) <= 4 and all(tiles.count(red) <= 1 for red in RED_FIVES)
    )
)


@given(tile_lists)
def test_parse_inverts_format(tiles):
    assert parse_tiles(format_tiles(tiles)) == tuple(sorted(tiles, key=lambda t: (kind(t), t < 34)))


# parse_tiles reads each suit's digits through a table (scoring.tiles.suit_tiles) and
# keeps short texts whole; a text reads the same whichever way it goes.

TEXTS = [
    "1z",
    "0p",
    "555p",
    "0555s",
    "123m456p789s11555z",
    "5m1m5m",
    "1m2m3m4p5p6p7s8s9s1z1z2z2z2z",
    "11111m",
    "005m",
    "19m19p19s1234567z",
]


@pytest.mark.parametrize("text", TEXTS)
def test_a_text_reads_the_same_kept_whole_or_read_by_suits(text):
    padded = f"  {text}   "  # too long to be kept whole: read suit by suit

    def outcome(tiles: str) -> object:
        try:
            return parse_tiles(tiles)
        except BadNotationError as error:
            return str(error).replace(repr(tiles)[1:-1], "TEXT")

    assert outcome(text) == outcome(padded) == outcome(text)


def test_a_suit_too_long_to_hold_no_fifth_copy_is_named_and_not_kept():
    from scoring.tiles import _kept_suit

    kept = _kept_suit.cache_info().currsize
    with pytest.raises(BadNotationError, match="more than four copies of 1m, 2m"):
        parse_tiles("1" * 20 + "2" * 20 + "m")
    assert _kept_suit.cache_info().currsize == kept


def test_a_suit_reads_its_tiles_sorted_with_its_faults():
    from scoring.tiles import suit_tiles

    assert suit_tiles("s", "0555").tiles == (36, 22, 22, 22)
    assert suit_tiles("m", "11111").over == ("1m",)
    assert suit_tiles("p", "00").red == "0p"
