"""What the table page says on a phone (360 x 740) matches what is true now: a refused
Save is not shown once the form has changed, the undo after an early end of the game
says it takes the end back, the header folded over the round form still shows who is in
riichi, a ron offers no 20 fu before its han, a finished game shows no counters and says
where the last sticks went, and a past round's edit page opens as the table page shows it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, launch_chromium, log_in
from tests.browser.test_tile_entry import _open_phone
from tests.factories import create_session, draw, ron

pytestmark = pytest.mark.django_db(transaction=True)


def _ron(page, *, winner=1, loser=2):
    page.locator('.outcomes button[data-kind="ron"]').click()
    section = page.locator('.kind-section[data-kind="ron"]')
    section.locator(f'label:has(> input[name="winners"][value="{winner}"])').click()
    section.locator(f'label:has(> input[name="loser"][value="{loser}"])').click()
    return section.locator(f'.hand[data-winner="{winner}"]')


def _type_tiles(hand, tiles, win):
    """Type the hand (MPSZ) into the Tiles panel's fields, opening what is closed."""
    for summary in ("details.tiles > summary", "[data-tile-typed] > summary"):
        details = hand.locator(summary).locator("..")
        if details.get_attribute("open") is None:
            hand.locator(summary).click()
    hand.locator('[data-tile-field="tiles"]').fill(tiles)
    hand.locator('[data-tile-field="win"]').fill(win)


def test_a_refused_save_is_taken_off_the_form_by_the_next_preview(live_server):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page, errors = _open_phone(browser, live_server, session)
        hand = _ron(page)
        refusal = page.locator("#round-form > .errorlist")
        _type_tiles(hand, "123m456p789s12399s", "2s")  # a kanchan on 2s: no yaku
        expect(page.locator("#preview .errorlist")).to_contain_text("yaku")

        page.locator("#round-form .save").click()

        expect(refusal).to_contain_text("yaku")  # refused by the server (422)
        expect(page.locator(".toast")).to_have_count(0)
        hand = page.locator('.hand[data-winner="1"]')
        _type_tiles(hand, "234m456p678s23488s", "2s")  # tanyao

        expect(page.locator("#preview .payments")).to_be_visible()
        expect(refusal).to_have_count(0)
        assert errors == []
    assert session.rounds.count() == 0


def test_the_undo_after_ending_the_game_says_it_takes_the_end_back(live_server):
    session = create_session(rules={"preset": "tenhou"}, rounds=[draw(0), draw(0)])
    with launch_chromium() as browser:
        page = browser.new_context(viewport=PHONE).new_page()
        page.set_default_timeout(5_000)
        questions = []
        page.on("dialog", lambda dialog: (questions.append(dialog.message), dialog.accept()))
        log_in(page, live_server.url)
        page.goto(f"{live_server.url}/sessions/{session.pk}/")
        page.get_by_role("button", name="End the game", exact=True).click()
        expect(page.get_by_role("heading", name="Game over")).to_be_visible()

        take_back = page.get_by_role("button", name="Take back the end of the game", exact=True)
        expect(take_back).to_be_visible()
        expect(page.get_by_role("button", name="Undo last round", exact=True)).to_have_count(0)
        take_back.click()

        expect(page.get_by_role("status")).to_contain_text("The end of the game was taken back.")
        expect(page.get_by_role("button", name="Undo last round", exact=True)).to_be_visible()
        assert questions[-1] == "Take back the end of the game? Play goes on from where it stopped."
    session.refresh_from_db()
    assert session.rounds.count() == 2 and not session.is_finished


def test_the_header_over_the_round_form_shows_who_is_in_riichi(live_server):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page, errors = _open_phone(browser, live_server, session)
        page.get_by_role("button", name="Riichi Chen", exact=True).click()
        expect(page.locator("#sticks")).to_have_text("1")

        page.locator('.outcomes button[data-kind="ron"]').click()

        expect(page.locator("#table-main")).to_have_class("table-main sheet-open")
        expect(page.locator(".riichi-form").first).to_be_hidden()
        chen, bo = page.locator('.seat[data-seat="2"]'), page.locator('.seat[data-seat="1"]')
        mark = chen.get_by_role("img", name="riichi stick")
        expect(mark).to_be_visible()
        expect(bo.get_by_role("img", name="riichi stick")).to_be_hidden()
        seat, stick = chen.bounding_box(), mark.bounding_box()
        assert seat["x"] <= stick["x"] and stick["x"] + stick["width"] <= seat["x"] + seat["width"]
        assert stick["y"] >= 0  # in sight, above the card's top edge at most by half a stick
        assert errors == []


