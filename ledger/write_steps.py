"""The steps every change to a session takes (``ledger.writes`` makes the changes):
lock the session row; answer a retried request with the change it made; refuse a
deleted session, a game of a closed season or an old version; replay the rounds as they
would be through the engine (which refuses an impossible round); write the rounds, the
status and results and an audit entry; bump the version. All in the transaction ``guarded`` opens.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from ledger import request_ids
from ledger.change_log import Actor
from ledger.engine_words import explain
from ledger.models import AuditEntry, Result, Round, Session
from ledger.online_logs.model import replay_fingerprint
from ledger.seasons import closed_season
from ledger.signals import session_changed, session_reopened
from ledger.write_errors import (
    Refused,
    RoundMissing,
    SeasonClosed,
    SessionMissing,
    stale_since,
)
from scoring.errors import ScoringError

Outcome = dict[str, Any]


def lock(pk: int) -> Session:
    """Return the session row, locked until the transaction ends."""
    session = Session.objects.select_for_update().filter(pk=pk).first()
    if session is None:
        raise SessionMissing(gettext("There is no session %(pk)s.") % {"pk": pk})
    return session


def done_before(session: Session, request_id: str) -> AuditEntry | None:
    """Return the change this request id already made, if any."""
    if not request_id:
        return None
    return session.audit.filter(request_id=request_id).first()


def check_version(session: Session, version: int | None) -> None:
    if version is not None and version != session.version:
        raise stale_since(session, version)


def check_live(session: Session) -> None:
    if session.deleted_at is not None:
        raise SessionMissing(gettext("This session was deleted; a member can restore it first."))


def check_not_closed(session: Session) -> None:
    """Refuse to change a game of a closed season (``ledger.seasons``): its standings are final."""
    if (season := closed_season(session)) is not None:
        raise SeasonClosed(season.name)


def replay(session: Session, outcomes: list[Outcome], changed: int | None = None) -> dict[str, Any]:
    """Return the replay of the rounds as they would be, and keep the session's
    fingerprint (players, rounds, scores) up to date with them (saved by ``finish``).
    ``changed`` is the last round a correction leaves in its place, for the refusal's
    words (see ``explain``)."""
    try:
        game = session.game(outcomes)
    except ScoringError as error:
        names = [p.name for p in session.players()]
        raise Refused(explain(error, names, changed=changed)) from None
    session.fingerprint = replay_fingerprint(game)
    return game.to_json()


@dataclass(frozen=True)
class Change:
    """A change made (or found made by the same request before)."""

    session: Session
    entry: AuditEntry
    is_new: bool = True

    @property
    def version(self) -> int:
        return self.entry.version

    @property
    def round_number(self) -> int | None:
        return self.entry.round_number


def finish(
    session: Session,
    actor: Actor,
    action: str,
    *,
    request_id: str = "",
    state: dict[str, Any] | None = None,
    **audit: Any,
) -> Change:
    """Store what derives from the replay, bump the version and log the change."""
    if state is not None:
        store_state(session, state)
    session.version += 1
    session.save(update_fields=["version", "riichi", "fingerprint"])
    entry = AuditEntry.objects.create(
        session=session,
        user=actor.user,
        via=actor.via,
        player=actor.player,
        action=action,
        version=session.version,
        request_id=request_id,
        **audit,
    )
    session_changed.send(sender=Session, session=session)
    return Change(session, entry)


def answer_again(session: Session, entry: AuditEntry) -> Change:
    return Change(session, entry, is_new=False)


def answer_retry(session: Session, done: AuditEntry, makes: tuple[str, ...], asked: Any) -> Change:
    """Return the change a retried request made, to answer it again; refuse an id that
    made another change (a client reusing an id: that change is not this one's answer)."""
    request_ids.check_retry(done, makes, asked)
    return answer_again(session, done)


def guarded(
    pk: int,
    request_id: str,
    version: int | None,
    change: Callable[[Session], Change],
    *,
    makes: tuple[str, ...],
    asked: Any = None,
) -> Change:
    """Make a change in the steps every change takes: lock the session, answer a retried
    request with its first change, refuse a deleted session, a game of a closed season or
    an old version, then make it (reading the rounds under the lock) and commit it all at
    once. ``makes``: the actions the change logs; ``asked``: what the request asked (its
    round, number or seat); a retry must ask the same (``ledger.request_ids``)."""
    with transaction.atomic():
        session = lock(pk)
        if done := done_before(session, request_id):
            return answer_retry(session, done, makes, asked)
        check_live(session)
        check_not_closed(session)
        check_version(session, version)
        made = change(session)
        if request_id and made.is_new:
            request_ids.keep_ask(made.entry, makes, asked)
        return made


def rounds_of(session: Session) -> list[Round]:
    return list(session.rounds.order_by("number"))


def round_at(rows: list[Round], number: int) -> Round:
    if not 1 <= number <= len(rows):
        raise RoundMissing(gettext("This session has no round %(number)s.") % {"number": number})
    return rows[number - 1]


def version_at(session: Session, expected_number: int) -> int | None:
    """Return the version a device saw when it meant to record round ``expected_number``
    (the version after round ``expected_number - 1`` was last recorded, or for round 1
    the session's start)."""
    if expected_number == 1:
        entry = session.audit.filter(action__in=("start", "import")).first()
    else:
        entry = (
            session.audit.filter(round_number=expected_number - 1, action="record")
            .order_by("-version")
            .first()
        )
    return entry.version if entry else None


DERIVED_FIELDS = ("label", "dealer", "honba", "riichi_sticks", "deltas", "scores")


def _derived(state: dict[str, Any], index: int) -> dict[str, Any]:
    played = state["rounds"][index]
    return {
        "label": played["round"],
        "dealer": played["dealer"],
        "honba": played["honba"],
        "riichi_sticks": played["riichi_sticks"],
        "deltas": played["deltas"],
        "scores": played["scores"],
    }


def write_rounds(
    session: Session, rows: list[Round], outcomes: list[Outcome], state: dict[str, Any]
) -> None:
    """Make the round rows match ``outcomes`` (``rows`` were read under the lock)."""
    session.rounds.filter(number__gt=len(outcomes)).delete()
    changed, created = [], []
    for index, outcome in enumerate(outcomes):
        derived = _derived(state, index)
        if index < len(rows):
            row = rows[index]
            if row.outcome == outcome and all(getattr(row, k) == v for k, v in derived.items()):
                continue
            changed.append(row)
        else:
            row = Round(session=session, number=index + 1)
            created.append(row)
        row.outcome = outcome
        for name, value in derived.items():
            setattr(row, name, value)
    Round.objects.bulk_update(changed, ["outcome", *DERIVED_FIELDS])
    Round.objects.bulk_create(created)


def store_state(session: Session, state: dict[str, Any]) -> None:
    """Save the status and, once finished, each player's result (under the lock).

    A finished game brought back into play is first offered to ``session_reopened``'s
    receivers, which may refuse it. A game keeps the time it first ended: a correction
    that reopens it for a moment, or an undo and the round recorded again, leaves it in
    the evening (and the season, and the order of ratings) it was played in.
    """
    session.results.all().delete()
    if session.is_finished and not state.get("finished"):
        session_reopened.send(sender=Session, session=session)
    if state.get("finished"):
        session.status, session.ended_by = Session.Status.FINISHED, state.get("ended_by", "")
        session.finished_at = session.finished_at or timezone.now()
        Result.objects.bulk_create(_results(session, state["final"]))
    else:
        session.status, session.ended_by = Session.Status.IN_PROGRESS, ""
    session.save(update_fields=["status", "ended_by", "finished_at"])


def _results(session: Session, final: dict[str, Any]) -> list[Result]:
    return [
        Result(
            session=session,
            seat=seat.seat,
            player=seat.player,
            score=final["scores"][seat.seat],
            place=final["places"][seat.seat],
            result=final["results"][seat.seat],
        )
        for seat in session.ordered_seats()
    ]
