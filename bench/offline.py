"""The table page offline, in Chromium at 360x740 against a local server: what a phone
downloads on its first visit to a table (the page, and the files the service worker
keeps), what it downloads on a later visit, and the time from opening the table with
no network to seeing the scores.

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


class Downloads:
    """Count what came over the network (not what the service worker answered)."""

    def __init__(self) -> None:
        self.wire = 0
        self.gzipped = 0
        self.count = 0
        self.by_worker = 0
        self.worker_wire = 0

    def add(self, request: Any) -> None:
        response = request.response()
        if response is None or response.from_service_worker or response.status in (301, 302, 303):
            return  # answered by the worker's cache, or a redirect (counted in its headers only)
        sizes = request.sizes()
        body = _body(request.url, response)
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
        return bytes(response.body())
    except Exception:
        path = urlparse(url).path.removeprefix("/static/")
        found = finders.find(path)
        return Path(str(found)).read_bytes() if found else b""


def _visit(context: Any, url: str) -> Downloads:
    downloads = Downloads()
    context.on("requestfinished", downloads.add)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_function(
        "() => caches.open('ledger-pages').then(c => c.match(location.pathname)).then(Boolean)"
    )
    page.wait_for_timeout(500)
    context.remove_listener("requestfinished", downloads.add)
    page.close()
    return downloads


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


def main() -> None:
    env = sqlite_app("offline")
    from playwright.sync_api import sync_playwright

    pk, token = _session()
    server, base = _serve(env)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            context = browser.new_context(viewport=VIEWPORT)
            link = f"{base}/join/{token}/"
            print(f"first visit (table link, session {pk}): {_visit(context, link)}")
            print(f"repeat visit (the table page again): {_visit(context, link)}")
            context.set_offline(True)
            time.sleep(0.3)  # Chromium takes a moment to take the service worker offline too
            times = [_open_offline(context, link) for _ in range(REPEATS)]
            print(f"opened offline to scores on screen: median {statistics.median(times):.0f} ms, "
                  f"best {min(times):.0f} ms, worst {max(times):.0f} ms ({REPEATS} opens)")  # fmt: skip
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
