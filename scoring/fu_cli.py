"""``python -m scoring fu [HAND_JSON]``: the fu of every reading of a winning hand (the
seed's 符數的計算; the hand as in FORMATS.md section 2).

With an argument, answers that one hand: the readings on stdout, or an error line on
stderr and exit status 2. Without one, reads JSON Lines on stdin and writes one line
per non-blank input line in the same order: the readings, or ``{"error": {"code",
"message"}}``; the exit status is 0 once every line is answered (as ``hand`` does).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator
from typing import Any

from scoring.cli import error_object, parse_json, print_json
from scoring.errors import BadHandError, ScoringError, shown
from scoring.fu import WinContext, fu_of_readings, is_pinfu_shape
from scoring.hand import Hand
from scoring.rules import Rules


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    parser.add_argument(
        "hand",
        nargs="?",
        help="a hand JSON object as in FORMATS.md section 2 (default: JSON Lines on stdin)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print every reading with its fu and items as JSON, of the argument's hand or of
    every line on stdin."""
    if args.hand is not None:
        print_json(fu_result(load_hand_object(args.hand)))
        return 0
    for answer in fu_lines(sys.stdin):
        print_json(answer)
    return 0


def fu_lines(lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    """Return the answer to each non-blank line: its readings, or its error object.

    >>> [sorted(answer) for answer in fu_lines(['{"hand": "11m", "win": "1m"}', " ", "[]"])]
    [['error'], ['error']]
    """
    for line in lines:
        if line.strip():
            try:
                yield fu_result(load_hand_object(line))
            except ScoringError as error:
                yield error_object(error)


def load_hand_object(text: str) -> dict[str, Any]:
    """Return the JSON object of a hand argument.

    >>> load_hand_object('{"hand": "11m", "win": "1m"}')["win"]
    '1m'
    """
    data = parse_json(text, "the hand", BadHandError)
    if not isinstance(data, dict):
        raise BadHandError(f"the hand must be a JSON object, not {shown(data)}")
    return data


def fu_result(data: dict[str, Any]) -> dict[str, Any]:
    """Return the JSON of every reading of a hand object, each with its fu and items."""
    hand, context = Hand.from_json(data), WinContext.from_json(data)
    rules = Rules.from_json(data.get("rules"))
    return {
        "readings": [
            {
                **reading.to_json(),
                **points.to_json(),
                "pinfu_shape": is_pinfu_shape(reading, context),
            }
            for reading, points in fu_of_readings(hand, context, rules)
        ]
    }
