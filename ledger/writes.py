"""The one write path: every change to a session goes through these functions.

Each change, in one transaction: lock the session row; read its rounds under the
lock (never before it); check what the change was made from (the session's
``version``, or for a new round the number it expects); replay every round through
the engine, which refuses an impossible round; write the rounds, the results and an
audit entry; bump the version. Pages, the API, imports and commands all call these
functions, and nothing else writes rounds. The steps themselves are
``ledger.write_steps``; who makes a change and its words in the audit log,
``ledger.change_log``; what a change can run into, ``ledger.write_errors``; what a new
session is made of, ``ledger.new_session``.

A change sent with a request id is made once: the same id again, on the same
session, answers with the change made the first time (``Change.is_new`` False).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from ledger import request_ids
from ledger import write_steps as steps
from ledger.change_log import COMMAND, Actor, last_change, last_undo
from ledger.models import (
    RESTORE_DAYS,
    AuditEntry,
    Player,
    Round,
    Session,
)
from ledger.new_session import NewSession, create_session, started_by
from ledger.round_checks import check_round, is_seat_list
from ledger.signals import session_reopened
from ledger.write_errors import (
    Refused,
    RequestReused,
    RoundMissing,
    SeasonClosed,
    SessionMissing,
    Stale,
    WriteError,
    stale_since,
)
from ledger.write_steps import Change, Outcome
from scoring.game import RiichiError, with_riichi

# What callers name as ``writes.X``: the changes below, who makes them and what they
# run into.
__all__ = [
    "COMMAND",
    "Actor",
    "Change",
    "NewSession",
    "Refused",
    "RequestReused",
    "RoundMissing",
    "SeasonClosed",
    "SessionMissing",
    "Stale",
    "WriteError",
    "check_declared_riichi",
    "create_session",
    "declare_riichi",
    "delete_round",
    "delete_session",
    "finish_session",
    "put_back_round",
    "record_round",
    "replace_round",
    "restore_session",
    "started_by",
    "undo_round",
    "undone_riichi",
    "with_declared_riichi",
    "withdraw_riichi",
]


# --- rounds ----------------------------------------------------------------------


def record_round(
    pk: int,
    outcome: Outcome,
    *,
    actor: Actor,
    expected_number: int | None = None,
    version: int | None = None,
    request_id: str = "",
) -> Change:
    """Append a finished round: round ``expected_number``, made from ``version``, when given."""

    def record(session: Session) -> Change:
        return _record(session, outcome, actor, request_id,
                       expected_number=expected_number, version=version)  # fmt: skip

    return steps.guarded(pk, request_id, version, record, makes=("record",),
                         asked=[outcome, expected_number])  # fmt: skip


def put_back_round(pk: int, *, actor: Actor, version: int | None, request_id: str = "") -> Change:
    """Record again the round the last change undid, made from ``version`` (the session as
    that undo left it): a mistaken Undo costs a tap, not the round."""

    def put_back(session: Session) -> Change:
        undone = last_undo(session)  # under the lock: nothing can come after it now
        if undone is None:
            raise Refused(
                gettext("No undone round can be put back: the game has changed since the undo.")
            )
        return _record(session, undone.before, actor, request_id)

    return steps.guarded(pk, request_id, version, put_back, makes=("record",))


def _record(
    session: Session, outcome: Outcome, actor: Actor, request_id: str, *,
    expected_number: int | None = None, version: int | None = None,
) -> Change:  # fmt: skip
    """Append the round to the locked session (see ``record_round``)."""
    if session.ended_early:
        raise Refused(
            gettext("The game was ended. A club member can undo its end to record more rounds.")
        )
    rows = steps.rounds_of(session)
    number = len(rows) + 1
    if expected_number is not None and expected_number != number:
        seen = version if version is not None else steps.version_at(session, expected_number)
        if seen is None and expected_number > number:  # never the next: no device saw it
            raise Stale(session, gettext(
                "The next round to record is round %(next)s, not round %(number)s. "
                "Nothing was saved."
            ) % {"next": number, "number": expected_number})  # fmt: skip
        raise stale_since(session, seen)
    played = with_declared_riichi(outcome, session.riichi)
    check_round(session, played, number)
    outcomes = [*(row.outcome for row in rows), played]
    state = steps.replay(session, outcomes)
    steps.write_rounds(session, rows, outcomes, state)
    session.riichi = []  # the hand is over: its riichi are in the round now
    return steps.finish(session, actor, "record", request_id=request_id, state=state,
                        round_number=number, after=played)  # fmt: skip


def replace_round(
    pk: int,
    number: int,
    outcome: Outcome,
    *,
    actor: Actor,
    version: int | None,
    request_id: str = "",
) -> Change:
    """Replace round ``number``; every later round is replayed."""

    def replace(session: Session) -> Change:
        rows = steps.rounds_of(session)
        replaced = steps.round_at(rows, number)
        check_round(session, outcome, number, replaced.label)
        outcomes = [row.outcome for row in rows]
        outcomes[number - 1] = outcome
        return _rewrite(session, actor, "edit", request_id, rows, outcomes, number,
                        round_number=number, before=replaced.outcome, after=outcome)  # fmt: skip

    return steps.guarded(pk, request_id, version, replace, makes=("edit",),
                         asked=[number, outcome])  # fmt: skip


def delete_round(
    pk: int, number: int, *, actor: Actor, version: int | None, request_id: str = ""
) -> Change:
    """Delete round ``number``; later rounds move up and are replayed."""

    def delete(session: Session) -> Change:
        rows = steps.rounds_of(session)
        old = steps.round_at(rows, number).outcome
        outcomes = [row.outcome for row in rows]
        del outcomes[number - 1]
        if not outcomes and session.ended_early:
            raise Refused(gettext(
                "This is the only round of a game that was ended early, and a game with no "
                "rounds has nothing to end: take back the end first (Undo on the table "
                "page), or delete the session."
            ))  # fmt: skip
        # the rounds after it move up: from its number on, each is a different round
        return _rewrite(session, actor, "delete", request_id, rows, outcomes, number - 1,
                        round_number=number, before=old)  # fmt: skip

    return steps.guarded(pk, request_id, version, delete, makes=("delete",), asked=number)


def _rewrite(
    session: Session, actor: Actor, action: str, request_id: str, rows: list[Round],
    outcomes: list[Outcome], last_unmoved: int, **audit: Any,
) -> Change:  # fmt: skip
    """Replay corrected rounds (and the riichi of the hand being played) and write them;
    a refused round after ``last_unmoved`` is named as it would be after the change."""
    state = steps.replay(session, outcomes, changed=last_unmoved)
    check_declared_riichi(session, outcomes)
    steps.write_rounds(session, rows, outcomes, state)
    return steps.finish(session, actor, action, request_id=request_id, state=state, **audit)


def undo_round(
    pk: int,
    *,
    actor: Actor,
    version: int | None,
    number: int | None = None,
    request_id: str = "",
) -> Change:
    """Take back the last change of play: the early end of the game if it was ended
    early, else the last round (which must be round ``number`` when that is given)."""

    def undo(session: Session) -> Change:
        if session.ended_early:
            return _resume(session, actor, request_id)
        rows = steps.rounds_of(session)
        if not rows:
            raise RoundMissing(gettext("There is no round to undo."))
        if number is not None and number != len(rows):
            seen = version if version is not None else steps.version_at(session, number + 1)
            if seen is None and number > len(rows):  # never recorded: no device saw it
                raise RoundMissing(
                    gettext("There is no round %(number)s to undo.") % {"number": number}
                )
            raise stale_since(session, seen)
        outcomes = [row.outcome for row in rows[:-1]]
        state = steps.replay(session, outcomes)
        steps.write_rounds(session, rows, outcomes, state)
        session.riichi = undone_riichi(rows[-1].outcome)  # that hand is being played again
        return steps.finish(session, actor, "undo", request_id=request_id, state=state,
                       round_number=len(rows), before=rows[-1].outcome)  # fmt: skip

    return steps.guarded(pk, request_id, version, undo, makes=("undo", "resume"), asked=number)


def finish_session(
    pk: int,
    *,
    actor: Actor,
    version: int | None,
    reason: str = "agreement",
    request_id: str = "",
) -> Change:
    """End the game now (by agreement, or when the time is up): settle the scores as they stand."""

    def finish(session: Session) -> Change:
        if session.is_finished:
            raise Refused(gettext("This game has already ended."))
        if not steps.rounds_of(session):
            raise Refused(gettext(
                "This game has no rounds yet, so there is nothing to end: delete it instead."
            ))  # fmt: skip
        session.ended_early = reason
        session.save(update_fields=["ended_early"])
        state = steps.replay(session, session.outcomes())
        return steps.finish(session, actor, "finish", request_id=request_id, state=state)

    return steps.guarded(pk, request_id, version, finish, makes=("finish",), asked=reason)


def _resume(session: Session, actor: Actor, request_id: str) -> Change:
    """Take back the early end of a game: play goes on from the next round."""
    session.ended_early = ""
    session.save(update_fields=["ended_early"])
    state = steps.replay(session, session.outcomes())
    return steps.finish(session, actor, "resume", request_id=request_id, state=state)


def declare_riichi(
    pk: int, seat: int, *, actor: Actor, version: int | None, request_id: str = ""
) -> Change:
    """Put a player's 1,000-point riichi stick on the table during the hand."""
    return _change_riichi(pk, seat, actor, version, request_id, declared=True)


