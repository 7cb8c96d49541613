"""A request id answers only for the change it made: a retry gets that change back, and
an id reused for a change of another kind is refused, with nothing stored changed."""

from __future__ import annotations

import pytest

from ledger import writes
from ledger.models import Session
from tests.factories import create_session, draw, ron

ACTOR = writes.COMMAND


def _record(pk, rid):
    return writes.record_round(pk, draw(1), actor=ACTOR, request_id=rid)


def _edit(pk, rid):
    outcome = ron(2, 3)
    return writes.replace_round(pk, 1, outcome, actor=ACTOR, version=None, request_id=rid)


def _delete(pk, rid):
    return writes.delete_round(pk, 1, actor=ACTOR, version=None, request_id=rid)


def _undo(pk, rid):
    return writes.undo_round(pk, actor=ACTOR, version=None, request_id=rid)


def _finish(pk, rid):
    return writes.finish_session(pk, actor=ACTOR, version=None, request_id=rid)


def _riichi(pk, rid):
    return writes.declare_riichi(pk, 2, actor=ACTOR, version=None, request_id=rid)


WRITES = {
    "record": _record,
    "edit": _edit,
    "delete": _delete,
    "undo": _undo,
    "finish": _finish,
    "riichi": _riichi,
}


def _stored(session: Session) -> tuple:
    session.refresh_from_db()
    return session.version, session.outcomes(), session.riichi, session.ended_early


@pytest.mark.django_db
@pytest.mark.parametrize("first", list(WRITES))
@pytest.mark.parametrize("second", list(WRITES))
def test_an_id_answers_its_own_change_and_refuses_another(first, second):
    session = create_session(rounds=[ron(0, 1), draw(2)])
    made = WRITES[first](session.pk, "form-1")
    stored = _stored(session)

    if first == second:
        again = WRITES[second](session.pk, "form-1")
        assert (again.is_new, again.version) == (False, made.version)
    else:
        with pytest.raises(writes.RequestReused, match="sent before for another change"):
            WRITES[second](session.pk, "form-1")
    assert _stored(session) == stored


@pytest.mark.django_db
def test_a_withdrawn_riichi_does_not_answer_for_a_declaration():
    session = create_session(rounds=[ron(0, 1)])
    writes.declare_riichi(session.pk, 2, actor=ACTOR, version=None, request_id="up")
    writes.withdraw_riichi(session.pk, 2, actor=ACTOR, version=None, request_id="down")

    with pytest.raises(writes.RequestReused):
        writes.declare_riichi(session.pk, 2, actor=ACTOR, version=None, request_id="down")
    assert _stored(session)[2] == []


ASKED_AGAIN_OTHERWISE = {  # the same kind of change, asking something else
    "record": lambda pk: writes.record_round(pk, ron(3, 0), actor=ACTOR, request_id="form-1"),
    "edit": lambda pk: writes.replace_round(
        pk, 1, ron(1, 2), actor=ACTOR, version=None, request_id="form-1"
    ),
    "delete": lambda pk: writes.delete_round(pk, 2, actor=ACTOR, version=None, request_id="form-1"),
    "undo": lambda pk: writes.undo_round(
        pk, actor=ACTOR, version=None, number=2, request_id="form-1"
    ),
    "finish": lambda pk: writes.finish_session(
        pk, actor=ACTOR, version=None, reason="time_limit", request_id="form-1"
    ),
    "riichi": lambda pk: writes.declare_riichi(
        pk, 3, actor=ACTOR, version=None, request_id="form-1"
    ),
}


@pytest.mark.django_db
@pytest.mark.parametrize("kind", list(ASKED_AGAIN_OTHERWISE))
def test_an_id_sent_again_asking_another_change_of_its_kind_is_refused(kind):
    session = create_session(rounds=[ron(0, 1), draw(2), draw(3)])
    WRITES[kind](session.pk, "form-1")
    stored = _stored(session)

    with pytest.raises(writes.RequestReused):
        ASKED_AGAIN_OTHERWISE[kind](session.pk)

    assert _stored(session) == stored
