"""The engine in the browser, in Chromium at 360 x 740: offline, the scores on the table and
the payment preview come from the scoring package itself (Pyodide, from our own static
files), with the rounds not yet sent; they match what the server counts once the rounds
are sent. Undo and End the game wait for the network."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from ledger.models import Session
from ledger.tables import payment_lines
from tests.browser.conftest import launch_chromium
from tests.browser.test_offline import _open as open_offline
from tests.factories import create_session

pytestmark = pytest.mark.django_db(transaction=True)

HTMX_BUSY = ".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added"
ENGINE_KEPT = """() => caches.keys().then(async (names) => {
  const name = names.find((n) => n.startsWith('ledger-engine-'));
  if (!name) return false;
  return (await (await caches.open(name)).keys()).length === 5;
})"""


def _open(browser: Any, url: str) -> Page:
    """Open the table as test_offline does, then wait for the engine kept in the background."""
    page = open_offline(browser, url)
    _wait_until(page, ENGINE_KEPT, seconds=60)
    return page


def _wait_until(page: Page, predicate: str, *, seconds: float) -> None:
    """Wait for an async predicate (wait_for_function takes a promise for true)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(predicate):
        assert time.monotonic() < deadline, f"still false after {seconds} s: {predicate}"
        page.wait_for_timeout(200)


def _go_offline(page: Page) -> None:
    page.context.set_offline(True)
    page.wait_for_function("() => !navigator.onLine")
    page.wait_for_timeout(300)


def _group(page: Page, name: str) -> Any:
    return page.get_by_role("group", name=name, exact=True)


def _enter_ron(page: Page) -> None:
    """Aki wins 3 han 30 fu off Bo (the riichi Chen declared is on the table)."""
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    page.get_by_role("button", name="Ron", exact=True).click()
    _group(page, "Winner").get_by_role("checkbox", name="Aki", exact=True).check()
    hand = _group(page, "Hand of Aki")
    hand.get_by_role("radio", name="3 han", exact=True).check()
    hand.get_by_role("radio", name="30 fu", exact=True).check()
    _group(page, "Discarder").get_by_role("radio", name="Bo", exact=True).check()


def _enter_tsumo(page: Page) -> None:
    """Dai wins a mangan by tsumo."""
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    page.get_by_role("button", name="Tsumo", exact=True).click()
    _group(page, "Winner").get_by_role("radio", name="Dai", exact=True).check()
    _group(page, "Hand").get_by_role("radio", name="Mangan", exact=True).check()


def _payments(page: Page) -> str:
    payments = page.locator("#preview .payments")
    expect(payments).to_contain_text(" pay")
    return " ".join(payments.inner_text().split())


def _scores(page: Page) -> list[int]:
    return [
        int(page.locator(f".seat[data-seat='{seat}'] .points").get_attribute("data-score") or "")
        for seat in range(4)
    ]


def test_offline_the_engine_counts_the_queued_rounds_as_the_server_does(live_server, artifacts):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page = _open(browser, f"{live_server.url}/join/{session.token}/")
        page.get_by_role("button", name="Riichi Chen", exact=True).click()
        expect(page.locator(".seat[data-seat='2'] .points")).to_have_text("24,000")
        _enter_ron(page)
        online_preview = _payments(page)  # the server's words
        expect(page.locator(HTMX_BUSY)).to_have_count(0)

        _go_offline(page)
        hand = _group(page, "Hand of Aki")  # the same round again, previewed offline
        hand.get_by_role("radio", name="40 fu", exact=True).check()
        # the engine loads on going offline (a few seconds of a busy page on this machine)
        expect(page.locator("#preview")).to_contain_text("Counted on this phone", timeout=30_000)
        hand.get_by_role("radio", name="30 fu", exact=True).check()
        expect(page.locator("#preview .payments")).to_have_text(online_preview)
        page.get_by_role("button", name="Save", exact=True).click()
        _enter_tsumo(page)
        expect(page.locator("#preview")).to_contain_text("Counted on this phone")
        offline_tsumo = _payments(page)
        page.get_by_role("button", name="Save", exact=True).click()
        expect(page.locator(HTMX_BUSY)).to_have_count(0)
        page.get_by_role("button", name="Draw", exact=True).click()  # all noten: not saved
        expect(page.locator("#preview .payments")).to_have_text("Nobody pays.")  # QA: blank

        expect(page.locator(".queue-items li")).to_have_count(2)
        expect(page.locator(".unsent-scores")).to_be_visible()
        expect(page.locator(".seat .points.unsent")).to_have_count(4)
        counted = _scores(page)
        expect(page.locator("#round-label")).to_have_text("East 2")
        expect(page.locator(".seat.is-dealer")).to_have_attribute("data-seat", "1")
        expect(page.locator(".seat.in-riichi")).to_have_count(0)
        expect(page.locator(".centre .riichi-stick")).to_have_count(0)  # Chen's, won by Aki
        page.screenshot(path=artifacts / "offline-engine-scores.png", full_page=True)

        page.context.set_offline(False)
        expect(page.locator(".queue")).to_be_hidden(timeout=10_000)
        expect(page.locator("#table")).to_have_attribute("data-rounds", "2")
        expect(page.locator(".seat .points.unsent")).to_have_count(0)
        shown_after = _scores(page)

    saved = Session.objects.get(pk=session.pk)
    game = saved.game()
    assert counted == list(game.state.scores) == shown_after
    names = [player.name for player in saved.players()]
    with translation.override("en"):  # the page's language
        assert offline_tsumo == " · ".join(payment_lines(game.rounds[1], names))
    assert saved.outcomes()[0]["riichi"] == [2]


