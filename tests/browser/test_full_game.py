"""A whole east-south game played through the table page in Chromium, as the table would.

Every saved round is checked against the engine's replay of the rounds in the database
(``Session.replay()``); a few are also checked against points worked out by hand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from ledger.models import Session
from ledger.templatetags.ledger_tags import points, result, round_name
from tests.browser.conftest import ARTIFACTS, log_in

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("Aki", "Bo", "Chen", "Dai")  # seats 0-3, Aki the first dealer
HTMX_BUSY = ".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added"


MIN_TARGET = 44  # px: the smallest tap target a finger hits reliably


@dataclass
class Table:
    """The table page of one session, driven through its labels and roles like a person.

    Every tap goes through ``tap``, which checks that the control is on screen (no
    scrolling) and big enough, and counts it: ``taps`` holds each round's count.
    """

    page: Page
    pk: int
    rounds: int = 0
    previewed: str = ""
    count: int = 0
    taps: list[tuple[str, int, int]] = field(default_factory=list)  # kind, taps, the bound

    def replay(self) -> dict[str, Any]:
        return Session.objects.get(pk=self.pk).replay()

    def group(self, name: str) -> Locator:
        return self.page.get_by_role("group", name=name, exact=True)

    def settle(self) -> None:
        """Wait for htmx to finish: swapped-in content gets its listeners only once settled."""
        expect(self.page.locator(HTMX_BUSY)).to_have_count(0)

    def tap(self, control: Locator) -> None:
        """Tap a control that must be inside the viewport and at least 44 x 44 px."""
        expect(control).to_be_visible()
        box = control.bounding_box()
        if control.get_attribute("type") in ("radio", "checkbox"):
            box = control.locator("xpath=..").bounding_box()  # the label drawn as a button
        assert box is not None
        viewport = self.page.viewport_size
        if not 0 <= box["y"] <= viewport["height"] - box["height"]:
            self.page.screenshot(path=str(ARTIFACTS / "outside-the-viewport.png"))
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], (
            f"{control} is outside the {viewport['height']} px viewport: {box}"
        )
        assert box["width"] >= MIN_TARGET and box["height"] >= MIN_TARGET, (control, box)
        control.click()
        self.count += 1

    def choose(self, kind: str) -> None:
        self.count = 0
        self.tap(self.page.get_by_role("button", name=kind, exact=True))

    def hand(self, name: str) -> Locator:
        return self.page.get_by_role("group", name=f"Hand of {name}", exact=True)

    def value(self, scope: Locator, han: str, fu: str = "") -> None:
        self.tap(scope.get_by_role("radio", name=han, exact=True))
        if fu:
            self.tap(scope.get_by_role("radio", name=fu, exact=True))

    def declare_riichi(self, *names: str) -> None:
        for name in names:
            self.page.get_by_role("button", name=f"Riichi {name}", exact=True).click()
            expect(
                self.page.get_by_role("button", name=f"Riichi {name}", exact=True)
            ).to_have_attribute("aria-pressed", "true")
            self.settle()

    def ron(
        self, discarder: str, *wins: tuple[str, ...], riichi: tuple[str, ...] = ()
    ) -> dict[str, Any]:
        """Return the round as played after recording a ron; a win is (name, han[, fu])."""
        self.declare_riichi(*riichi)
        self.choose("Ron")
        for name, han, *fu in wins:
            self.tap(self.group("Winner").get_by_role("checkbox", name=name, exact=True))
            self.value(self.hand(name), han, *fu)
        self.tap(self.group("Discarder").get_by_role("radio", name=discarder, exact=True))
        # Ron, discarder, Save; per winner: the tick, the han and (below mangan) the fu.
        return self.save("ron", 3 + sum(2 + len(fu) for _, _, *fu in wins))

    def tsumo(
        self, winner: str, han: str, fu: str = "", riichi: tuple[str, ...] = ()
    ) -> dict[str, Any]:
        self.declare_riichi(*riichi)
        self.choose("Tsumo")
        self.tap(self.group("Winner").get_by_role("radio", name=winner, exact=True))
        self.value(self.group("Hand"), han, fu)
        return self.save("tsumo", 4 + bool(fu))

    def draw(self, *tenpai: str, riichi: tuple[str, ...] = ()) -> dict[str, Any]:
        self.declare_riichi(*riichi)
        self.choose("Draw")
        for name in tenpai:
            self.tap(self.group("Tenpai").get_by_role("checkbox", name=name, exact=True))
        return self.save("draw", 2 + len(tenpai))

    def abort(self, reason: str) -> dict[str, Any]:
        self.choose("Abort")
        self.tap(self.group("Reason").get_by_role("radio", name=reason, exact=True))
        return self.save("abort", 3)

    def save(self, kind: str, most: int) -> dict[str, Any]:
        """Return the round as played after reading the preview and saving."""
        self.settle()  # the preview answers the last change
        preview = self.page.locator("#preview")
        if kind != "abort":
            expect(preview).to_contain_text(" pay")
        self.previewed = " ".join(preview.inner_text().split())
        self.tap(self.page.get_by_role("button", name="Save", exact=True))
        self.taps.append((kind, self.count, most))
        self.rounds += 1
        self.settle()  # the table after the round replaces the page's main part
        expect(self.page.get_by_role("button", name="Undo", exact=True)).to_be_visible()
        return self.check()["rounds"][-1]

    def undo(self) -> None:
        self.page.get_by_role("button", name="Undo", exact=True).click()
        expect(self.page.get_by_role("status")).to_contain_text(f"undid round {self.rounds}: ")
        self.rounds -= 1
        self.check()

    def put_back(self) -> None:
        self.page.get_by_role("button", name="Put it back", exact=True).click()
        expect(self.page.get_by_role("status")).to_contain_text(f"Round {self.rounds + 1} saved")
        self.rounds += 1
        self.check()

    def check(self) -> dict[str, Any]:
        """Return the replay after checking scores, dealer and counters shown against it."""
        expect(self.page.locator("#table")).to_have_attribute("data-rounds", str(self.rounds))
        self.settle()
        state = self.replay()
        assert len(state["rounds"]) == self.rounds
        scores = state["rounds"][-1]["scores"] if state["rounds"] else [25000] * 4
        for seat, score in enumerate(scores):
            expect(self.score(seat)).to_have_attribute("data-score", str(score))
        nxt = state["next"]
        expect(self.page.locator("#honba")).to_have_text(str(nxt["honba"]))
        expect(self.page.locator("#sticks")).to_have_text(str(nxt["riichi_sticks"]))
        if not state.get("finished"):
            expect(self.page.locator("#round-label")).to_have_text(round_name(nxt["round"]))
            expect(self.page.locator(".seat.is-dealer")).to_have_attribute(
                "data-seat", str(nxt["dealer"])
            )
        return state

    def score(self, seat: int) -> Locator:
        return self.page.locator(f".seat[data-seat='{seat}'] .points")

    def scores(self) -> list[int]:
        return [int(self.score(seat).get_attribute("data-score") or "") for seat in range(4)]


def start_hanchan(page: Page, base: str) -> Table:
    page.goto(f"{base}/sessions/new/")
    for number, (name, wind) in enumerate(zip(NAMES, ("East", "South", "West", "North")), 1):
        page.get_by_label(f"Player {number} ({wind})").fill(name)
    page.get_by_label("In the order entered (first is East)").check()
    page.get_by_label("Rules").select_option("preset:tenhou")
    page.get_by_role("button", name="Start").click()
    page.wait_for_url(re.compile(r"/sessions/\d+/$"))
    table = Table(page, int(page.url.rstrip("/").rsplit("/", 1)[1]))
    rules = Session.objects.get(pk=table.pk).engine_rules()
    assert rules.name == "tenhou" and rules.game_length == "east_south"
    expect(page.locator("#round-label")).to_have_text("East 1")
    table.check()
    return table


def screenshot(page: Page, path: Path, width: int, height: int) -> None:
    """Save a full-page screenshot at this viewport; the page must not scroll sideways."""
    page.set_viewport_size({"width": width, "height": height})
    page.screenshot(path=str(path), full_page=True)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than a {width}px screen"


def expect_final_result(page: Page, final: dict[str, Any]) -> None:
    """Check the table page's final result, listed by place, against the replay."""
    card = page.locator(".card").filter(has=page.get_by_role("heading", name="Final result"))
    rows = card.locator(".final-rows li")
    expect(rows).to_have_count(4)
    by_place = sorted(range(4), key=lambda seat: (final["places"][seat], seat))
    for row, seat in enumerate(by_place):
        expect(rows.nth(row).locator("span, strong")).to_have_text(
            [
                str(final["places"][seat]),
                NAMES[seat],
                points(final["scores"][seat]),
                result(final["results"][seat]),
            ]
        )


