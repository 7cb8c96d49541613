"""Two things a player does at the table on a phone: names as the winning tile one the
hand already holds (a tanki or shanpon wait), and opens Draw right after tapping Riichi
under rules where a riichi player found noten commits a chombo."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import launch_chromium
from tests.browser.test_tile_entry import PHONE, Taps, _keys, _open_phone, _start_ron
from tests.factories import create_session

pytestmark = pytest.mark.django_db(transaction=True)
PHONE_SIZE = {"width": PHONE[0], "height": PHONE[1]}


def test_the_winning_tile_of_a_shanpon_wait_is_added_to_the_hand(live_server):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page, errors = _open_phone(browser, live_server, session)
        tap = Taps(page, PHONE)
        entry = _start_ron(page, tap).locator("[data-tile-entry]")
        mode, suit, tiles = _keys(page, tap)
        tiles("1m", "2m", "3m")
        suit("p")
        tiles("4p", "5p", "6p")
        suit("s")
        tiles("7s", "8s", "9s")
        suit("z")
        tiles("1z", "1z", "5z", "5z")  # 13 tiles: waiting on east or haku

        mode("win")
        tiles("5z")  # haku, already held twice

        expect(entry.locator('[data-tile-field="tiles"]')).to_have_value("123m456p789s11555z")
        expect(entry.locator('[data-tile-field="win"]')).to_have_value("5z")
        expect(entry.locator("[data-tile-status]")).to_contain_text("14 of 14 tiles")
        expect(entry.locator("[data-tile-built] .win img")).to_have_count(1)
        expect(page.locator("#preview .payments")).to_have_text("Chen pays Bo 1,300")
        tap(page.locator("#round-form .save"), scroll=True, still=False)
        expect(page.locator(".toast")).to_be_visible()
        assert errors == []
    hand = session.rounds.get().outcome["wins"][0]["hand"]
    assert (hand["hand"], hand["win"]) == ("123m456p789s11555z", "5z")


def test_the_winning_tile_of_a_tanki_on_a_red_five_pair_is_added_as_tapped(live_server):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page, errors = _open_phone(browser, live_server, session)
        tap = Taps(page, PHONE)
        entry = _start_ron(page, tap).locator("[data-tile-entry]")
        mode, suit, tiles = _keys(page, tap)
        tiles("1m", "1m", "1m", "1m", "2m", "3m")  # four 1m: no fifth as the winning tile
        suit("p")
        tiles("0p", "7p", "8p", "9p")
        suit("s")
        tiles("4s", "5s", "6s")  # 13 tiles: waiting on 5p (tanki)

        mode("win")
        expect(page.locator('[data-tile-picker] [data-tile="0p"]')).to_be_disabled()
        suit("m")
        expect(page.locator('[data-tile-picker] [data-tile="1m"]')).to_be_disabled()
        suit("p")
        tiles("5p")

        expect(entry.locator('[data-tile-field="tiles"]')).to_have_value("111123m05789p456s")
        expect(entry.locator('[data-tile-field="win"]')).to_have_value("5p")
        expect(entry.locator("[data-tile-status]")).to_contain_text("14 of 14 tiles")
        assert errors == []


def test_the_chombo_of_a_riichi_player_found_noten_is_offered_as_soon_as_riichi_is_tapped(
    live_server,
):
    session = create_session(rules={"preset": "club"})
    with launch_chromium() as browser:
        page = browser.new_context(viewport=PHONE_SIZE).new_page()
        page.set_default_timeout(5_000)
        page.goto(f"{live_server.url}/join/{session.token}/")
        riichi = page.get_by_role("button", name="Riichi Chen", exact=True)
        draw = page.get_by_role("button", name="Draw", exact=True)
        close = page.get_by_role("link", name="Close", exact=True)
        section = page.get_by_text("Riichi player found noten", exact=True)
        chombo = page.get_by_role("button", name="Chombo by Chen", exact=True)

        riichi.click()
        expect(page.locator("#sticks")).to_have_text("1")
        draw.click()

        expect(section).to_be_visible()
        expect(chombo).to_be_visible()
        expect(page.get_by_role("button", name="Chombo by Dai", exact=True)).to_have_count(0)

        close.click()
        riichi.click()  # taken back
        expect(page.locator("#sticks")).to_have_text("0")
        draw.click()
        expect(section).to_be_hidden()
        expect(chombo).to_be_hidden()

        close.click()
        riichi.click()
        expect(page.locator("#sticks")).to_have_text("1")
        draw.click()
        chombo.click()
        expect(page.locator(".toast")).to_be_visible()
    assert session.rounds.get().outcome == {"result": "chombo", "player": 2}


def test_a_riichi_tapped_on_another_phone_offers_its_chombo_on_an_open_draw(live_server):
    session = create_session(rules={"preset": "club"})
    table = f"{live_server.url}/join/{session.token}/"
    with launch_chromium() as browser:
        first, second = (browser.new_context(viewport=PHONE_SIZE).new_page() for _ in range(2))
        for page in (first, second):
            page.goto(table)
        second.get_by_role("button", name="Draw", exact=True).click()
        chombo = second.get_by_role("button", name="Chombo by Dai", exact=True)
        expect(chombo).to_be_hidden()

        first.get_by_role("button", name="Riichi Dai", exact=True).click()

        expect(second.locator("#sticks")).to_have_text("1", timeout=2_500)  # the 2 s poll
        expect(chombo).to_be_visible()


def test_a_fu_the_new_han_cannot_have_is_not_previewed(live_server):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page, errors = _open_phone(browser, live_server, session, language="zh-hans")
        page.locator('.outcomes button[data-kind="tsumo"]').click()
        tsumo = page.locator('.kind-section[data-kind="tsumo"]')

        def tap(name, value):
            tsumo.locator(f'label:has(> input[name="{name}"][value="{value}"])').click()

        tap("winner", 1)
        tap("han", 2)
        tap("fu", 20)
        expect(page.locator("#preview .payments")).to_contain_text("700")  # 2 han 20 fu

        tap("han", 1)  # 20 fu is pinfu tsumo only: 2 han at least

        expect(tsumo.locator('input[name="fu"][value="20"]')).not_to_be_checked()
        expect(page.locator("#preview")).not_to_contain_text("20")
        expect(page.locator("#preview .errorlist")).to_have_count(0)
        assert errors == []
