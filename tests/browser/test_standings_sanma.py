"""The switch between four-player and three-player standings on a phone (issue 20
item 3). Photographs go to ``artifacts/sanma/``."""

from __future__ import annotations

import pytest

from tests.browser.conftest import launch_chromium
from tests.browser.test_pages_fit import PHONE
from tests.factories import create_session, ron
from tests.test_standings_sanma import SANMA, YONMA

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_phone_switches_between_the_four_and_three_player_boards(live_server, artifacts):
    create_session(names=("Aki", "Bo", "Chen", "Dai"), rules=YONMA, rounds=[ron(1, 0)])
    create_session(names=("Aki", "Bo", "Eri"), rules=SANMA, rounds=[ron(2, 0)])
    shots = artifacts / "sanma"
    shots.mkdir(parents=True, exist_ok=True)
    with launch_chromium() as browser:
        page = browser.new_page(viewport=PHONE)
        page.goto(f"{live_server.url}/standings/?scope=all&min_games=1")
        four = page.locator("table.leaderboard tbody tr").count()
        page.screenshot(path=shots / "board-4-360.png", full_page=True)
        page.get_by_role("link", name="3 players").click()
        page.wait_for_url("**players=3**")
        three = page.locator("table.leaderboard tbody tr").count()
        names = page.locator("table.leaderboard td.name").all_inner_texts()
        current = page.locator("#players-switch [aria-current=page]").inner_text()
        width = page.evaluate("document.documentElement.scrollWidth")
        page.screenshot(path=shots / "board-3-360.png", full_page=True)
        page.locator("input[name=min_games]").fill("0")
        page.get_by_role("button", name="Show").click()  # the filters keep the count
        page.wait_for_load_state("networkidle")
        kept = page.locator("table.leaderboard td.name").all_inner_texts()
        back = page.get_by_role("link", name="4 players").get_attribute("href")

    assert four == 4 and three == 3
    assert sorted(name.strip() for name in names) == ["Aki", "Bo", "Eri"]
    assert current == "3 players" and width <= PHONE["width"]
    assert sorted(name.strip() for name in kept) == ["Aki", "Bo", "Eri"]
    assert "min_games=0" in back and "players=4" in back  # the switch follows the filters
