"""The table page offline, in Chromium at 360x740 against a local server: what a phone
downloads on its first visit to a table (the page, and the files the service worker
keeps; then the engine, Pyodide and the scoring bundle, kept in the background), what it
downloads on a later visit with the engine kept and without it (a new Pyodide version, or
a cleared cache), the time from opening the table with no network to seeing the scores
(the server's last copy; and with two rounds queued, the engine's scores after them), and
the offline payment preview's time per round, from the tap to the line on screen, with
Chromium's CPU throttled x4.

Sizes are the bytes on the wire as the local server sends them (headers included; the
development server does not compress), and the same bodies gzipped, as a server in
front would send them. Run: ``.venv/bin/python -m bench.offline`` (needs /usr/bin/chromium).
"""

from __future__ import annotations

import gzip
import os
import statistics
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from bench._common import sqlite_app
from bench.table import ARGS, VIEWPORT, _serve, _session

# Playwright reports the service worker's own requests (its cache filling) only when asked.
os.environ["PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS"] = "1"
REPEATS = 5


ENGINE_KEPT = """() => caches.keys().then(async (names) => {
  const name = names.find((n) => n.startsWith('ledger-engine-'));
  return Boolean(name) && (await (await caches.open(name)).keys()).length === 5;
})"""
PREVIEW_ROUNDS = 20
ROUNDS = 4  # recorded before the visits (the engine replays them on every answer)


class Downloads:
    """Count what came over the network (not what the service worker answered)."""

    def __init__(self, only: str = "", but: str = "") -> None:
        self.only, self.but = only, but
        self.wire = 0
        self.gzipped = 0
        self.count = 0
        self.by_worker = 0
        self.worker_wire = 0

    def add(self, request: Any) -> None:
        response = request.response()
        if response is None or response.from_service_worker or response.status in (301, 302, 303):
            return  # answered by the worker's cache, or a redirect (counted in its headers only)
        if self.only not in request.url or (self.but and self.but in request.url):
            return
        sizes = request.sizes()
        body = _body(request.url, response) if sizes["responseBodySize"] else b""
        self.wire += sizes["responseHeadersSize"] + sizes["responseBodySize"]
        self.gzipped += sizes["responseHeadersSize"] + len(gzip.compress(body))
        self.count += 1
        if request.service_worker is not None:
            self.by_worker += 1
            self.worker_wire += sizes["responseHeadersSize"] + sizes["responseBodySize"]

    def __str__(self) -> str:
        return (f"{self.count} responses, {self.wire / 1024:.1f} KiB as sent here, "
                f"{self.gzipped / 1024:.1f} KiB gzipped; of these the service worker fetched "
                f"{self.by_worker} ({self.worker_wire / 1024:.1f} KiB as sent)")  # fmt: skip


def _body(url: str, response: Any) -> bytes:
    """Return a response's body: from the browser, else (a worker's request) from our files."""
    from django.contrib.staticfiles import finders

    try:
        body = bytes(response.body())
    except Exception:
        body = b""
    if not body and urlparse(url).path.startswith(("/static/", "/offline/")):
        # a worker's request: the browser keeps no body for it; ours are on disk
        path = urlparse(url).path
        if path == "/offline/scoring.zip":
            from ledger.views.offline import scoring_bundle

            return scoring_bundle()
        found = finders.find(path.removeprefix("/static/").removeprefix("/offline/"))
        if not found and path.startswith("/offline/"):
            found = finders.find(f"ledger/{path.removeprefix('/offline/')}")
        body = Path(str(found)).read_bytes() if found else b""
    return body


def _visit(context: Any, url: str) -> tuple[Downloads, Downloads]:
    """Return what a visit downloads: the app (page, worker, its files), then the engine
    (Pyodide) that the worker keeps in the background, once it is kept."""
    app, engine = Downloads(but="/static/pyodide/"), Downloads(only="/static/pyodide/")
    for downloads in (app, engine):
        context.on("requestfinished", downloads.add)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    _wait_until(page, "() => caches.open('ledger-pages').then(c => c.match(location.pathname))"
                ".then(Boolean)")  # fmt: skip
    page.wait_for_timeout(4000)  # the engine is asked for 3 s after the page
    _wait_until(page, ENGINE_KEPT, seconds=120)
    page.wait_for_timeout(500)
    for downloads in (app, engine):
        context.remove_listener("requestfinished", downloads.add)
    page.close()
    return app, engine


def _wait_until(page: Any, predicate: str, *, seconds: float = 30) -> None:
    """Wait for an async predicate (wait_for_function takes a promise for true)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(predicate):
        if time.monotonic() > deadline:
            raise SystemExit(f"still false after {seconds} s: {predicate}")
        page.wait_for_timeout(100)


def _queue_two_draws(context: Any, url: str) -> None:
    """Record two rounds offline (they wait in the queue)."""
    page = context.new_page()
    page.goto(url, wait_until="commit")
    page.locator(".seat .points").first.wait_for(state="visible")
    for name in ("Aki", "Bo"):
        page.locator(".htmx-request").wait_for(state="detached")
        page.get_by_role("button", name="Draw", exact=True).click()
        page.get_by_role("group", name="Tenpai").get_by_role("checkbox", name=name).check()
        page.get_by_role("button", name="Save", exact=True).click()
    page.locator(".queue-items li").nth(1).wait_for(state="visible")
    page.locator(".seat .points.unsent").first.wait_for(state="visible", timeout=60_000)
    page.close()


def _open_offline_with_queue(context: Any, url: str) -> float:
    """Return the ms from opening the table offline to the engine's scores on screen."""
    page = context.new_page()
    started = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.locator(".seat .points.unsent").nth(3).wait_for(state="visible", timeout=60_000)
    elapsed = (time.perf_counter() - started) * 1000
    page.close()
    return elapsed


