"""The club page on a phone with a full matrix, and the standings sheet printed on A4
(issue 19, items 7 and 8). Photographs go to ``artifacts/club/``."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import launch_chromium
from tests.browser.test_pages_fit import DESKTOP, LONG_CJK, LONG_LATIN, PHONE
from tests.factories import create_session, ron
from tests.test_club import EAST, GAME_A, GAME_B, tile_win

pytestmark = pytest.mark.django_db(transaction=True)
ONE_ROUND = {"preset": "wrc", "game_length": "one_round"}


def _regulars() -> None:
    """Ten players (two with long names) at twelve tables: a full 8 × 8 matrix."""
    names = [LONG_LATIN, LONG_CJK, "Aki", "Bo", "Chen", "Dai", "Eri", "Fumi", "Gen", "Hana"]
    for n in range(12):
        table = tuple(names[(n + k * 3) % len(names)] for k in range(4))
        rounds = [tile_win(riichi=n % 2 == 0), *GAME_B] if n % 3 else GAME_A
        create_session(names=table, rules=EAST, rounds=rounds)


def test_the_club_page_fits_a_phone_with_its_matrix_scrolling_in_its_box(live_server, artifacts):
    _regulars()
    shots = artifacts / "club"
    shots.mkdir(parents=True, exist_ok=True)
    url = f"{live_server.url}/standings/club/?scope=all&min_games=1"
    with launch_chromium() as browser:
        page = browser.new_page(viewport=PHONE)
        page.goto(url)
        page_width = page.evaluate("document.documentElement.scrollWidth")
        box = page.evaluate(
            "(() => { const b = document.querySelector('.matrix-box');"
            " return [b.clientWidth, b.scrollWidth]; })()"
        )
        cells = page.locator("table.matrix td.cell").count()
        page.screenshot(path=shots / "club-360.png", full_page=True)
        page.set_viewport_size(DESKTOP)
        page.screenshot(path=shots / "club-1280.png", full_page=True)

    assert page_width <= PHONE["width"]
    assert box[1] > box[0]  # the matrix scrolls inside its box, not the page
    assert cells == 64


def _pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


def test_forty_players_print_on_one_a4_page(live_server, artifacts):
    for n in range(10):  # 40 players, one with a 60-character name
        names = tuple(f"Player {n * 4 + seat:02}" for seat in range(4))
        if n == 0:
            names = (LONG_LATIN, *names[1:])
        create_session(names=names, rules=ONE_ROUND, rounds=[ron(1, 0)])
    shots = artifacts / "club"
    shots.mkdir(parents=True, exist_ok=True)
    with launch_chromium() as browser:
        page = browser.new_page(viewport=DESKTOP)
        page.goto(f"{live_server.url}/standings/print/?scope=all&min_games=1")
        rows = page.locator("table.print-standings tbody tr").count()
        page.emulate_media(media="print")
        page.screenshot(path=shots / "print-as-printed.png", full_page=True)
        header_shown = page.locator(".site-header").is_visible()
        pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    (shots / "standings.pdf").write_bytes(pdf)

    assert rows == 40
    assert _pdf_pages(pdf) == 1
    assert not header_shown
