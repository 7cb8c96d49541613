"""The tile picker of the round form's tile entry: mode buttons (what a tap adds: the
hand, the winning tile, dora and ura indicators, a chi, pon or kan), the suit tabs, a key
per tile (red fives where the rules play them) and a key per run for a chi; sanma's
picker has no 2m-8m and no chi. ``static/ledger/tiles.js`` works it; its words are
in the active language, and each (language, tile set) is built once.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext, pgettext

from ledger.words import run_words, tile_words

TILE_KEYS = (("m", "1234567890"), ("p", "1234567890"), ("s", "1234567890"), ("z", "1234567"))
RUNS = ("123", "234", "345", "456", "567", "678", "789")
RED_RUNS = ("340", "406", "067")  # the runs with a red five, in MPSZ order
_PICKERS: dict[tuple[str, PickerSet], str] = {}  # by language and tile set


def _mode_buttons() -> list[tuple[str, str, str]]:
    """Return (mode, label, hint) of what a tap on a tile adds, in the active language."""
    return [
        ("hand", pgettext("tile entry", "Hand"), gettext("Tap the tiles of the hand")),
        ("win", pgettext("tile entry", "Winning tile"), gettext("Tap the winning tile")),
        ("dora", pgettext("tile entry", "Dora"), gettext("Tap the dora indicator")),
        ("ura", pgettext("tile entry", "Ura"), gettext("Tap the ura dora indicator")),
        ("chi", pgettext("tile entry", "Chi"), gettext("Tap the run called (chi)")),
        ("pon", pgettext("tile entry", "Pon"), gettext("Tap the tile called (pon)")),
        ("kan", pgettext("tile entry", "Kan"), gettext("Tap the tile of the open kan")),
        ("ankan", pgettext("tile entry", "Closed kan"), gettext("Tap the tile of the closed kan")),
    ]


def _suit_tabs() -> list[tuple[str, str]]:
    return [
        ("m", gettext("Characters")),
        ("p", gettext("Circles")),
        ("s", gettext("Bamboo")),
        ("z", gettext("Honors")),
    ]


def _tile_image(code: str) -> str:
    return format_html(
        '<img src="{}" alt="" width="60" height="80" draggable="false">',
        static(f"ledger/tiles/{code}.svg"),
    )


def _tile_key(code: str) -> str:
    return format_html(
        '<button type="button" class="tile-key" data-tile="{}" aria-label="{}">{}</button>',
        code,
        tile_words(code),
        _tile_image(code),
    )


def _run_key(run: str, suit: str) -> str:
    return format_html(
        '<button type="button" class="tile-key run-key" data-run="{}" aria-label="{}">{}</button>',
        run + suit,
        run_words(run + suit),
        mark_safe("".join(_tile_image(digit + suit) for digit in run)),
    )


@dataclass(frozen=True)
class PickerSet:
    """The tiles a picker offers: red fives or not; sanma (no 2m-8m, no chi) or not."""

    red_fives: bool = True
    sanma: bool = False

    def digits(self, suit: str, digits: str) -> str:
        if suit == "m" and self.sanma:
            return "19"
        return digits if self.red_fives else digits.replace("0", "")

    def run_suits(self) -> list[str]:
        return ["p", "s"] if self.sanma else ["m", "p", "s"]


def _build_tile_picker(tiles: PickerSet) -> str:
    modes = [mode for mode in _mode_buttons() if mode[0] != "chi" or not tiles.sanma]
    hints = mark_safe(
        "".join(format_html(' data-hint-{}="{}"', mode, hint) for mode, _, hint in modes)
    )
    texts = format_html(
        ' data-count-text="{}" data-full-text="{}" data-done-text="{}" data-win-text="{}"',
        gettext("%(count)s of %(needed)s tiles"),
        gettext("The hand is full: Undo or Clear to change it"),
        gettext("All tiles in: the reading is below"),
        gettext("%(tile)s, the winning tile"),
    )
    return format_html(
        '<div class="tile-picker" data-tile-picker data-mode="hand" data-suit="m" data-red="{}"'
        "{}{} hidden>"
        '<div class="tile-modes" role="group" aria-label="{}">{}{}</div>'
        '<div class="tile-suits" role="group" aria-label="{}">{}</div>'
        "{}{}"
        '<img class="tile-back" data-tile-back src="{}" alt="" hidden>'
        "</div>",
        "1" if tiles.red_fives else "0",
        hints,
        texts,
        gettext("Each tap adds"),
        _mode_html(modes),
        _tools_html(),
        gettext("Suit"),
        _suit_tabs_html(),
        _keys_html(tiles),
        _runs_html(tiles),
        static("ledger/tiles/back.svg"),
    )


def _mode_html(modes: list[tuple[str, str, str]]) -> str:
    return mark_safe(
        "".join(
            format_html(
                '<button type="button" class="tile-mode" data-tile-mode="{}" aria-pressed="{}">'
                "{}</button>",
                mode,
                "true" if mode == "hand" else "false",
                label,
            )
            for mode, label, _ in modes
        )
    )


def _tools_html() -> str:
    return format_html(
        '<button type="button" class="tile-tool" data-tile-undo aria-label="{}">⌫ {}</button>'
        '<button type="button" class="tile-tool" data-tile-clear aria-label="{}">{}</button>',
        gettext("Undo the last tap"),
        pgettext("tile entry", "Undo"),
        gettext("Clear the tiles of this hand"),
        pgettext("tile entry", "Clear"),
    )


def _suit_tabs_html() -> str:
    return mark_safe(
        "".join(
            format_html(
                '<button type="button" class="tile-suit" data-tile-suit="{}" aria-pressed="{}">'
                "{}</button>",
                suit,
                "true" if suit == "m" else "false",
                label,
            )
            for suit, label in _suit_tabs()
        )
    )


def _keys_html(tiles: PickerSet) -> str:
    names = dict(_suit_tabs())
    return mark_safe(
        "".join(
            format_html(
                '<div class="tile-keys" data-keys="{}" role="group" aria-label="{}">{}</div>',
                suit,
                names[suit],
                mark_safe("".join(_tile_key(d + suit) for d in tiles.digits(suit, digits))),
            )
            for suit, digits in TILE_KEYS
        )
    )


def _runs_html(tiles: PickerSet) -> str:
    names = dict(_suit_tabs())
    runs = RUNS + (RED_RUNS if tiles.red_fives else ())
    return mark_safe(
        "".join(
            format_html(
                '<div class="tile-keys run-keys" data-runs="{}" role="group" aria-label="{}">'
                "{}</div>",
                suit,
                names[suit],
                mark_safe("".join(_run_key(run, suit) for run in runs)),
            )
            for suit in tiles.run_suits()
        )
    )


def picker_html(tiles: PickerSet) -> str:
    """Return the picker of the tiles in the active language (built once for each)."""
    key = (get_language() or "", tiles)
    if key not in _PICKERS:
        _PICKERS[key] = _build_tile_picker(tiles)
    return _PICKERS[key]