def test_a_ron_offers_no_20_fu_before_its_han_is_chosen(live_server):
    session = create_session(rules={"preset": "tenhou"})
    with launch_chromium() as browser:
        page, errors = _open_phone(browser, live_server, session)
        fu = _ron(page).locator(".fu-choices")

        expect(fu.locator('[data-fu="20"]')).to_be_hidden()
        expect(fu.locator('[data-fu="25"]')).to_be_visible()  # chiitoitsu, 2 han and up
        expect(fu.locator('[data-fu="30"]')).to_be_visible()

        page.locator('.outcomes button[data-kind="tsumo"]').click()
        tsumo_fu = page.locator('.kind-section[data-kind="tsumo"] .fu-choices')
        expect(tsumo_fu.locator('[data-fu="20"]')).to_be_visible()  # pinfu tsumo
        assert errors == []


def test_a_finished_game_shows_where_the_last_sticks_went_not_the_counters(live_server):
    """The last dealer noten at the draw ends an east game with Aki's riichi stick down;
    first place (Dai) takes it."""
    rules = {"preset": "wrc", "game_length": "east", "leftover_sticks": "first"}
    rounds = [ron(1, 0), ron(2, 1), ron(3, 2), draw(0, riichi=(0,))]
    session = create_session(rules=rules, rounds=rounds)
    with launch_chromium() as browser:
        page, errors = _open_phone(browser, live_server, session)

        expect(page.get_by_role("heading", name="Game over")).to_be_visible()
        expect(page.locator("#honba")).to_be_hidden()
        expect(page.locator("#sticks")).to_be_hidden()
        expect(page.locator("#leftover-sticks")).to_have_text(
            "Riichi sticks left on the table at the end: 1 · Dai +1,000 from riichi sticks"
        )
        assert errors == []


def test_where_the_last_sticks_went_has_no_space_before_a_full_width_bracket(live_server):
    rules = {"preset": "wrc", "game_length": "east", "leftover_sticks": "first"}
    rounds = [ron(1, 0), ron(2, 1), ron(3, 2), draw(0, riichi=(0,))]
    session = create_session(rules=rules, rounds=rounds)
    with launch_chromium() as browser:
        page, errors = _open_phone(browser, live_server, session, language="ja")

        sticks = page.locator("#leftover-sticks")
        expect(sticks).to_contain_text("Dai")
        assert " （" not in sticks.inner_text()
        assert errors == []


def test_the_edit_page_of_a_checklist_win_opens_as_the_table_page_shows_it(live_server):
    """A tanyao ron given by its yaku: no han button pressed (the yaku give the han), and
    only the fu a 1-han ron can have (from 30; never 20), before any tap."""
    tanyao = {"winner": 1, "han": 1, "fu": 30, "yaku": ["tanyao"],
              "dora": {"dora": 0, "aka": 0, "ura": 0}}  # fmt: skip
    session = create_session(rules={"preset": "club"},
                             rounds=[{"result": "ron", "loser": 2, "wins": [tanyao]}])  # fmt: skip
    with launch_chromium() as browser:
        page = browser.new_context(viewport=PHONE).new_page()
        page.set_default_timeout(5_000)
        log_in(page, live_server.url)
        page.goto(f"{live_server.url}/sessions/{session.pk}/rounds/1/edit/")

        hand = page.locator('.hand[data-winner="1"]')
        expect(page.locator("#preview .checklist-text")).to_have_text("Bo: Tanyao = 1 han 30 fu")
        expect(hand.locator(".han-choices input:checked")).to_have_count(0)
        fu = hand.locator(".fu-choices")
        expect(fu.locator('[data-fu="20"]')).to_be_hidden()
        expect(fu.locator('[data-fu="25"]')).to_be_hidden()
        expect(fu.locator('[data-fu="30"] input')).to_be_checked()
        expect(fu.locator('[data-fu="40"]')).to_be_visible()