PREVIEW_TAP = """async (fu) => {
  const preview = document.getElementById("preview");
  const input = document.querySelector(`input[name="fu_0"][value="${fu}"]`);
  const started = performance.now();
  const shown = new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error("no preview line after 30 s")), 30000);
    const watch = new MutationObserver(() => {
      if (preview.querySelector(".payments")) { watch.disconnect(); resolve(); }
    });
    watch.observe(preview, { childList: true, subtree: true });
  });
  input.click();
  await shown;
  return performance.now() - started;
}"""


def _preview_times(context: Any, url: str, rate: float) -> list[float]:
    """Return the ms from each tap to the engine's preview line, offline, CPU throttled."""
    page = context.new_page()
    page.goto(url, wait_until="commit")
    page.locator(".seat .points.unsent").nth(3).wait_for(state="visible", timeout=60_000)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.get_by_role("button", name="Ron", exact=True).click()
    page.get_by_role("group", name="Winner", exact=True).get_by_role("checkbox", name="Aki").check()
    page.get_by_role("group", name="Discarder", exact=True).get_by_role("radio", name="Bo").check()
    hand = page.get_by_role("group", name="Hand of Aki", exact=True)
    hand.get_by_role("radio", name="3 han", exact=True).check()
    page.evaluate(PREVIEW_TAP, "40")  # the first answer also warms the worker up
    times = [page.evaluate(PREVIEW_TAP, "40" if i % 2 else "30") for i in range(PREVIEW_ROUNDS)]
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    page.close()
    return times


def _engine_cache_cleared(context: Any, url: str) -> None:
    page = context.new_page()
    page.goto(url)
    page.evaluate("() => caches.keys().then((names) => Promise.all(names"
                  ".filter((n) => n.startsWith('ledger-engine-')).map((n) => caches.delete(n))))")  # fmt: skip
    page.close()


def _open_offline(context: Any, url: str) -> float:
    """Return the ms from opening the table with no network to its scores on screen."""
    page = context.new_page()
    started = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.locator(".seat .points").first.wait_for(state="visible")
    page.get_by_text("Offline: showing the table as last seen").wait_for(state="visible")
    elapsed = (time.perf_counter() - started) * 1000
    page.close()
    return elapsed


def _record_rounds(pk: int) -> None:
    from ledger import writes

    for number in range(ROUNDS):  # each a non-dealer's ron: the dealer passes
        winner = (number + 1) % 4
        ron = {"result": "ron", "loser": number % 4, "riichi": [],
               "wins": [{"winner": winner, "han": 2, "fu": 30}]}  # fmt: skip
        writes.record_round(pk, ron, actor=writes.COMMAND)


def main() -> None:
    env = sqlite_app("offline")
    from playwright.sync_api import sync_playwright

    pk, token = _session()
    _record_rounds(pk)
    server, base = _serve(env)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            context = browser.new_context(viewport=VIEWPORT)
            link = f"{base}/join/{token}/"
            app, engine = _visit(context, link)
            print(f"first visit (table link, session {pk}): {app}")
            print(f"  then the engine, kept in the background: {engine}")
            app, engine = _visit(context, link)
            print(f"later visit, the engine kept: {app}; engine: {engine.count} responses")
            _engine_cache_cleared(context, link)
            app, engine = _visit(context, link)
            print(f"later visit, the engine not kept (cleared, or a new Pyodide): {app}")
            print(f"  then the engine again: {engine} (the browser's HTTP cache may answer some)")
            context.set_offline(True)
            time.sleep(0.3)  # Chromium takes a moment to take the service worker offline too
            times = [_open_offline(context, link) for _ in range(REPEATS)]
            print(f"opened offline to scores on screen: median {statistics.median(times):.0f} ms, "
                  f"best {min(times):.0f} ms, worst {max(times):.0f} ms ({REPEATS} opens)")  # fmt: skip
            _queue_two_draws(context, link)
            times = [_open_offline_with_queue(context, link) for _ in range(REPEATS)]
            print(f"opened offline with 2 rounds queued, to the engine's scores after them: "
                  f"median {statistics.median(times):.0f} ms, best {min(times):.0f} ms, "
                  f"worst {max(times):.0f} ms ({REPEATS} opens; Pyodide starts in each)")  # fmt: skip
            for rate in (1, 4):
                times = _preview_times(context, link, rate)
                print(f"offline preview, tap to the engine's payment line, CPU x{rate} "
                      f"(after {ROUNDS} rounds recorded and 2 queued): median "
                      f"{statistics.median(times):.0f} ms, worst {max(times):.0f} ms "
                      f"({PREVIEW_ROUNDS} taps)")  # fmt: skip
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
