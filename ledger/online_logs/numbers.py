"""The numbers a log writes, read with checks.

A log comes from an upload, so any number in it may be damaged or made up: NaN, an
infinity, 1e400, 5,000 digits, a letter, "²". Every number the parsers use goes
through one of these readers, which give None for anything that is not a plain
number of a sensible size; the parser then raises ``LogError`` naming the entry.
JSON numbers are Python ints and floats (``json_number``, ``json_whole``); mjlog
numbers are ASCII text (``text_number``, ``text_whole``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from typing import Any

LARGEST = 10**9  # far beyond any score, count, seat or tile in a log
WHOLE_TEXT = re.compile(r"-?[0-9]{1,10}")
NUMBER_TEXT = re.compile(r"-?[0-9]{1,10}(?:\.[0-9]{1,10})?")


def json_number(value: Any, largest: float = LARGEST) -> float | None:
    """Return a JSON number that is finite and at most ``largest`` either way, else None.

    >>> json_number(-46), json_number(21.5), json_number(float("nan")), json_number(1e300)
    (-46, 21.5, None, None)
    >>> json_number("3"), json_number(True), json_number(10**400)
    (None, None, None)
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value if abs(value) <= largest else None


def json_whole(value: Any) -> int | None:
    """Return a JSON number that is whole and of a sensible size as an int, else None.

    >>> json_whole(25000), json_whole(25000.0), json_whole(0.5), json_whole(float("inf"))
    (25000, 25000, None, None)
    """
    number = json_number(value)
    if number is None or number != int(number):
        return None
    return int(number)


def text_whole(text: str) -> int | None:
    """Return the whole number a text spells in ASCII digits (a minus sign allowed),
    else None.

    >>> text_whole("-41"), text_whole("²"), text_whole("+1"), text_whole("9" * 5000)
    (-41, None, None, None)
    """
    if WHOLE_TEXT.fullmatch(text) is None:
        return None
    return json_whole(int(text))


def json_wholes(value: Any, count: int) -> list[int] | None:
    """Return a JSON list of ``count`` whole numbers as ints, else None.

    >>> json_wholes([25000, 25000.0], 2), json_wholes([1, "2"], 2), json_wholes([1], 2)
    ([25000, 25000], None, None)
    """
    if not isinstance(value, list) or len(value) != count:
        return None
    return _read_all(value, json_whole)


def text_wholes(text: str) -> list[int] | None:
    """Return the whole numbers a comma-separated text spells (none for no text),
    else None.

    >>> text_wholes("260,-41"), text_wholes(""), text_wholes("1,x"), text_wholes("1,,2")
    ([260, -41], [], None, None)
    """
    return _read_all(text.split(","), text_whole) if text else []


def _read_all(items: Iterable[Any], read: Callable[[Any], int | None]) -> list[int] | None:
    numbers = []
    for item in items:
        number = read(item)
        if number is None:
            return None
        numbers.append(number)
    return numbers


def text_number(text: str) -> float | None:
    """Return the number a text spells in ASCII digits (a minus sign and decimals
    allowed), else None.

    >>> text_number("-31.0"), text_number("263"), text_number("nan"), text_number("1e400")
    (-31.0, 263.0, None, None)
    """
    if NUMBER_TEXT.fullmatch(text) is None:
        return None
    return json_number(float(text))
