"""A three-player (sanma) hanchan played through the table page at 360 x 740 in Chromium:
the new-session form without Player 4, three seats, payments worked out by hand (the
same game as tests/test_sanma.py), the final result and the history."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from ledger.models import Session
from tests.browser.conftest import log_in
from tests.browser.test_full_game import Table, screenshot

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("Aki", "Bo", "Chen")


class SanmaTable(Table):
    """The table page of a session of three."""

    def scores(self) -> list[int]:
        return [int(self.score(seat).get_attribute("data-score") or "") for seat in range(3)]


def start_sanma(page: Page, base: str) -> SanmaTable:
    page.goto(f"{base}/sessions/new/")
    page.get_by_label("Rules").select_option("preset:tenhou_sanma")
    expect(page.get_by_label("Player 4 (North)")).to_be_hidden()
    expect(page.get_by_text("Three-player rules (sanma)")).to_be_visible()
    for number, (name, wind) in enumerate(zip(NAMES, ("East", "South", "West")), 1):
        page.get_by_label(f"Player {number} ({wind})").fill(name)
    page.get_by_label("In the order entered (first is East)").check()
    page.get_by_role("button", name="Start").click()
    page.wait_for_url(re.compile(r"/sessions/\d+/$"))
    table = SanmaTable(page, int(page.url.rstrip("/").rsplit("/", 1)[1]))
    assert Session.objects.get(pk=table.pk).engine_rules().players == 3
    expect(page.locator(".seat")).to_have_count(3)
    assert table.scores() == [35000, 35000, 35000]
    return table


def test_a_sanma_hanchan_played_on_a_phone(live_server, open_page, artifacts):
    page = open_page()
    log_in(page, live_server.url)
    table = start_sanma(page, live_server.url)
    screenshot(page, artifacts / "sanma-start-360x740.png", 360, 740)

    # East 1, Aki deals: Bo tsumo 3 han 30 fu; the absent North's 1,000 is lost.
    assert table.tsumo("Bo", "3 han", "30 fu")["deltas"] == [-2000, 3000, -1000]
    assert "Aki pays Bo 2,000" in table.previewed and "Chen pays Bo 1,000" in table.previewed
    # East 2: Aki riichi, ron off Chen for a mangan, his stick back.
    assert table.ron("Chen", ("Aki", "Mangan"), riichi=("Aki",))["deltas"] == [8000, 0, -8000]
    # East 3: only Aki tenpai; noten payments for three are 1,000 from each.
    assert table.draw("Aki")["deltas"] == [2000, -1000, -1000]
    expect(page.locator("#round-label")).to_have_text("South 1")
    # South 1, 1 honba: dealer Aki tsumo 2 han 30 fu, 1,000 + 100 from each.
    assert table.tsumo("Aki", "2 han", "30 fu")["deltas"] == [2200, -1100, -1100]
    # South 1, 2 honba: Bo riichi, Chen ron off Bo 2 han 40 fu, 2,600 + 600 and the stick.
    played = table.ron("Bo", ("Chen", "2 han", "40 fu"), riichi=("Bo",))
    assert played["deltas"] == [0, -4200, 4200]
    screenshot(page, artifacts / "sanma-table-360x740.png", 360, 740)
    screenshot(page, artifacts / "sanma-table-1280x800.png", 1280, 800)
    page.set_viewport_size({"width": 360, "height": 740})
    # South 2: dealer Bo tsumo haneman, 6,000 from each.
    assert table.tsumo("Bo", "Haneman")["deltas"] == [-6000, 12000, -6000]
    # South 2, 1 honba: Aki ron off Chen 1 han 30 fu, 1,000 + 300.
    assert table.ron("Chen", ("Aki", "1 han", "30 fu"))["deltas"] == [1300, 0, -1300]
    # South 3, all last: Aki tsumo 4 han 30 fu: the game ends with Aki over 40,000.
    assert table.tsumo("Aki", "4 han", "30 fu")["deltas"] == [5900, -2000, -3900]

    final = table.replay()["final"]
    assert final["scores"] == [46400, 41700, 16900]
    assert final["results"] == [21.4, 1.7, -23.1]  # 40,000 return, oka 15 to first
    rows = page.locator(".final-rows li")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_contain_text("Aki")
    expect(rows.nth(0)).to_contain_text("+21.4")
    screenshot(page, artifacts / "sanma-final-360x740.png", 360, 740)
    for kind, taps, most in table.taps:
        assert taps <= most, (kind, taps, most)

    page.get_by_role("link", name="History").click()
    expect(page.locator("table.rounds tbody tr")).to_have_count(8)
    expect(page.get_by_role("heading", name="Settlement")).to_be_visible()


def test_player_4_follows_the_players_option_as_well_as_the_preset(live_server, open_page):
    page = open_page()
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/sessions/new/")
    north = page.get_by_label("Player 4 (North)")
    page.get_by_label("Rules").select_option("preset:club")
    expect(north).to_be_visible()
    page.get_by_text("Adjust the rule options").click()
    page.locator("summary", has_text="Three players (sanma)").click()
    players = page.get_by_label("Players at the table")

    players.select_option("3")
    expect(north).to_be_hidden()
    expect(page.get_by_text("Three-player rules (sanma)")).to_be_visible()
    players.select_option("4")
    expect(north).to_be_visible()
    players.select_option("3")
    page.get_by_label("Rules").select_option("preset:tenhou")  # its options: four players
    expect(page.get_by_label("Players at the table")).to_have_value("4")
    expect(north).to_be_visible()


def test_rule_options_opened_stay_open_when_another_preset_is_chosen(live_server, open_page):
    # A tap on "Adjust the rule options" can land before the chosen preset's options arrive:
    # the arriving panel keeps open what the person opened (it closed them, and a click on a
    # group's title then found nothing to click).
    page = open_page()
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/sessions/new/")
    panel = page.locator("#rules-options")
    page.get_by_text("Adjust the rule options").click()
    page.locator("summary", has_text="Three players (sanma)").click()

    page.get_by_label("Rules").select_option("preset:tenhou")
    expect(panel.locator('input[name="opt-for"]')).to_have_value("preset:tenhou")
    expect(panel).to_have_attribute("open", "")
    expect(page.get_by_label("Players at the table")).to_be_visible()
    expect(panel.locator("details.option-group[open]")).to_have_count(1)
