"""A win's hand as a FORMATS.md section 2 object, built the same way from every format.

Both parsers hand over engine tile codes; the object has the concealed tiles with
the winning tile, the winning tile, the melds (sorted, so that a mjlog and its
tenhou.net/6 JSON give the same object), the flags the log's yaku show, and the dora
and ura indicators (ura only for a riichi winner: the only one they count for, and
the only one mjlog writes them for). Winds, honba and sticks are left to the engine,
which fills them from the state of the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ledger.online_logs.tiles import mpsz
from ledger.online_logs.yaku import hand_flags
from scoring.tiles import kind, tile_name

MELD_ORDER = ("chi", "pon", "kakan", "kan", "ankan")


def meld_json(meld_kind: str, tiles: Iterable[int]) -> dict[str, str]:
    """Return a meld as FORMATS.md section 2 writes it.

    >>> meld_json("pon", [27, 27, 27])
    {'kind': 'pon', 'tiles': '111z'}
    """
    return {"kind": meld_kind, "tiles": mpsz(tiles)}


def hand_json(
    concealed: Sequence[int],
    win: int,
    melds: Iterable[tuple[str, Sequence[int]]],
    flags: set[str],
    *,
    in_riichi: bool,
    dora: Sequence[int],
    ura: Sequence[int],
) -> dict[str, Any]:
    """Return the hand object of a win (engine tile codes in, MPSZ out).

    >>> hand_json([0, 1, 2, 27, 27], 2, [("pon", [28, 28, 28])], set(),
    ...           in_riichi=False, dora=[8], ura=[])
    {'hand': '123m11z', 'win': '3m', 'melds': [{'kind': 'pon', 'tiles': '222z'}], 'dora': '9m'}
    """
    ordered = sorted(melds, key=lambda m: (min(kind(t) for t in m[1]), MELD_ORDER.index(m[0])))
    data: dict[str, Any] = {"hand": mpsz(concealed), "win": tile_name(win)}
    if ordered:
        data["melds"] = [meld_json(meld_kind, tiles) for meld_kind, tiles in ordered]
    data.update(hand_flags(flags, in_riichi=in_riichi))
    data["dora"] = mpsz(dora)
    if ura and (in_riichi or "double_riichi" in flags):
        data["ura"] = mpsz(ura)
    return data