def expect_settlement(page: Page, final: dict[str, Any]) -> None:
    """Check the history's settlement, listed by place, against the replay's final block."""
    section = page.locator("section").filter(has=page.get_by_role("heading", name="Settlement"))
    rows = section.locator("tbody tr")
    by_place = sorted(range(4), key=lambda seat: (final["places"][seat], seat))
    expect(rows.locator("td:first-child")).to_have_text([str(final["places"][s]) for s in by_place])
    expect(rows.locator("td:nth-child(2)")).to_have_text([NAMES[s] for s in by_place])
    expect(rows.locator("td:last-child")).to_have_text(
        [result(final["results"][s]) for s in by_place]
    )


def expect_history(page: Page, state: dict[str, Any]) -> None:
    """Check every row of the history against the replay: round, honba, scores after it."""
    rows = page.locator("table.rounds tbody tr")
    expect(rows).to_have_count(len(state["rounds"]))
    expect(rows.locator("td:nth-child(2)")).to_have_text(
        [round_name(r["round"]) for r in state["rounds"]]
    )
    expect(rows.locator("td:nth-child(3)")).to_have_text([str(r["honba"]) for r in state["rounds"]])
    expect(rows.locator("td.num .muted")).to_have_text(
        [points(score) for r in state["rounds"] for score in r["scores"]]
    )


