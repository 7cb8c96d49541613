"""A winning hand entered as tiles on a phone at the table (360 x 740, by touch): every
control tapped is in sight and at least 44 px square, no tap in the tile panel scrolls the
page, the hand is drawn as tiles while it is built, the preview reads it, and Save stores
its hand object. Screenshots of the open panel go to /tmp (and the artifacts folder)."""

from __future__ import annotations

import re
import shutil

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import launch_chromium
from tests.factories import create_session, create_user

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = (360, 740)
DESK = (1280, 800)
MIN_TARGET = 44


class Taps:
    """Tap controls as a thumb would, counting the taps; each control must be in sight
    (the player may scroll to it first when ``scroll`` says so) and big enough."""

    def __init__(self, page, size):
        self.page, self.size, self.count = page, size, 0
        self.keys_at = None  # where the picker's keys stand: no tap may move them

    def _keys_top(self):
        return self.page.evaluate(
            "() => { const keys = document.querySelector('[data-tile-picker] .tile-suits')"
            " || document.querySelector('[data-tile-picker] .tile-keys');"
            " return keys && keys.offsetParent ? keys.getBoundingClientRect().top : null; }"
        )

    def _aim(self, control, name):
        """Return where the thumb lands: the control's centre, which must be in sight and
        the control big enough."""
        box = control.bounding_box()
        width, height = self.size
        assert box["width"] >= MIN_TARGET and box["height"] >= MIN_TARGET, (name, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (name, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (name, box)
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    @staticmethod
    def _lands_on(control, x, y):
        """Return whether a tap at x, y hits the control or its own label."""
        return control.evaluate(
            "(e, [x, y]) => { const at = document.elementFromPoint(x, y);"
            " const own = (n) => n && (n.closest('label, button, summary, a') || n);"
            " return !!at && (e.contains(at) || own(at) === own(e)); }",
            [x, y],
        )

    def __call__(self, control, *, scroll=False, still=True):
        expect(control).to_be_enabled()
        name = control.evaluate("e => e.getAttribute('aria-label') || e.textContent.trim()")
        for look in range(3):  # a preview swapped in may move the page: look again
            if scroll and look == 0:
                control.scroll_into_view_if_needed()
            elif scroll:  # still under the sticky Save bar: scroll it to the middle
                control.evaluate("e => e.scrollIntoView({block: 'center'})")
            expect(self.page.locator(HTMX_BUSY)).to_have_count(0)
            x, y = self._aim(control, name)
            if self._lands_on(control, x, y):
                break
        else:
            raise AssertionError(f"{name} is covered where the thumb lands")
        before = self.page.evaluate("window.scrollY")
        self.page.touchscreen.tap(x, y)
        self.count += 1
        if still:
            assert self.page.evaluate("window.scrollY") == before, f"tapping {name} scrolled"
            self.keys_at = self.keys_at if self.keys_at is not None else self._keys_top()
            assert self._keys_top() == self.keys_at, f"tapping {name} moved the keys"


HTMX_BUSY = ".htmx-request, .htmx-swapping, .htmx-settling"


def _open_phone(browser, live_server, session, *, size=PHONE, language="en"):
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, has_touch=True, device_scale_factor=2
    )
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(5_000)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if "Security Policy" in m.text else None)
    page.goto(f"{live_server.url}/join/{session.token}/")  # the table link
    return page, errors


def _start_ron(page, tap, *, winner=1, loser=2):
    tap(page.locator('.outcomes button[data-kind="ron"]'), still=False)
    section = page.locator('.kind-section[data-kind="ron"]')
    tap(section.locator(f'input[name="winners"][value="{winner}"] + span'), still=False)
    tap(section.locator(f'input[name="loser"][value="{loser}"] + span'), still=False)
    hand = section.locator(f'.hand[data-winner="{winner}"]')
    tap(hand.locator("details.tiles > summary"), scroll=True, still=False)  # comes into sight
    expect(hand.locator("[data-tile-picker]")).to_be_visible()
    return hand