def withdraw_riichi(
    pk: int, seat: int, *, actor: Actor, version: int | None, request_id: str = ""
) -> Change:
    """Take back a riichi declared in this hand (before the round is recorded)."""
    return _change_riichi(pk, seat, actor, version, request_id, declared=False)


def _change_riichi(
    pk: int, seat: int, actor: Actor, version: int | None, request_id: str, *, declared: bool
) -> Change:
    action = "riichi" if declared else "riichi back"

    def change(session: Session) -> Change:
        if session.is_finished:
            raise Refused(gettext("This game has already ended."))
        player = _seat_player(session, seat)
        seats = set(session.riichi)
        if declared == (seat in seats):
            return steps.answer_again(session, _last_change(session))  # already as asked
        session.riichi = sorted(seats | {seat} if declared else seats - {seat})
        check_declared_riichi(session, session.outcomes())
        return steps.finish(session, actor, action, request_id=request_id,
                       after={"seat": seat, "player": player.name})  # fmt: skip

    return steps.guarded(pk, request_id, version, change, makes=(action,), asked=seat)


def _seat_player(session: Session, seat: int) -> Player:
    found = session.seats.select_related("player").filter(seat=seat).first()
    if found is None:
        raise WriteError(gettext("This table has no seat %(seat)s.") % {"seat": seat})
    return found.player


