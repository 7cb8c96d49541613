"""Two phones and a console at one table: what one phone does shows on the others (within
two seconds: bench.table measures it), and a form half filled on the second phone follows
the game without losing what was ticked."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import launch_chromium
from tests.factories import create_session

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 360, "height": 740}
WITHIN = 10_000  # ms: a few 2 s polls (bench.table measures how soon: this only waits)


def _seat_score(page, seat: int):
    return page.locator(f".seat[data-seat='{seat}'] .points")


def test_riichi_on_one_phone_shows_on_the_other_and_on_the_console(live_server):
    session = create_session(rules={"preset": "tenhou"})
    table = f"{live_server.url}/join/{session.token}/"
    with launch_chromium() as browser:
        first, second = (browser.new_context(viewport=PHONE).new_page() for _ in range(2))
        console = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        for page in (first, second):
            page.goto(table)
        console.goto(f"{live_server.url}/sessions/{session.pk}/console/")

        first.get_by_role("button", name="Riichi Chen", exact=True).click()

        expect(first.locator("#sticks")).to_have_text("1")
        expect(second.locator("#sticks")).to_have_text("1", timeout=WITHIN)
        expect(_seat_score(second, 2)).to_have_text("24,000")
        expect(second.get_by_role("button", name="Riichi Chen")).to_have_attribute(
            "aria-pressed", "true"
        )
        expect(console.locator("#sticks")).to_have_text("1", timeout=WITHIN)
        expect(console.locator(".seat[data-seat='2'] .riichi-mark")).to_be_visible()


def test_a_round_saved_on_one_phone_moves_the_others_form_to_the_next_round(live_server):
    session = create_session(rules={"preset": "tenhou"})
    table = f"{live_server.url}/join/{session.token}/"
    with launch_chromium() as browser:
        first, second = (browser.new_context(viewport=PHONE).new_page() for _ in range(2))
        for page in (first, second):
            page.goto(table)
        second.get_by_role("button", name="Draw", exact=True).click()
        second.get_by_role("group", name="Tenpai").get_by_role("checkbox", name="Chen").check()

        first.get_by_role("button", name="Draw", exact=True).click()
        first.get_by_role("group", name="Tenpai").get_by_role("checkbox", name="Aki").check()
        first.get_by_role("button", name="Save", exact=True).click()
        expect(first.locator("#honba")).to_have_text("1")

        expect(second.locator("#honba")).to_have_text("1", timeout=WITHIN)
        expect(second.locator(".moved")).to_be_visible()
        expect(second.locator('input[name="expected_number"]')).to_have_value("2")
        assert (
            second.get_by_role("group", name="Tenpai")
            .get_by_role("checkbox", name="Chen")
            .is_checked()
        )
        asked = []
        second.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
        second.get_by_role("button", name="Save", exact=True).click()  # the other may have saved it
        second.wait_for_timeout(300)
        assert asked and "Another phone changed the game" in asked[0]
        assert session.rounds.count() == 1
        second.once("dialog", lambda dialog: dialog.accept())
        second.get_by_role("button", name="Save", exact=True).click()  # saved against round 2
        expect(second.locator("#table")).to_have_attribute("data-rounds", "2")


def test_the_console_follows_the_game(live_server):
    session = create_session(rules={"preset": "tenhou"}, names=("Eri", "Fumi", "Gen", "Hana"))
    with launch_chromium() as browser:
        phone = browser.new_context(viewport=PHONE).new_page()
        wall = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
        phone.goto(f"{live_server.url}/join/{session.token}/")
        wall.goto(f"{live_server.url}/console/")
        console = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        console.goto(f"{live_server.url}/sessions/{session.pk}/console/")

        phone.get_by_role("button", name="Ron", exact=True).click()
        phone.get_by_role("group", name="Winner").get_by_role("checkbox", name="Fumi").check()
        phone.get_by_role("group", name="Hand of Fumi").get_by_role("radio", name="Mangan").check()
        phone.get_by_role("group", name="Discarder").get_by_role("radio", name="Gen").check()
        phone.get_by_role("button", name="Save", exact=True).click()

        expect(console.locator("#round-label")).to_have_text("East 2", timeout=WITHIN)
        expect(console.locator(".seat[data-seat='1'] .points")).to_have_text("33,000")
        expect(console.locator(".last-round")).to_contain_text("Ron: Fumi (mangan) from Gen")
        expect(wall.locator(".console-card")).to_contain_text("33,000", timeout=WITHIN)