def _keys(page, tap):
    picker = page.locator("[data-tile-picker]")

    def mode(name):
        tap(picker.locator(f'[data-tile-mode="{name}"]'))

    def suit(letter):  # a phone shows one suit at a time; a wide screen (40rem) all four
        tab = picker.locator(f'[data-tile-suit="{letter}"]')
        if tap.size[0] < 640 and tab.get_attribute("aria-pressed") != "true":
            tap(tab)

    def tiles(*codes):
        for code in codes:
            tap(picker.locator(f'[data-tile="{code}"]'))

    return mode, suit, tiles


def _tap_the_formats_hand(page, tap):
    """234m 406p 789s 22z and a pon of chun called, won on 2z; dora indicator 1m."""
    mode, suit, tiles = _keys(page, tap)
    mode("dora")
    tiles("1m")  # back to the hand after one indicator
    tiles("2m", "3m", "4m")
    suit("p")
    tiles("4p", "0p", "6p")
    suit("s")
    tiles("7s", "8s", "9s")
    suit("z")
    mode("pon")
    tiles("7z")  # one tap: three copies
    tiles("2z", "2z")  # the hand is full: the next tap names the winning tile
    tiles("2z")


READINGS = {
    "en": "Bo: Yakuhai: chun + dora 2 = 3 han 30 fu",
    "ja": "Bo：役牌 中 + ドラ2 = 3翻30符",
    "zh-hans": "Bo：役牌 中 + 宝牌2 = 3番30符",
}
HAND = {
    "hand": "234m406p789s22z",
    "win": "2z",
    "melds": [{"kind": "pon", "tiles": "777z"}],
    "dora": "1m",
}


def _screenshot(page, artifacts, name):
    path = f"/tmp/tile-entry-{name}.png"
    page.screenshot(path=path, caret="initial")  # hiding the caret takes an inline style
    shutil.copy(path, artifacts / f"tile-entry-{name}.png")


@pytest.mark.parametrize(
    ("language", "size", "taps"),
    [("en", PHONE, 24), ("ja", PHONE, 24), ("zh-hans", PHONE, 24), ("en", DESK, 21)],
)
def test_a_hand_tapped_as_tiles_is_drawn_read_and_saved(
    live_server, artifacts, language, size, taps
):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page, errors = _open_phone(browser, live_server, session, size=size, language=language)
        tap = Taps(page, size)
        hand = _start_ron(page, tap)
        entry = hand.locator("[data-tile-entry]")
        expect(entry.locator("[data-tile-picker]")).to_be_visible()

        _tap_the_formats_hand(page, tap)

        # The fields the form posts, in the notation of FORMATS.md...
        expect(entry.locator('[data-tile-field="tiles"]')).to_have_value("234m406p789s22z")
        expect(entry.locator('[data-tile-field="win"]')).to_have_value("2z")
        expect(entry.locator('[data-tile-field="melds"]')).to_have_value("pon 777z")
        expect(page.locator('input[name="dora"]')).to_have_count(5)
        for dora in page.locator('input[name="dora"]').all():
            expect(dora).to_have_value("1m")
        # ...the hand drawn as tiles: concealed, the winning tile apart, the pon, the dora...
        built = entry.locator("[data-tile-built]")
        expect(built.locator(".concealed img")).to_have_count(10)
        expect(built.locator(".win img")).to_have_count(1)
        expect(built.locator(".meld-pon img")).to_have_count(3)
        expect(built.locator(".dora img")).to_have_count(1)
        # ...and the engine's reading, in the preview and under the keys.
        expect(page.locator("#preview .hand-text")).to_have_text(READINGS[language])
        expect(entry.locator("[data-tile-reading] .hand-text")).to_have_text(READINGS[language])
        expect(page.locator('.hand[data-winner="1"] .fu-choices')).to_be_hidden()
        if language == "en":
            expect(page.locator("#preview .payments")).to_have_text("Chen pays Bo 3,900")
            expect(entry.locator("[data-tile-status]")).to_have_text(
                "11 of 11 tiles · All tiles in: the reading is below"
            )
            expect(built.get_by_role("img", name="South wind, the winning tile")).to_be_visible()
            expect(built.get_by_role("group", name="Pon")).to_be_visible()
        _screenshot(page, artifacts, f"{language}-{size[0]}x{size[1]}")

        tap(page.locator("#round-form .save"), scroll=True, still=False)
        expect(page.locator(".toast")).to_be_visible()
        print(f"\n{language} {size}: {tap.count} taps from the table page to Save, included")
        assert tap.count == taps
        assert errors == []
    assert session.rounds.get().outcome["wins"] == [{"winner": 1, "hand": HAND}]


