"""No word or number breaks across lines, and no text sticks out of its box (testers' reports).

Beside ``test_pages_fit`` (the page fits a 360 px phone, targets of 44 px), this reads the
words themselves on the pages the testers photographed: the table (seat cards, the "Whose
phone?" chips, the Riichi buttons, the round form's name buttons and abort reasons), the
console held upright, the history, a round's edit page, the seasons, a player's page, and
the leaderboard at 360 and 1280 px, and the menu opened (its language buttons). On each page, in each language:

- a Latin word or a number is never split over two lines ("Riich|i", "−24,00|0", "1|0");
  neither is a short label ("四家立|直", "结|束") or a date in a cell ("2026年11月1|日");
  Chinese and Japanese sentences may break between any two characters, as they do;
- a player's name may wrap (it is the player's own, of any length), but a name cut with an
  ellipsis on one line shows at least four characters ("Ch…" is not a name);
- no text runs past the content box that holds it ("Chombo" over its button's edge);
- the page never scrolls sideways, and at 1280 px no table scrolls inside its box.

Each page is photographed into ``artifacts/layout-words/<language>/``.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from ledger import writes
from ledger.models import Season, Session
from ledger.translations import ensure_compiled
from standings.rebuild import rebuild_everything
from tests.browser.conftest import launch_chromium
from tests.factories import create_session, create_user, draw, ron

pytestmark = pytest.mark.django_db(transaction=True)

LANGUAGES = ("en", "zh-hans", "ja")
TESTERS = ("佐藤", "鈴木一郎", "高橋", "Alexandra Watanabe")  # the names of the reports
LATIN = ("Alice", "Bob", "Chen", "Dai")
PHONE = {"width": 360, "height": 740}
TABLET = {"width": 768, "height": 1024}
DESKTOP = {"width": 1280, "height": 800}

# What is broken on the page, as read in the browser (see the module's docstring).
READ_WORDS = """() => {
  const segmenter = new Intl.Segmenter(document.documentElement.lang || 'en', {granularity: 'word'});
  const DATE = /\\d{4}(?:[-\\/]\\d{1,2}[-\\/]\\d{1,2}|年\\d{1,2}月(?:\\d{1,2}日)?)/g;
  const isName = (el) => el.closest('.name, .name-cut');
  const hidden = (el) => {  // not shown, or inside a box shrunk and clipped for screen readers
    if (!el.checkVisibility({checkOpacityProperty: true, checkVisibilityCSS: true})) return true;
    for (let e = el; e; e = e.parentElement) if (getComputedStyle(e).clip !== 'auto') return true;
    return false;
  };
  const where = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 3; e = e.parentElement) {
      parts.unshift(e.tagName.toLowerCase() + [...e.classList].map((c) => '.' + c).join(''));
    }
    return parts.join(' > ');
  };
  const lines = (range) => new Set([...range.getClientRects()].filter((r) => r.width > 0.5)
    .map((r) => Math.round(r.top / 3))).size;
  const words = (text, name) => {  // [start, end) of what must stay on one line
    const trimmed = text.trim();
    if (name) return [];
    if (trimmed.length <= 5 && !/\\s/.test(trimmed)) {  // a short label: 结束, 四家立直, 1st
      const start = text.indexOf(trimmed);
      return [[start, start + trimmed.length]];
    }
    const found = [];
    for (const seg of segmenter.segment(text)) {  // Latin words and numbers, a sign kept
      if (!seg.isWordLike || !/[\\p{Script=Latin}\\p{N}]/u.test(seg.segment)) continue;
      const signed = seg.index > 0 && /[+−]/.test(text[seg.index - 1]) && /\\d/.test(seg.segment[0]);
      found.push([seg.index - (signed ? 1 : 0), seg.index + seg.segment.length]);
    }
    if (trimmed.length <= 40) {  // a date in a cell or a label (sentences may break it)
      for (const m of text.matchAll(DATE)) found.push([m.index, m.index + m[0].length]);
    }
    return found;
  };
  const broken = [], sticking = [], cut = [];
  const range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.data.trim() || el.closest('svg, script, style, option') || hidden(el)) continue;
    for (const [start, end] of words(node.data, isName(el))) {
      range.setStart(node, start);
      range.setEnd(node, end);
      if (lines(range) > 1) broken.push(`"${node.data.slice(start, end)}" in ${where(el)}`);
    }
    let box = el;
    while (['inline', 'contents'].includes(getComputedStyle(box).display)) box = box.parentElement;
    const style = getComputedStyle(box), px = (value) => parseFloat(value) || 0;
    const outer = box.getBoundingClientRect();
    const left = outer.left + px(style.borderLeftWidth) + px(style.paddingLeft);
    const right = outer.right - px(style.borderRightWidth) - px(style.paddingRight);
    range.selectNodeContents(node);
    const text = range.getBoundingClientRect();
    const cutOnPurpose = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
    if (text.width > 0 && (text.left < left - 1 || text.right > right + 1) && !cutOnPurpose) {
      sticking.push(`"${node.data.trim().slice(0, 30)}" (${Math.round(text.width)} px in `
        + `${Math.round(right - left)} px) in ${where(box)}`);
    }
  }
  for (const el of document.querySelectorAll('.name, .name-cut')) {
    const style = getComputedStyle(el);
    if (hidden(el) || style.textOverflow !== 'ellipsis' || style.whiteSpace !== 'nowrap') continue;
    const name = el.textContent.trim();
    const shown = Math.floor(name.length * el.clientWidth / el.scrollWidth);
    if (el.scrollWidth > el.clientWidth + 1 && shown < Math.min(name.length, 4)) {
      cut.push(`"${name}" shows ${shown} characters in ${where(el)}`);
    }
  }
  const scrolling = [...document.querySelectorAll('.table-scroll')]
    .filter((el) => !hidden(el) && el.scrollWidth > el.clientWidth + 1)
    .map((el) => `${where(el)} ${el.scrollWidth} px in ${el.clientWidth} px`);
  return {width: document.documentElement.scrollWidth, viewport: innerWidth,
          broken, sticking, cut, scrolling};
}"""


def _club() -> dict[str, Any]:
    """Return the sessions, seasons and player of the testers' reports."""
    start = create_session(names=TESTERS)
    riichi = create_session(names=LATIN, rules={"preset": "club"}, rounds=[draw(0, 1, 2, 3)])
    writes.declare_riichi(riichi.pk, 3, actor=writes.COMMAND, version=None)
    bust = create_session(names=LATIN, rules={"preset": "club"},
                          rounds=[draw(0, 1, 2), ron(0, 3, han=13, fu=30)])  # fmt: skip
    long = create_session(names=TESTERS)
    for number in range(14):
        writes.record_round(long.pk, _varied_round(long, number), actor=writes.COMMAND)
    sticks = create_session(names=TESTERS, rules={"preset": "club"},
                            rounds=[ron(0, 1, han=2, fu=30), draw(0, 1, riichi=(0,))])  # fmt: skip
    writes.finish_session(sticks.pk, actor=writes.COMMAND, version=None)
    one_round = {"preset": "wrc", "game_length": "one_round"}
    streak = [create_session(names=TESTERS, rules=one_round, rounds=[ron(3, 0)]) for _ in range(3)]
    for days, session in zip((230, 120, 10), streak):
        at = datetime(2026, 12, 2, 20, tzinfo=UTC) - timedelta(days=days)
        Session.objects.filter(pk=session.pk).update(started_at=at, finished_at=at)
    Season.objects.create(name="Winter 2026", starts_on="2026-11-01")
    Season.objects.create(name="Spring 2026", starts_on="2026-04-01", ends_on="2026-06-30",
                          is_closed=True)  # fmt: skip
    rebuild_everything()
    player = streak[0].players()[3]
    return {"start": start, "riichi": riichi, "bust": bust, "long": long, "sticks": sticks,
            "player": player}  # fmt: skip


