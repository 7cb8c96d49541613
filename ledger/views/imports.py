"""Online game logs imported from the site: upload, then choose who played, then write.

The upload is read and checked whole (nothing is written); its games wait in the
member's login session while the confirmation page asks which club player each online
name is. Only the confirmation writes, one game at a time (``ledger.log_imports``).
"""

from __future__ import annotations

import secrets

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext

from ledger import log_imports
from ledger.forms.imports import OnlineNamesForm
from ledger.log_imports import MAX_FILE_BYTES, MAX_FILES, LogImportError, PendingGame
from ledger.templatetags.ledger_tags import intcomma
from ledger.views.common import actor_of, note_closed_seasons, require_member

PENDING = "log_imports"  # in the login session: upload token -> the games read
KEPT = 3  # uploads waiting for their confirmation at once (other tabs)


def log_import(request: HttpRequest) -> HttpResponse:
    """Upload online game logs; they are read and checked, and nothing is written yet."""
    problems: list[LogImportError] = []
    if request.method == "POST":
        require_member(request, gettext("Importing needs a club member’s login."))
        try:
            games = log_imports.read_upload(_files(request))
        except LogImportError as refusal:
            problems = refusal.problems  # each file's, with the session a game already is
        else:
            return redirect("log-import-confirm", token=_keep(request, games))
    context = {"problems": problems, "max_files": MAX_FILES}
    return render(request, "ledger/log_import.html", context, status=400 if problems else 200)


def _files(request: HttpRequest) -> list[tuple[str, bytes]]:
    uploads = request.FILES.getlist("files")
    if not uploads:
        raise LogImportError(gettext("Choose one or more game log files to upload."))
    if len(uploads) > MAX_FILES:
        raise LogImportError(
            gettext("Upload at most %(count)s files at once (or put them in a zip).")
            % {"count": MAX_FILES}
        )
    for upload in uploads:
        if upload.size > MAX_FILE_BYTES:
            raise LogImportError(
                gettext("%(name)s is too large (%(size)s bytes; the limit is %(limit)s).")
                % {
                    "name": upload.name,
                    "size": intcomma(upload.size),
                    "limit": intcomma(MAX_FILE_BYTES),
                }
            )
    return [(upload.name, upload.read()) for upload in uploads]


def _keep(request: HttpRequest, games: list[PendingGame]) -> str:
    token = secrets.token_urlsafe(12)
    pending = request.session.get(PENDING, {})
    pending = pending if isinstance(pending, dict) else {}
    kept = dict(list(pending.items())[-(KEPT - 1) :])
    request.session[PENDING] = {**kept, token: [game.to_json() for game in games]}
    return token


def _pending(request: HttpRequest, token: str) -> list[PendingGame] | None:
    pending = request.session.get(PENDING, {})
    found = pending.get(token) if isinstance(pending, dict) else None
    return [PendingGame.from_json(game) for game in found] if found else None


def _forget(request: HttpRequest, token: str) -> None:
    pending = dict(request.session.get(PENDING, {}))
    pending.pop(token, None)
    request.session[PENDING] = pending


def log_import_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """Choose the club player for each online name, then import the games."""
    require_member(request, gettext("Importing needs a club member’s login."))
    games = _pending(request, token)
    if games is None:
        messages.warning(
            request, gettext("This upload is no longer waiting; upload the logs again.")
        )
        return redirect("log-import")
    keys = log_imports.online_names(games)
    proposed = log_imports.proposed_players(keys)
    undated = [index for index, game in enumerate(games) if not game.is_dated]
    seats = [(game.file_name, game.online_keys()) for game in games]
    form = OnlineNamesForm(keys, proposed, request.POST or None, undated=undated, games=seats)
    if request.method == "POST" and form.is_valid():
        dates = form.dates()
        games = [game.dated(dates[i]) if i in dates else game for i, game in enumerate(games)]
        done = log_imports.import_games(games, form.choices(), actor=actor_of(request))
        _forget(request, token)
        return _imported(request, done)
    shown = [
        (game, game.summary(), form[f"played-{index}"] if index in undated else None)
        for index, game in enumerate(games)
    ]
    return render(request, "ledger/log_import_confirm.html", {"form": form, "games": shown})


def _imported(request: HttpRequest, done: log_imports.Outcome) -> HttpResponse:
    for _, error in done.refused:
        messages.error(request, error.message)
    count = len(done.sessions)
    if not count:
        return redirect("log-import")
    messages.success(
        request,
        ngettext("Imported %(count)s game.", "Imported %(count)s games.", count) % {"count": count},
    )
    note_closed_seasons(request, done.sessions)
    return redirect(done.sessions[0]) if count == 1 else redirect("home")