def _last_change(session: Session) -> AuditEntry:
    return last_change(session) or AuditEntry(session=session, version=session.version)


def with_declared_riichi(outcome: Outcome, declared: list[int]) -> Outcome:
    """Return the round with the riichi declared during its hand (none on a chombo,
    where the sticks go back to their players); a round that lists them all already is
    kept as it is (an undone round put back is the round undone)."""
    riichi = outcome.get("riichi", [])
    if (
        outcome.get("result") == "chombo"
        or not is_seat_list(riichi)
        or set(declared) <= set(riichi)
    ):
        return outcome
    return {**outcome, "riichi": sorted({*riichi, *declared})}


def undone_riichi(outcome: Outcome) -> list[int]:
    """Return the riichi of an undone round: declared again in the hand played again."""
    return [] if outcome.get("result") == "chombo" else list(outcome.get("riichi", []))


def check_declared_riichi(session: Session, outcomes: list[Outcome]) -> None:
    """Refuse riichi declared in this hand that the rules do not allow (under 1,000 points)."""
    if not session.riichi:
        return
    game = session.game(outcomes)
    try:
        with_riichi(game.state, session.riichi, session.engine_rules())
    except RiichiError as error:
        names = [p.name for p in session.players()]
        raise Refused(
            gettext("%(name)s cannot declare riichi with %(points)s points (under 1,000).")
            % {"name": names[error.seat], "points": f"{error.points:,}"}
        ) from None


# --- whole sessions ----------------------------------------------------------------


def delete_session(
    pk: int, *, actor: Actor, version: int | None = None, request_id: str = ""
) -> Change:
    """Hide the session and its results; a member can restore it for 30 days."""

    def delete(session: Session) -> Change:
        session.deleted_at = timezone.now()
        session.save(update_fields=["deleted_at"])
        session.results.all().delete()
        return steps.finish(session, actor, "delete session", request_id=request_id,
                       before=session.to_record())  # fmt: skip

    return steps.guarded(pk, request_id, version, delete, makes=("delete session",))


def restore_session(pk: int, *, actor: Actor, request_id: str = "") -> Change:
    """Bring a deleted session back, with its results replayed."""
    with transaction.atomic():
        session = steps.lock(pk)
        if done := steps.done_before(session, request_id):
            return steps.answer_retry(session, done, ("restore session",), None)
        if session.deleted_at is None:
            raise WriteError(gettext("This session is not deleted."))
        steps.check_not_closed(session)
        if session.deleted_at < timezone.now() - timedelta(days=RESTORE_DAYS):
            raise SessionMissing(
                gettext("This session was deleted over %(days)s days ago.") % {"days": RESTORE_DAYS}
            )
        session.deleted_at = None
        session.save(update_fields=["deleted_at"])
        state = steps.replay(session, session.outcomes())
        if not state.get("finished"):
            session_reopened.send(sender=Session, session=session)  # a game in play again
        made = steps.finish(session, actor, "restore session", request_id=request_id, state=state)
        if request_id:
            request_ids.keep_ask(made.entry, ("restore session",), None)
        return made
