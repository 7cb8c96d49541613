"""A phone at the table follows what the other phones do: the buttons under the round
form (Undo, End the game) come and go with the rounds, a game ended elsewhere closes the
form, a correction elsewhere reprices the round being entered, and a refused tap says why
at the top of the page instead of replacing the table with an error page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from ledger import writes
from tests.browser.conftest import launch_chromium
from tests.factories import create_session, draw

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 360, "height": 740}
WITHIN = 10_000  # ms: a few 2 s polls (bench.table measures how soon: this only waits)


def _phone(browser, live_server, session):
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{live_server.url}/join/{session.token}/")
    return page


def test_rounds_saved_elsewhere_bring_undo_and_end_and_an_ended_game_closes_the_form(
    live_server,
):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        phone = _phone(browser, live_server, session)
        actions = phone.locator("#table-actions")
        expect(actions.get_by_role("button", name="Undo last round")).to_have_count(0)

        writes.record_round(session.pk, draw(0), actor=writes.COMMAND)  # another phone
        undo = actions.get_by_role("button", name="Undo last round")
        expect(undo).to_be_visible(timeout=WITHIN)
        session.refresh_from_db()
        end_version = actions.locator("form[action$='/end/'] input[name='version']")
        expect(end_version).to_have_value(str(session.version))

        writes.finish_session(session.pk, actor=writes.COMMAND, version=None)
        expect(phone.get_by_role("heading", name="Game over")).to_be_visible(timeout=WITHIN)
        expect(phone.get_by_role("button", name="Ron", exact=True)).to_have_count(0)
        expect(phone.get_by_role("button", name="End the game")).to_have_count(0)


def test_a_correction_elsewhere_reprices_the_round_being_entered(live_server):
    session = create_session(rules={"preset": "tenhou"}, rounds=[draw(0)])  # Aki stays dealer
    with launch_chromium() as browser:
        phone = _phone(browser, live_server, session)
        phone.get_by_role("button", name="Ron", exact=True).click()
        phone.get_by_role("group", name="Winner").get_by_role("checkbox", name="Bo").check()
        hand = phone.get_by_role("group", name="Hand of Bo")
        hand.get_by_role("radio", name="3 han", exact=True).check()
        hand.get_by_role("radio", name="30 fu", exact=True).check()
        phone.get_by_role("group", name="Discarder").get_by_role("radio", name="Dai").check()
        expect(phone.locator("#preview")).to_contain_text("Dai pays Bo 4,200")  # 3,900 + 1 honba

        # Aki was noten after all: Bo deals the round being entered, and is paid as dealer.
        writes.replace_round(session.pk, 1, draw(1), actor=writes.COMMAND, version=None)
        expect(phone.locator("#preview")).to_contain_text("Dai pays Bo 6,100", timeout=WITHIN)
        phone.get_by_role("button", name="Save", exact=True).click()
        expect(phone.locator("#table")).to_have_attribute("data-rounds", "2")
        assert session.rounds.get(number=2).deltas == [0, 6_100, 0, -6_100]


def test_a_tap_on_a_deleted_game_says_so_above_the_table(live_server):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        phone = _phone(browser, live_server, session)
        writes.delete_session(session.pk, actor=writes.COMMAND)  # a member, elsewhere
        phone.get_by_role("button", name="Riichi Chen", exact=True).click()
        expect(phone.locator("#page-notice")).to_contain_text("This game was deleted")
        expect(phone.locator("#table")).to_be_visible()
        expect(phone.get_by_role("heading", name="Not found")).to_have_count(0)


def test_a_table_link_phone_that_ends_the_game_is_offered_no_undo_it_may_not_use(live_server):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        phone = _phone(browser, live_server, session)
        phone.get_by_role("button", name="Ron", exact=True).click()
        phone.get_by_role("group", name="Winner").get_by_role("checkbox", name="Bo").check()
        phone.get_by_role("group", name="Hand of Bo").get_by_role("radio", name="Yakuman").check()
        phone.get_by_role("group", name="Discarder").get_by_role("radio", name="Dai").check()
        phone.get_by_role("button", name="Save", exact=True).click()  # Dai is below zero

        expect(phone.get_by_role("heading", name="Game over")).to_be_visible()
        expect(phone.locator(".toast")).to_contain_text("Round 1 saved")
        expect(phone.locator(".toast form[action$='/undo/']")).to_have_count(0)
        expect(phone.locator("#table-actions form[action$='/undo/']")).to_have_count(0)