def test_tiles_that_are_no_winning_hand_say_why_and_taps_can_be_taken_back(live_server, artifacts):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page, errors = _open_phone(browser, live_server, session)
        tap = Taps(page, PHONE)
        entry = _start_ron(page, tap, winner=3, loser=0).locator("[data-tile-entry]")
        mode, suit, tiles = _keys(page, tap)
        preview = page.locator("#preview .errorlist")
        reading = entry.locator("[data-tile-reading] .errorlist")
        field = entry.locator('[data-tile-field="melds"]')

        # A closed kan of fives holds the red five; drawn with its two ends face down.
        suit("p")
        mode("ankan")
        tiles("5p")
        expect(field).to_have_value("ankan 0555p")
        expect(entry.locator(".meld-ankan img")).to_have_count(4)
        faces = entry.locator(".meld-ankan img")
        assert [
            src.rsplit("/", 1)[1] for src in faces.evaluate_all("fs => fs.map(f => f.src)")
        ] == ["back.svg", "0p.svg", "5p.svg", "back.svg"]
        expect(page.locator('[data-tile-picker] [data-tile="5p"]')).to_be_disabled()  # all 4

        # A chi by its run key; while tiles are missing the preview counts them.
        mode("chi")
        tiles_run = page.locator('[data-tile-picker] [data-run="123p"]')
        tap(tiles_run)
        expect(field).to_have_value("ankan 0555p, chi 123p")
        suit("s")
        tiles("1s", "4s")
        expect(preview).to_have_text("Tiles of Dai: 2 of 8 tiles")
        expect(reading).to_have_text("Tiles of Dai: 2 of 8 tiles")

        # Eight tiles that make no hand: the reason, from the engine, in words.
        tiles("2s", "3s", "7s", "8s")  # 123478s 11z
        suit("z")
        tiles("1z", "1z")
        expect(entry.locator('[data-tile-mode="win"]')).to_have_attribute("aria-pressed", "true")
        tiles("1z")
        expect(preview).to_have_text(
            "Dai: Not a winning hand: the tiles are not four sets and a pair, seven pairs "
            "or thirteen orphans."
        )
        expect(reading).to_contain_text("Dai: Not a winning hand")
        _screenshot(page, artifacts, "no-hand-360x740")

        # Undo takes back the last tap (the winning tile), Clear the whole hand.
        tap(entry.locator("[data-tile-undo]"))
        expect(entry.locator('[data-tile-field="win"]')).to_have_value("")
        expect(entry.locator('[data-tile-field="tiles"]')).to_have_value("123478s11z")
        tap(entry.locator("[data-tile-clear]"))
        expect(entry.locator('[data-tile-field="tiles"]')).to_have_value("")
        expect(field).to_have_value("")
        expect(entry.locator("[data-tile-built] img")).to_have_count(0)
        tap(entry.locator("[data-tile-undo]"))
        expect(field).to_have_value("ankan 0555p, chi 123p")
        assert errors == []
    assert session.rounds.count() == 0


