"""Every page passes its Content-Security-Policy: no inline script, no eval, no inline
style, nothing from elsewhere. Chromium reports each refusal on the console."""

from __future__ import annotations

import pytest

from ledger.models import Season
from tests.browser.conftest import launch_chromium, log_in
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
