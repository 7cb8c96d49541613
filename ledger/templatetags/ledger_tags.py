"""Template filters for table words and signed point numbers."""

from __future__ import annotations

from typing import Any

from django import template
from django.contrib.humanize.templatetags.humanize import intcomma

register = template.Library()

WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}


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
