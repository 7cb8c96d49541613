"""A club night of 12 on phones (360×740): players check in on the door's page, the host
draws, a phone joins table 1 from the sheet's link and records its game, and the event's
standings show it; the console shows the event at 1280×800. Screenshots go to artifacts/."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from clubnights.models import Event
from tests.browser.conftest import launch_chromium, log_in

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 360, "height": 740}
WALL = {"width": 1280, "height": 800}
NAMES = ["Aki", "Bo", "Chen", "Dai", "Eri", "Fumi", "Gen", "Hana", "Ito", "Jun", "Kei", "Lin"]


def _fits(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url} scrolls sideways: {width} px"


def test_a_club_night_of_twelve_from_check_in_to_standings(live_server, artifacts):
    cache.clear()
    base = live_server.url
    with launch_chromium() as browser:
        host = browser.new_context(viewport=PHONE).new_page()
        host.set_default_timeout(8_000)
        log_in(host, base, username="host")
        host.goto(f"{base}/events/")
        host.get_by_label("Name", exact=True).fill("Friday club night")
        host.get_by_label("Minutes per round (blank: no clock)").fill("90")
        host.get_by_role("button", name="Create the event").click()
        expect(host.get_by_role("heading", name="Friday club night")).to_be_visible()
        _fits(host)
        door_url = host.locator(".table-link .link-text a").get_attribute("href")
        assert host.locator(".table-link svg").count() == 1  # the door's QR code

        door = browser.new_context(viewport=PHONE).new_page()
        for name in NAMES:
            door.goto(door_url)
            door.get_by_label("Your name").fill(name)
            door.get_by_role("button", name="Check in").click()
            expect(door.get_by_text(f"{name}, you are checked in.")).to_be_visible()
        _fits(door)
        door.screenshot(path=artifacts / "event-checkin-360.png", full_page=True)

        host.reload()
        expect(host.locator(".event-player")).to_have_count(12)
        host.get_by_role("button", name="Draw the first round").click()
        expect(host.locator(".event-table")).to_have_count(3)
        _fits(host)
        host.screenshot(path=artifacts / "event-seating-360.png", full_page=True)

        event = Event.objects.get()
        host.goto(f"{base}/events/{event.pk}/sheet/")
        expect(host.locator(".sheet-table svg")).to_have_count(3)
        join = host.locator(".sheet-table").first.locator("a.join-link").get_attribute("href")

        phone = browser.new_context(viewport=PHONE).new_page()
        phone.set_default_timeout(8_000)
        phone.on("dialog", lambda dialog: dialog.accept())
        phone.goto(join)
        expect(phone.locator(".event-clock")).to_be_visible()
        expect(phone.locator(".event-clock")).to_have_text(re.compile(r"^(89|90):\d\d$"))
        _fits(phone)
        phone.screenshot(path=artifacts / "event-table-clock-360.png")
        phone.get_by_role("button", name="Draw", exact=True).click()
        tenpai = phone.get_by_role("group", name="Tenpai")
        tenpai.get_by_role("checkbox").first.check()
        phone.get_by_role("button", name="Save", exact=True).click()
        expect(phone.locator("#honba")).to_have_text("1")
        phone.get_by_role("button", name="End the game").click()
        expect(phone.locator(".final")).to_be_visible()

        host.goto(f"{base}/events/{event.pk}/")
        standings = host.locator("#event-standings")
        expect(standings.locator("tbody tr")).to_have_count(12)
        expect(standings.locator("td.num.gain")).not_to_have_count(0)
        _fits(host)
        host.screenshot(path=artifacts / "event-page-360.png", full_page=True)

        wall = browser.new_context(viewport=WALL).new_page()
        wall.goto(f"{base}/console/?event={event.pk}")
        expect(wall.locator(".console-card")).to_have_count(2)
        expect(wall.locator("#event-standings tbody tr")).to_have_count(12)
        _fits(wall)
        wall.screenshot(path=artifacts / "event-console-1280.png", full_page=True)
        wall.goto(f"{base}/events/{event.pk}/seating/")
        wall.screenshot(path=artifacts / "event-seating-1280.png", full_page=True)
        wall.goto(f"{base}/events/{event.pk}/")
        wall.screenshot(path=artifacts / "event-page-1280.png", full_page=True)
