"""One rule for every number shown or exported: rounded half away from zero at the
precision shown (never cut), written with the active language's separators and a real
minus sign (U+2212) on pages; CSV and JSON take the same rounded values as numbers."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.utils.formats import number_format

MINUS = "\u2212"


def rounded(value: Any, places: int = 0) -> Decimal:
    """Return a number rounded half away from zero to ``places`` decimals.

    >>> rounded(1.1667, 2), rounded(0.16665, 4), rounded(-3.765, 1), rounded(2.5), rounded(-2.5)
    (Decimal('1.17'), Decimal('0.1667'), Decimal('-3.8'), Decimal('3'), Decimal('-3'))
    """
    step = Decimal(1).scaleb(-places)
    return Decimal(repr(float(value))).quantize(step, rounding=ROUND_HALF_UP)


def rounded_float(value: Any, places: int = 0) -> float:
    """Return the rounded number as a float, for JSON and CSV.

    >>> rounded_float(1518.785, 2), rounded_float(-0.05, 1)
    (1518.79, -0.1)
    """
    return float(rounded(value, places))


def shown(value: Any, places: int = 0, *, sign: bool = False) -> str:
    """Return a number as a page shows it: rounded, grouped, a real minus sign, and with
    ``sign`` a plus sign before a positive number.

    >>> shown(1518.79), shown(-3.76, 1), shown(33.25, 1, sign=True), shown(-0.04, 1)
    ('1,519', '−3.8', '+33.3', '0.0')
    """
    number = rounded(value, places)
    if number == 0:
        number = abs(number)  # no "−0.0"
    text = number_format(abs(number), decimal_pos=places, force_grouping=True)
    if number < 0:
        return MINUS + text
    return f"+{text}" if sign and number > 0 else text
