"""The API's session operations: start, read, record, correct, finish, delete, restore."""

from __future__ import annotations

import random
from typing import Any

from django.db import transaction
from django.http import HttpRequest
from django.utils.translation import gettext
from ninja import Query, Router
from ninja.responses import Status

from ledger import writes
from ledger.api.auth import WRITERS, Caller, caller_of
from ledger.api.errors import ApiError
from ledger.api.schemas import (
    REQUEST_ID_LENGTH,
    REQUEST_ID_PATTERN,
    ErrorOut,
    FinishIn,
    NewSessionIn,
    RoundIn,
    RoundNumber,
    RoundReplacement,
    SessionOut,
)
from ledger.engine_words import explain
from ledger.json_text import bad_text
from ledger.models import Player, Session
from ledger.players import clean_name, players_by_id, players_named
from ledger.round_checks import check_filled_keys, check_note
from scoring.errors import ScoringError
from scoring.game import rules_of_record

router = Router(tags=["sessions"])
ERRORS = {code: ErrorOut for code in (400, 401, 403, 404, 409, 422)}


def session_json(session: Session) -> dict[str, Any]:
    """Return the API's session object: id, version, the record and its replay, and the
    riichi declared at the table in the hand being played."""
    session = Session.objects.prefetch_related("seats__player", "rounds").get(pk=session.pk)
    return {
        "id": session.pk,
        "version": session.version,
        "record": session.export_record(),
        "state": session.replay(),
        "declared_riichi": sorted(session.riichi),
    }


def _session(pk: int) -> Session:
    session = Session.objects.active().filter(pk=pk).first()
    if session is None:
        raise ApiError(404, "not_found", gettext("There is no session %(pk)s.") % {"pk": pk})
    return session


def _caller(request: HttpRequest) -> Caller:
    caller = caller_of(request)
    if caller is None:  # the authentication classes let nobody through without one
        raise ApiError(401, "unauthorized", gettext("Log in, or send a token."))
    return caller


def _may_record(caller: Caller, session: Session) -> None:
    if not (caller.is_member or caller.holds_link_of(session)):
        raise ApiError(
            403, "forbidden", gettext("Recording needs a club member’s login or the table link.")
        )


def _may_correct(caller: Caller, session: Session) -> None:
    _may_record(caller, session)
    if session.is_finished and not caller.is_member:
        raise ApiError(
            403, "forbidden", gettext("This game is finished: only a club member can change it.")
        )


def _members_only(caller: Caller, message: str) -> None:
    if not caller.is_member:
        raise ApiError(403, "forbidden", message)


def _checked_round(outcome: dict[str, Any]) -> dict[str, Any]:
    if bad_text(outcome):
        raise ApiError(
            422, "bad_text", gettext("Text in a round may hold no NUL and only valid Unicode.")
        )
    try:
        check_filled_keys(outcome)
        check_note(outcome)
    except writes.Refused as error:
        raise ApiError(422, "invalid", error.message) from None
    return outcome


@router.post("/sessions", response={201: SessionOut, **ERRORS}, auth=WRITERS)
def create_session(request: HttpRequest, body: NewSessionIn) -> Status[dict[str, Any]]:
    """Start a session: four players, or three under sanma rules, by name (new names
    become players) or id, East first."""
    caller = _caller(request)
    _members_only(caller, gettext("Starting a session needs a club member’s login."))
    if bad_text([body.players, body.table]):
        raise ApiError(422, "bad_text", gettext(
            "Player names and the table’s label may hold no NUL and only valid Unicode."
        ))  # fmt: skip
    try:
        record = {"players": body.players, "rules": body.rules}
        rules = rules_of_record(record).to_json()
    except ScoringError as error:
        raise ApiError(422, "bad_rules", explain(error)) from None
    asked = body.model_dump(exclude={"request_id"})
    if (earlier := writes.started_by(body.request_id, asked)) is not None:
        return Status(201, session_json(earlier))  # made once: its players too
    with transaction.atomic():  # new players are kept only with the session they start
        players = _players(body.players)
        if body.seating == "draw":
            random.SystemRandom().shuffle(players)
        new = writes.NewSession(players=players, rules=rules, table_name=body.table,
                                request_id=body.request_id, asked=asked)  # fmt: skip
        session = writes.create_session(new, actor=caller.actor)
    return Status(201, session_json(session))


