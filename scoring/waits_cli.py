"""``python -m scoring waits TILES [--visible TILES] [--players 3]``: waits, shanten and remaining tiles
(FORMATS.md section 4)."""

from __future__ import annotations

import argparse

from scoring.cli import print_json
from scoring.errors import BadMeldError, shown
from scoring.melds import Meld
from scoring.tiles import parse_tiles
from scoring.waits import analyse_waits


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    parser.add_argument("tiles", help="the concealed tiles in MPSZ: 13, or 10/7/4/1 beside melds")
    parser.add_argument("--visible", default="", help="tiles seen elsewhere: discards, melds, dora")
    parser.add_argument(
        "--meld",
        action="append",
        default=[],
        metavar="KIND:TILES",
        help="one of the player's called sets, e.g. pon:777z (repeat for each)",
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=(3, 4),
        default=4,
        help="3 for a three-player (sanma) set, without 2m-8m",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the waits as JSON (FORMATS.md section 4)."""
    melds = tuple(parse_meld(text) for text in args.meld)
    analysis = analyse_waits(
        parse_tiles(args.tiles), melds, parse_tiles(args.visible), players=args.players
    )
    print_json(analysis.to_json())
    return 0


def parse_meld(text: str) -> Meld:
    """Return the meld a ``KIND:TILES`` argument names.

    >>> parse_meld("pon:777z").kind
    'pon'
    """
    kind, colon, tiles = text.partition(":")
    if not colon:
        raise BadMeldError(f"a meld is KIND:TILES such as pon:777z, not {shown(text)}")
    return Meld.parse(kind, tiles)
