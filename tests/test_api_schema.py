"""The API driven from its own OpenAPI document (schemathesis): every operation, with
generated bodies, paths and queries, answers without a 5xx, in its documented shape,
and a rejected request leaves the database as it was."""

from __future__ import annotations

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from django.db.models import Max, Sum
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from ledger.api import api
from ledger.models import ApiToken, AuditEntry, Player, Round, Session
from ledger.wsgi import application
from tests.factories import create_session, create_user, draw

schema = schemathesis.openapi.from_dict(api.get_openapi_schema(path_prefix="/api/v1/"))
CHECKS = [status_code_conformance, content_type_conformance, response_schema_conformance]


@pytest.fixture(autouse=True)
def _connections_stay_open():
    """Keep the test's connection (and transaction) across requests, as Django's test
    client does: the WSGI handler would close it after each request."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture(scope="module")
def club(django_db_setup, django_db_blocker):
    """A member's token and two sessions the generated requests can reach."""
    with django_db_blocker.unblock():
        token = ApiToken.issue(create_user(username="fuzzer"), "schemathesis")[1]
        sessions = [create_session(rounds=[draw(0)]),
                    create_session(names=("E", "F", "G", "H"))]  # fmt: skip
        yield token, [s.pk for s in sessions]
        Session.objects.all().delete()
        Player.objects.all().delete()


def _fingerprint() -> tuple:
    """Return what any stored change would move: counts and the sum of versions."""
    versions = Session.objects.aggregate(total=Sum("version"), top=Max("version"))
    deleted = Session.objects.filter(deleted_at__isnull=False).count()
    return (
        Session.objects.count(), deleted, Round.objects.count(), Player.objects.count(),
        AuditEntry.objects.count(), versions["total"], versions["top"],
        list(Round.objects.order_by("pk").values_list("outcome", flat=True)),
    )  # fmt: skip


@schema.parametrize()
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@pytest.mark.django_db
def test_no_operation_answers_a_server_error_or_changes_anything_it_refuses(case, club):
    token, session_ids = club
    if "id" in (case.path_parameters or {}) and case.operation.path.startswith("/api/v1/sessions"):
        case.path_parameters["id"] = session_ids[hash(str(case.body)) % 2]
    before = _fingerprint()

    response = case.call(app=application, headers={"Authorization": f"Bearer {token}"})

    assert response.status_code < 500, response.text
    case.validate_response(response, checks=CHECKS)
    if response.status_code >= 400:
        assert response.headers["content-type"][0].startswith("application/json"), response.text
        body = response.json()
        assert set(body) <= {"error", "version"} and body["error"]["message"], body
        assert _fingerprint() == before, (case.operation.path, response.text)
