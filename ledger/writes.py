"""The one write path: every change to a session goes through these functions.

Each change, in one transaction: lock the session row; read its rounds under the
lock (never before it); check what the change was made from (the session's
``version``, or for a new round the number it expects); replay every round through
the engine, which refuses an impossible round; write the rounds, the results and an
audit entry; bump the version. Pages, the API, imports and commands all call these
functions, and nothing else writes rounds.

A change sent with a request id is made once: the same id again, on the same
session, answers with the change made the first time (``Change.is_new`` False).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Prefetch, prefetch_related_objects
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from ledger.engine_words import explain
from ledger.models import (
    RESTORE_DAYS,
    SEATS,
    AuditEntry,
    Player,
    Result,
    Round,
    Ruleset,
    Session,
    SessionSeat,
)
from ledger.online_logs.model import replay_fingerprint
from ledger.seasons import season_of
from ledger.signals import session_changed
from scoring.errors import ScoringError
from scoring.game import RiichiError, with_riichi
from scoring.rules import Rules

Outcome = dict[str, Any]


@dataclass(frozen=True)
class Actor:
    """Who makes a change, as the audit log records it."""

    user: Any = None  # the member logged in, or None
    via: str = "command"  # member login, table link, API token, import, command
    player: Player | None = None  # the player holding the phone, when they said so


def describe_via(via: str) -> str:
    """Return how a change came in, in words (for changes made without a login)."""
    words = {
        "table link": gettext("a phone at the table"),
        "API token": gettext("the API"),
        "import": gettext("an import"),
    }
    return words.get(via, gettext("the server"))


COMMAND = Actor()


# --- what a change can run into ------------------------------------------------------


class WriteError(Exception):
    """A change that was not made; ``message`` says why in the player's words."""

    status = 400
    code = "bad_change"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class SessionMissing(WriteError):
    status, code = 404, "not_found"


class RoundMissing(WriteError):
    status, code = 404, "not_found"


class Refused(WriteError):
    """The engine refuses the rounds as they would be (an impossible round)."""

    status, code = 422, "refused"


class Stale(WriteError):
    """The change was made from an older version of the session."""

    status, code = 409, "stale_version"

    def __init__(self, session: Session, message: str) -> None:
        super().__init__(message)
        self.version = session.version
        self.next_number = session.rounds.count() + 1


def _stale(session: Session, seen: int | None) -> Stale:
    """Return the refusal of a change made from version ``seen``, naming what changed since."""
    changes = changes_since(session, seen)
    text = gettext("; ").join(describe_change(entry) for entry in changes)
    if text:
        message = gettext("Changed in the meantime: %(changes)s. Nothing was saved.") % {
            "changes": text
        }
    else:
        message = gettext("The session changed in the meantime. Nothing was saved.")
    return Stale(session, message)


def changes_since(session: Session, version: int | None) -> list[AuditEntry]:
    """Return the changes after ``version`` (all of them when it is None), oldest first."""
    entries = session.audit.select_related("user", "player").order_by("version", "pk")
    if version is not None:
        entries = entries.filter(version__gt=version)
    return list(entries[:10])


def describe_who(entry: AuditEntry) -> str:
    """Return who made a change: the player holding the phone, the member, or the way in."""
    if entry.player_id:
        return entry.player.name
    return str(entry.user) if entry.user_id else describe_via(entry.via)


def describe_change(entry: AuditEntry) -> str:
    """Return one change in words: "Chen recorded round 5"."""
    who = describe_who(entry)
    number = entry.round_number
    words = {
        "record": gettext("%(who)s recorded round %(number)s"),
        "edit": gettext("%(who)s changed round %(number)s"),
        "delete": gettext("%(who)s deleted round %(number)s"),
        "undo": gettext("%(who)s undid round %(number)s"),
        "finish": gettext("%(who)s ended the game"),
        "resume": gettext("%(who)s took back the end of the game"),
        "riichi": gettext("%(who)s declared riichi for %(player)s"),
        "riichi back": gettext("%(who)s took back the riichi of %(player)s"),
        "delete session": gettext("%(who)s deleted the session"),
        "restore session": gettext("%(who)s restored the session"),
    }
    text = words.get(entry.action, gettext("%(who)s changed the session"))
    player = (entry.after or {}).get("player", "") if isinstance(entry.after, dict) else ""
    return text % {"who": who, "number": number, "player": player}


