"""Every page other than the table fits a 360 px phone (issue 17, item 10), in each language.

At 360×740 each page must not scroll sideways (``document.documentElement.scrollWidth``),
and every visible link, button, summary, select, input and textarea must be a tap target
of at least 44×44 px. Two kinds of control are measured differently, by rule:

- a link inside running text (its parent is a ``p`` holding more text than the link) is
  read as part of the sentence and is exempt, like a link in a book;
- a checkbox or radio button is measured with its label, which is what the finger taps.

Text in the charts (SVG text scales with the viewBox) must come out at least 11 px high.
Each page is photographed at 360×740 and 1280×800 into ``artifacts/pages/<language>/``,
with what was measured in ``measurements.json`` there.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils import translation

from ledger import glossary, writes
from ledger.models import ApiToken, Season, Session
from ledger.translations import ensure_compiled
from standings.rebuild import rebuild_everything
from tests.browser.conftest import launch_chromium
from tests.factories import create_session, create_user, draw, ron

pytestmark = pytest.mark.django_db(transaction=True)

LONG_LATIN = "Alexandrina-Konstantinopolous-Wilhelmina van der Berg-Smythe"  # 60 characters
LONG_CJK = "長い名前の麻雀プレイヤー長い名前の麻雀プレイヤー長い名前"
NAMES = (LONG_LATIN, LONG_CJK, "Aki", "Bo")
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
LANGUAGES = ("en", "zh-hans", "ja")
SMALLEST = 44  # px, both ways
SMALLEST_CHART_TEXT = 11  # px, as drawn
ERRORS = {  # error pages the live server cannot be made to answer: rendered here
    "400": "ledger.settings: the option 'starting_points' must be a whole number, not 'x'",
    "429": "Too many failed logins for this account or from this device. Try again in 5 min.",
    "500": "",
}

# The page's measurements, in the browser: what sticks out and which targets are small.
MEASURE = """({smallest, chartText}) => {
  const TARGETS = 'a[href], button, summary, select, textarea, input:not([type=hidden])';
  const shown = (el) => el.checkVisibility({checkOpacityProperty: true, checkVisibilityCSS: true})
    && el.getClientRects().length > 0;
  const inRunningText = (el) => el.tagName === 'A' && el.parentElement.tagName === 'P'
    && el.parentElement.textContent.trim().length > el.textContent.trim().length;
  const box = (el) => {
    let rect = el.getBoundingClientRect();
    if (el.type === 'checkbox' || el.type === 'radio') {  // the label is the target
      for (const label of el.labels || []) {
        const r = label.getBoundingClientRect();
        if (r.width * r.height > rect.width * rect.height) rect = r;
      }
    }
    return rect;
  };
  const describe = (el, rect) => {
    const text = (el.textContent || el.value || el.name || el.type || '').trim().slice(0, 30);
    return `${el.tagName.toLowerCase()}${el.className ? '.' + el.className : ''} "${text}" `
      + `${Math.round(rect.width)}x${Math.round(rect.height)}`;
  };
  const small = [];
  let targets = 0, narrowest = Infinity, lowest = Infinity;
  for (const el of document.querySelectorAll(TARGETS)) {
    if (inRunningText(el)) continue;
    const seen = el.type === 'checkbox' || el.type === 'radio'
      ? [...(el.labels || [])].some(shown) || shown(el) : shown(el);
    if (!seen) continue;
    const rect = box(el);
    targets += 1;
    narrowest = Math.min(narrowest, rect.width);
    lowest = Math.min(lowest, rect.height);
    if (rect.width < smallest - 0.01 || rect.height < smallest - 0.01) {
      small.push(describe(el, rect));
    }
  }
  const tinyText = [];
  for (const svg of document.querySelectorAll('svg[viewBox]')) {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    for (const text of svg.querySelectorAll('text')) {
      const size = parseFloat(getComputedStyle(text).fontSize) * scale;
      if (size < chartText - 0.01) tinyText.push(`"${text.textContent}" ${size.toFixed(1)}px`);
    }
  }
  return {width: document.documentElement.scrollWidth, small, tinyText, targets,
          narrowest: Math.round(narrowest * 10) / 10, lowest: Math.round(lowest * 10) / 10};
}"""


def _club() -> dict[str, Any]:
    """Return the club's pages: sessions with long names, one of 40 rounds, a season."""
    finished = create_session(
        names=NAMES, rules={"preset": "wrc", "game_length": "one_round"}, rounds=[ron(1, 0)]
    )
    playing = create_session(names=NAMES, rounds=[ron(0, 1, riichi=[0]), draw(0, 2)])
    long = create_session(names=(LONG_CJK, "Chen", LONG_LATIN, "Dai"))
    for number in range(40):
        writes.record_round(long.pk, _varied_round(long, number), actor=writes.COMMAND)
    deleted = create_session(names=NAMES, rounds=[draw(1)])
    writes.delete_session(deleted.pk, actor=writes.COMMAND, version=None)
    winter = Season.objects.create(name="Winter", starts_on="2020-01-01")
    Session.objects.update(season=winter)  # the leaderboard opens on the current season
    rebuild_everything()
    latin = finished.players()[0]
    event = _event()
    return {"finished": finished, "playing": playing, "long": long, "player": latin,
            "event": event}  # fmt: skip


