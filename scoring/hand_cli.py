"""``python -m scoring hand [HAND_JSON]``: the full score of a hand (FORMATS.md section 2).

With an argument, scores that one hand: the result on stdout, or the error object
and exit status 2. Without one, reads JSON Lines on stdin and writes one line per
input line in the same order: the result, or ``{"error": {"code", "message"}}``
(blank lines are skipped); the exit status is 0 once every line is answered.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from typing import Any

from scoring.cli import parse_json
from scoring.errors import BadHandError, ScoringError, shown
from scoring.score import score_hand


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    parser.add_argument(
        "hand",
        nargs="?",
        help="a hand JSON object as in FORMATS.md section 2 (default: JSON Lines on stdin)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the score of the argument's hand, or of every line on stdin."""
    if args.hand is not None:
        result = score_line(args.hand)
        sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
        return 2 if "error" in result else 0
    write = sys.stdout.write
    for line in score_lines(sys.stdin):
        write(line)
    sys.stdout.flush()
    return 0


def score_lines(lines: Iterable[str]) -> Iterator[str]:
    """Return the JSON line answering each non-blank input line, in order.

    >>> list(score_lines(['{"hand": "11m", "win": "1m"}', ""]))[0][:38]
    '{"error": {"code": "wrong_tile_count",'
    """
    # made once for the batch; a result is a tree of fresh dicts and lists, never circular
    encode = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
    for line in lines:
        if line.strip():
            yield encode(score_line(line)) + "\n"


def score_line(text: str) -> dict[str, Any]:
    """Return the result object of one hand JSON text, or its error object.

    >>> score_line("[1]")["error"]["code"]
    'bad_hand'
    """
    try:
        data = parse_json(text, "the hand", BadHandError)
        if not isinstance(data, dict):
            raise BadHandError(f"a hand to score is a JSON object, not {shown(data)}")
        return score_hand(data)
    except ScoringError as error:
        return error_object(error)


def error_object(error: ScoringError) -> dict[str, Any]:
    """Return the FORMATS.md error object of an engine error."""
    return {"error": {"code": error.code, "message": str(error)}}
