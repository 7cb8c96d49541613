"""Sessions as a whole: the start page, starting one, deleting and restoring, export, import."""

from __future__ import annotations

import json
import random
import uuid
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from ledger import online_logs, writes
from ledger.forms import NewSessionForm, rules_of_choice
from ledger.forms.rules import RulesOptionsForm
from ledger.models import Player, Session
from ledger.players import players_named
from ledger.records import RecordError, RecordImport, describe_skipped, import_records
from ledger.templatetags.ledger_tags import intcomma
from ledger.views.common import (
    TABLE_TOKENS,
    actor_of,
    load_session,
    note_closed_seasons,
    posted_version,
    require_member,
)
from scoring.errors import ScoringError
from scoring.rules import Rules


def home(request: HttpRequest) -> HttpResponse:
    """Show sessions in progress, recent finished ones and where to go next."""
    sessions = Session.objects.active().prefetch_related("seats__player")
    finished = sessions.filter(status=Session.Status.FINISHED).order_by("-finished_at")
    context = {
        "in_progress": sessions.filter(status=Session.Status.IN_PROGRESS)[:20],
        "finished": finished[:10],
    }
    return render(request, "ledger/home.html", context)


def session_new(request: HttpRequest) -> HttpResponse:
    """Start a session: four players, seating, the rules and their options."""
    choice = request.POST.get("rules_choice") or request.GET.get("rules_choice") or "preset:club"
    options_form = _options_form(request, choice)
    initial = {"rules_choice": choice, "request_id": uuid.uuid4().hex}
    form = NewSessionForm(request.POST or None, options_form=options_form, initial=initial)
    if request.method == "POST" and form.is_valid():
        require_member(request, gettext("Starting a session needs a club member’s login."))
        try:
            session = _create_session(request, form.cleaned_data)
        except writes.WriteError as error:  # the form checks what the write path refuses
            form.add_error(None, error.message)
        else:
            request.session[TABLE_TOKENS] = [*request.session.get(TABLE_TOKENS, []), session.token]
            return redirect(session)
    template = "ledger/session_new.html"
    if request.htmx and request.GET.get("part") == "rules-options":
        template += "#rules-options"
    context = {
        "form": form,
        "options_form": options_form,
        "rules_choice": choice,
        "players": Player.objects.all(),
    }
    return render(request, template, context, status=400 if form.errors else 200)


def _options_form(request: HttpRequest, choice: str) -> RulesOptionsForm:
    """Return the options panel for the chosen rules.

    Posted options count only if the panel showed the chosen rules' values (without
    JavaScript, changing the rules does not refresh the panel).
    """
    try:
        base = Rules.from_json(rules_of_choice(choice)[1], check=False)  # shown to be fixed
    except ScoringError:
        base = Rules()
    shown_for_choice = request.method == "POST" and request.POST.get("opt-for") == choice
    return RulesOptionsForm(request.POST if shown_for_choice else None, base=base)


def _create_session(request: HttpRequest, data: dict[str, Any]) -> Session:
    if (earlier := writes.started_by(data.get("request_id") or "")) is not None:
        return earlier  # sent again: made once, its new players too
    names = list(data["names"])
    if data["seating"] == "draw":
        random.SystemRandom().shuffle(names)
    new = writes.NewSession(
        players=players_named(names),
        rules=data["rules"],
        ruleset=data["ruleset"],
        table_name=data.get("table_name", ""),
        request_id=data.get("request_id") or "",
    )
    return writes.create_session(new, actor=actor_of(request))


