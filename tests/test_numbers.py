"""One rule for numbers on pages, in CSV and JSON: half away from zero, never cut."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import translation

from ledger.numbers import rounded, rounded_float, shown
from ledger.templatetags.ledger_tags import result
from standings.templatetags.standings_tags import decimal, percent


@pytest.mark.parametrize(
    ("value", "places", "expected"),
    [
        (1.1667, 2, "1.17"),  # average place: was cut to 1.16
        (2.5, 0, "3"), (3.5, 0, "4"), (-2.5, 0, "-3"),  # halves away from zero, not to even
        (0.125, 2, "0.13"), (-0.125, 2, "-0.13"),
        (1518.79, 0, "1519"),  # Tenhou R: was cut to 1,518
        (-3.76, 1, "-3.8"),  # OpenSkill: was cut to -3.7
        (2.675, 2, "2.68"),  # the float is 2.67499…: as written, half away
    ],
)  # fmt: skip
def test_rounding_is_half_away_from_zero_at_the_shown_precision(value, places, expected):
    assert rounded(value, places) == Decimal(expected)


def test_pages_use_a_real_minus_sign_and_the_languages_separators():
    assert shown(-1234.5, 1) == "−1,234.5"
    assert shown(-0.04, 1) == "0.0"  # no minus zero
    assert result(-5) == "−5.0" and result(33.25) == "+33.3"


def test_percentages_and_decimals_round_like_everything_else():
    assert percent(1 / 6) == "16.7%"  # was cut to 16.6%
    assert decimal(1.1667) == "1.17"
    assert decimal(-3.765, 1) == "−3.8"


def test_exports_take_the_same_rounded_values():
    assert rounded_float(0.16666, 4) == 0.1667 and rounded_float(-1518.785, 2) == -1518.79


def test_numbers_follow_the_language(settings):
    settings.USE_THOUSAND_SEPARATOR = False
    with translation.override("ja"):
        assert shown(25000) == "25,000"
