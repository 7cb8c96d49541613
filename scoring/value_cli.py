"""``python -m scoring points``: the payments of a han/fu value."""

from __future__ import annotations

import argparse
import json
from typing import Any

from scoring.cli import print_json
from scoring.errors import RulesError
from scoring.rules import Rules
from scoring.value import STICK, HandValue, base_points, limit_name, win_payments


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    parser.add_argument("--han", type=int, default=0)
    parser.add_argument("--fu", type=int, default=0)
    parser.add_argument("--yakuman", type=int, default=0, help="yakuman multiple")
    parser.add_argument("--dealer", action="store_true", help="the winner is the dealer")
    parser.add_argument("--tsumo", action="store_true", help="a tsumo win (default: ron)")
    parser.add_argument("--honba", type=_non_negative, default=0)
    parser.add_argument("--riichi-sticks", type=_non_negative, default=0)
    parser.add_argument("--rules", default="club", help="a preset name or a rules JSON object")
    parser.set_defaults(run=run)


def _non_negative(text: str) -> int:
    digits = text.lstrip("-")
    value = int(text) if digits.isascii() and digits.isdigit() else -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be a whole number 0 or more, not {text!r}")
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
        try:
            return json.loads(text)
        except json.JSONDecodeError as error:
            raise RulesError(f"--rules is not valid JSON: {error.msg}") from None
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
