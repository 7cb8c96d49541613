"""The table page without a network, in Chromium at 360 x 740: it opens from the service
worker's copy, rounds and riichi recorded offline wait in a queue that survives a
reload, and the queue is sent when the network is back; a conflict with a round that
another phone recorded meanwhile waits for the players' tap, and every round ends up
recorded exactly once."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from ledger import writes
from ledger.models import Session
from tests.browser.conftest import PHONE, launch_chromium
from tests.factories import create_session, draw

pytestmark = pytest.mark.django_db(transaction=True)

HTMX_BUSY = ".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added"


def _open(browser: Any, url: str) -> Page:
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(8_000)
    page = context.new_page()
    page.goto(url)
    # The first visit installs the service worker, which then keeps a copy of this page.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_function(
        "() => caches.open('ledger-pages').then(c => c.match(location.pathname)).then(Boolean)"
    )
    return page


def _go_offline(page: Page) -> None:
    page.context.set_offline(True)
    page.wait_for_function("() => !navigator.onLine")
    page.wait_for_timeout(300)  # Chromium takes a moment to take the service worker offline too


def _go_online(page: Page) -> None:
    page.context.set_offline(False)
    page.wait_for_function("() => navigator.onLine")


def _record_draw(page: Page, *tenpai: str) -> None:
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    page.get_by_role("button", name="Draw", exact=True).click()
    group = page.get_by_role("group", name="Tenpai")
    for name in tenpai:
        group.get_by_role("checkbox", name=name).check()
    page.get_by_role("button", name="Save", exact=True).click()


def _outcomes(session: Session) -> list[dict[str, Any]]:
    return Session.objects.get(pk=session.pk).outcomes()


def _fits(page: Page) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_table_page_opens_offline_after_a_first_visit(live_server, artifacts):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page = _open(browser, f"{live_server.url}/join/{session.token}/")
        _go_offline(page)
        page.reload()
        expect(page.get_by_text("Offline: showing the table as last seen")).to_be_visible()
        expect(page.locator(".seat[data-seat='0'] .points")).to_have_text("25,000")
        expect(page.locator("#round-label")).to_have_text("East 1")
        _fits(page)
        page.screenshot(path=artifacts / "offline-banner.png")

        page.goto(f"{live_server.url}/join/{session.token}/")  # the link itself, offline
        expect(page.get_by_text("Offline: showing the table as last seen")).to_be_visible()

        writes.record_round(session.pk, draw(3), actor=writes.COMMAND)  # another phone
        _go_online(page)
        expect(page.locator(".offline-banner")).to_be_hidden(timeout=7_000)
        expect(page.locator("#table")).to_have_attribute("data-rounds", "1")  # live again
        expect(page.locator("#honba")).to_have_text("1")


def test_chromium_finds_the_ledger_installable(live_server):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page = _open(browser, f"{live_server.url}/join/{session.token}/")
        cdp = page.context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        # Playwright's contexts are incognito-like; nothing else may stand in the way
        assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == []
        assert '"display": "standalone"' in manifest["data"]


def test_rounds_recorded_offline_wait_in_a_queue_that_survives_a_reload(live_server, artifacts):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page = _open(browser, f"{live_server.url}/join/{session.token}/")
        _go_offline(page)
        _record_draw(page, "Aki")
        page.get_by_role("button", name="Riichi Chen", exact=True).click()
        _record_draw(page, "Chen")
        queue = page.locator(".queue-items li")
        expect(queue).to_have_count(3)
        expect(queue.nth(0)).to_contain_text("Round 1")
        expect(queue.nth(0)).to_contain_text("not yet sent")
        expect(queue.nth(1)).to_contain_text("Riichi Chen")
        expect(queue.nth(2)).to_contain_text("Round 2")
        _fits(page)
        page.locator(".queue").screenshot(path=artifacts / "offline-queue.png")
        page.screenshot(path=artifacts / "offline-queue-page.png", full_page=True)

        page.reload()
        expect(page.locator(".queue-items li")).to_have_count(3)
        assert _outcomes(session) == []

        _go_online(page)
        expect(page.locator(".queue")).to_be_hidden()
        expect(page.locator("#table")).to_have_attribute("data-rounds", "2")
        outcomes = _outcomes(session)
        assert [o["result"] for o in outcomes] == ["draw", "draw"]
        assert outcomes[1]["riichi"] == [2]


def test_a_conflict_with_another_phone_waits_for_the_players_and_nothing_is_doubled(
    live_server, artifacts
):
    session = create_session(rules={"preset": "tenhou"})
    link = f"{live_server.url}/join/{session.token}/"
    with launch_chromium() as browser:
        offline = _open(browser, link)
        online = _open(browser, link)
        _go_offline(offline)
        for tenpai in (("Aki",), ("Bo",), ("Chen",)):
            _record_draw(offline, *tenpai)
        expect(offline.locator(".queue-items li")).to_have_count(3)

        _record_draw(online, "Dai")  # the other phone records round 1 meanwhile
        expect(online.locator("#table")).to_have_attribute("data-rounds", "1")

        _go_online(offline)
        conflict = offline.locator("div.conflict")
        expect(conflict).to_be_visible()
        expect(conflict.locator(".theirs")).to_contain_text("recorded round 1")
        expect(conflict.locator(".mine")).to_contain_text("Round 1")
        _fits(offline)
        offline.locator(".queue").screenshot(path=artifacts / "offline-conflict.png")
        offline.screenshot(path=artifacts / "offline-conflict-page.png")
        assert len(_outcomes(session)) == 1  # nothing sent before the players chose

        offline.get_by_role("button", name="Record mine as round 2").click()
        expect(offline.locator(".queue")).to_be_hidden()
        expect(offline.locator("#table")).to_have_attribute("data-rounds", "4")
        tenpai = [o["tenpai"] for o in _outcomes(session)]
        assert tenpai == [[3], [0], [1], [2]]  # each round once, the other phone's first


def test_a_round_the_other_phone_already_recorded_is_dropped_by_a_tap(live_server):
    session = create_session(rules={"preset": "tenhou"})
    link = f"{live_server.url}/join/{session.token}/"
    with launch_chromium() as browser:
        offline = _open(browser, link)
        online = _open(browser, link)
        _go_offline(offline)
        _record_draw(offline, "Dai")  # the same round as the other phone's
        _record_draw(offline, "Aki")
        _record_draw(online, "Dai")
        expect(online.locator("#table")).to_have_attribute("data-rounds", "1")

        _go_online(offline)
        conflict = offline.locator("div.conflict")
        expect(conflict.locator(".mine")).to_contain_text("Round 1")
        offline.get_by_role("button", name="Drop mine").click()
        expect(conflict.locator(".mine")).to_contain_text("Round 2")  # asked again, not sent
        assert len(_outcomes(session)) == 1
        offline.get_by_role("button", name="Record mine as round 2").click()
        expect(offline.locator(".queue")).to_be_hidden()
        assert [o["tenpai"] for o in _outcomes(session)] == [[3], [0]]


def test_a_round_whose_answer_was_lost_is_sent_again_and_recorded_once(live_server):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page = _open(browser, f"{live_server.url}/join/{session.token}/")
        record = f"**/sessions/{session.pk}/rounds/"

        def lose_the_answer(route):
            route.fetch()  # the server records the round...
            route.abort()  # ...and its answer never comes back

        page.route(record, lose_the_answer)
        _record_draw(page, "Aki")
        expect(page.locator(".queue-items li")).to_have_count(1)
        assert len(_outcomes(session)) == 1
        page.unroute(record)

        expect(page.locator(".queue")).to_be_hidden(timeout=12_000)  # the retry sends it
        expect(page.locator("#table")).to_have_attribute("data-rounds", "1")
        assert len(_outcomes(session)) == 1

        riichi = f"**/sessions/{session.pk}/riichi/"
        page.route(riichi, lose_the_answer)
        page.get_by_role("button", name="Riichi Chen", exact=True).click()
        expect(page.locator(".queue-items li")).to_have_count(1)
        page.unroute(riichi)
        expect(page.locator(".queue")).to_be_hidden(timeout=12_000)  # resent: no conflict
        assert Session.objects.get(pk=session.pk).riichi == [2]
        assert session.audit.filter(action="riichi").count() == 1


def test_a_riichi_whose_button_was_redrawn_before_its_answer_was_lost_is_queued(live_server):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page = _open(browser, f"{live_server.url}/join/{session.token}/")
        riichi = f"**/sessions/{session.pk}/riichi/"
        held: list[Any] = []

        def hold(route):  # the riichi waits, unanswered, until the table is redrawn
            held.append(route)

        page.route(riichi, hold)
        page.get_by_role("button", name="Riichi Chen", exact=True).click()
        for _ in range(100):
            if held:
                break
            page.wait_for_timeout(50)
        assert held, "the riichi was not sent"

        page.evaluate("() => { window.tappedTable = document.getElementById('table'); }")
        page.evaluate(  # as a poll or a sent queue does, while the riichi is out
            "() => htmx.ajax('GET', document.getElementById('offline').dataset.tableUrl"
            " + '?part=table', {target: '#table', swap: 'outerHTML'})"
        )
        page.wait_for_function("() => !window.tappedTable.isConnected")
        held[0].fetch()  # the server records the riichi...
        held[0].abort()  # ...and its answer never comes back
        expect(page.locator(".queue-items li")).to_have_count(1)
        redrawn = page.get_by_role("button", name="Riichi Chen", exact=True)
        expect(redrawn).to_have_attribute("aria-pressed", "true")  # shown, not yet sent
        page.unroute(riichi)

        expect(page.locator(".queue")).to_be_hidden(timeout=12_000)  # resent: recorded once
        assert Session.objects.get(pk=session.pk).riichi == [2]
        assert session.audit.filter(action="riichi").count() == 1


def test_a_table_link_keeps_working_through_failed_requests_and_a_lost_login_session(
    live_server,
):
    from django.contrib.sessions.models import Session as LoginSession
    from django.core.cache import cache

    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page = _open(browser, f"{live_server.url}/join/{session.token}/")
        table = page.url
        page.route("**/sessions/*/riichi/", lambda route: route.fulfill(status=502))
        page.get_by_role("button", name="Riichi Chen", exact=True).click()  # a proxy's error
        expect(page.locator(".queue-items li")).to_have_count(1)
        page.unroute("**/sessions/*/riichi/")

        LoginSession.objects.all().delete()  # the server forgot this phone's table link
        cache.clear()
        _record_draw(page, "Chen")  # queued after the riichi, in order

        expect(page.locator(".queue")).to_be_hidden(timeout=12_000)
        assert page.url == table  # no login page, no error page: still the table
        expect(page.get_by_role("button", name="Riichi Aki", exact=True)).to_be_visible()
        outcomes = _outcomes(session)
        assert [o["tenpai"] for o in outcomes] == [[2]]
        assert outcomes[0]["riichi"] == [2]


def test_a_phone_whose_table_link_was_replaced_is_told_to_scan_the_new_code(live_server):
    from ledger.models import new_token

    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page = _open(browser, f"{live_server.url}/join/{session.token}/")
        Session.objects.filter(pk=session.pk).update(token=new_token())  # a member replaced it

        page.get_by_role("button", name="Riichi Chen", exact=True).click()

        why = page.locator(".refused .why")
        expect(why).to_contain_text("scan the new QR code", timeout=12_000)
        assert "Forbidden" not in why.inner_text()
        expect(page.locator(".offline-banner")).to_be_hidden()  # the network is fine
        assert Session.objects.get(pk=session.pk).riichi == []


def test_a_queued_round_is_summed_up_as_entered(live_server):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page = _open(browser, f"{live_server.url}/join/{session.token}/")
        _go_offline(page)
        page.get_by_role("button", name="Riichi Chen", exact=True).click()
        expect(page.locator(HTMX_BUSY)).to_have_count(0)
        page.get_by_role("button", name="Tsumo", exact=True).click()
        page.get_by_role("group", name="Winner", exact=True).get_by_role(
            "radio", name="Chen", exact=True
        ).check(force=True)
        hand = page.get_by_role("group", name="Hand", exact=True)
        hand.get_by_role("radio", name="4 han", exact=True).check(force=True)
        hand.get_by_role("radio", name="30 fu", exact=True).check(force=True)
        page.get_by_role("button", name="Save", exact=True).click()

        summary = page.locator(".queue-items li").last
        expect(summary).to_contain_text("Tsumo")
        expect(summary).to_contain_text("Chen")
        expect(summary).to_contain_text("4 han")
        text = summary.inner_text()
        # the checklist left unused ticks riichi by itself; no pao was named
        assert "Menzen" not in text and "1/" not in text and "Liable" not in text, text
