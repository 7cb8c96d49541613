"""Template filters for table words and signed point numbers."""

from __future__ import annotations

from typing import Any

from django import template
from django.contrib.humanize.templatetags.humanize import intcomma
from django.forms import BoundField, CheckboxSelectMultiple
from django.utils.html import format_html
from django.utils.safestring import mark_safe

register = template.Library()

WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}
ENDINGS = {
    "last_round": "the last round was played",
    "tobi": "a player went bust",
    "agari_yame": "the dealer stopped in first place after a win",
    "tenpai_yame": "the dealer stopped in first place after a tenpai draw",
    "sudden_death": "a player reached the target in the extension",
    "chombo": "a chombo ended the game",
    "all_draw": "the extension ended with nobody at the target",
}


@register.filter
def points(value: Any) -> str:
    """Return points with thousands separators: 25,000 or −3,200."""
    if value is None or value == "":
        return ""
    number = int(value)
    text = intcomma(abs(number))
    return f"\u2212{text}" if number < 0 else str(text)


@register.filter
def signed(value: Any) -> str:
    """Return a change of points with its sign: +8,000, −3,900, 0."""
    if value is None or value == "":
        return ""
    number = int(value)
    return f"+{intcomma(number)}" if number > 0 else points(number)


@register.filter
def result(value: Any) -> str:
    """Return a settled result in thousands with one decimal and its sign: +33.2."""
    if value is None or value == "":
        return ""
    number = round(float(value), 1)
    text = f"{abs(number):,.1f}"
    return f"+{text}" if number > 0 else (f"\u2212{text}" if number < 0 else text)


@register.filter
def round_name(label: str) -> str:
    """Return "East 1" for "E1"."""
    if not label:
        return ""
    return f"{WIND_NAMES.get(label[0], label[0])} {label[1:]}"


@register.filter
def ending(ended_by: str) -> str:
    """Return why a game ended, in words."""
    return ENDINGS.get(ended_by, ended_by.replace("_", " "))


@register.filter
def tone(value: Any) -> str:
    """Return the CSS class of a change of points."""
    number = float(value or 0)
    return "gain" if number > 0 else ("loss" if number < 0 else "")


@register.filter
def index(sequence: Any, position: int) -> Any:
    """Return sequence[position] (for per-seat lists)."""
    try:
        return sequence[position]
    except (IndexError, KeyError, TypeError):
        return ""


def _selected(bound: BoundField) -> set[str]:
    value = bound.value()
    values = value if isinstance(value, list | tuple) else [value]
    return {str(v) for v in values if v is not None and v != ""}


@register.filter
def choice_labels(bound: BoundField) -> str:
    """Return a radio or checkbox group as labelled inputs, built without widget templates.

    The table page renders many small choice groups; Django's per-option widget
    templates made it several times slower.
    """
    kind = "checkbox" if isinstance(bound.field.widget, CheckboxSelectMultiple) else "radio"
    selected, base_id = _selected(bound), bound.auto_id
    return mark_safe(
        "".join(
            format_html(
                '<label for="{0}_{1}"><input type="{2}" name="{3}" value="{4}" id="{0}_{1}"{5}> {6}</label>',
                base_id,
                index,
                kind,
                bound.html_name,
                value,
                " checked" if str(value) in selected else "",
                label,
            )
            for index, (value, label) in enumerate(bound.field.choices)
        )
    )


@register.filter
def fast_select(bound: BoundField) -> str:
    """Return a select element built without widget templates (see ``choice_labels``)."""
    selected = _selected(bound)
    options = "".join(
        format_html(
            '<option value="{}"{}>{}</option>',
            value,
            " selected" if str(value) in selected else "",
            label,
        )
        for value, label in bound.field.choices
    )
    return format_html(
        '<select name="{}" id="{}">{}</select>', bound.html_name, bound.auto_id, mark_safe(options)
    )


TILE_ROWS = (("m", "1234567890"), ("p", "1234567890"), ("s", "1234567890"), ("z", "1234567"))
_TILE_PICKER = mark_safe(
    '<div class="tile-picker" data-tile-picker role="group" aria-label="Tile picker">'
    + "".join(
        '<div class="tile-row">'
        + "".join(
            f'<button type="button" class="tile tile-{suit}" data-tile="{d}{suit}" '
            f'aria-label="tile {d}{suit}">{d}{suit}</button>'
            for d in digits
        )
        + "</div>"
        for suit, digits in TILE_ROWS
    )
    + '<button type="button" class="tile secondary" data-tile-back '
    'aria-label="remove the last tile">⌫</button></div>'
)


@register.simple_tag
def tile_picker() -> str:
    """Return the tile picker's buttons (the same markup every time)."""
    return _TILE_PICKER
