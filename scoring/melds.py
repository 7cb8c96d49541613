"""Melds in MPSZ notation (FORMATS.md section 2 ``melds``): a called or declared set,
chi, pon, kan (open), ankan (closed) or kakan (added), and melds as typed at the table
("pon 777z, chi 123m").
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.errors import BadMeldError, shown
from scoring.tiles import EAST, check_copies, format_tiles, kind, parse_tiles

MELD_KINDS = ("chi", "pon", "kan", "ankan", "kakan")
_MELD_SIZES = {"chi": 3, "pon": 3, "kan": 4, "ankan": 4, "kakan": 4}


@dataclass(frozen=True)
class Meld:
    """A called or declared set: chi, pon, kan (open), ankan (closed), kakan (added)."""

    kind: str
    tiles: tuple[int, ...]

    def __post_init__(self) -> None:
        if type(self.kind) is not str or self.kind not in _MELD_SIZES:
            raise BadMeldError(
                f"unknown meld kind {shown(self.kind)}; known: {', '.join(MELD_KINDS)}"
            )
        check_copies(self.tiles)
        if len(self.tiles) != _MELD_SIZES[self.kind]:
            raise BadMeldError(f"a {self.kind} has {_MELD_SIZES[self.kind]} tiles, not {self}")
        kinds = sorted(kind(tile) for tile in self.tiles)
        if self.kind == "chi" and not _is_run(kinds):
            raise BadMeldError(f"a chi is three consecutive tiles of one suit, not {self}")
        if self.kind != "chi" and len(set(kinds)) != 1:
            raise BadMeldError(f"a {self.kind} is {len(kinds)} copies of one tile, not {self}")

    def __str__(self) -> str:
        return f"{self.kind} {format_tiles(self.tiles)}"

    @classmethod
    def parse(cls, meld_kind: str, text: str) -> Meld:
        """Return the meld of a kind and its MPSZ tiles.

        >>> Meld.parse("chi", "3m4m2m").first
        1
        """
        return cls(meld_kind, parse_tiles(text))

    @property
    def is_open(self) -> bool:
        """Return whether the meld was called from a discard (every meld but ankan)."""
        return self.kind != "ankan"

    @property
    def is_kan(self) -> bool:
        """Return whether the meld is a quad."""
        return len(self.tiles) == 4

    @property
    def first(self) -> int:
        """Return the meld's lowest kind (the run's start, or the copied tile)."""
        return min(kind(tile) for tile in self.tiles)

    def to_json(self) -> dict[str, str]:
        """Return the meld as FORMATS.md section 2 writes it."""
        return {"kind": self.kind, "tiles": format_tiles(self.tiles)}


def parse_melds(text: str) -> tuple[Meld, ...]:
    """Return the melds typed as "pon 777z, chi 123m": each a kind and its tiles, the
    melds apart by commas or semicolons, the kind in any case.

    >>> [str(meld) for meld in parse_melds(" PON 7z7z7z ; chi 3m1m2m ")]
    ['pon 777z', 'chi 123m']
    """
    melds = []
    for part in filter(None, (p.strip() for p in text.replace(";", ",").split(","))):
        meld_kind, _, tiles = part.partition(" ")
        melds.append(Meld.parse(meld_kind.strip().lower(), tiles.strip()))
    return tuple(melds)


def _is_run(kinds: list[int]) -> bool:
    first = kinds[0]
    return first < EAST and first % 9 <= 6 and kinds == [first, first + 1, first + 2]
