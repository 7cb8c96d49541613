"""The table page without a network, on the server's side: the service worker and the
manifest (their types, headers and the content security policy), the queued riichi
(refused when the game moved, never doubled), and what a queued round met meanwhile."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from ledger import writes
from ledger.models import AuditEntry, Session
from tests.factories import create_session, draw

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def _joined(client, session: Session):
    client.get(reverse("join-table", args=[session.token]))
    return client


def test_the_service_worker_is_a_script_allowed_to_control_the_whole_site(client):
    response = client.get("/service-worker.js")

    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]  # a new version is found on the next visit
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert "worker-src 'self'" in response["Content-Security-Policy"]


def test_the_service_worker_keeps_the_table_pages_static_files(client):
    body = client.get(reverse("service-worker")).content.decode()
    config = json.loads(body.split("\n", 1)[0].removeprefix("const CONFIG = ").rstrip(";"))

    assert "/static/ledger/table.js" in config["files"]
    assert "/static/ledger/offline.js" in config["files"]
    assert "/static/django_htmx/htmx-2.min.js" in config["files"]
    assert config["cache"].startswith("ledger-")
    for path in config["files"]:
        assert client.get(path).status_code == 200, path  # every file it caches exists


def test_the_manifest_makes_the_ledger_an_installable_app(client):
    response = client.get(reverse("manifest"))
    manifest = json.loads(response.content)

    assert response["Content-Type"] == "application/manifest+json"
    assert "default-src 'self'" in response["Content-Security-Policy"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200


def test_every_page_links_the_manifest_and_the_worker_without_inline_script(client):
    session = create_session()
    page = _joined(client, session).get(reverse("session-table", args=[session.pk]))
    html = page.content.decode()

    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert '<meta name="service-worker" content="/service-worker.js">' in html
    assert '<script type="module" src="/static/ledger/offline.js">' in html
    assert "<script>" not in html
    assert 'data-record-url="/sessions/' in html  # the queue sends through the page's endpoints
    assert "Offline: showing the table as last seen" in html


def test_a_queued_riichi_is_refused_when_the_game_moved(client):
    session = create_session()
    url = reverse("riichi", args=[session.pk])
    old = session.version
    writes.record_round(session.pk, draw(0), actor=writes.COMMAND)

    data = {"seat": "2", "on": "1", "version": old, "queued": "1", "request_id": "a1"}
    response = _joined(client, session).post(url, data, headers=HTMX)

    assert response.status_code == 409
    assert Session.objects.get(pk=session.pk).riichi == []


def test_a_queued_riichi_sent_twice_is_declared_once(client):
    session = create_session()
    url = reverse("riichi", args=[session.pk])
    data = {"seat": "2", "on": "1", "version": session.version, "queued": "1", "request_id": "b2"}

    first = _joined(client, session).post(url, data, headers=HTMX)
    again = client.post(url, data, headers=HTMX)  # its answer was lost: sent again as it was

    assert (first.status_code, again.status_code) == (200, 200)
    assert Session.objects.get(pk=session.pk).riichi == [2]
    assert AuditEntry.objects.filter(session=session, action="riichi").count() == 1


def test_a_riichi_tapped_on_the_page_still_ignores_an_old_version(client):
    session = create_session()
    old = session.version
    writes.record_round(session.pk, draw(0), actor=writes.COMMAND)
    url = reverse("riichi", args=[session.pk])

    response = _joined(client, session).post(url, {"seat": "1", "on": "1", "version": old},
                                             headers=HTMX)  # fmt: skip

    assert response.status_code == 200
    assert Session.objects.get(pk=session.pk).riichi == [1]


def test_the_changes_since_a_version_name_the_rounds_recorded_meanwhile(client):
    session = create_session()
    seen = session.version
    writes.record_round(session.pk, draw(3), actor=writes.COMMAND)

    answer = client.get(reverse("session-changes", args=[session.pk]), {"since": seen}).json()

    assert answer["version"] == seen + 1
    assert answer["next_number"] == 2
    assert len(answer["changes"]) == 1
    assert "round 1" in answer["changes"][0]
    assert "Dai" in answer["changes"][0]
