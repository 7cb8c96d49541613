"""A winning hand entered as tiles on the round form: the melds as typed ("pon 777z"),
the tiles' count and winning tile checked in the table's words, the special wins a hand
can claim, and the fields a stored hand fills again (FORMATS.md section 2)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext

from ledger import glossary
from ledger.engine_words import explain
from ledger.words import tile_words
from scoring import melds
from scoring.errors import ScoringError
from scoring.melds import MELD_KINDS
from scoring.outcome_fields import wins_of
from scoring.rules import Rules
from scoring.tiles import kind, parse_tile, parse_tiles, tile_name
from scoring.yaku import FLAGS

HAND_FLAGS = [
    (name, glossary.YAKU[name])
    for name in FLAGS
    # riichi comes from the round's riichi ticks, and whether the discarder was in it too
    if name not in ("riichi", "discarder_riichi")
]


def tiles_riichi(outcome: dict[str, Any]) -> list[int]:
    """Return the winners whose hand, entered as tiles, counts double riichi: they
    declared it (and paid), whether or not their riichi was ticked too."""
    wins = wins_of(outcome)
    return [win["winner"] for win in wins if win.get("hand", {}).get("double_riichi")]


TSUMO_ONLY_FLAGS = frozenset(("rinshan", "haitei", "tenhou", "chiihou"))  # won on a draw
RON_ONLY_FLAGS = frozenset(("chankan", "houtei", "renhou"))  # won on another's tile


def parse_melds(text: str, name: str) -> list[dict[str, str]]:
    """Return melds typed as "pon 777z, chi 123m" as FORMATS.md meld objects."""
    try:
        return [meld.to_json() for meld in melds.parse_melds(text)]
    except ScoringError as error:
        raise forms.ValidationError(
            gettext(
                "Melds of %(name)s: %(error)s (write each as a kind of %(kinds)s "
                "and its tiles, e.g. pon 777z)"
            )
            % {"name": name, "error": explain(error), "kinds": ", ".join(MELD_KINDS)},
            code="tiles",
        ) from None


def format_melds(melds: list[dict[str, str]]) -> str:
    """Return meld objects as the melds field writes them: "pon 777z, chi 123m"."""
    return ", ".join(f"{meld['kind']} {meld['tiles']}" for meld in melds)


def check_tiles(hand: dict[str, Any], name: str) -> None:
    """Raise a ValidationError, in the table's words, if the hand has too few or too many
    tiles, no winning tile, or a winning tile it does not hold (in that order: while the
    tiles are tapped, the count is the news)."""
    concealed = parse_tiles(hand["hand"])
    needed = 14 - 3 * len(hand["melds"])
    if len(concealed) != needed and needed > 0:
        problem = gettext("%(count)s of %(needed)s tiles") % {
            "count": len(concealed),
            "needed": needed,
        }
    elif not hand["win"]:
        raise forms.ValidationError(
            gettext("Enter the winning tile of %(name)s.") % {"name": name}, code="tiles"
        )
    elif kind(win := parse_tile(hand["win"])) not in {kind(tile) for tile in concealed}:
        problem = gettext("the winning tile (%(tile)s) is not among the hand’s tiles") % {
            "tile": tile_words(tile_name(win))
        }
    else:
        return
    raise forms.ValidationError(
        gettext("Tiles of %(name)s: %(error)s") % {"name": name, "error": problem}, code="tiles"
    )


class IndicatorInput(forms.TextInput):
    """The dora (or ura) indicators, posted from each winner's tile panel: the first
    panel that holds any gives them (the panels' script keeps them all the same)."""

    def value_from_datadict(self, data: Any, files: Any, name: str) -> Any:
        values = data.getlist(name) if hasattr(data, "getlist") else [data.get(name)]
        return next((value for value in values if value), values[0] if values else None)


def hand_flags(tsumo: bool | None, rules: Rules | None = None) -> list[tuple[str, Any]]:
    """Return the special wins a hand can claim: on a ron, or on a tsumo (``None``: both);
    open riichi only where the rules play it."""
    left_out = set() if tsumo is None else RON_ONLY_FLAGS if tsumo else TSUMO_ONLY_FLAGS
    if rules is not None and rules.open_riichi == "none":
        left_out = {*left_out, "open_riichi"}
    return [(name, label) for name, label in HAND_FLAGS if name not in left_out]


def hand_initial(hand: dict[str, Any] | None, suffix: str) -> dict[str, Any]:
    if not hand:
        return {}
    return {
        f"tiles{suffix}": hand.get("hand", ""),
        f"win_tile{suffix}": hand.get("win", ""),
        f"melds{suffix}": format_melds(hand.get("melds", [])),
        f"flags{suffix}": [key for key, _ in HAND_FLAGS if hand.get(key)],
        f"nuki{suffix}": hand.get("nuki") or None,
        "dora": hand.get("dora", ""),
        "ura": hand.get("ura", ""),
    }