def _players(given: list[str | int]) -> list[Player]:
    names = [item for item in given if isinstance(item, str)]
    if not all(clean_name(name) for name in names):
        raise ApiError(422, "invalid", gettext(
            "Every player needs a name that can be seen: a name of only invisible or control "
            "characters is no name."
        ))  # fmt: skip
    by_id = players_by_id([item for item in given if isinstance(item, int)])
    missing = [str(item) for item in given if isinstance(item, int) and item not in by_id]
    if missing:
        raise ApiError(
            422,
            "unknown_player",
            gettext("There is no player with id %(ids)s.") % {"ids": ", ".join(missing)},
        )
    named = iter(players_named(names))
    players = [by_id[item] if isinstance(item, int) else next(named) for item in given]
    if len({player.pk for player in players}) < len(players):
        raise ApiError(422, "same_player", gettext("The players must be different people."))
    return players


@router.get("/sessions/{int:id}", response={200: SessionOut, **ERRORS})
def read_session(request: HttpRequest, id: int) -> dict[str, Any]:
    """Return a session: its game record (FORMATS.md section 3), its replay and version."""
    return session_json(_session(id))


@router.post("/sessions/{int:id}/rounds", response={201: SessionOut, **ERRORS}, auth=WRITERS)
def record_round(request: HttpRequest, id: int, body: RoundIn) -> Status[dict[str, Any]]:
    """Record the next round. A taken ``expected_number`` or an old ``version`` is a 409."""
    caller, session = _caller(request), _session(id)
    _may_record(caller, session)
    change = writes.record_round(
        id,
        _checked_round(body.round),
        actor=caller.actor,
        expected_number=body.expected_number,
        version=body.version,
        request_id=body.request_id,
    )
    return Status(201, session_json(change.session))


@router.put("/sessions/{int:id}/rounds/{int:n}", response={200: SessionOut, **ERRORS}, auth=WRITERS)
def replace_round(
    request: HttpRequest, id: int, n: RoundNumber, body: RoundReplacement
) -> dict[str, Any]:
    """Replace round ``n``; every later round is replayed."""
    caller, session = _caller(request), _session(id)
    _may_correct(caller, session)
    change = writes.replace_round(
        id,
        n,
        _checked_round(body.round),
        actor=caller.actor,
        version=body.version,
        request_id=body.request_id,
    )
    return session_json(change.session)


@router.delete(
    "/sessions/{int:id}/rounds/{int:n}", response={200: SessionOut, **ERRORS}, auth=WRITERS
)
def delete_round(
    request: HttpRequest,
    id: int,
    n: RoundNumber,
    version: int = Query(..., ge=0, le=2**31, description="the session version it was made from"),
    request_id: str = Query("", max_length=REQUEST_ID_LENGTH, pattern=REQUEST_ID_PATTERN),
) -> dict[str, Any]:
    """Delete round ``n``; later rounds move up and are replayed."""
    caller, session = _caller(request), _session(id)
    _may_correct(caller, session)
    change = writes.delete_round(id, n, actor=caller.actor, version=version, request_id=request_id)
    return session_json(change.session)


@router.post("/sessions/{int:id}/finish", response={200: SessionOut, **ERRORS}, auth=WRITERS)
def finish_session(request: HttpRequest, id: int, body: FinishIn | None = None) -> dict[str, Any]:
    """End the game now: it is settled on the scores as they stand (no body: by
    agreement, from whatever version the session has)."""
    caller, session = _caller(request), _session(id)
    _may_correct(caller, session)
    body = body or FinishIn()
    change = writes.finish_session(
        id,
        actor=caller.actor,
        version=body.version,
        reason=body.reason,
        request_id=body.request_id,
    )
    return session_json(change.session)


@router.delete("/sessions/{int:id}", response={200: SessionOut, **ERRORS}, auth=WRITERS)
def delete_session(
    request: HttpRequest,
    id: int,
    version: int | None = Query(None, ge=0, le=2**31, description="the version it was made from"),
) -> dict[str, Any]:
    """Delete a session (members only); it can be restored for 30 days."""
    caller = _caller(request)
    _members_only(caller, gettext("Only a club member can delete a session."))
    _session(id)
    change = writes.delete_session(id, actor=caller.actor, version=version)
    return session_json(change.session)


@router.post("/sessions/{int:id}/restore", response={200: SessionOut, **ERRORS}, auth=WRITERS)
def restore_session(request: HttpRequest, id: int) -> dict[str, Any]:
    """Restore a deleted session (members only)."""
    caller = _caller(request)
    _members_only(caller, gettext("Only a club member can restore a session."))
    if not Session.objects.filter(pk=id).exists():
        raise ApiError(404, "not_found", gettext("There is no session %(pk)s.") % {"pk": id})
    change = writes.restore_session(id, actor=caller.actor)
    return session_json(change.session)
