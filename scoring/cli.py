"""``python -m scoring COMMAND ...``: the engine from the shell, JSON out (the objects of
FORMATS.md sections 2-4).

Each command lives in the module that owns its concept and exposes
``configure(parser)`` and ``run(args) -> int``. Bad input exits 2 with one line.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from scoring.errors import ScoringError

COMMANDS = {
    "points": ("scoring.value_cli", "payments of a han/fu value"),
    "waits": ("scoring.waits_cli", "waits, shanten and remaining tiles of a hand"),
    "fu": ("scoring.fu_cli", "fu of every reading of a winning hand"),
    "hand": ("scoring.hand_cli", "full score of a hand JSON (or JSON Lines on stdin)"),
    "replay": ("scoring.game_cli", "replay a game record JSON"),
}


class UsageError(Exception):
    """Bad command-line arguments."""


class ArgumentParser(argparse.ArgumentParser):
    """An argument parser that reports errors as one line, exit status 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def build_parser(command: str | None = None) -> ArgumentParser:
    """Return the parser of every command, with the arguments of ``command``, the one to
    run (only its module is imported: a batch starts sooner)."""
    parser = ArgumentParser(prog="python -m scoring", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=ArgumentParser)
    for name, (module_name, help_text) in COMMANDS.items():
        subparser = commands.add_parser(name, help=help_text, description=help_text)
        if name == command:
            importlib.import_module(module_name).configure(subparser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit status."""
    # Text from the input is echoed in messages; a character that cannot be written
    # (a lone surrogate from a JSON escape) is written as its escape, not an error.
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    try:
        words = sys.argv[1:] if argv is None else list(argv)
        args = build_parser(words[0] if words else None).parse_args(words)
        return int(args.run(args))
    except (UsageError, ScoringError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader left (``| head``): stop without a traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing left to flush
        return 1


def error_object(error: ScoringError) -> dict[str, Any]:
    """Return the FORMATS.md error object of an engine error."""
    return {"error": {"code": error.code, "message": str(error)}}


def print_json(data: Any) -> None:
    """Print one JSON document on one line."""
    print(json.dumps(data, ensure_ascii=False))


def parse_json(text: str, what: str, error: type[ScoringError]) -> Any:
    """Return the JSON document of ``text``; JSON that cannot be read raises ``error``
    naming ``what``: bad syntax, nesting too deep, or a number too long to read.

    >>> parse_json("[" * 100_000, "the hand", ScoringError)
    Traceback (most recent call last):
    ...
    scoring.errors.ScoringError: the hand nests too deeply to read
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as problem:
        where = f" (line {problem.lineno})" if problem.lineno > 1 else ""
        raise error(f"{what} is not valid JSON: {problem.msg}{where}") from None
    except RecursionError:
        raise error(f"{what} nests too deeply to read") from None
    except ValueError as problem:  # an integer of more than 4,300 digits
        raise error(f"{what} cannot be read: {problem}") from None