@require_POST
def session_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete a session (a member may restore it for 30 days)."""
    session = load_session(pk)
    require_member(request, gettext("Only a club member can delete a session."))
    try:
        writes.delete_session(session.pk, actor=actor_of(request), version=posted_version(request))
    except writes.WriteError as error:
        messages.error(request, error.message)
        return redirect("session-history", pk=session.pk)
    messages.success(request, gettext("The session was deleted. It can be restored for 30 days."))
    return redirect("sessions-deleted")


def sessions_deleted(request: HttpRequest) -> HttpResponse:
    """List the deleted sessions that can still be restored."""
    require_member(request, gettext("Only a club member can see deleted sessions."))
    sessions = Session.objects.restorable().select_related("season")
    sessions = sessions.prefetch_related("seats__player")
    return render(request, "ledger/sessions_deleted.html", {"sessions": sessions})


@require_POST
def session_restore(request: HttpRequest, pk: int) -> HttpResponse:
    """Restore a deleted session."""
    require_member(request, gettext("Only a club member can restore a session."))
    session = get_object_or_404(Session.objects.restorable(), pk=pk)
    try:
        writes.restore_session(session.pk, actor=actor_of(request))
    except writes.WriteError as error:
        messages.error(request, error.message)
        return redirect("sessions-deleted")
    messages.success(request, gettext("The session was restored."))
    return redirect(session)


def session_export(request: HttpRequest, pk: int) -> HttpResponse:
    """Download the session as a game record (FORMATS.md section 3)."""
    session = load_session(pk)
    response = JsonResponse(
        session.export_record(), json_dumps_params={"ensure_ascii": False, "indent": 2}
    )
    response["Content-Disposition"] = f'attachment; filename="session-{session.pk}.json"'
    return response


def session_import(request: HttpRequest) -> HttpResponse:
    """Upload game records; a bad file is rejected whole and nothing is written. Records
    whose game is already in the ledger (our own export imported again) are skipped."""
    error = ""
    if request.method == "POST":
        require_member(request, gettext("Importing needs a club member’s login."))
        try:
            done = import_records(read_upload(request.FILES.get("file")), actor=actor_of(request))
        except RecordError as problem:
            error = str(problem)
        else:
            return _imported(request, done)
    return render(request, "ledger/import.html", {"error": error}, status=400 if error else 200)


def _imported(request: HttpRequest, done: RecordImport) -> HttpResponse:
    for sentence in describe_skipped(done):
        messages.warning(request, sentence)
    count = len(done.sessions)
    if not count:
        messages.info(request, gettext("Nothing was imported: every game is already here."))
        first = done.skipped[0].session if done.skipped else None
        return redirect(first) if first and first.deleted_at is None else redirect("home")
    messages.success(
        request,
        ngettext("Imported %(count)s session.", "Imported %(count)s sessions.", count)
        % {"count": count},
    )
    note_closed_seasons(request, done.sessions)
    return redirect(done.sessions[0]) if count == 1 else redirect("home")


MAX_UPLOAD = 2 * 1024 * 1024
ONLINE_LOG = _(
    "This file looks like a game log from Tenhou or Mahjong Soul, not a game record "
    "of this ledger: import it on the page “Import online games”."
)


def read_upload(upload: Any) -> Any:
    """Return the JSON an uploaded file holds (a RecordError says why it cannot be read)."""
    if upload is None:
        raise RecordError(gettext("Choose a JSON file to upload."))
    if upload.size > MAX_UPLOAD:
        raise RecordError(
            gettext("The file is too large (%(size)s bytes; the limit is %(limit)s).")
            % {"size": intcomma(upload.size), "limit": intcomma(MAX_UPLOAD)}
        )
    data = upload.read()
    if online_logs.is_log_file(data):
        raise RecordError(str(ONLINE_LOG))
    try:
        text = data.decode("utf-8-sig")  # a Windows editor's BOM too
    except UnicodeDecodeError:
        raise RecordError(gettext("The file is not UTF-8 text.")) from None
    if not text.strip():
        raise RecordError(gettext("The file is empty."))
    try:
        records = json.loads(text)
    except json.JSONDecodeError as problem:
        raise RecordError(
            gettext("The file is not valid JSON (line %(line)s, character %(column)s).")
            % {"line": problem.lineno, "column": problem.colno}
        ) from None
    except (RecursionError, ValueError):
        raise RecordError(
            gettext("The file cannot be read: it nests too deeply or holds a number too long.")
        ) from None
    if online_logs.is_tenhou6(records):
        raise RecordError(str(ONLINE_LOG))
    return records
