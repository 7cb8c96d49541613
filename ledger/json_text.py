"""Checks of what people type or upload: numbers and the text inside JSON."""

from __future__ import annotations

from typing import Any

NUL, SURROGATE = "nul", "surrogate"
LONGEST_ID = 18  # digits: every id and round number fits a 64-bit integer


def whole_number(text: str) -> int | None:
    """Return the whole number that ASCII digits spell, or None for anything else.

    >>> whole_number("12"), whole_number("²"), whole_number("-1"), whole_number("9" * 30)
    (12, None, None, None)
    """
    if text.isascii() and text.isdigit() and len(text) <= LONGEST_ID:
        return int(text)
    return None


def bad_text(value: Any) -> str | None:
    """Return what no database or page can hold in a JSON value's strings and keys:
    ``NUL`` (a NUL character) or ``SURROGATE`` (half of a UTF-16 pair, from an escape
    such as "\\ud800": not Unicode text); None when every string is fine.

    >>> bad_text({"a": ["b", "c\\x00"]}), bad_text(["\\ud800"]), bad_text({"a": 1})
    ('nul', 'surrogate', None)
    """
    pending = [value]
    while pending:  # a loop, not recursion: uploads may nest deeply
        item = pending.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return NUL
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return SURROGATE
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return None
