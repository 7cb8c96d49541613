"""``python -m scoring points``: the payments of a han/fu value (the seed's 番数计算 and
score tables)."""

from __future__ import annotations

import argparse
from typing import Any

from scoring.cli import parse_json, print_json
from scoring.errors import LARGEST, RulesError, shown
from scoring.rules import Rules
from scoring.value import STICK, HandValue, base_points, limit_name, win_payments


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    parser.add_argument("--han", type=_non_negative, default=0)
    parser.add_argument("--fu", type=_non_negative, default=0)
    parser.add_argument("--yakuman", type=_non_negative, default=0, help="yakuman multiple")
    parser.add_argument("--dealer", action="store_true", help="the winner is the dealer")
    parser.add_argument("--tsumo", action="store_true", help="a tsumo win (default: ron)")
    parser.add_argument("--honba", type=_non_negative, default=0)
    parser.add_argument("--riichi-sticks", type=_non_negative, default=0)
    parser.add_argument("--rules", default="club", help="a preset name or a rules JSON object")
    parser.set_defaults(run=run)


def _non_negative(text: str) -> int:
    digits = text.lstrip("-")
    value = int(text) if digits.isascii() and digits.isdigit() and len(digits) < 20 else -1
    if not 0 <= value <= LARGEST:
        raise argparse.ArgumentTypeError(
            f"must be a whole number from 0 to {LARGEST:,}, not {shown(text)}"
        )
    return value


def run(args: argparse.Namespace) -> int:
    """Print the payments as JSON."""
    rules = Rules.from_json(_rules_argument(args.rules))
    print_json(
        points_result(
            HandValue(han=args.han, fu=args.fu, yakuman=args.yakuman),
            is_dealer=args.dealer,
            tsumo=args.tsumo,
            rules=rules,
            honba=args.honba,
            riichi_sticks=args.riichi_sticks,
        )
    )
    return 0


def _rules_argument(text: str) -> Any:
    if text.lstrip().startswith("{"):
        return parse_json(text, "--rules", RulesError)
    return text


def points_result(
    value: HandValue, *, is_dealer: bool, tsumo: bool, rules: Rules, honba: int, riichi_sticks: int
) -> dict[str, Any]:
    """Return the JSON of a value's payments (FORMATS.md section 2 keys)."""
    payments = win_payments(value, is_dealer=is_dealer, tsumo=tsumo, rules=rules, honba=honba)
    return {
        "han": value.han,
        "fu": value.fu,
        "yakuman": value.yakuman,
        "limit": limit_name(value, rules),
        "base_points": base_points(value, rules),
        "payments": payments.to_json(),
        "total": payments.total() + STICK * riichi_sticks,
    }