def _event() -> Any:
    """Return an event of long names and teams, its first round drawn, on the clock."""
    from clubnights import service

    new = service.NewEvent(name=LONG_LATIN, rules={"preset": "club"}, time_limit=90,
                           has_teams=True)  # fmt: skip
    event = service.create_event(new)
    for number, name in enumerate((*NAMES, "Chen", "Dai", "Eri", "Fumi", "Gen")):
        service.check_in(event.pk, name=name, team=LONG_CJK if number % 2 else "Red")
    service.draw_round(event.pk, actor=writes.COMMAND)
    return event


def _varied_round(session: Any, number: int) -> dict[str, Any]:
    """Return wins, draws and dealer repeats in turn: five rounds to each dealer."""
    dealer = session.replay()["next"]["dealer"]
    if number % 5 == 4:
        return ron((dealer + 1) % 4, (dealer + 2) % 4, han=2, fu=30)
    if number % 5 in (1, 3):
        return draw(dealer, (dealer + 2) % 4)
    loser = (dealer + 1 + number) % 4
    return ron(dealer, loser if loser != dealer else (dealer + 2) % 4, han=1, fu=30)


def _paths(club: dict[str, Any]) -> dict[str, str]:
    playing, long, player = club["playing"], club["long"], club["player"]
    return {
        "home": "/",
        "players": "/players/",
        "player": f"/players/{player.pk}/",
        "session-new": "/sessions/new/",
        "import": "/sessions/import/",
        "log-import": "/sessions/import/logs/",
        "deleted": "/sessions/deleted/",
        "round-edit": f"/sessions/{playing.pk}/rounds/1/edit/",
        "account": "/account/",
        "history": f"/sessions/{long.pk}/history/",
        "history-playing": f"/sessions/{playing.pk}/history/",
        "history-short": f"/sessions/{club['finished'].pk}/history/",
        "leaderboard": "/standings/",
        "player-stats": f"/standings/players/{player.pk}/",
        "club": "/standings/club/?scope=all&min_games=1",
        "print": "/standings/print/?scope=all&min_games=1",
        "seasons": "/standings/seasons/",
        "events": "/events/",
        "event": f"/events/{club['event'].pk}/",
        "event-seating": f"/events/{club['event'].pk}/seating/",
        "event-sheet": f"/events/{club['event'].pk}/sheet/",
        "event-checkin": f"/checkin/{club['event'].checkin_token}/",
        "event-console": f"/console/?event={club['event'].pk}",
        "404": "/no-such-page/",
        **{code: f"/__error/{code}/" for code in ERRORS},
    }


def _serve_error_pages(page: Any, base: str, language: str, user: Any) -> None:
    """Answer /__error/<code>/ with the error template, as Django renders it for ``user``."""

    def answer(route: Any) -> None:
        code = route.request.url.rstrip("/").rsplit("/", 1)[1]
        request = RequestFactory().get(f"/__error/{code}/")
        request.user = user
        with translation.override(language):
            body = render_to_string(f"{code}.html", {"message": ERRORS[code]}, request=request)
        route.fulfill(status=int(code), content_type="text/html; charset=utf-8", body=body)

    page.route(f"{base}/__error/**", answer)


def _measure(page: Any, *, open_details: bool) -> dict[str, Any]:
    if open_details:  # what a tap on each disclosure shows must fit too
        page.evaluate(
            "() => document.querySelectorAll('main details').forEach((d) => { d.open = true; })"
        )
    return page.evaluate(MEASURE, {"smallest": SMALLEST, "chartText": SMALLEST_CHART_TEXT})