def test_typed_tiles_are_drawn_too(live_server):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page, _ = _open_phone(browser, live_server, session)
        tap = Taps(page, PHONE)
        entry = _start_ron(page, tap).locator("[data-tile-entry]")
        tap(entry.locator("[data-tile-typed] > summary"), scroll=True, still=False)
        entry.locator('[data-tile-field="tiles"]').fill("234m406p789s22z")
        entry.locator('[data-tile-field="win"]').fill("2z")
        entry.locator('[data-tile-field="melds"]').fill("pon 777z")
        entry.locator('[data-tile-field="dora"]').fill("1m")

        expect(entry.locator("[data-tile-built] img")).to_have_count(15)
        for dora in page.locator('input[name="dora"]').all():  # every panel's, alike
            expect(dora).to_have_value("1m")
        expect(page.locator("#preview .hand-text")).to_have_text(
            re.compile(r"^Bo: Yakuhai: chun \+ dora 2 = 3 han 30 fu$")
        )


def test_two_winners_share_the_picker_and_the_dora_indicators(live_server):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page, errors = _open_phone(browser, live_server, session)
        tap = Taps(page, PHONE)
        bo = _start_ron(page, tap, winner=1, loser=0).locator("[data-tile-entry]")
        section = page.locator('.kind-section[data-kind="ron"]')
        tap(section.locator('input[name="winners"][value="3"] + span'), scroll=True, still=False)
        dai_hand = section.locator('.hand[data-winner="3"]')
        tap(dai_hand.locator("details.tiles > summary"), scroll=True, still=False)
        dai = dai_hand.locator("[data-tile-entry]")
        mode, _, tiles = _keys(page, tap)

        expect(dai.locator("[data-tile-picker]")).to_be_visible()  # it came to Dai's panel
        expect(bo.locator("[data-tile-picker]")).to_have_count(0)
        mode("dora")
        tiles("9m")
        expect(dai.locator("[data-tile-built] .dora img")).to_have_count(1)
        tap(section.locator('.hand-tabs button[data-hand="1"]'), scroll=True, still=False)
        here = bo.locator("[data-tile-here]")  # one hand shows at a time: Bo's tab shows his
        tap(here, scroll=True, still=False)
        expect(bo.locator("[data-tile-picker]")).to_be_visible()
        expect(bo.locator("[data-tile-built] .dora img")).to_have_count(1)  # the round's
        expect(dai.locator("[data-tile-here]")).not_to_have_attribute("hidden", "")
        for dora in page.locator('input[name="dora"]').all():
            expect(dora).to_have_value("9m")
        assert errors == []


def test_the_edit_page_enters_tiles_with_the_same_picker(live_server, artifacts):
    hand = {**HAND, "dora": "1m"}
    session = create_session(
        rules={"preset": "tenhou"},
        rounds=[{"result": "ron", "loser": 2, "wins": [{"winner": 1, "hand": hand}], "riichi": []}],
    )
    create_user(username="member", password="pw-for-tests-1")
    with launch_chromium() as browser:
        page, errors = _open_phone(browser, live_server, session)
        page.goto(f"{live_server.url}/login/")
        page.get_by_label("Username").fill("member")
        page.get_by_label("Password").fill("pw-for-tests-1")
        page.locator("main form button[type=submit]").click()
        page.goto(f"{live_server.url}/sessions/{session.pk}/rounds/1/edit/")
        entry = page.locator('.hand[data-winner="1"] [data-tile-entry]')
        expect(entry.locator("[data-tile-picker]")).to_be_visible()  # Bo's hand is open
        expect(entry.locator("[data-tile-built] img")).to_have_count(15)
        tap = Taps(page, PHONE)
        mode, suit, tiles = _keys(page, tap)
        entry.locator("[data-tile-picker]").scroll_into_view_if_needed()
        mode("dora")
        suit("p")
        tiles("9p")
        for dora in page.locator('input[name="dora"]').all():
            expect(dora).to_have_value("1m9p")
        _screenshot(page, artifacts, "edit-360x740")
        page.get_by_role("button", name="Save changes").click()
        expect(page).to_have_url(re.compile(r"/history/$"))
        assert errors == []
    assert session.rounds.get().outcome["wins"][0]["hand"]["dora"] == "1m9p"