def test_undo_and_end_the_game_wait_for_the_network(live_server):
    session = create_session(
        rules={"preset": "tenhou"}, rounds=[{"result": "draw", "tenpai": [0], "riichi": []}]
    )
    with launch_chromium() as browser:
        page = _open(browser, f"{live_server.url}/join/{session.token}/")
        _go_offline(page)
        page.get_by_role("button", name="Undo last round", exact=True).click()
        expect(page.get_by_role("alert")).to_contain_text(
            "Undo, Put it back and End the game need the network"
        )
        assert Session.objects.get(pk=session.pk).rounds.count() == 1


def _enter_tiles_tsumo(page: Page) -> None:
    """Bo wins by tsumo with 234m 406p 789s 22z and a pon of chun, on 2z; dora indicator 1m
    (typed into the Tiles panel)."""
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    page.get_by_role("button", name="Tsumo", exact=True).click()
    section = page.locator('.kind-section[data-kind="tsumo"]')
    _group(page, "Winner").get_by_role("radio", name="Bo", exact=True).check()
    section.locator("details.extra.tiles > summary").click()
    entry = section.locator("[data-tile-entry]")
    if entry.locator("[data-tile-typed]").get_attribute("open") is None:
        entry.locator("[data-tile-typed] > summary").click()
    for field, value in [("tiles", "234m406p789s22z"), ("win", "2z"), ("melds", "pon 777z"),
                         ("dora", "1m")]:  # fmt: skip
        entry.locator(f'[data-tile-field="{field}"]').fill(value)


def _enter_checklist_tsumo(page: Page) -> None:
    """Chen wins a riichi pinfu tsumo (riichi ticked on the checklist), with one dora."""
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    page.get_by_role("button", name="Tsumo", exact=True).click()
    section = page.locator('.kind-section[data-kind="tsumo"]')
    _group(page, "Winner").get_by_role("radio", name="Chen", exact=True).check()
    panel = section.locator("details.extra.yaku")
    panel.locator("> summary").click()
    checklist = panel.locator("[data-checklist]")
    for yaku in ("riichi", "pinfu"):
        checklist.locator(f'input[value="{yaku}"] + span').click()
    checklist.get_by_role("button", name="Dora: one more").click()


def test_offline_the_engine_counts_hands_given_by_tiles_and_by_yaku(live_server, artifacts):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page = _open(browser, f"{live_server.url}/join/{session.token}/")
        _go_offline(page)
        previews = []
        # 3 han 30 fu (yakuhai, dora, aka), then 4 han 20 fu: the preview of the last tap
        entered = [
            (_enter_tiles_tsumo, "Aki pays Bo 2,000"),
            (_enter_checklist_tsumo, "Bo pays Chen 2,600"),
        ]
        for enter, payment in entered:
            enter(page)
            expect(page.locator("#preview")).to_contain_text(
                "Counted on this phone", timeout=30_000
            )
            expect(page.locator("#preview .payments")).to_contain_text(payment)
            previews.append(_payments(page))
            page.get_by_role("button", name="Save", exact=True).click()

        expect(page.locator(".queue-items li")).to_have_count(2)
        expect(page.locator(".seat .points.unsent")).to_have_count(4)
        expect(page.locator(".unsent-scores .partial")).to_be_hidden()  # both counted here
        expect(page.locator("#table")).to_have_attribute("data-unsent", "2")
        counted = _scores(page)
        page.screenshot(path=artifacts / "offline-engine-tiles-and-yaku.png", full_page=True)

        page.context.set_offline(False)
        expect(page.locator(".queue")).to_be_hidden(timeout=10_000)
        expect(page.locator("#table")).to_have_attribute("data-rounds", "2")
        shown_after = _scores(page)

    saved = Session.objects.get(pk=session.pk)
    game = saved.game()
    outcomes = saved.outcomes()
    assert "hand" in outcomes[0] and outcomes[1]["yaku"] == ["riichi", "menzen_tsumo", "pinfu"]
    assert outcomes[1]["riichi"] == [2]
    assert counted == list(game.state.scores) == shown_after
    names = [player.name for player in saved.players()]
    with translation.override("en"):
        assert previews == [" · ".join(payment_lines(r, names)) for r in game.rounds]
