"""Every page passes its Content-Security-Policy: no inline script, no eval, no inline
style, nothing from elsewhere. Chromium reports each refusal on the console."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from ledger.models import Season
from tests.browser.conftest import launch_chromium, log_in
from tests.browser.test_table_words import _ron, _type_tiles
from tests.browser.test_tile_entry import _open_phone
from tests.factories import create_session, draw, ron

pytestmark = pytest.mark.django_db(transaction=True)
ONE_ROUND = {"preset": "wrc", "game_length": "one_round"}


def _violations(page) -> list[str]:
    found: list[str] = []
    page.on(
        "console",
        lambda message: (
            found.append(message.text)
            if "Content Security Policy" in message.text
            or "Content-Security-Policy" in message.text
            else None
        ),
    )
    return found


def test_every_page_passes_the_content_security_policy(live_server):
    playing = create_session(rounds=[draw(0), ron(1, 2)])
    finished = create_session(names=("Eri", "Fumi", "Gen", "Hana"), rules=ONE_ROUND,
                              rounds=[ron(1, 0)])  # fmt: skip
    Season.objects.create(name="Winter", starts_on="2026-01-01")
    aki = playing.players()[0]
    with launch_chromium() as browser:
        page = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
        found = _violations(page)
        log_in(page, live_server.url)
        paths = [
            "/", "/sessions/new/", f"/sessions/{playing.pk}/", f"/sessions/{playing.pk}/history/",
            f"/sessions/{finished.pk}/", f"/sessions/{finished.pk}/history/",
            f"/sessions/{playing.pk}/rounds/1/edit/", "/players/", f"/players/{aki.pk}/",
            "/standings/", f"/standings/players/{aki.pk}/", "/standings/seasons/",
            "/sessions/import/", "/sessions/import/logs/", "/sessions/deleted/", "/account/", "/api/v1/docs",
            "/admin/", "/no-such-page/",
        ]  # fmt: skip
        for path in paths:
            page.goto(live_server.url + path)
            page.wait_for_load_state("networkidle")
        page.goto(f"{live_server.url}/sessions/{playing.pk}/")
        page.get_by_role("button", name="Tsumo").click()  # an htmx swap
        page.wait_for_timeout(6_000)  # the scoreboard's poll

        assert found == []


# What the page itself reports (the element and what it tried), beside the console.
REPORT_VIOLATIONS = """
window.policyViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  const where = event.target instanceof Element ? event.target.outerHTML.slice(0, 120) : "";
  window.policyViolations.push(`${event.effectiveDirective}: ${event.sample} ${where}`);
}, true);
"""
# The server sends its policy with the static files too (whitenoise sits inside the CSP
# middleware); the test server hands them out beside the middleware, so it is added here.
STATIC_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:"


def _with_static_policy(route):
    response = route.fetch()
    route.fulfill(response=response,
                  headers={**response.headers, "content-security-policy": STATIC_POLICY})  # fmt: skip


def test_a_refused_save_of_a_tile_hand_sets_no_inline_style(live_server):
    """A tile hand without a yaku, saved anyway: the refusal redraws the table and the
    form (htmx swap and settle, the tile pictures drawn again) and breaks no policy."""
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page, errors = _open_phone(browser, live_server, session)
        page.add_init_script(REPORT_VIOLATIONS)
        page.route("**/static/**", _with_static_policy)
        found = _violations(page)
        # Every static file now passes through this process; on a loaded machine the
        # page's many tile pictures take longer than the 5 s default to arrive.
        page.reload(timeout=30_000)
        hand = _ron(page)
        _type_tiles(hand, "123m456p789s234s55p", "5p")
        expect(page.locator("#preview .errorlist")).to_contain_text("yaku")

        page.locator("#round-form .save").click()

        expect(page.locator("#round-form > .errorlist")).to_contain_text("no yaku")
        expect(page.locator(".htmx-request, .htmx-settling")).to_have_count(0)
        page.wait_for_timeout(2_500)  # a poll of the table, and the preview after it
        assert page.evaluate("window.policyViolations") == []
        assert found == []
        assert errors == []
        page.unroute_all(behavior="ignoreErrors")
    assert session.rounds.count() == 0
