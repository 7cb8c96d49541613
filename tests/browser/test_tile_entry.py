"""A hand entered as tiles on a phone: the preview follows the typing, and taps on the
tile picker, without leaving the field."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import launch_chromium
from tests.factories import create_session

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_preview_follows_tiles_as_they_are_typed_and_tapped(live_server):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page = browser.new_context(viewport={"width": 360, "height": 800}).new_page()
        page.set_default_timeout(5_000)
        page.goto(f"{live_server.url}/join/{session.token}/")
        ron = page.get_by_role("button", name="Ron", exact=True)
        ron.click()
        # The Ron form replaces the round form (Ron is already the current tab, so its
        # aria-current says nothing); until it lands the old form's fields are
        # disabled, and the tick below waits for the new one.
        expect(ron).to_have_attribute("aria-current", "true")
        page.get_by_label("Bo wins", exact=True).check()
        page.get_by_role("group", name="Dealt in (discarder)").get_by_label("Chen").check()
        bo = page.locator(".tile-entry").nth(1)
        bo.locator("summary").click()

        # Typed, focus still in the field: 2z pair, chun pon, one red five, 1 han 30 fu
        # plus aka: 2 han 30 fu from Chen, 2,000; the preview names the yaku.
        page.get_by_label("Winning tile of Bo").press_sequentially("2z")
        page.get_by_label("Melds of Bo").press_sequentially("pon 777z")
        tiles = page.get_by_label("Concealed tiles of Bo (with the winning tile)")
        tiles.press_sequentially("234m406p789s22")
        expect(page.locator("#preview")).to_contain_text("digits without a suit letter")
        tiles.press_sequentially("z")
        expect(tiles).to_be_focused()
        expect(page.locator("#preview p")).to_have_text(
            [
                "Preview: Aki 0; Bo +2,000; Chen −2,000; Dai 0",
                "Bo: 2 han 30 fu: Yakuhai: chun, dora 1",
            ]
        )

        # The picker's backspace and a tap: the winning tile is now 2z again after 2p.
        win = page.get_by_label("Winning tile of Bo")
        win.focus()
        bo.locator("[data-tile-back]").click()
        expect(page.locator("#preview")).to_have_text("Enter the winning tile of Bo.")
        bo.locator("[data-tile='2z']").click()
        expect(page.locator("#preview p")).to_have_text(
            [
                "Preview: Aki 0; Bo +2,000; Chen −2,000; Dai 0",
                "Bo: 2 han 30 fu: Yakuhai: chun, dora 1",
            ]
        )
