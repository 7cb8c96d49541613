"""``python -m scoring replay RECORD.json``: replay a game record (FORMATS.md section 3).

Prints the replay result as one JSON document; a file holding a JSON array of
records prints an array of results. A bad record exits 2 with a message naming
the round and the problem.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from scoring.cli import parse_json, print_json
from scoring.game import RecordError, replay


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    parser.add_argument("record", help="a game record JSON file ('-' for stdin)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the replay result as JSON."""
    print_json(replay_result(_load(args.record)))
    return 0


def replay_result(data: Any) -> Any:
    """Return the replay result of a record, or a list of them for a list of records."""
    if isinstance(data, list):
        return [_one(record, f"record {i}: ") for i, record in enumerate(data, start=1)]
    return _one(data, "")


def _one(record: Any, where: str) -> dict[str, Any]:
    try:
        return replay(record).to_json()
    except RecordError as error:
        raise RecordError(f"{where}{error}") from None


def _load(path: str) -> Any:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as file:
                text = file.read()
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not UTF-8 text") from None
    return parse_json(text, path, RecordError)
