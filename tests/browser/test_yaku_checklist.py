"""A hand's value given by its yaku checklist on a phone at the table (360 x 740, by touch):
a riichi pinfu tsumo counted in taps, every control tapped in sight and at least 44 px, the
preview and the reading following the checklist, a refusal with its reason, and Save storing
the han and fu with the yaku and dora. Screenshots go to the artifacts folder."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import launch_chromium
from tests.browser.test_tile_entry import DESK, PHONE, _open_phone
from tests.browser.test_tile_entry import Taps as TileTaps
from tests.factories import create_session

pytestmark = pytest.mark.django_db(transaction=True)


class Taps(TileTaps):
    """The tile entry's taps; a control the player scrolls to comes wholly into sight (a
    chip cut by a fraction of a pixel at the top counts as in sight for the browser)."""

    def __call__(self, control, *, scroll=False, still=True):
        if scroll:
            box = control.bounding_box()
            if box is None or box["y"] < 0 or box["y"] + box["height"] > self.size[1]:
                control.evaluate("e => e.scrollIntoView({block: 'center'})")
        super().__call__(control, scroll=scroll, still=still)


def _screenshot(page, artifacts, name):
    page.screenshot(path=str(artifacts / f"yaku-checklist-{name}.png"), caret="initial")


def _no_horizontal_scroll(page, width):
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize(("size", "taps"), [(PHONE, 5), (DESK, 5)])
def test_a_riichi_pinfu_tsumo_is_given_by_its_yaku_in_a_few_taps(
    live_server, artifacts, size, taps
):
    session = create_session(rules={"preset": "club"})
    with launch_chromium() as browser:
        page, errors = _open_phone(browser, live_server, session, size=size)
        tap = Taps(page, size)
        # Riichi is declared during the hand (not counted: it is no part of the round's entry).
        page.get_by_role("button", name="Riichi Bo", exact=True).click()
        expect(page.get_by_role("button", name="Riichi Bo", exact=True)).to_have_attribute(
            "aria-pressed", "true"
        )

        tap(page.locator('.outcomes button[data-kind="tsumo"]'), still=False)
        section = page.locator('.kind-section[data-kind="tsumo"]')
        tap(section.locator('input[name="winner"][value="1"] + span'), still=False)
        panel = section.locator("details.extra.yaku")
        tap(panel.locator("> summary"), still=False)
        checklist = panel.locator("[data-checklist]")
        # Bo's riichi and a closed tsumo's menzen tsumo are ticked already.
        expect(checklist.locator('input[value="riichi"]')).to_be_checked()
        expect(checklist.locator('input[value="menzen_tsumo"]')).to_be_checked()
        expect(checklist.locator("[data-checklist-by]")).to_be_hidden()
        tap(checklist.locator('input[value="pinfu"] + span'), scroll=True, still=False)

        preview = page.locator("#preview")
        expect(preview.locator(".checklist-text")).to_have_text(
            "Bo: Riichi + Menzen tsumo + Pinfu = 3 han 20 fu"
        )
        expect(preview.locator(".payments")).to_have_text(
            "Bo puts 1,000 on the table · Aki pays Bo 1,300 · Chen pays Bo 700 · "
            "Dai pays Bo 700 · Bo takes 1,000 from the table"
        )
        expect(checklist.locator("[data-checklist-reading] .checklist-text")).to_have_text(
            "Bo: Riichi + Menzen tsumo + Pinfu = 3 han 20 fu"
        )  # the preview, where the taps are
        expect(section.locator(".fu-choices")).to_be_hidden()  # pinfu tsumo: 20 fu
        _no_horizontal_scroll(page, size[0])
        _screenshot(page, artifacts, f"{size[0]}x{size[1]}")

        tap(page.locator("#round-form .save"), scroll=True, still=False)
        expect(page.locator(".toast")).to_be_visible()
        print(f"\n{size}: a riichi pinfu tsumo by checklist took {tap.count} taps, Save included")
        assert tap.count == taps
        assert errors == []
    outcome = session.rounds.get().outcome
    assert outcome == {
        "result": "tsumo",
        "winner": 1,
        "han": 3,
        "fu": 20,
        "yaku": ["riichi", "menzen_tsumo", "pinfu"],
        "dora": {"dora": 0, "aka": 0, "ura": 0},
        "riichi": [1],
    }


def test_the_checklist_counts_dora_asks_the_fu_left_open_and_says_why_it_refuses(
    live_server, artifacts
):
    session = create_session(rules={"preset": "club"})
    with launch_chromium() as browser:
        page, errors = _open_phone(browser, live_server, session)
        tap = Taps(page, PHONE)
        tap(page.locator('.outcomes button[data-kind="ron"]'), still=False)
        section = page.locator('.kind-section[data-kind="ron"]')
        tap(section.locator('input[name="winners"][value="1"] + span'), still=False)
        tap(section.locator('input[name="loser"][value="2"] + span'), still=False)
        hand = section.locator('.hand[data-winner="1"]')
        tap(hand.locator("details.extra.yaku > summary"), scroll=True, still=False)
        checklist = hand.locator("[data-checklist]")
        preview = page.locator("#preview")

        # Tanyao on a ron leaves the fu open: only the fu a 1-han ron can have (from 30).
        tap(checklist.locator('input[value="tanyao"] + span'), scroll=True, still=False)
        expect(preview.locator(".checklist-text")).to_have_text("Bo: Tanyao = 1 han")
        fu = hand.locator(".fu-choices")
        expect(fu).to_be_visible()
        expect(fu.locator('[data-fu="20"]')).to_be_hidden()
        expect(fu.locator('[data-fu="25"]')).to_be_hidden()
        more = checklist.get_by_role("button", name="Dora: one more")
        tap(more, scroll=True, still=False)
        tap(more, still=False)
        expect(checklist.locator('input[name="yaku_dora_1"]')).to_have_value("2")
        tap(fu.locator('[data-fu="40"] span'), scroll=True, still=False)
        expect(preview.locator(".checklist-text")).to_have_text("Bo: Tanyao + dora 2 = 3 han 40 fu")
        expect(preview.locator(".payments")).to_have_text("Chen pays Bo 5,200")

        # Pinfu and toitoi: refused, with the reason.
        tap(checklist.locator('input[value="toitoi"] + span'), scroll=True, still=False)
        tap(checklist.locator('input[value="pinfu"] + span'), scroll=True, still=False)
        expect(preview.locator(".errorlist")).to_have_text(
            "Bo: Pinfu has no triplets or kans, which Toitoi needs."
        )
        _no_horizontal_scroll(page, PHONE[0])
        _screenshot(page, artifacts, "refused-360x740")
        tap(checklist.locator('input[value="pinfu"] + span'), scroll=True, still=False)
        tap(checklist.locator('input[value="toitoi"] + span'), scroll=True, still=False)
        expect(preview.locator(".payments")).to_have_text("Chen pays Bo 5,200")

        # A han button takes the value back from the checklist.
        tap(hand.locator('.han-choices input[value="2"] + span'), scroll=True, still=False)
        expect(preview.locator(".checklist-text")).to_have_count(0)
        assert errors == []


@pytest.mark.parametrize("language", ["ja", "zh-hans"])
def test_the_checklist_fits_a_phone_in_japanese_and_chinese(live_server, artifacts, language):
    session = create_session(rules={"preset": "club"})
    with launch_chromium() as browser:
        page, errors = _open_phone(browser, live_server, session, language=language)
        tap = Taps(page, PHONE)
        riichi = page.locator('#table .seat[data-seat="3"] .riichi-button')
        riichi.click()  # Dai's riichi, during the hand
        expect(riichi).to_have_attribute("aria-pressed", "true")
        tap(page.locator('.outcomes button[data-kind="ron"]'), still=False)
        section = page.locator('.kind-section[data-kind="ron"]')
        tap(section.locator('input[name="winners"][value="3"] + span'), still=False)
        tap(section.locator('input[name="loser"][value="0"] + span'), still=False)
        hand = section.locator('.hand[data-winner="3"]')
        tap(hand.locator("details.extra.yaku > summary"), scroll=True, still=False)
        chips = hand.locator(".yaku-chip:visible > span")
        assert chips.count() == 30  # the yakuman stay folded
        for box in chips.evaluate_all("cs => cs.map(c => c.getBoundingClientRect().toJSON())"):
            assert box["width"] >= 44 and box["height"] >= 44, box
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0], box
        expect(hand.locator('input[value="riichi"]')).to_be_checked()  # declared at the table
        tap(hand.locator('input[value="chiitoitsu"] + span'), scroll=True, still=False)
        expect(page.locator("#preview .payments")).to_contain_text("3,200")  # 3 han 25 fu
        _no_horizontal_scroll(page, PHONE[0])
        _screenshot(page, artifacts, f"{language}-360x740")
        assert errors == []
