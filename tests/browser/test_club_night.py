"""A club night of 12, at 360×740 and at 1280×720: players check in on the door's page (the
event's QR code), the host draws, three phones join the three tables from the sheet's links
and record their games (a ron, a tsumo, a draw, then each ends its game), each showing the
round's clock; the event's wall and console follow every table live, without a reload, and
show the event's standings after each finished game. Screenshots go to artifacts/."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from clubnights.models import Event
from ledger.models import Session
from tests.browser.conftest import launch_chromium, log_in

pytestmark = pytest.mark.django_db(transaction=True)
SIZES = {"360x740": {"width": 360, "height": 740}, "1280x720": {"width": 1280, "height": 720}}
NAMES = [
    "Aki",
    "Bo",
    "Chen",
    "Dai",
    "Eri",
    "Fumi",
    "Gen",
    "Hana",
    "Ito",
    "Jun",
    "Kei",
    "Linnea Brand Newcomer",
]
LIVE = 15_000  # the wall polls every 2 s; seven pages share two cores under CI


def _fits(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url} scrolls sideways: {width} px"


def _settle(page) -> None:
    expect(page.locator(".htmx-request")).to_have_count(0)


def _ron(phone, winner: str, discarder: str) -> None:
    phone.get_by_role("button", name="Ron", exact=True).click()
    phone.get_by_role("group", name="Winner", exact=True).get_by_role(
        "checkbox", name=winner, exact=True
    ).check(force=True)
    hand = phone.get_by_role("group", name=f"Hand of {winner}", exact=True)
    hand.get_by_role("radio", name="Mangan", exact=True).check(force=True)
    phone.get_by_role("group", name="Discarder", exact=True).get_by_role(
        "radio", name=discarder, exact=True
    ).check(force=True)
    _save(phone)


def _tsumo(phone, winner: str) -> None:
    phone.get_by_role("button", name="Tsumo", exact=True).click()
    phone.get_by_role("group", name="Winner", exact=True).get_by_role(
        "radio", name=winner, exact=True
    ).check(force=True)
    phone.get_by_role("group", name="Hand", exact=True).get_by_role(
        "radio", name="Mangan", exact=True
    ).check(force=True)
    _save(phone)


def _draw(phone, tenpai: str) -> None:
    phone.get_by_role("button", name="Draw", exact=True).click()
    phone.get_by_role("group", name="Tenpai", exact=True).get_by_role(
        "checkbox", name=tenpai, exact=True
    ).check(force=True)
    _save(phone)


def _save(phone) -> None:
    _settle(phone)
    expect(phone.locator("#preview")).to_contain_text(" pay")
    phone.get_by_role("button", name="Save", exact=True).click()
    expect(phone.get_by_role("button", name="Undo", exact=True)).to_be_visible()
    _settle(phone)


@pytest.mark.parametrize("size", SIZES)
def test_a_club_night_of_twelve_on_three_phones(live_server, artifacts, size):
    cache.clear()
    base, viewport = live_server.url, SIZES[size]
    with launch_chromium() as browser:

        def new_page():
            page = browser.new_context(viewport=viewport).new_page()
            page.set_default_timeout(8_000)
            return page

        host = new_page()
        log_in(host, base, username="host")
        host.goto(f"{base}/events/")
        host.get_by_label("Name", exact=True).fill("Friday club night")
        host.get_by_label("Minutes per round (blank: no clock)").fill("90")
        host.get_by_role("button", name="Create the event").click()
        expect(host.get_by_role("heading", name="Friday club night")).to_be_visible()
        _fits(host)
        door_url = host.locator(".table-link .link-text a").get_attribute("href")
        assert host.locator(".table-link svg").count() == 1  # the door's QR code

        door = new_page()
        for name in NAMES:
            door.goto(door_url)
            door.get_by_label("Your name").fill(name)
            door.get_by_role("button", name="Check in").click()
            expect(door.get_by_text(f"{name}, you are checked in.")).to_be_visible()
        _fits(door)
        door.screenshot(path=artifacts / f"event-checkin-{size}.png", full_page=True)

        host.reload()
        expect(host.locator(".event-player")).to_have_count(12)
        host.get_by_role("button", name="Draw the first round").click()
        expect(host.locator(".event-table")).to_have_count(3)
        _fits(host)
        event = Event.objects.get()

        wall = new_page()  # the wall: opened once, never reloaded
        wall.goto(f"{base}/events/{event.pk}/seating/")
        expect(wall.locator(".event-table")).to_have_count(3)
        expect(wall.locator(".event-clock")).to_have_text(re.compile(r"^(89|90):\d\d$"))
        console = new_page()
        script_errors: list[str] = []
        console.on("pageerror", lambda error: script_errors.append(str(error)))
        console.goto(f"{base}/console/?event={event.pk}")
        expect(console.locator(".console-card")).to_have_count(3)
        expect(console.locator(".event-clock").first).to_have_text(re.compile(r"^(89|90):\d\d$"))
        assert script_errors == []  # one clock per table, one timer for them all

        host.goto(f"{base}/events/{event.pk}/sheet/")
        expect(host.locator(".sheet-table svg")).to_have_count(3)
        joins = host.locator(".sheet-table a.join-link")
        phones = []
        for number in range(3):
            phone = new_page()
            phone.on("dialog", lambda dialog: dialog.accept())
            phone.goto(joins.nth(number).get_attribute("href"))
            expect(phone.locator(".event-clock")).to_have_text(re.compile(r"^(89|90):\d\d$"))
            _fits(phone)
            phones.append(phone)
        phones[0].screenshot(path=artifacts / f"event-table-clock-{size}.png")

        sessions = sorted(Session.objects.all(), key=lambda s: s.event_table.number)
        names = [[player.name for player in session.players()] for session in sessions]
        _ron(phones[0], names[0][1], names[0][2])  # a mangan ron: 8,000
        _tsumo(phones[1], names[1][0])  # the dealer's mangan tsumo: 4,000 all
        _draw(phones[2], names[2][3])  # one tenpai: 3,000 to them

        tables = wall.locator(".event-table")
        expect(tables.nth(0)).to_contain_text("33,000", timeout=LIVE)
        expect(tables.nth(0)).to_contain_text("17,000")
        expect(tables.nth(1)).to_contain_text("37,000", timeout=LIVE)
        expect(tables.nth(1)).to_contain_text("Honba 1")
        expect(tables.nth(2)).to_contain_text("28,000", timeout=LIVE)
        expect(console.locator(".console-card").nth(0)).to_contain_text("33,000", timeout=LIVE)
        _fits(wall)
        lines = wall.locator(".live-seats .num").evaluate_all(
            "scores => scores.map(s => { const r = document.createRange();"
            " r.selectNodeContents(s); return r.getClientRects().length; })"
        )
        assert set(lines) == {1}, lines  # a score never wraps (a long name is cut instead)
        wall.screenshot(path=artifacts / f"event-wall-playing-{size}.png", full_page=True)

        for done, phone in enumerate(phones, start=1):
            phone.get_by_role("button", name="End the game").click()
            expect(phone.locator(".final")).to_be_visible()
            expect(wall.locator(".event-table.is-over")).to_have_count(done, timeout=LIVE)
            expect(console.locator(".console-card")).to_have_count(3 - done, timeout=LIVE)
            played = wall.locator("#event-standings tbody td:nth-child(3)", has_text="1")
            expect(played).to_have_count(4 * done, timeout=LIVE)
        expect(console.locator("#event-standings tbody tr")).to_have_count(12)
        expect(console.locator("#event-standings td.num.gain")).not_to_have_count(0)
        top = wall.locator("#event-standings tbody tr").first
        expect(top).to_contain_text(names[1][0])  # 37,000 after the dealer's tsumo
        _fits(wall)
        _fits(console)
        wall.screenshot(path=artifacts / f"event-wall-{size}.png", full_page=True)
        console.screenshot(path=artifacts / f"event-console-{size}.png", full_page=True)

        host.goto(f"{base}/events/{event.pk}/")
        expect(host.locator("#event-standings tbody tr")).to_have_count(12)
        _fits(host)
        host.screenshot(path=artifacts / f"event-page-{size}.png", full_page=True)
