"""A correction refused because the game changed meanwhile says so on the edit page, and
keeps saying so once the page's own preview has come back."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from ledger import writes
from tests.browser.conftest import log_in
from tests.factories import create_session, draw, ron

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_correction_made_stale_by_another_phone_stays_refused_in_words(live_server, open_page):
    session = create_session(rounds=[ron(0, 1), draw(2)])
    page = open_page()
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/sessions/{session.pk}/rounds/2/edit/")
    expect(page.locator("#preview")).to_contain_text("pay")
    writes.record_round(session.pk, draw(1), actor=writes.COMMAND)  # another phone

    page.get_by_role("group", name="Tenpai", exact=True).get_by_role(
        "checkbox", name="Dai", exact=True
    ).check(force=True)
    page.get_by_role("button", name="Save changes").click()

    refusal = page.locator("form .errorlist").first
    expect(refusal).to_contain_text("Nothing was saved")
    expect(page.locator("#preview")).to_contain_text("pay")  # the preview has come back
    page.wait_for_timeout(500)
    expect(refusal).to_be_visible()
    assert session.rounds.get(number=2).outcome == draw(2)
