"""Words set out whole on a phone (360 x 740) and a desk (1280 x 800), in each language:
a player's name wraps between words or is cut with an ellipsis, never broken inside a
word, at the table and in the winner and discarder buttons; and the event's team
standings keep each column heading inside its column. Screenshots go to the artifacts
folder (``table-layout-*``)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from ledger import writes
from tests.browser.conftest import launch_chromium
from tests.browser.test_tile_entry import _open_phone
from tests.factories import create_session

pytestmark = pytest.mark.django_db(transaction=True)
SIZES = [(360, 740), (1280, 800)]
LANGUAGES = ["en", "zh-hans", "ja"]
NAMES = ("Kinachi 0", "Bo", "Kutashi 2", "Alexandrovna-Kuznetsova")
NAME_BOXES = ".seat .name, .holder-row .chip .name-cut, .seat-choices .choice > span.name-cut"

# Return each name shown broken inside a word (a word whose letters sit on two lines; a
# hyphen may end a line), and
# each name cut without its full name in a title.
BROKEN_NAMES = """(selector) => {
  const found = [];
  for (const box of document.querySelectorAll(selector)) {
    if (!box.getClientRects().length) continue;  // not shown
    const text = box.firstChild;
    const name = box.textContent;
    let start = 0;
    for (const word of name.split(/\\s+|(?<=-)/)) {  // a hyphen ends a word too
      const at = name.indexOf(word, start);
      start = at + word.length;
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, start);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (tops.size > 1) found.push(`${name}: "${word}" broken`);
    }
    const isCut = box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1;
    if (isCut && box.title !== name) found.push(`${name}: cut without its title`);
  }
  return found;
}"""


def _shoot(page, artifacts, name):
    page.screenshot(path=str(artifacts / f"table-layout-{name}.png"), caret="initial")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_names_wrap_between_words_or_are_cut_whole(live_server, artifacts, language, size):
    session = create_session(names=NAMES, rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page, errors = _open_phone(browser, live_server, session, size=size, language=language)
        expect(page.locator(".holder-row .chip .name-cut")).to_have_count(4)
        _shoot(page, artifacts, f"names-{language}-{size[0]}")
        assert page.evaluate(BROKEN_NAMES, NAME_BOXES) == []

        page.locator('.outcomes button[data-kind="ron"]').click()  # the table folds to a header
        expect(page.locator("#table-main")).to_have_class("table-main sheet-open")
        _shoot(page, artifacts, f"names-ron-{language}-{size[0]}")
        assert page.evaluate(BROKEN_NAMES, NAME_BOXES) == []
        assert errors == []


# Return each heading whose words reach out of its cell.
HEADINGS_OUT = """(table) => [...table.querySelectorAll("th")].flatMap((th) => {
  const range = document.createRange();
  range.selectNodeContents(th);
  const words = range.getBoundingClientRect();
  const cell = th.getBoundingClientRect();
  const inside = words.left >= cell.left - 0.5 && words.right <= cell.right + 0.5;
  return inside ? [] : [`${th.textContent}: ${words.left}-${words.right} in ${cell.left}-${cell.right}`];
})"""

# A heading of one Latin word ("Games") on more than one line was broken inside the word.
WORDS_BROKEN = """(table) => [...table.querySelectorAll("th")].flatMap((th) => {
  const text = th.textContent.trim();
  if (!/^[A-Za-z]+$/.test(text)) return [];
  const range = document.createRange();
  range.selectNodeContents(th);
  const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
  return lines.size > 1 ? [`${text}: ${lines.size} lines`] : [];
})"""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_team_standings_headings_stay_in_their_columns(live_server, artifacts, language, size):
    from clubnights import service

    new = service.NewEvent(name="Club night", rules={"preset": "club"}, has_teams=True)
    event = service.create_event(new)
    for number, name in enumerate(("Aki", "Bo", "Chen", "Dai")):
        service.check_in(event.pk, name=name, team="Red" if number % 2 else "Blue")
    service.draw_round(event.pk, actor=writes.COMMAND)
    with launch_chromium() as browser:
        context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        context.add_cookies(
            [{"name": "django_language", "value": language, "url": live_server.url}]
        )
        page = context.new_page()
        page.set_default_timeout(5_000)
        page.goto(f"{live_server.url}/events/{event.pk}/")

        teams = page.locator("#event-standings table.event-standings").last
        expect(teams.locator("tbody tr")).to_have_count(2)
        teams.scroll_into_view_if_needed()
        teams.screenshot(path=str(artifacts / f"table-layout-teams-{language}-{size[0]}.png"))
        for table in page.locator("#event-standings table.event-standings").all():
            assert table.evaluate(HEADINGS_OUT) == []
            assert table.evaluate(WORDS_BROKEN) == []
