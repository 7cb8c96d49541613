"""Game records in and out (FORMATS.md section 3): import whole files or nothing."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from ledger import writes
from ledger.engine_words import explain
from ledger.json_text import NUL, SURROGATE, bad_text
from ledger.models import Session
from ledger.players import players_named
from scoring.errors import ScoringError
from scoring.game import replay
from scoring.rules import Rules


class RecordError(ValueError):
    """A game record that cannot be imported; the message names where it is wrong."""


def import_records(data: Any, *, actor: writes.Actor = writes.COMMAND) -> list[Session]:
    """Create a session for each record (one object or a list); all of them or none."""
    records = data if isinstance(data, list) else [data]
    if not records:
        raise RecordError(gettext("The file holds no game record."))
    for position, record in enumerate(records, start=1):
        _check(record, _where(position, len(records)))
    with transaction.atomic():
        return [_create(record, actor) for record in records]


def _where(position: int, count: int) -> str:
    return gettext("record %(number)s: ") % {"number": position} if count > 1 else ""


def _check(record: Any, where: str) -> None:
    if not isinstance(record, dict):
        raise RecordError(where + gettext("a game record must be a JSON object"))
    problem = bad_text(record)
    if problem == NUL:
        raise RecordError(where + gettext("text in a game record may not contain NUL characters"))
    if problem == SURROGATE:
        raise RecordError(where + gettext("text in a game record must be valid Unicode"))
    players = record.get("players")
    if (
        not isinstance(players, list)
        or len(players) != 4
        or not all(isinstance(n, str) and n.strip() and len(n) <= 60 for n in players)
    ):
        raise RecordError(
            where + gettext("players must be a list of four names (at most 60 characters)")
        )
    if len({n.strip().casefold() for n in players}) < 4:
        raise RecordError(where + gettext("the four players must have different names"))
    if not isinstance(record.get("rounds", []), list):
        raise RecordError(where + gettext("rounds must be a list"))
    try:
        Rules.from_json(record.get("rules"))
        replay(record)
    except ScoringError as error:
        names = [str(name) for name in record.get("players", [])]
        raise RecordError(f"{where}{explain(error, names)}") from None


def _create(record: dict[str, Any], actor: writes.Actor) -> Session:
    new = writes.NewSession(
        players=players_named([name.strip() for name in record["players"]]),
        rules=Rules.from_json(record.get("rules")).to_json(),
        rounds=list(record.get("rounds", [])),
        penalties=record.get("penalties", []),
        notes="imported",
    )
    try:
        return writes.create_session(new, actor=actor, action="import")
    except writes.WriteError as error:
        raise RecordError(error.message) from None


def export_records(sessions: list[Session]) -> list[dict[str, Any]]:
    """Return the game records of these sessions."""
    return [session.to_record() for session in sessions]
