"""The table page without a network: the web app manifest, the service worker (served
from the site's root so that it may control every page) and what a phone coming back
online needs to settle its queue of rounds recorded offline."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from functools import lru_cache
from pathlib import Path

from csp.decorators import csp_update
from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

import scoring
from ledger.change_log import changes_since, describe_change
from ledger.json_text import whole_number
from ledger.models import Session
from ledger.words import describe_outcome

# What the table page loads: cached when the service worker is installed, so that the
# page opens with no network. Every file of our own static folder is kept (a script
# or style added to the table page later is kept too), with the htmx the pages load.
# The worker's name changes with their contents.
OFFLINE_FILES = ("django_htmx/htmx-2.min.js",)
OFFLINE_FOLDER = "ledger"
NOT_KEPT = {"ledger/service-worker.js", "ledger/engine-worker.js", "ledger/icons/icon-512.png",
            "ledger/icons/icon-maskable-512.png"}  # fmt: skip


@lru_cache(maxsize=1)
def offline_files() -> tuple[str, ...]:
    """Return the static paths the service worker keeps."""
    folder = Path(str(finders.find(OFFLINE_FOLDER)))
    found = sorted(
        f"{OFFLINE_FOLDER}/{path.relative_to(folder).as_posix()}"
        for path in folder.rglob("*")
        if path.is_file() and not path.name.startswith(".")
    )
    return (*OFFLINE_FILES, *(path for path in found if path not in NOT_KEPT))


# The engine in the browser: Pyodide (`make pyodide`), the files it loads, kept by the
# service worker in a cache of their own (named after the version: an app change does not
# download them again), and the scoring package zipped from its source here.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")  # fmt: skip
ENGINE_SOURCE = Path(scoring.__file__).resolve().parent


def pyodide_version() -> str:
    """Return the version of the Pyodide unpacked by `make pyodide` ("" if missing)."""
    found = finders.find("pyodide/pyodide-lock.json")
    if not found:
        return ""
    return str(json.loads(Path(str(found)).read_text(encoding="utf-8"))["info"]["version"])


def build_scoring_bundle() -> bytes:
    """Return the scoring package as a zip of its source files, as the browser imports it
    (the same bytes for the same sources: fixed dates, sorted names)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as bundle:
        for path in sorted(ENGINE_SOURCE.glob("*.py")):
            info = zipfile.ZipInfo(f"scoring/{path.name}", date_time=(1980, 1, 1, 0, 0, 0))
            bundle.writestr(info, path.read_bytes(), compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


@lru_cache(maxsize=1)
def _cached_bundle() -> bytes:
    return build_scoring_bundle()


def scoring_bundle() -> bytes:
    """Return the scoring bundle: built once per process, except while debugging."""
    return build_scoring_bundle() if settings.DEBUG else _cached_bundle()


def _files_digest() -> str:
    digest = hashlib.sha256()
    for path in offline_files():
        found = finders.find(path)
        if found:
            digest.update(path.encode() + Path(str(found)).read_bytes())
    digest.update(scoring_bundle())
    digest.update(Path(str(finders.find("ledger/engine-worker.js"))).read_bytes())
    return digest.hexdigest()[:12]


@lru_cache(maxsize=1)
def _cached_digest() -> str:
    return _files_digest()


def files_digest() -> str:
    """Return a short digest of the offline files: the cache's name (new files, new cache).

    Computed once per process, except while debugging (files change under the server).
    """
    return _files_digest() if settings.DEBUG else _cached_digest()


@require_GET
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """Return the service worker: a script from our own files (no inline script), allowed
    to control the whole site, that the browser checks for a new version on every visit."""
    source = finders.find("ledger/service-worker.js")
    script = Path(str(source)).read_text(encoding="utf-8")
    config = {
        "cache": f"ledger-{files_digest()}",
        "files": [
            *(static(path) for path in offline_files()),
            *(reverse(name) for name in ("scoring-bundle", "engine-worker")),
        ],
        "engineCache": f"ledger-engine-{pyodide_version()}",
        "engine": [static(f"pyodide/{name}") for name in PYODIDE_FILES],
        "tablePages": r"^/sessions/\d+/$",
        "recordPages": r"^/sessions/\d+/record/$",
        "joinPages": r"^/join/[A-Za-z0-9_-]+/$",
    }
    body = f"const CONFIG = {json.dumps(config)};\n{script}"
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
@cache_control(no_cache=True)
def scoring_bundle_zip(request: HttpRequest) -> HttpResponse:
    """Return the scoring package zipped from its source (the browser's engine imports it)."""
    return HttpResponse(scoring_bundle(), content_type="application/zip")


@require_GET
@cache_control(no_cache=True)
@csp_update({"script-src": ["'wasm-unsafe-eval'"]})
def engine_worker(request: HttpRequest) -> HttpResponse:
    """Return the engine's worker script, under a policy that lets it compile Pyodide's
    WebAssembly (a static file would carry the site's, which does not)."""
    source = finders.find("ledger/engine-worker.js")
    script = Path(str(source)).read_text(encoding="utf-8")
    return HttpResponse(script, content_type="text/javascript; charset=utf-8")


@require_GET
@cache_control(max_age=86400)
def manifest(request: HttpRequest) -> HttpResponse:
    """Return the web app manifest: the ledger added to a phone's home screen."""
    data = {
        "name": gettext("Riichi ledger"),
        "short_name": gettext("Ledger"),
        "description": gettext("Scores of the club's riichi games, recorded at the table."),
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#f7f5ef",
        "theme_color": "#166540",
        "icons": [
            {"src": static("ledger/icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("ledger/icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": static("ledger/icons/icon-maskable-512.png"), "sizes": "512x512",
             "type": "image/png", "purpose": "maskable"},
            {"src": static("ledger/icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }  # fmt: skip
    return HttpResponse(
        json.dumps(data, ensure_ascii=False), content_type="application/manifest+json"
    )


@require_GET
def session_changes(request: HttpRequest, pk: int) -> JsonResponse:
    """Return what changed in a session after version ``since``, in words, with its
    version now and the number of the next round: a phone's queued round met these."""
    session = get_object_or_404(Session.objects.active(), pk=pk)
    since = whole_number(request.GET.get("since", ""))
    names = [player.name for player in session.players()]
    changes = []
    for entry in changes_since(session, since):
        text = describe_change(entry)
        if entry.action in ("record", "edit") and isinstance(entry.after, dict):
            text = gettext("%(change)s: %(round)s") % {
                "change": text,
                "round": describe_outcome(entry.after, names),
            }
        changes.append(text)
    return JsonResponse(
        {
            "version": session.version,
            "next_number": session.rounds.count() + 1,
            "changes": changes,
        },
        json_dumps_params={"ensure_ascii": False},
    )


@require_GET
@cache_control(no_cache=True)
def session_record(request: HttpRequest, pk: int) -> JsonResponse:
    """Return the session's game record (FORMATS.md section 3) with its version and the riichi
    declared in the hand being played: what the engine in the browser plays the queue on."""
    session = get_object_or_404(Session.objects.active(), pk=pk)
    return JsonResponse(
        {"version": session.version, "riichi": session.riichi, "record": session.to_record()},
        json_dumps_params={"ensure_ascii": False},
    )
