"""Game records in and out (FORMATS.md section 3): import whole files or nothing.

An export carries ``session: {id, fingerprint}``; a record whose game is already in
the ledger (that session with that fingerprint, a session with the same players,
rounds and scores, or the same online log in ``source``) is skipped, not imported
twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext

from ledger import writes
from ledger.engine_words import explain
from ledger.json_text import NUL, SURROGATE, bad_text
from ledger.models import Session, name_key
from ledger.online_logs.model import fingerprint
from ledger.players import clean_name, players_named
from ledger.round_checks import NOTE_LENGTH, check_filled_keys, check_hand_keys, check_note
from scoring.errors import ScoringError
from scoring.game import replay, rules_of_record


class RecordError(ValueError):
    """A game record that cannot be imported; the message names where it is wrong."""


@dataclass(frozen=True)
class Present:
    """A record skipped because its game is already in the ledger, as ``session``."""

    position: int  # 1 for the first record of the file
    session: Session


@dataclass
class RecordImport:
    """What an import made: the new sessions, and the records skipped as present."""

    sessions: list[Session] = field(default_factory=list)
    skipped: list[Present] = field(default_factory=list)


def import_records(data: Any, *, actor: writes.Actor = writes.COMMAND) -> RecordImport:
    """Create a session for each record (one object or a list) whose game is not in the
    ledger yet; all of them or none. Records already present are skipped."""
    records = data if isinstance(data, list) else [data]
    if not records:
        raise RecordError(gettext("The file holds no game record."))
    for position, record in enumerate(records, start=1):
        _check(record, _where(position, len(records)))
        _check_unaltered(record, _where(position, len(records)))
    done = RecordImport()
    with transaction.atomic():
        for position, record in enumerate(records, start=1):
            found = present_session(record) or _create_unless_present(record, actor, done)
            if found is not None:
                done.skipped.append(Present(position, found))
    return done


def _create_unless_present(
    record: dict[str, Any], actor: writes.Actor, done: RecordImport
) -> Session | None:
    """Create the record's session, or return the one another request has just
    created from the same game (its insert fails on the database's uniqueness)."""
    try:
        done.sessions.append(_create(record, actor))
    except IntegrityError:
        return present_session(record)
    return None


def _check_unaltered(record: dict[str, Any], where: str) -> None:
    """Raise if the record is an export of a session of this ledger (its ``session`` id
    and fingerprint) whose rounds or scores were changed in the file since: a
    correction belongs on the session's history page, and importing it would count the
    game twice."""
    exported = record.get("session")
    if not isinstance(exported, dict) or not isinstance(exported.get("fingerprint"), str):
        return
    found = Session.objects.filter(
        pk=_whole(exported.get("id")), fingerprint=exported["fingerprint"]
    )
    session = found.first() if exported["fingerprint"] else None
    if session is not None and _rounds_differ(record, session):
        raise RecordError(where + gettext(
            "This is session %(id)s of this ledger with its rounds changed in the file: "
            "correct the game on its history page, or remove the file's “session” part "
            "to import it as another game."
        ) % {"id": exported["id"]})  # fmt: skip


def _rounds_differ(record: dict[str, Any], session: Session) -> bool:
    """Return whether the record's rounds or scores differ from the session's (its player
    names may: a player renamed since the export is still that player). A record the
    session's names cannot replay (another count of players), or a stored game the engine
    no longer replays, differs."""
    names = [player.name for player in session.players()]
    try:
        return fingerprint({**record, "players": names}) != fingerprint(session.to_record())
    except ScoringError:
        return True


def present_session(record: dict[str, Any]) -> Session | None:
    """Return the session that already holds this record's game, if any: the exported
    session itself, one with the same online log, or one with the same players, rounds
    and scores (a game with rounds; empty ones all look alike)."""
    sessions = Session.objects.order_by("pk")
    if session := _exported_session(record):
        return session
    kind, log_id = _source(record)
    if log_id and (session := sessions.filter(source_kind=kind, source_id=log_id).first()):
        return session
    if not record.get("rounds"):
        return None
    value = fingerprint(record)
    return sessions.filter(Q(fingerprint=value) | Q(source_fingerprint=value)).first()


def _exported_session(record: dict[str, Any]) -> Session | None:
    """Return the session a record was exported from (its ``session`` part) while this
    ledger holds it: the same id and fingerprint, or, exported before one of its players
    was renamed, the same id and players but one, with the same rounds and scores."""
    exported = record.get("session")
    if not isinstance(exported, dict) or not isinstance(exported.get("fingerprint"), str):
        return None
    session = Session.objects.filter(pk=_whole(exported.get("id"))).first()
    if session is None or not exported["fingerprint"]:
        return None
    if session.fingerprint == exported["fingerprint"]:
        return session
    renamed = record.get("rounds") and _players_but_one(record, session)
    return session if renamed and not _rounds_differ(record, session) else None


def _players_but_one(record: dict[str, Any], session: Session) -> bool:
    """Whether the record names the session's players, in their seats, but for one at
    most (renamed since; a game of other players is another game, whatever its id)."""
    names = [name_key(player.name) for player in session.players()]
    theirs = record.get("players")
    if not isinstance(theirs, list) or len(theirs) != len(names):
        return False
    same = sum(isinstance(name, str) and name_key(name) == key for name, key in zip(theirs, names))
    return same >= len(names) - 1


def _whole(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _source(record: dict[str, Any]) -> tuple[str, str]:
    """Return the online log a record came from (site and game id), or empty texts."""
    source = record.get("source")
    if not isinstance(source, dict):
        return "", ""
    kind, log_id = source.get("kind"), source.get("id", "")
    if not isinstance(kind, str) or not isinstance(log_id, str):
        return "", ""
    return kind[:20], log_id[:100]


def describe_skipped(done: RecordImport) -> list[str]:
    """Return a sentence per skipped record: which session already holds it."""
    deleted = gettext(
        "Record %(number)s is already in the ledger as session %(pk)s, which was deleted; "
        "it was skipped (a member can restore the session from the deleted sessions)."
    )
    present = gettext(
        "Record %(number)s is already in the ledger as session %(pk)s; it was skipped."
    )
    return [
        (deleted if item.session.deleted_at else present)
        % {"number": item.position, "pk": item.session.pk}
        for item in done.skipped
    ]


def _where(position: int, count: int) -> str:
    return gettext("Record %(number)s: ") % {"number": position} if count > 1 else ""


def _check(record: Any, where: str) -> None:
    if not isinstance(record, dict):
        raise RecordError(where + gettext("A game record must be a JSON object."))
    problem = bad_text(record)
    if problem == NUL:
        raise RecordError(where + gettext("Text in a game record may not contain NUL characters."))
    if problem == SURROGATE:
        raise RecordError(where + gettext("Text in a game record must be valid Unicode."))
    players = record.get("players")
    if (
        not isinstance(players, list)
        or len(players) not in (3, 4)
        or not all(isinstance(n, str) and clean_name(n) and len(n) <= 60 for n in players)
    ):
        raise RecordError(where + gettext(
            "“players” must be a list of four names, or three for sanma (at most 60 characters each)."
        ))  # fmt: skip
    if len({clean_name(n).casefold() for n in players}) < len(players):
        raise RecordError(where + gettext("The players must have different names."))
    if not isinstance(record.get("rounds", []), list):
        raise RecordError(where + gettext("“rounds” must be a list."))
    if record.get("ended_early") and not record.get("rounds"):
        raise RecordError(where + gettext(
            "A game with no rounds has nothing to end, so it cannot have been ended early."
        ))  # fmt: skip
    _dates(record, where)
    _labels(record, where)
    try:
        rules_of_record(record)
        replay(record)
    except ScoringError as error:
        names = [str(name) for name in record.get("players", [])]
        raise RecordError(f"{where}{explain(error, names)}") from None
    _check_limits(record, where)


def _check_limits(record: dict[str, Any], where: str) -> None:
    """Refuse what the API refuses of a round, and free text over its length (the record
    has been replayed: its rounds, wins and penalties are objects)."""
    names = [str(name) for name in record["players"]]
    for number, outcome in enumerate(record.get("rounds", []), start=1):
        if problem := _round_problem(outcome, names):
            at = gettext("Round %(number)s: ") % {"number": number}
            raise RecordError(where + at + problem)
    for number, penalty in enumerate(record.get("penalties", []), start=1):
        if len(reason := penalty.get("reason", "")) > NOTE_LENGTH:
            raise RecordError(where + gettext(
                "The reason of penalty %(number)s holds at most %(count)s characters, not "
                "%(length)s."
            ) % {"number": number, "count": NOTE_LENGTH, "length": f"{len(reason):,}"})  # fmt: skip


def _round_problem(outcome: dict[str, Any], names: list[str]) -> str:
    """Return in words what the API would refuse of a round ("" when nothing): a win's
    hand with keys the engine does not read or that the game fills in, a long note."""
    try:
        check_hand_keys(outcome, names)
        check_filled_keys(outcome)
        check_note(outcome)
    except writes.Refused as error:
        return error.message
    return ""


LATEST_LEAD = timedelta(days=1)  # a clock a day fast is a mistake; a game a week ahead is not
EARLIEST = datetime(1990, 1, 1, tzinfo=UTC)


def _moment(value: Any, key: str, where: str) -> datetime | None:
    """Return a record's date (ISO 8601 with an offset), or None when it has none."""
    if value is None:
        return None
    moment = _parsed(value) if isinstance(value, str) else None
    if moment is None or moment.tzinfo is None:
        raise RecordError(where + gettext(
            "“%(key)s” must be a date and time with its offset, e.g. 2026-12-01T19:30:00+09:00."
        ) % {"key": key})  # fmt: skip
    if not EARLIEST <= moment <= timezone.now() + LATEST_LEAD:
        raise RecordError(where + gettext("“%(key)s” (%(value)s) is not a date a game was played.")
                          % {"key": key, "value": value})  # fmt: skip
    return moment


def _parsed(text: str) -> datetime | None:
    """Return the moment ISO 8601 text spells, or None when it is none (a day, hour or
    offset that does not exist, such as February 30th, 25:00 or +25:00)."""
    try:
        return parse_datetime(text)
    except ValueError:  # the text has the form of a date, but no such moment exists
        return None


def _dates(record: dict[str, Any], where: str) -> tuple[datetime | None, datetime | None]:
    """Return the record's start and end, refusing dates that make no sense."""
    started = _moment(record.get("started"), "started", where)
    finished = _moment(record.get("finished"), "finished", where)
    if started and finished and finished < started:
        raise RecordError(where + gettext("The game finished before it started."))
    return started, finished


def _labels(record: dict[str, Any], where: str) -> None:
    for key, longest in (("venue", 60), ("table", 40)):
        value = record.get(key, "")
        if not isinstance(value, str) or len(value) > longest:
            raise RecordError(where + gettext("“%(key)s” must be text of at most %(count)s characters.")
                              % {"key": key, "count": longest})  # fmt: skip


def record_dates(record: dict[str, Any]) -> tuple[datetime | None, datetime | None]:
    """Return a checked record's start and end (None where it has none)."""
    return _dates(record, "")


def _create(record: dict[str, Any], actor: writes.Actor) -> Session:
    started, finished = _dates(record, "")
    kind, log_id = _source(record)
    new = writes.NewSession(
        players=players_named([name.strip() for name in record["players"]]),
        rules=rules_of_record(record).to_json(),
        rounds=list(record.get("rounds", [])),
        penalties=record.get("penalties", []),
        notes="imported",
        started_at=started or finished,  # the import time only when the record has no date
        finished_at=finished or started,
        ended_early=record.get("ended_early", ""),  # the table ended it (checked by replay)
        venue=record.get("venue", ""),
        table_name=record.get("table", ""),
        source_kind=kind,
        source_id=log_id,
        # The same game imported twice at once: the second insert fails (see above).
        source_fingerprint=fingerprint(record) if record.get("rounds") else "",
    )
    try:
        return writes.create_session(new, actor=actor, action="import")
    except writes.WriteError as error:
        raise RecordError(error.message) from None


def export_records(sessions: list[Session]) -> list[dict[str, Any]]:
    """Return the game records of these sessions."""
    return [session.export_record() for session in sessions]