def _visit(page: Any, url: str, shots: Path, name: str) -> list[str]:
    """Return what does not fit on the page at 360 px; photograph it at both widths.

    The measurements are kept in ``measurements.json`` beside the photographs.
    """
    page.set_viewport_size(PHONE)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    problems = []
    for open_details in (False, True):
        found = _measure(page, open_details=open_details)
        state = "details open" if open_details else "as loaded"
        _keep(shots, f"{name} ({state})", found)
        if found["width"] > PHONE["width"]:
            problems.append(f"{name} ({state}): scrollWidth {found['width']} px")
        problems += [f"{name} ({state}): small target {item}" for item in found["small"]]
        problems += [f"{name} ({state}): small chart text {item}" for item in found["tinyText"]]
        if not open_details:
            page.screenshot(path=shots / f"{name}-360.png", full_page=True)
    page.screenshot(path=shots / f"{name}-360-open.png", full_page=True)
    page.reload()
    page.set_viewport_size(DESKTOP)
    page.wait_for_load_state("networkidle")
    page.screenshot(path=shots / f"{name}-1280.png", full_page=True)
    return problems


def _keep(shots: Path, name: str, found: dict[str, Any]) -> None:
    path = shots / "measurements.json"
    kept = json.loads(path.read_text()) if path.exists() else {}
    kept[name] = {key: found[key] for key in ("width", "targets", "narrowest", "lowest")}
    path.write_text(json.dumps(kept, indent=1, ensure_ascii=False))


@pytest.fixture(autouse=True)
def compiled_catalogs():
    ensure_compiled()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_fits_a_phone_with_tap_targets_of_44_px(live_server, artifacts, language):
    club = _club()
    shots = artifacts / "pages" / language
    shots.mkdir(parents=True, exist_ok=True)
    (shots / "measurements.json").unlink(missing_ok=True)
    problems: list[str] = []
    with launch_chromium() as browser:
        context = browser.new_context(viewport=PHONE)
        context.set_default_timeout(10_000)
        page = context.new_page()
        member = _log_in(page, live_server.url)
        ApiToken.issue(member, "Phone")
        club["event"].__class__.objects.update(created_by=member)  # the host sees its buttons
        context.add_cookies([{"name": "django_language", "value": language,
                              "url": live_server.url}])  # fmt: skip
        _serve_error_pages(page, live_server.url, language, member)
        for name, path in _paths(club).items():
            problems += _visit(page, live_server.url + path, shots, name)

        visitor = browser.new_context(viewport=PHONE)
        visitor.add_cookies([{"name": "django_language", "value": language,
                              "url": live_server.url}])  # fmt: skip
        anonymous = visitor.new_page()
        problems += _visit(anonymous, f"{live_server.url}/login/", shots, "login")
        problems += _visit(
            anonymous, f"{live_server.url}/sessions/{club['playing'].pk}/rounds/1/edit/",
            shots, "403",
        )  # fmt: skip

    assert not problems, "\n".join(problems)


def _log_in(page: Any, base: str) -> Any:
    """Return a new club member, logged in through the login page (in the menu since
    the header became a menu, so the log-out button is there but folded away)."""
    from playwright.sync_api import expect

    user = create_user(username="member", password="pw-for-tests-1")
    page.goto(f"{base}/login/")
    page.get_by_label("Username").fill("member")
    page.get_by_label("Password").fill("pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    expect(page.locator(".menu-panel form[action$='/logout/']")).to_have_count(1)
    return user


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_history_chart_has_axes_with_round_names_and_score_ticks(
    live_server, open_page, language
):
    session = create_session(names=NAMES)
    for number in range(12):
        writes.record_round(session.pk, _varied_round(session, number), actor=writes.COMMAND)
    page = open_page()
    page.context.add_cookies([{"name": "django_language", "value": language,
                               "url": live_server.url}])  # fmt: skip

    page.goto(f"{live_server.url}/sessions/{session.pk}/history/")

    rounds = page.locator("figure.chart svg .axis.x text").all_text_contents()
    ticks = page.locator("figure.chart svg .axis.y text").all_text_contents()
    with translation.override(language):
        assert glossary.round_name("E1") in rounds and glossary.round_name("E3") in rounds
    assert len(ticks) >= 3 and all(tick.replace(",", "").lstrip("−").isdigit() for tick in ticks)
    assert page.locator("figure.chart svg polyline title").count() == 4
