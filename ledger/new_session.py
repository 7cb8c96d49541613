"""A new session (from the new-session form, an import or the API): what it is made of,
the check of its players against its rules (as many as the rules seat, four or three
under sanma rules, each a different one), and its making through the write path's steps
(``create_session``, which ``ledger.writes`` names with the other changes). A form sent
twice, as a double tap or a retry sends it, makes one session: its ``request_id`` is
kept with the session's start.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Prefetch, prefetch_related_objects
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from ledger import request_ids
from ledger import write_steps as steps
from ledger.change_log import Actor
from ledger.models import SEATS, AuditEntry, Player, Ruleset, Session, SessionSeat
from ledger.seasons import season_of
from ledger.write_errors import Refused
from ledger.write_steps import Outcome
from scoring.errors import ScoringError
from scoring.rules import Rules


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
    finished_at: datetime | None = None  # an imported game's end (kept if its rounds end it)
    venue: str = ""
    ended_early: str = ""  # an imported game the table ended early: agreement or time_limit
    # An online log's site (tenhou, mahjongsoul), for a game imported from one.
    source_kind: str = ""
    source_id: str = ""  # the log's game id ("" when the log names none)
    source_fingerprint: str = ""  # the log's fingerprint, with the players' online names
    request_id: str = ""  # the sending form's id: the same id again makes no second session
    asked: Any = None  # what that request asked (an API body): the same id must ask the same


def _player_count(rules: dict[str, Any]) -> int:
    """Return how many play under a session's rules (4 when the rules cannot be read:
    the replay then refuses them in the players' words)."""
    try:
        return Rules.from_json(rules, check=False).players
    except ScoringError:
        return len(SEATS)


def check_players(players: Sequence[Player], rules: dict[str, Any]) -> None:
    """Raise unless the players are as many as the rules seat, each a different one."""
    count = _player_count(rules)
    if len(players) != count:
        raise Refused(
            gettext("These rules are for %(count)s players, not %(given)s.")
            % {"count": count, "given": len(players)}
        )
    if len({p.pk for p in players}) != count:
        raise Refused(
            ngettext(
                "A session needs %(count)s different player.",
                "A session needs %(count)s different players.",
                count,
            )
            % {"count": count}
        )


def create_session(new: NewSession, *, actor: Actor, action: str = "start") -> Session:
    """Create a session with its seats (and, for an import, its rounds): four players,
    or three under three-player (sanma) rules; or return the one the same request made."""
    if (earlier := started_by(new.request_id, new.asked)) is not None:
        return earlier
    try:
        return _create(new, actor, action)
    except IntegrityError:  # the same request, sent at the same moment, made it first
        if (earlier := started_by(new.request_id, new.asked)) is None:
            raise
        return earlier


def started_by(request_id: str, asked: Any = None) -> Session | None:
    """Return the session a request with this id started, if any; refuse the id sent
    again asking another session (``ledger.request_ids``)."""
    if not request_id:
        return None
    entry = AuditEntry.objects.filter(action="start", request_id=request_id).first()
    if entry is None:
        return None
    request_ids.check_retry(entry, ("start",), asked)
    return entry.session


def _create(new: NewSession, actor: Actor, action: str) -> Session:
    check_players(new.players, new.rules)
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
            ended_early=new.ended_early,
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
        state = steps.replay(session, outcomes)
        if not state.get("finished"):  # an imported game still in play has not ended yet
            session.finished_at = None
        steps.write_rounds(session, [], outcomes, state)
        made = steps.finish(session, actor, action, state=state,
                            after=session.to_record(outcomes), request_id=new.request_id)  # fmt: skip
        if new.request_id:
            request_ids.keep_ask(made.entry, ("start",), new.asked)
    return session
