"""Switch the language on the table page and keep scoring in it (issue 9), at phone width."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from ledger.models import Session
from ledger.translations import ensure_compiled
from tests.browser.conftest import log_in
from tests.factories import create_session

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def compiled_catalogs():
    ensure_compiled()


def switch_language(page: Page, label: str, name: str, button: str) -> None:
    page.get_by_label(label, exact=True).select_option(label=name)
    page.get_by_role("button", name=button, exact=True).click()


def fits_the_screen(page: Page) -> bool:
    """Return whether nothing on the page is wider than the phone's screen."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_switching_to_japanese_on_the_table_page_and_recording_a_ron(
    live_server, open_page, artifacts
):
    page = open_page()
    log_in(page, live_server.url)
    session = create_session()
    page.goto(f"{live_server.url}/sessions/{session.pk}/")
    expect(page.locator("#round-label")).to_have_text("East 1")

    switch_language(page, "Language", "日本語", "Switch")

    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("#round-label")).to_have_text("東1局")
    page.get_by_role("button", name="ロン", exact=True).click()
    expect(page.get_by_role("button", name="ロン", exact=True)).to_have_attribute(
        "aria-current", "true"
    )
    page.get_by_label("Boの和了", exact=True).check()
    page.get_by_label("Boの翻数", exact=True).select_option(label="3翻")
    page.get_by_label("Boの符", exact=True).select_option(label="30符")
    page.get_by_role("group", name="放銃者", exact=True).get_by_label("Chen", exact=True).check()
    expect(page.locator("#preview")).to_contain_text("プレビュー：")
    page.screenshot(path=artifacts / "language-ja-table-form.png", full_page=True)
    page.get_by_role("button", name="局を保存", exact=True).click()

    expect(page.locator("#scoreboard")).to_have_attribute("data-rounds", "1")
    expect(page.locator("#round-label")).to_have_text("東2局")
    expect(page.locator("li.player[data-seat='1'] .score")).to_have_text(
        "33,900"
    )  # wrc starts at 30,000
    assert Session.objects.get(pk=session.pk).replay()["rounds"][0]["deltas"] == [
        0,
        3900,
        -3900,
        0,
    ]
    assert fits_the_screen(page)
    page.screenshot(path=artifacts / "language-ja-table.png", full_page=True)


def test_the_choice_is_remembered_and_the_first_visit_follows_the_browser(
    live_server, open_page, artifacts
):
    page = open_page()
    page.set_extra_http_headers({"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.5"})
    session = create_session(rounds=[{"result": "draw", "tenpai": [0], "riichi": []}])

    page.goto(f"{live_server.url}/sessions/{session.pk}/")

    expect(page.locator("html")).to_have_attribute("lang", "zh-hans")
    expect(page.locator("#round-label")).to_have_text("东一局 1本场")
    assert fits_the_screen(page)
    page.screenshot(path=artifacts / "language-zh-table.png", full_page=True)

    switch_language(page, "语言", "English", "切换")
    expect(page.locator("#round-label")).to_have_text("East 1, 1 honba")
    page.goto(f"{live_server.url}/standings/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
