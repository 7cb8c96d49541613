"""Tiles and melds as online logs write them, turned into the engine's tile codes.

Tenhou's mjlog numbers the 136 tiles 0-135: ``id // 4`` is the kind (0-8 manzu,
9-17 pinzu, 18-26 souzu, 27-33 East South West North White Green Red), and with red
fives on, ids 16, 52 and 88 are the red 5m, 5p and 5s. A call (``<N m=...>``) packs
its kind, tiles and the player it was called from into one number (``decode_meld``).

tenhou.net/6 JSON writes a tile as two digits: 11-19 manzu, 21-29 pinzu, 31-39 souzu,
41-47 honors, 51-53 the red 5m/5p/5s.

The engine's codes (``scoring.tiles``) are the kinds 0-33, and 34-36 for a red five.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ledger.online_logs.model import EntryError, shown
from scoring.tiles import format_tiles

RED_IDS = {16: 34, 52: 35, 88: 36}  # mjlog id -> engine red five
RED_CODES = {51: 34, 52: 35, 53: 36}  # tenhou6 code -> engine red five
CHI, PON, KAKAN, KAN, ANKAN, NUKI = "chi", "pon", "kakan", "kan", "ankan", "nuki"


class TileError(EntryError):
    """A tile or call number that no log writes."""


def tile_of_id(tile_id: int, *, red_fives: bool) -> int:
    """Return the engine code of a mjlog tile id.

    >>> tile_of_id(16, red_fives=True), tile_of_id(16, red_fives=False), tile_of_id(135, red_fives=True)
    (34, 4, 33)
    """
    if not 0 <= tile_id < 136:
        raise TileError(f"{tile_id} is not a tile number (0 to 135)")
    if red_fives and tile_id in RED_IDS:
        return RED_IDS[tile_id]
    return tile_id // 4


def tile_of_code(code: int) -> int:
    """Return the engine code of a tenhou.net/6 tile code.

    >>> tile_of_code(11), tile_of_code(47), tile_of_code(52)
    (0, 33, 35)
    """
    if type(code) is not int:
        raise TileError(f"{shown(code)} is not a tile code")
    if code in RED_CODES:
        return RED_CODES[code]
    suit, number = divmod(code, 10)
    if 1 <= suit <= 3 and 1 <= number <= 9:
        return (suit - 1) * 9 + number - 1
    if suit == 4 and 1 <= number <= 7:
        return 26 + number
    raise TileError(f"{code} is not a tile code")


def mpsz(tiles: Iterable[int]) -> str:
    """Return engine tile codes in MPSZ notation, sorted.

    >>> mpsz([34, 4, 0, 33])
    '105m7z'
    """
    return format_tiles(tiles)


@dataclass(frozen=True)
class Call:
    """A meld as a mjlog ``<N>`` writes it: kind, tile ids, and who it came from.

    ``source`` is the seat it was called from relative to the caller (1 the next
    player, 2 across, 3 the previous one), 0 for a closed kan; ``added`` is the tile
    a kakan added to its pon.
    """

    kind: str
    tiles: tuple[int, ...]
    source: int
    added: int | None = None

    def to_json(self, *, red_fives: bool) -> dict[str, str]:
        """Return the meld as FORMATS.md section 2 writes it."""
        tiles = [tile_of_id(tile, red_fives=red_fives) for tile in self.tiles]
        return {"kind": self.kind, "tiles": mpsz(tiles)}


def decode_meld(code: int) -> Call:
    """Return the call a mjlog ``m`` number packs.

    >>> decode_meld(42058)  # a pon of East from the player across
    Call(kind='pon', tiles=(108, 109, 111), source=2, added=None)
    >>> decode_meld(54647).kind, decode_meld(54647).tiles  # 4s 5s 6s
    ('chi', (86, 91, 94))
    """
    if not 0 <= code < 65536:
        raise TileError(f"{code} is not a call number")
    source = code & 3
    if code & 0x4:
        return _chi(code, source)
    if code & 0x18:
        return _pon_or_kakan(code, source)
    if code & 0x20:
        return Call(NUKI, (code >> 8,), source)
    first = (code >> 8) // 4 * 4
    return Call(KAN if source else ANKAN, tuple(range(first, first + 4)), source)


def _chi(code: int, source: int) -> Call:
    pattern = code >> 10
    start = pattern // 3
    suit, number = divmod(start, 7)
    if suit > 2:
        raise TileError(f"{code} is not a call number")
    base = (suit * 9 + number) * 4
    tiles = tuple(base + 4 * i + ((code >> (3 + 2 * i)) & 3) for i in range(3))
    return Call(CHI, tiles, source)


def _pon_or_kakan(code: int, source: int) -> Call:
    unused = (code >> 5) & 3
    kind = (code >> 9) // 3
    if kind > 33:
        raise TileError(f"{code} is not a call number")
    copies = tuple(kind * 4 + i for i in range(4))
    if code & 0x8:
        return Call(PON, tuple(t for t in copies if t != kind * 4 + unused), source)
    return Call(KAKAN, copies, source, added=kind * 4 + unused)
