"""Chromium driven by Playwright for the browser tests, against pytest-django's live server."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest

# Playwright's sync API runs an event loop in this thread; Django refuses ORM calls from a
# thread with a running loop unless told it is safe (the test only reads between requests).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
PHONE = {"width": 360, "height": 740}


@contextmanager
def launch_chromium() -> Iterator[Any]:
    """Return Debian's Chromium under Playwright; fail (never skip) when it cannot start."""
    if not CHROMIUM.is_file():
        pytest.fail(
            f"Chromium is missing at {CHROMIUM}: install Debian's chromium package "
            "or set CHROMIUM to its path",
            pytrace=False,
        )
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError as error:
        pytest.fail(f"Playwright for Python is missing ({error}): pip install -e '.[test]'")
    with sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        except Error as error:
            pytest.fail(f"Chromium at {CHROMIUM} did not start: {error}", pytrace=False)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def open_page() -> Iterator[Callable[[], Any]]:
    """Return a function opening a phone-sized page.

    The test calls it, so a missing Chromium fails the test itself rather than its setup.
    """
    with ExitStack() as stack:

        def open_page() -> Any:
            browser = stack.enter_context(launch_chromium())
            context = browser.new_context(viewport=PHONE)
            stack.callback(context.close)
            context.set_default_timeout(5_000)  # fail fast instead of waiting 30 s
            return context.new_page()

        yield open_page


@pytest.fixture
def artifacts() -> Path:
    """Return the (gitignored) folder for screenshots."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def log_in(page: Any, base: str, *, username: str = "member") -> None:
    """Create a club member and log in through the login page."""
    from playwright.sync_api import expect

    from tests.factories import create_user

    create_user(username=username, password="pw-for-tests-1")
    page.goto(f"{base}/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    expect(
        page.get_by_role("button", name=f"Log out {username}", include_hidden=True)
    ).to_have_count(1)
