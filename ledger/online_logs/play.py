"""A player's tiles through a tenhou.net/6 round, to find the winning hand.

tenhou.net/6 JSON does not write the winning hand: it writes each player's start
hand, what they took in turn (draws, and calls as text: ``"c375336"`` a chi of 37,
``"41p4141"`` a pon, ``"39m393939"`` an open kan; the two digits after the letter are
the called tile) and what they gave out (discards; 60 the tile just drawn; ``"r"``
before a discard declares riichi; 0 stands in after an open kan; ``"121212a12"`` a
closed kan and ``"k37373737"`` an added kan, the digits after ``k`` the added tile).
Playing those through leaves the winner's hand: the concealed tiles, the melds and
the last tile drawn. Tile codes stay tenhou.net/6 codes here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ledger.online_logs.model import shown
from ledger.online_logs.numbers import text_whole
from ledger.online_logs.tiles import TileError, tile_of_code
from scoring.tiles import kind

TSUMOGIRI = 60
CALL_KINDS = {"c": "chi", "p": "pon", "m": "kan", "a": "ankan", "k": "kakan"}
CALL = re.compile(r"^(?:[0-9]{2})*[cpmak][0-9]{2}(?:[0-9]{2})*$")


@dataclass
class Tiles:
    """A player's tiles while a round is played through."""

    concealed: list[int]
    melds: list[tuple[str, list[int]]] = field(default_factory=list)
    last_draw: int | None = None


def play_through(start: Sequence[Any], taken: Sequence[Any], given: Sequence[Any]) -> Tiles:
    """Return a player's tiles after their draws, calls and discards.

    >>> tiles = play_through([11, 13, 14, 41], [21, "c121113"], [60, 14])
    >>> tiles.concealed, tiles.melds
    ([41], [('chi', [12, 11, 13])])
    """
    tiles = Tiles([_code(tile) for tile in start])
    for turn, got in enumerate(taken):
        _take(tiles, got)
        if turn < len(given):
            _give(tiles, given[turn])
    return tiles


def last_discard(given: Sequence[Any], tiles: Tiles) -> int:
    """Return the tile a player gave out last (the one called ron; for a robbed added
    kan, the added tile).

    >>> last_discard([11, "r60"], Tiles([], last_draw=23))
    23
    """
    if not given:
        raise TileError("the discarder has no discard")
    out = _without_riichi(given[-1])
    if isinstance(out, str):
        return _added_tile(out)
    if out == TSUMOGIRI:
        if tiles.last_draw is None:
            raise TileError("a tsumogiri without a draw")
        return tiles.last_draw
    return _code(out)


def is_riichi_discard(out: Any) -> bool:
    """Return whether a discard entry declares riichi.

    >>> is_riichi_discard("r23"), is_riichi_discard(23)
    (True, False)
    """
    return isinstance(out, str) and out.startswith("r")


def _take(tiles: Tiles, got: Any) -> None:
    if isinstance(got, str):
        meld_kind, codes = _call(got)
        _remove_all(tiles, codes, keep=_called(got, got.strip("0123456789")[0]))
        tiles.melds.append((meld_kind, codes))
        tiles.last_draw = None
        return
    tiles.last_draw = _code(got)
    tiles.concealed.append(tiles.last_draw)


def _without_riichi(out: Any) -> Any:
    """Return a discard without its riichi mark: "r23" is 23, "r60" a tsumogiri."""
    if not is_riichi_discard(out):
        return out
    number = text_whole(out[1:])
    return out if number is None else number


def _give(tiles: Tiles, out: Any) -> None:
    out = _without_riichi(out)
    if out == 0:
        return  # stands in for the discard an open kan skips
    if out == TSUMOGIRI:
        if tiles.last_draw is None:
            raise TileError("a tsumogiri without a draw")
        _remove(tiles, tiles.last_draw)
    elif isinstance(out, str):
        _declare_kan(tiles, out)
    else:
        _remove(tiles, _code(out))
    tiles.last_draw = None


def _declare_kan(tiles: Tiles, out: str) -> None:
    meld_kind, codes = _call(out)
    if meld_kind == "ankan":
        _remove_all(tiles, codes, keep=None)
        tiles.melds.append(("ankan", codes))
        return
    added = _added_tile(out)
    _remove(tiles, added)
    for index, (each, meld) in enumerate(tiles.melds):
        if each == "pon" and kind(tile_of_code(meld[0])) == kind(tile_of_code(added)):
            tiles.melds[index] = ("kakan", codes)
            return
    raise TileError(f"an added kan {shown(out)} without its pon")


def _added_tile(text: str) -> int:
    """Return the tile an added kan adds to its pon (a robbed kan is won on it)."""
    if _call(text)[0] != "kakan":
        raise TileError(f"{shown(text)} is not a kan")
    return _called(text, "k")


def _call(text: str) -> tuple[str, list[int]]:
    if not CALL.match(text):
        raise TileError(f"{shown(text)} is not a call")
    letter = text.strip("0123456789")[0]
    codes = [int(text.replace(letter, "")[i : i + 2]) for i in range(0, len(text) - 1, 2)]
    return CALL_KINDS[letter], [_code(code) for code in codes]


def _called(text: str, letter: str) -> int:
    at = text.index(letter) + 1
    return _code(int(text[at : at + 2]))


def _remove_all(tiles: Tiles, codes: list[int], *, keep: int | None) -> None:
    rest = list(codes)
    if keep is not None:
        rest.remove(keep)
    for code in rest:
        _remove(tiles, code)


def _remove(tiles: Tiles, code: int) -> None:
    if code in tiles.concealed:
        tiles.concealed.remove(code)
        return
    for held in tiles.concealed:  # a red five written as a plain one, or the other way
        if kind(tile_of_code(held)) == kind(tile_of_code(code)):
            tiles.concealed.remove(held)
            return
    raise TileError(f"tile {code} is given out but not held")


def _code(value: Any) -> int:
    tile_of_code(value)  # raises on anything that is no tile's code
    return value
