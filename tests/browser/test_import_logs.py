"""Importing online games in Chromium on a phone: upload two logs, choose a club player
for an online name on the confirmation page, and land on the imported sessions; the
pages fit 360 px and pass the Content-Security-Policy (screenshots in artifacts/)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from ledger.models import OnlineName, Player, Session
from tests.browser.conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)
SAMPLES = Path(__file__).resolve().parents[1] / "data" / "logs" / "samples"
GAME_ID = "2019021004gm-00a9-0000-e2f6516d"
SIZES = [(360, 740), (1280, 800)]


def _fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def _shoot(page, artifacts, name):
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        assert _fits(page), f"{name} is wider than {width} px"
        page.screenshot(path=artifacts / f"{name}-{width}x{height}.png", full_page=True)
    page.set_viewport_size({"width": 360, "height": 740})


def test_a_member_uploads_logs_maps_a_name_and_gets_the_sessions(live_server, open_page, artifacts):
    page = open_page()
    refusals: list[str] = []
    page.on("console", lambda m: refusals.append(m.text) if "Content Security" in m.text else None)
    Player.objects.create(name="Kawamura")
    log_in(page, live_server.url)

    page.goto(f"{live_server.url}/sessions/import/")
    page.get_by_role("link", name="Import games played online").click()
    expect(page.get_by_role("heading", name="Import online games")).to_be_visible()
    page.get_by_label("Game logs").set_input_files(
        [SAMPLES / f"{GAME_ID}.xml", SAMPLES / "tenhou-pao.xml"]
    )
    _shoot(page, artifacts, "log-import")
    page.get_by_role("button", name="Read the logs").click()

    expect(page.get_by_role("heading", name="Who played?")).to_be_visible()
    assert not Session.objects.exists()  # nothing written before the names are confirmed
    choice = page.get_by_label("鬼ヅモ@川村軍団")
    expect(choice).to_have_value("guest")
    choice.select_option(label="Kawamura")
    _shoot(page, artifacts, "log-import-confirm")
    page.get_by_role("button", name="Import 2 games").click()

    expect(page.get_by_text("Imported 2 games.")).to_be_visible()
    sessions = list(Session.objects.order_by("started_at"))
    assert len(sessions) == 2
    phoenix = next(s for s in sessions if s.source_id == GAME_ID)
    assert phoenix.players()[0].name == "Kawamura" and phoenix.is_finished
    assert OnlineName.objects.get(name="鬼ヅモ@川村軍団").player.name == "Kawamura"
    page.goto(f"{live_server.url}{phoenix.get_absolute_url()}")
    expect(page.get_by_text("Kawamura").first).to_be_visible()

    page.goto(f"{live_server.url}/sessions/import/logs/")  # the same log again
    page.get_by_label("Game logs").set_input_files([SAMPLES / f"{GAME_ID}.tenhou6.json"])
    page.get_by_role("button", name="Read the logs").click()
    expect(page.get_by_role("alert")).to_contain_text(
        f"this game was already imported as session {phoenix.pk}."
    )
    page.get_by_role("link", name=f"Open session {phoenix.pk}").click()
    expect(page).to_have_url(f"{live_server.url}{phoenix.get_absolute_url()}")
    assert Session.objects.count() == 2
    assert refusals == []