def _varied_round(session: Any, number: int) -> dict[str, Any]:
    """Return wins, draws and dealer repeats in turn: five rounds to each dealer."""
    dealer = session.replay()["next"]["dealer"]
    if number % 5 == 4:
        return ron((dealer + 1) % 4, (dealer + 2) % 4, han=2, fu=30)
    if number % 5 in (1, 3):
        return draw(dealer, (dealer + 2) % 4)
    loser = (dealer + 1 + number) % 4
    return ron(dealer, loser if loser != dealer else (dealer + 2) % 4, han=1, fu=30)


def _pages(club: dict[str, Any]) -> list[tuple[str, str, dict[str, int]]]:
    start, riichi, bust = club["start"].pk, club["riichi"].pk, club["bust"].pk
    long, sticks, player = club["long"].pk, club["sticks"].pk, club["player"].pk
    return [
        ("table-start", f"/sessions/{start}/", PHONE),
        ("table-riichi", f"/sessions/{riichi}/", PHONE),
        ("ron", f"/sessions/{start}/?kind=ron", PHONE),
        ("abort", f"/sessions/{riichi}/?kind=abort", PHONE),
        ("table-bust", f"/sessions/{bust}/", PHONE),
        ("console", f"/sessions/{bust}/console/", PHONE),
        ("console-tablet", f"/sessions/{long}/console/", TABLET),
        ("history-sticks", f"/sessions/{sticks}/history/", PHONE),
        ("history-wide", f"/sessions/{long}/history/", DESKTOP),
        ("round-edit", f"/sessions/{sticks}/rounds/1/edit/", PHONE),
        ("seasons", "/standings/seasons/", PHONE),
        ("player", f"/standings/players/{player}/?scope=all", PHONE),
        ("leaderboard-wide", "/standings/?scope=all&min_games=1", DESKTOP),
        ("leaderboard", "/standings/?scope=all&min_games=1", PHONE),
        ("menu", "/", PHONE),
    ]