def test_a_hanchan_played_at_the_table_matches_the_engine_replay(live_server, open_page, artifacts):
    page = open_page()
    log_in(page, live_server.url)
    table = start_hanchan(page, live_server.url)

    # East 1: Bo ron 3 han 30 fu from Chen, a non-dealer ron worth 3,900.
    played = table.ron("Chen", ("Bo", "3 han", "30 fu"))
    assert played["deltas"] == [0, 3900, -3900, 0]
    assert table.scores() == [25000, 28900, 21100, 25000]
    expect(table.score(1)).to_have_text("28,900")
    expect(table.score(2)).to_have_text("21,100")

    # East 2: dealer Bo declares riichi and wins by tsumo, 2,000 all; he keeps the deal.
    played = table.tsumo("Bo", "3 han", "30 fu", riichi=("Bo",))
    assert played["deltas"] == [-2000, 6000, -2000, -2000]  # his riichi stick comes back
    expect(table.page.locator("#round-label")).to_have_text("East 2")
    expect(table.page.locator("#honba")).to_have_text("1")
    # East 2, 1 honba: dealer ron 2 han 40 fu = 3,900 + 300 for the counter.
    assert table.ron("Dai", ("Bo", "2 han", "40 fu"))["deltas"] == [0, 4200, 0, -4200]
    expect(table.page.locator("#honba")).to_have_text("2")

    # A mistake: Chen's tsumo is saved, then undone (and a mistaken undo put back first).
    tsumo = table.tsumo("Chen", "2 han", "30 fu")
    table.undo()
    table.put_back()
    assert table.check()["rounds"][-1] == tsumo
    table.undo()

    # East 2, 2 honba: exhaustive draw, Aki and Chen in riichi and tenpai, dealer Bo noten.
    assert table.draw("Aki", "Chen", riichi=("Aki", "Chen"))["deltas"] == [500, -1500, 500, -1500]
    expect(table.page.locator("#sticks")).to_have_text("2")
    expect(table.page.locator("#round-label")).to_have_text("East 3")
    expect(table.page.locator("#honba")).to_have_text("3")

    # East 3, 3 honba: double ron on Dai's discard. Aki sits nearest the discarder and takes
    # the counters (900) and the two sticks from the draw; Bo's mangan is 8,000.
    played = table.ron("Dai", ("Aki", "2 han", "30 fu"), ("Bo", "Mangan"))
    assert played["deltas"] == [2000 + 900 + 2000, 8000, 0, -10900]
    expect(table.page.locator("#sticks")).to_have_text("0")
    screenshot(table.page, artifacts / "table-1024x768.png", 1024, 768)
    screenshot(table.page, artifacts / "table-360x800.png", 360, 800)

    table.tsumo("Dai", "Mangan")  # East 4: dealer mangan tsumo, 4,000 all
    table.ron("Aki", ("Chen", "1 han", "30 fu"), riichi=("Chen",))  # East 4, 1 honba
    table.ron("Bo", ("Aki", "4 han", "30 fu"))  # South 1: dealer ron, 11,600
    table.abort("Nine different terminals and honors (kyuushu kyuuhai)")  # dealer keeps the deal
    table.tsumo("Bo", "1 han", "30 fu")  # South 1, 2 honba
    table.draw("Bo", "Dai", riichi=("Dai",))  # South 2: dealer Bo tenpai keeps the deal
    played = table.ron("Bo", ("Chen", "Haneman"))  # collects Dai's stick
    assert played["deltas"] == [0, -12300, 12000 + 300 + 1000, 0]
    table.ron("Chen", ("Dai", "2 han", "30 fu"))  # South 3
    table.tsumo("Aki", "3 han", "40 fu")  # South 4, all last: the game ends
    assert "this ends the game" in table.previewed

    state = table.check()
    assert state["ended_by"] == "last_round" and len(state["rounds"]) == 14
    for kind, count, most in table.taps:  # the bounds, outcome and Save included
        assert count <= most, f"a {kind} took {count} taps, more than {most}"
    assert ("ron", 6, 6) in table.taps and ("tsumo", 5, 5) in table.taps
    assert ("draw", 4, 4) in table.taps  # two tenpai
    final = state["final"]
    assert final["scores"] == [37700, 19600, 24900, 17800]
    assert final["places"] == [1, 3, 2, 4]
    assert final["results"] == [47.7, -20.4, 4.9, -32.2]  # uma 20-10, oka 20, from 30,000
    expect(table.page.get_by_role("heading", name="Game over")).to_be_visible()
    expect(table.page.get_by_role("button", name="Save", exact=True)).to_have_count(0)
    expect_final_result(table.page, final)
    screenshot(table.page, artifacts / "final-360x800.png", 360, 800)

    # Round 1 was really Bo's tsumo, 4 han 30 fu: 3,900 from the dealer, 2,000 from the others.
    table.page.get_by_role("link", name="History").click()
    expect_history(table.page, state)
    expect_settlement(table.page, final)
    table.page.get_by_role("link", name="Edit round 1", exact=True).click()
    table.page.get_by_role("button", name="Tsumo", exact=True).click()
    table.group("Winner").get_by_role("radio", name="Bo", exact=True).check()
    table.group("Hand").get_by_role("radio", name="4 han", exact=True).check()
    table.group("Hand").get_by_role("radio", name="30 fu", exact=True).check()
    table.page.get_by_role("button", name="Save changes").click()
    expect(table.page.get_by_role("status")).to_contain_text(
        "Round 1 was changed; later rounds were replayed."
    )

    edited = table.replay()
    assert edited["rounds"][0]["deltas"] == [-3900, 7900, -2000, -2000]
    shift = [-3900, 4000, 1900, -2000]  # the change against the ron it replaced
    for before, after in zip(state["rounds"], edited["rounds"]):
        assert after["scores"] == [s + d for s, d in zip(before["scores"], shift)]
    expect_history(table.page, edited)
    expect_settlement(table.page, edited["final"])
    expect(table.page.get_by_role("cell", name="Tsumo: Bo (4 han 30 fu)")).to_be_visible()

    table.page.get_by_role("link", name="Table", exact=True).click()
    table.check()
    expect_final_result(table.page, edited["final"])
    assert edited["final"]["scores"] == [33800, 23600, 26800, 15800]
