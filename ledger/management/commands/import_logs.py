"""``manage.py import_logs FILE ...``: import online game logs (Tenhou, Mahjong Soul).

Each online name becomes the club player remembered for it from an earlier import,
the player named by ``--map "ONLINE NAME=Club name"``, or with ``--guests`` a new
guest (``--date YYYY-MM-DD`` dates the logs that hold no date); without ``--guests`` a name with no player stops the import before anything is
written. A file we cannot read, a game that differs from our replay, a three-player
game or one already imported stops it too.
"""

from __future__ import annotations

import datetime as dt
from argparse import ArgumentTypeError
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from ledger import log_imports
from ledger.log_imports import GUEST, LogImportError
from ledger.models import Player, name_key
from ledger.players import clean_name
from ledger.writes import Actor
from scoring.errors import cut


class Command(BaseCommand):
    help = "Import online game logs (mjlog XML, gzipped or not; tenhou.net/6 JSON; zips of them)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", help="log files or zip archives")
        parser.add_argument(
            "--map",
            action="append",
            default=[],
            metavar="ONLINE=PLAYER",
            help="take an online name for a club player (by name); may be repeated",
        )
        parser.add_argument(
            "--date",
            type=_day,
            help="the day (YYYY-MM-DD) for logs that hold no date (default: today)",
        )
        parser.add_argument(
            "--guests",
            action="store_true",
            help="make a new guest player for each online name without a player",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        files = [_read(path) for path in options["files"]]
        try:
            games = log_imports.read_upload(files)
        except LogImportError as error:
            raise CommandError(f"{error.message} Nothing was imported.") from None
        if options["date"] is not None:
            if not dt.date(1990, 1, 1) <= options["date"] <= timezone.localdate():
                raise CommandError("--date must be a day between 1990 and today")
            start = dt.datetime.combine(
                options["date"], dt.time.min, tzinfo=timezone.get_current_timezone()
            )
            games = [game if game.is_dated else game.dated(start) for game in games]
        choices = _choices(games, options["map"], guests=options["guests"])
        done = log_imports.import_games(games, choices, actor=Actor(via="import"))
        for _, error in done.refused:
            self.stderr.write(f"refused: {error.message}")
        ids = ", ".join(str(session.pk) for session in done.sessions)
        self.stdout.write(f"imported {len(done.sessions)} game(s): {ids}")
        if done.refused:
            raise CommandError(f"{len(done.refused)} game(s) were refused")


def _day(text: str) -> dt.date:
    """Return the day ``--date`` gives (argparse names the option before the refusal)."""
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise ArgumentTypeError(
            f"the date must be a day written YYYY-MM-DD, not {cut(text)}"
        ) from None


def _read(path: str) -> tuple[str, bytes]:
    try:
        return Path(path).name, Path(path).read_bytes()
    except OSError as error:
        raise CommandError(f"{path}: cannot read the file ({error.strerror})") from None


def _choices(
    games: list[log_imports.PendingGame], mapping: list[str], *, guests: bool
) -> dict[log_imports.OnlineKey, Any]:
    named = dict(_pair(item) for item in mapping)
    keys = log_imports.online_names(games)
    remembered = log_imports.remembered_players(keys)
    choices: dict[log_imports.OnlineKey, Any] = {}
    for key in keys:
        if clean_name(key[1]) in named:
            choices[key] = _player(named[clean_name(key[1])])
        elif key in remembered:
            choices[key] = remembered[key]
        elif guests:
            choices[key] = GUEST
    missing = [name for site, name in keys if (site, name) not in choices]
    if missing:
        raise CommandError(
            "no club player for the online names " + ", ".join(missing)
            + ': give --map "NAME=Player" for each, or --guests; nothing was imported'
        )  # fmt: skip
    return choices


def _pair(item: str) -> tuple[str, str]:
    """Return the online name and the club player's name of one ``--map``, each as names
    are stored (so that an accent typed either way, or a stray invisible, matches)."""
    online, sep, player = item.rpartition("=")
    online, player = clean_name(online), clean_name(player)
    if not sep or not online or not player:
        raise CommandError(f'--map takes "ONLINE NAME=Club player", not {item!r}')
    return online, player


def _player(name: str) -> Player:
    player = Player.objects.filter(name_key=name_key(name)).first()
    if player is None:
        raise CommandError(f"there is no club player named {name}; nothing was imported")
    return player