# --- the steps every change takes --------------------------------------------------


def _lock(pk: int) -> Session:
    """Return the session row, locked until the transaction ends."""
    session = Session.objects.select_for_update().filter(pk=pk).first()
    if session is None:
        raise SessionMissing(gettext("There is no session %(pk)s.") % {"pk": pk})
    return session


def _done_before(session: Session, request_id: str) -> AuditEntry | None:
    """Return the change this request id already made, if any."""
    if not request_id:
        return None
    return session.audit.filter(request_id=request_id).first()


def _check_version(session: Session, version: int | None) -> None:
    if version is not None and version != session.version:
        raise _stale(session, version)


def _check_live(session: Session) -> None:
    if session.deleted_at is not None:
        raise SessionMissing(gettext("This session was deleted; a member can restore it first."))


def _replay(session: Session, outcomes: list[Outcome]) -> dict[str, Any]:
    """Return the replay of the rounds as they would be, and keep the session's
    fingerprint (players, rounds, scores) up to date with them (saved by ``_finish``)."""
    try:
        game = session.game(outcomes)
    except ScoringError as error:
        raise Refused(explain(error, [p.name for p in session.players()])) from None
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


def _finish(
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
        _store_state(session, state)
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


def _answer_again(session: Session, entry: AuditEntry) -> Change:
    return Change(session, entry, is_new=False)


def _guarded(
    pk: int, request_id: str, version: int | None, change: Callable[[Session], Change]
) -> Change:
    """Make a change in the steps every change takes: lock the session, answer a retried
    request with its first change, refuse a deleted session or an old version, then make
    it (reading the rounds under the lock) and commit it all at once."""
    with transaction.atomic():
        session = _lock(pk)
        if done := _done_before(session, request_id):
            return _answer_again(session, done)
        _check_live(session)
        _check_version(session, version)
        return change(session)


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
        if session.ended_early:
            raise Refused(gettext("The game was ended. Undo its end to record more rounds."))
        rows = _rounds(session)
        number = len(rows) + 1
        if expected_number is not None and expected_number != number:
            seen = version if version is not None else _version_at(session, expected_number)
            raise _stale(session, seen)
        played = with_declared_riichi(outcome, session.riichi)
        outcomes = [*(row.outcome for row in rows), played]
        state = _replay(session, outcomes)
        _write_rounds(session, rows, outcomes, state)
        session.riichi = []  # the hand is over: its riichi are in the round now
        return _finish(session, actor, "record", request_id=request_id, state=state,
                       round_number=number, after=played)  # fmt: skip

    return _guarded(pk, request_id, version, record)


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
        rows = _rounds(session)
        old = _round(rows, number).outcome
        outcomes = [row.outcome for row in rows]
        outcomes[number - 1] = outcome
        return _rewrite(session, actor, "edit", request_id, rows, outcomes,
                        round_number=number, before=old, after=outcome)  # fmt: skip

    return _guarded(pk, request_id, version, replace)


def delete_round(
    pk: int, number: int, *, actor: Actor, version: int | None, request_id: str = ""
) -> Change:
    """Delete round ``number``; later rounds move up and are replayed."""

    def delete(session: Session) -> Change:
        rows = _rounds(session)
        old = _round(rows, number).outcome
        outcomes = [row.outcome for row in rows]
        del outcomes[number - 1]
        return _rewrite(session, actor, "delete", request_id, rows, outcomes,
                        round_number=number, before=old)  # fmt: skip

    return _guarded(pk, request_id, version, delete)


def _rewrite(
    session: Session, actor: Actor, action: str, request_id: str, rows: list[Round],
    outcomes: list[Outcome], **audit: Any,
) -> Change:  # fmt: skip
    """Replay corrected rounds (and the riichi of the hand being played) and write them."""
    state = _replay(session, outcomes)
    check_declared_riichi(session, outcomes)
    _write_rounds(session, rows, outcomes, state)
    return _finish(session, actor, action, request_id=request_id, state=state, **audit)


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
        rows = _rounds(session)
        if not rows:
            raise RoundMissing(gettext("There is no round to undo."))
        if number is not None and number != len(rows):
            seen = version if version is not None else _version_at(session, number + 1)
            raise _stale(session, seen)
        outcomes = [row.outcome for row in rows[:-1]]
        state = _replay(session, outcomes)
        _write_rounds(session, rows, outcomes, state)
        session.riichi = undone_riichi(rows[-1].outcome)  # that hand is being played again
        return _finish(session, actor, "undo", request_id=request_id, state=state,
                       round_number=len(rows), before=rows[-1].outcome)  # fmt: skip

    return _guarded(pk, request_id, version, undo)


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
        session.ended_early = reason
        session.save(update_fields=["ended_early"])
        state = _replay(session, session.outcomes())
        return _finish(session, actor, "finish", request_id=request_id, state=state)

    return _guarded(pk, request_id, version, finish)


def _resume(session: Session, actor: Actor, request_id: str) -> Change:
    """Take back the early end of a game: play goes on from the next round."""
    session.ended_early = ""
    session.save(update_fields=["ended_early"])
    state = _replay(session, session.outcomes())
    return _finish(session, actor, "resume", request_id=request_id, state=state)


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
    def change(session: Session) -> Change:
        if session.is_finished:
            raise Refused(gettext("This game has already ended."))
        player = _seat_player(session, seat)
        seats = set(session.riichi)
        if declared == (seat in seats):
            return _answer_again(session, _last_change(session))  # already as asked
        session.riichi = sorted(seats | {seat} if declared else seats - {seat})
        check_declared_riichi(session, session.outcomes())
        action = "riichi" if declared else "riichi back"
        return _finish(session, actor, action, request_id=request_id,
                       after={"seat": seat, "player": player.name})  # fmt: skip

    return _guarded(pk, request_id, version, change)


def _seat_player(session: Session, seat: int) -> Player:
    found = session.seats.select_related("player").filter(seat=seat).first()
    if found is None:
        raise WriteError(gettext("This table has no seat %(seat)s.") % {"seat": seat})
    return found.player


def _last_change(session: Session) -> AuditEntry:
    return session.audit.order_by("-version", "-pk").first() or AuditEntry(
        session=session, version=session.version
    )


def with_declared_riichi(outcome: Outcome, declared: list[int]) -> Outcome:
    """Return the round with the riichi declared during its hand (none on a chombo,
    where the sticks go back to their players)."""
    if not declared or outcome.get("result") == "chombo":
        return outcome
    riichi = sorted({*outcome.get("riichi", []), *declared})
    return {**outcome, "riichi": riichi}


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


def _rounds(session: Session) -> list[Round]:
    return list(session.rounds.order_by("number"))


def _round(rows: list[Round], number: int) -> Round:
    if not 1 <= number <= len(rows):
        raise RoundMissing(gettext("This session has no round %(number)s.") % {"number": number})
    return rows[number - 1]


def _version_at(session: Session, expected_number: int) -> int | None:
    """Return the version a device saw when it meant to record round ``expected_number``
    (the version after round ``expected_number - 1`` was last recorded)."""
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


def _write_rounds(
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


def _store_state(session: Session, state: dict[str, Any]) -> None:
    """Save the status and, once finished, each player's result (under the lock)."""
    session.results.all().delete()
    if state.get("finished"):
        session.status, session.ended_by = Session.Status.FINISHED, state.get("ended_by", "")
        session.finished_at = session.finished_at or timezone.now()
        Result.objects.bulk_create(_results(session, state["final"]))
    else:
        session.status, session.ended_by, session.finished_at = "in_progress", "", None
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


# --- whole sessions ----------------------------------------------------------------


def delete_session(
    pk: int, *, actor: Actor, version: int | None = None, request_id: str = ""
) -> Change:
    """Hide the session and its results; a member can restore it for 30 days."""

    def delete(session: Session) -> Change:
        session.deleted_at = timezone.now()
        session.save(update_fields=["deleted_at"])
        session.results.all().delete()
        return _finish(session, actor, "delete session", request_id=request_id,
                       before=session.to_record())  # fmt: skip

    return _guarded(pk, request_id, version, delete)


def restore_session(pk: int, *, actor: Actor, request_id: str = "") -> Change:
    """Bring a deleted session back, with its results replayed."""
    with transaction.atomic():
        session = _lock(pk)
        if done := _done_before(session, request_id):
            return _answer_again(session, done)
        if session.deleted_at is None:
            raise WriteError(gettext("This session is not deleted."))
        if session.deleted_at < timezone.now() - timedelta(days=RESTORE_DAYS):
            raise SessionMissing(
                gettext("This session was deleted over %(days)s days ago.") % {"days": RESTORE_DAYS}
            )
        session.deleted_at = None
        session.save(update_fields=["deleted_at"])
        state = _replay(session, session.outcomes())
        return _finish(session, actor, "restore session", request_id=request_id, state=state)


@dataclass(frozen=True)
class NewSession:
    """What a new session is made of (from the new-session form, an import or the API)."""

    players: Sequence[Player]
    rules: dict[str, Any]
    ruleset: Ruleset | None = None
    table_name: str = ""
    notes: str = ""
    rounds: Sequence[Outcome] = ()
    penalties: Sequence[dict[str, Any]] = ()
    started_at: datetime | None = None
    finished_at: datetime | None = None  # an imported game's end, when its record says
    venue: str = ""
    source_kind: str = (
        ""  # an online log's site (tenhou, mahjongsoul), for a game imported from one
    )
    source_id: str = ""  # the log's game id ("" when the log names none)
    source_fingerprint: str = ""  # the log's fingerprint, with the players' online names


def _player_count(rules: dict[str, Any]) -> int:
    """Return how many play under a session's rules (4 when the rules cannot be read:
    the replay then refuses them in the players' words)."""
    try:
        return Rules.from_json(rules, check=False).players
    except ScoringError:
        return len(SEATS)


def _check_players(players: Sequence[Player], rules: dict[str, Any]) -> None:
    """Raise unless the players are as many as the rules seat, each a different one."""
    count = _player_count(rules)
    if len(players) != count:
        raise WriteError(
            gettext("These rules are for %(count)s players, not %(given)s.")
            % {"count": count, "given": len(players)}
        )
    if len({p.pk for p in players}) != count:
        raise WriteError(
            ngettext(
                "A session needs %(count)s different player.",
                "A session needs %(count)s different players.",
                count,
            )
            % {"count": count}
        )


def create_session(new: NewSession, *, actor: Actor, action: str = "start") -> Session:
    """Create a session with its seats (and, for an import, its rounds): four players,
    or three under three-player (sanma) rules."""
    _check_players(new.players, new.rules)
    started_at = new.started_at or timezone.now()
    with transaction.atomic():
        session = Session.objects.create(
            rules=new.rules,
            ruleset=new.ruleset,
            season=season_of(started_at),
            table_name=new.table_name,
            notes=new.notes,
            penalties=list(new.penalties),
            started_at=started_at,
            finished_at=new.finished_at,
            venue=new.venue,
            source_kind=new.source_kind,
            source_id=new.source_id,
            source_fingerprint=new.source_fingerprint,
        )
        SessionSeat.objects.bulk_create(
            SessionSeat(session=session, seat=seat, player=player)
            for seat, player in zip(SEATS, new.players)
        )
        # The seats and their players in one query: the replay and the record read them.
        prefetch_related_objects(
            [session], Prefetch("seats", SessionSeat.objects.select_related("player"))
        )
        outcomes = list(new.rounds)
        state = _replay(session, outcomes)
        _write_rounds(session, [], outcomes, state)
        _finish(session, actor, action, state=state, after=session.to_record(outcomes))
    return session