OPENED = {"menu": ".menu > summary"}  # what to open on the page before reading it

# Choices whose radio button is not on the line of its words ("radios above labels").
READ_RADIOS = """() => [...document.querySelectorAll('label > input[type=radio]')].filter((input) => {
  const range = document.createRange();
  range.selectNodeContents(input.parentElement);
  range.setStartAfter(input);
  const line = range.getClientRects()[0];
  const middle = (box) => box.top + box.height / 2;
  return line && Math.abs(middle(input.getBoundingClientRect()) - middle(line)) > line.height / 2;
}).map((input) => input.parentElement.textContent.trim())"""


def _problems(name: str, found: dict[str, Any], wide: bool) -> list[str]:
    problems = [f"{name}: broken word {item}" for item in found["broken"]]
    problems += [f"{name}: sticks out {item}" for item in found["sticking"]]
    problems += [f"{name}: name cut short {item}" for item in found["cut"]]
    if found["width"] > found["viewport"]:
        problems.append(f"{name}: the page is {found['width']} px wide")
    if wide:  # on a phone a long table scrolls inside its box by design
        problems += [f"{name}: scrolls {item}" for item in found["scrolling"]]
    return problems


@pytest.fixture(autouse=True)
def compiled_catalogs():
    ensure_compiled()


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_word_or_number_breaks_and_no_text_sticks_out(live_server, artifacts, language):
    club = _club()
    shots = artifacts / "layout-words" / language
    shots.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    with launch_chromium() as browser:
        context = browser.new_context(viewport=PHONE, service_workers="block")
        context.set_default_timeout(10_000)
        page = context.new_page()
        _log_in_staff(page, live_server.url)
        context.add_cookies([{"name": "django_language", "value": language,
                              "url": live_server.url}])  # fmt: skip
        for name, path, size in _pages(club):
            page.set_viewport_size(size)
            page.goto(live_server.url + path)
            page.wait_for_load_state("networkidle")
            if name in OPENED:
                page.click(OPENED[name])
            found = page.evaluate(READ_WORDS)
            problems += _problems(name, found, wide=size is DESKTOP)
            problems += [
                f"{name}: radio off its line {item}" for item in page.evaluate(READ_RADIOS)
            ]
            page.screenshot(path=Path(shots) / f"{name}-{size['width']}.png", full_page=True)
        context.close()

    assert not problems, "\n".join(problems)


def _log_in_staff(page: Any, base: str) -> None:
    """Log in a club member who is staff (the seasons page shows them its Close buttons)."""
    from playwright.sync_api import expect

    user = create_user(username="boss", password="pw-for-tests-1")
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    page.goto(f"{base}/login/")
    page.get_by_label("Username").fill("boss")
    page.get_by_label("Password").fill("pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    expect(page.locator(".menu-panel form[action$='/logout/']")).to_have_count(1)
