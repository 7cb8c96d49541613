"""Taps at the table: per outcome, the activations a round takes from the table view (the
outcome, the choices, Save) and the page's height, on a 360x740 phone in Chromium.

Targets (issue 17): a non-dealer ron given as han/fu in at most 6 activations, a tsumo in
at most 5, an exhaustive draw with two tenpai in at most 4, every control on screen
without scrolling. Also the sync: how long a riichi tapped on one phone takes to show on
a second phone at the table (target: within the 2 s poll and its answer, 2.5 s).
Run: ``.venv/bin/python -m bench.table`` (needs /usr/bin/chromium).
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from bench._common import sqlite_app

ROOT = Path(__file__).resolve().parent.parent
VIEWPORT = {"width": 360, "height": 740}
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
# Each outcome: the taps from the table view, as (role, group, name); Save ends them all.
ROUNDS = {
    "non-dealer ron, 3 han 30 fu": [("button", None, "Ron"), ("checkbox", "Winner", "Bo"),
        ("radio", "Hand of Bo", "3 han"), ("radio", "Hand of Bo", "30 fu"),
        ("radio", "Discarder", "Chen")],
    "ron, mangan": [("button", None, "Ron"), ("checkbox", "Winner", "Chen"),
        ("radio", "Hand of Chen", "Mangan"), ("radio", "Discarder", "Dai")],
    "double ron": [("button", None, "Ron"), ("checkbox", "Winner", "Aki"),
        ("radio", "Hand of Aki", "2 han"), ("radio", "Hand of Aki", "30 fu"),
        ("checkbox", "Winner", "Bo"), ("radio", "Hand of Bo", "Mangan"),
        ("radio", "Discarder", "Dai")],
    "tsumo, 2 han 30 fu": [("button", None, "Tsumo"), ("radio", "Winner", "Dai"),
        ("radio", "Hand", "2 han"), ("radio", "Hand", "30 fu")],
    "draw, two tenpai": [("button", None, "Draw"), ("checkbox", "Tenpai", "Aki"),
        ("checkbox", "Tenpai", "Chen")],
    "draw, nobody tenpai": [("button", None, "Draw")],
}  # fmt: skip


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _serve(env: dict[str, str]) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    server = subprocess.Popen([sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}",
                               "--noreload"], cwd=ROOT, env=env, stderr=subprocess.DEVNULL)  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/", timeout=2).read()
            return server, base
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the server did not start")


def _session() -> tuple[int, str]:
    from ledger import writes
    from ledger.players import players_named

    new = writes.NewSession(players=players_named(["Aki", "Bo", "Chen", "Dai"]),
                            rules={"preset": "tenhou", "tobi": "none"})  # fmt: skip
    session = writes.create_session(new, actor=writes.COMMAND)
    return session.pk, session.token


def _play(page, taps: list[tuple[str, str | None, str]]) -> tuple[int, int, bool]:  # type: ignore[no-untyped-def]
    """Return the activations, the page height with the form open, whether all were on screen."""
    on_screen = True
    for role, group, name in [*taps, ("button", None, "Save")]:
        scope = page.get_by_role("group", name=group, exact=True) if group else page
        control = scope.get_by_role(role, name=name, exact=True)
        box = (control.locator("xpath=..") if role != "button" else control).bounding_box()
        on_screen &= box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740
        if name == "Save":
            height = page.evaluate("document.documentElement.scrollHeight")
            page.wait_for_timeout(400)  # the preview
        control.click()
    page.wait_for_timeout(600)
    return len(taps) + 1, height, on_screen


def _sync_seconds(browser, url: str, taps: int = 6) -> list[float]:  # type: ignore[no-untyped-def]
    """Return, per riichi tapped on one phone (on and off in turn), the seconds until a
    second phone at the table shows it."""
    first, second = (browser.new_context(viewport=VIEWPORT).new_page() for _ in range(2))
    for page in (first, second):
        page.goto(url)
    seen = []
    for tap in range(taps):
        sticks = str((tap + 1) % 2)
        started = time.monotonic()
        first.get_by_role("button", name="Riichi Chen", exact=True).click()
        second.wait_for_function(
            "sticks => document.getElementById('sticks')?.textContent === sticks", arg=sticks
        )
        seen.append(time.monotonic() - started)
    return seen


def main() -> None:
    env = sqlite_app("table")
    from playwright.sync_api import sync_playwright

    pk, token = _session()
    sync_token = _session()[1]  # made here: Django refuses it inside Playwright's loop
    server, base = _serve(env)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            page = browser.new_context(viewport=VIEWPORT).new_page()
            page.goto(f"{base}/join/{token}/")
            table = page.evaluate("document.documentElement.scrollHeight")
            print(f"table view: page height {table} px at 360x740 (session {pk})")
            for label, taps in ROUNDS.items():
                count, height, on_screen = _play(page, taps)
                where = "all on screen" if on_screen else "SOME OFF SCREEN"
                print(f"{label}: {count} activations, page height {height} px, {where}")
            seen = sorted(_sync_seconds(browser, f"{base}/join/{sync_token}/"))
            print(f"sync to a second phone: median {seen[len(seen) // 2]:.2f} s, "
                  f"slowest {seen[-1]:.2f} s of {len(seen)} riichi taps")  # fmt: skip
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
