"""Two phones at one table: a round saved on one shows on the other within seconds,
and the other's half-filled form survives."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import launch_chromium
from tests.factories import create_session

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_second_phone_sees_the_new_scores_and_keeps_its_form(live_server):
    session = create_session(rules={"preset": "tenhou"})
    table = f"{live_server.url}/join/{session.token}/"
    with launch_chromium() as browser:
        first = browser.new_context(viewport={"width": 360, "height": 800}).new_page()
        second = browser.new_context(viewport={"width": 360, "height": 800}).new_page()
        first.goto(table)
        second.goto(table)
        second.get_by_role("button", name="Draw").click()
        tenpai = second.locator("fieldset", has_text="Tenpai at the draw")
        tenpai.get_by_label("Chen").check()  # half-filled: a tenpai tick, not saved

        first.get_by_role("button", name="Draw").click()
        first.locator("fieldset", has_text="Tenpai at the draw").get_by_label("Aki").check()
        first.get_by_role("button", name="Save round").click()
        expect(first.locator("#honba")).to_have_text("1")

        expect(second.locator("#honba")).to_have_text("1", timeout=8_000)
        expect(second.locator('li.player[data-seat="0"] .score')).to_have_text("28,000")
        assert tenpai.get_by_label("Chen").is_checked()
