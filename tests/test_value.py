"""Payments from han/fu, checked cell by cell against the seed's score tables."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from scoring.errors import InvalidHandError
from scoring.rules import Rules, preset
from scoring.value import (
    HandValue,
    base_points,
    fu_choices,
    limit_name,
    ron_payment,
    tsumo_payments,
    win_payments,
)

DATA = Path(__file__).parent / "data"
MANGAN = {"child": ("8000", "2000-4000"), "dealer": ("12000", "4000")}


def _rows(name: str) -> list[dict[str, str]]:
    with open(DATA / name, encoding="utf-8") as file:
        return list(csv.DictReader(line for line in file if not line.startswith("#")))


TABLE = _rows("seed_score_table.csv")
FILLED_RON = [r for r in TABLE if r["ron"]]
FILLED_TSUMO = [r for r in TABLE if r["tsumo"]]
EMPTY_RON = [r for r in TABLE if not r["ron"]]
EMPTY_TSUMO = [r for r in TABLE if not r["tsumo"]]


def _id(row: dict[str, str]) -> str:
    return f"{row['who']}-{row['han']}han-{row['fu']}fu"


def _value(row: dict[str, str]) -> HandValue:
    return HandValue(han=int(row["han"]), fu=int(row["fu"]))


def _tsumo_text(value: HandValue, is_dealer: bool) -> str:
    payments = tsumo_payments(value, is_dealer=is_dealer, rules=Rules())
    if is_dealer:
        return str(payments.non_dealer)
    return f"{payments.non_dealer}-{payments.dealer}"


def test_the_table_files_cover_every_cell():
    assert len(TABLE) == 2 * 4 * 11
    assert len(FILLED_RON) + len(EMPTY_RON) == len(TABLE)


@pytest.mark.parametrize("row", FILLED_RON, ids=_id)
def test_ron_matches_the_seed_table(row):
    value, is_dealer = _value(row), row["who"] == "dealer"
    expected = MANGAN[row["who"]][0] if row["ron"] == "mangan" else row["ron"]

    payments = win_payments(value, is_dealer=is_dealer, tsumo=False, rules=Rules())

    assert payments.ron == int(expected)


@pytest.mark.parametrize("row", FILLED_TSUMO, ids=_id)
def test_tsumo_matches_the_seed_table(row):
    value, is_dealer = _value(row), row["who"] == "dealer"
    expected = MANGAN[row["who"]][1] if row["tsumo"] == "mangan" else row["tsumo"]

    value.check_win(tsumo=True)

    assert _tsumo_text(value, is_dealer) == expected


@pytest.mark.parametrize("row", EMPTY_RON, ids=_id)
def test_empty_ron_cells_are_rejected_as_impossible(row):
    with pytest.raises(InvalidHandError, match="impossible"):
        win_payments(_value(row), is_dealer=row["who"] == "dealer", tsumo=False, rules=Rules())


@pytest.mark.parametrize("row", EMPTY_TSUMO, ids=_id)
def test_empty_tsumo_cells_are_rejected_as_impossible(row):
    with pytest.raises(InvalidHandError, match="impossible"):
        win_payments(_value(row), is_dealer=row["who"] == "dealer", tsumo=True, rules=Rules())


@pytest.mark.parametrize("row", _rows("seed_limits.csv"), ids=lambda r: f"{r['limit']}-{r['han']}")
def test_limit_rows_match_the_seed_table(row):
    value, rules = HandValue(han=int(row["han"])), Rules()

    assert limit_name(value, rules) == row["limit"]
    assert ron_payment(value, is_dealer=False, rules=rules) == int(row["child_ron"])
    assert ron_payment(value, is_dealer=True, rules=rules) == int(row["dealer_ron"])
    assert _tsumo_text(value, is_dealer=False) == row["child_tsumo"]
    assert _tsumo_text(value, is_dealer=True) == row["dealer_tsumo"]


@pytest.mark.parametrize(("han", "fu"), [(3, 70), (3, 110), (4, 40), (4, 110)])
def test_han_fu_over_2000_base_is_mangan(han, fu):
    assert base_points(HandValue(han=han, fu=fu), Rules()) == 2000


def test_the_seed_formula_gives_base_points_below_mangan():
    assert base_points(HandValue(han=2, fu=30), Rules()) == 30 * 2**4
    assert base_points(HandValue(han=4, fu=30), Rules()) == 1920


@pytest.mark.parametrize(("han", "fu"), [(4, 30), (3, 60)])
def test_kiriage_rounds_up_to_mangan(han, fu):
    value = HandValue(han=han, fu=fu)

    assert ron_payment(value, is_dealer=False, rules=Rules()) == 7700
    assert ron_payment(value, is_dealer=False, rules=Rules(kiriage=True)) == 8000
    assert ron_payment(value, is_dealer=True, rules=Rules(kiriage=True)) == 12000
    assert limit_name(value, Rules(kiriage=True)) == "mangan"


def test_kiriage_leaves_other_values_alone():
    assert ron_payment(HandValue(han=3, fu=50), is_dealer=False, rules=Rules(kiriage=True)) == 6400


def test_counted_yakuman_can_be_capped_at_sanbaiman():
    value = HandValue(han=15)

    assert ron_payment(value, is_dealer=False, rules=Rules()) == 32000
    assert ron_payment(value, is_dealer=False, rules=Rules(counted_yakuman=False)) == 24000
    assert limit_name(value, Rules(counted_yakuman=False)) == "sanbaiman"


@pytest.mark.parametrize(
    ("multiple", "child_ron", "dealer_tsumo"),
    [(1, 32000, 16000), (2, 64000, 32000), (3, 96000, 48000)],
)
def test_yakuman_multiples_pay_k_times_8000_base(multiple, child_ron, dealer_tsumo):
    value = HandValue(yakuman=multiple)

    assert ron_payment(value, is_dealer=False, rules=Rules()) == child_ron
    assert tsumo_payments(value, is_dealer=True, rules=Rules()).non_dealer == dealer_tsumo


def test_without_multiple_yakuman_a_double_pays_single():
    value = HandValue(yakuman=2)

    assert ron_payment(value, is_dealer=True, rules=Rules(multiple_yakuman=False)) == 48000


def test_honba_adds_300_on_ron_and_100_from_each_on_tsumo():
    value, rules = HandValue(han=2, fu=30), Rules()

    assert ron_payment(value, is_dealer=False, rules=rules, honba=2) == 2000 + 600
    tsumo = tsumo_payments(value, is_dealer=False, rules=rules, honba=2)
    assert (tsumo.non_dealer, tsumo.dealer) == (500 + 200, 1000 + 200)
    assert tsumo.total() == 2000 + 600


def test_honba_value_is_configurable():
    value, rules = HandValue(han=1, fu=30), Rules(honba_value=1500)

    assert ron_payment(value, is_dealer=False, rules=rules, honba=1) == 1000 + 1500
    assert tsumo_payments(value, is_dealer=True, rules=rules, honba=1).non_dealer == 500 + 500


def test_dealer_tsumo_takes_the_same_from_each():
    payments = tsumo_payments(HandValue(han=3, fu=30), is_dealer=True, rules=Rules())

    assert payments.to_json() == {"non_dealer": 2000}
    assert payments.total() == 6000


@pytest.mark.parametrize(
    ("han", "fu", "message"),
    [
        (0, 30, "at least 1 han"),
        (2, 15, "fu must be"),
        (2, 35, "fu must be"),
        (2, 180, "fu must be"),
        (1, 25, "1 han 25 fu is impossible"),
        (3, 0, "3 han needs its fu"),
    ],
)
def test_impossible_values_are_rejected_with_a_reason(han, fu, message):
    with pytest.raises(InvalidHandError, match=message):
        HandValue(han=han, fu=fu)


@pytest.mark.parametrize("tsumo", [False, True])
def test_1_han_20_fu_cannot_win_under_the_usual_open_pinfu_rule(tsumo):
    # 20 fu is a pinfu tsumo (2 han); 1 han 20 fu ron exists only under open_pinfu_fu 20
    with pytest.raises(InvalidHandError, match="1 han 20 fu is impossible"):
        HandValue(han=1, fu=20).check_win(tsumo=tsumo)


def test_limit_hands_need_no_fu():
    assert base_points(HandValue(han=6), Rules()) == 3000


@pytest.mark.parametrize("name", ["tenhou", "wrc", "ema", "mleague", "jpml_a", "club"])
def test_presets_agree_on_a_plain_hand(name):
    assert ron_payment(HandValue(han=3, fu=40), is_dealer=False, rules=preset(name)) == 5200


@pytest.mark.parametrize(
    ("han", "tsumo", "absent"),
    [(1, False, 25), (1, False, 20), (2, True, 25), (2, False, 20), (1, True, 20), (1, True, 110)],
)
def test_fu_the_seed_says_do_not_exist_are_not_offered(han, tsumo, absent):
    assert absent not in fu_choices(han, tsumo=tsumo)


@pytest.mark.parametrize("tsumo", [False, True])
@pytest.mark.parametrize("han", [1, 2, 3, 4])
def test_every_offered_fu_is_a_valid_hand_value_below_mangan(han, tsumo):
    for fu in fu_choices(han, tsumo=tsumo):
        value = HandValue(han=han, fu=fu)
        assert base_points(value, Rules()) < 2000 or (han, fu) in ((3, 60), (4, 30))
