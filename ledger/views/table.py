"""The table page: scores, winds and counters, and recording each round as it ends."""

from __future__ import annotations

import functools
import re
import uuid
from typing import Any

import segno
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from ledger import writes
from ledger.forms import KINDS, RoundForm
from ledger.json_text import whole_number
from ledger.models import SEATS, AuditEntry, Session, new_token
from ledger.views.common import (
    TABLE_TOKENS,
    actor_of,
    can_record,
    load_session,
    posted_version,
    require_editor,
    require_member,
    require_recorder,
)
from ledger.words import hand_text
from scoring.errors import ScoringError

WINDS = "ESWN"
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,64}")


def join_table(request: HttpRequest, token: str) -> HttpResponse:
    """Remember the table link in this browser and open the table page."""
    if not TOKEN_PATTERN.fullmatch(token):
        raise Http404(gettext("There is no table at this link."))
    session = get_object_or_404(Session.objects.active(), token=token)
    tokens = [t for t in request.session.get(TABLE_TOKENS, []) if t != token][-19:]
    request.session[TABLE_TOKENS] = [*tokens, token]
    return redirect(session)


@require_POST
def new_table_link(request: HttpRequest, pk: int) -> HttpResponse:
    """Replace the table link: the old one stops working."""
    session = get_object_or_404(Session.objects.active(), pk=pk)
    require_member(request, gettext("Only a club member can replace the table link."))
    session.token = new_token()
    session.save(update_fields=["token"])
    actor = actor_of(request)
    AuditEntry.objects.create(
        session=session,
        user=actor.user,
        via=actor.via,
        action="new table link",
        version=session.version,
    )
    messages.success(request, gettext("A new table link was made; the old one no longer works."))
    return redirect(session)


def table_context(
    request: HttpRequest, session: Session, form: RoundForm | None = None, kind: str = "ron"
) -> dict[str, Any]:
    """Return what the table page shows: the state after the last round, and the form."""
    state = session.replay()
    names = [p.name for p in session.players()]
    rounds = state["rounds"]
    start = session.engine_rules().start_points
    scores = rounds[-1]["scores"] if rounds else [start] * 4
    nxt = state["next"]
    players = [
        {
            "seat": seat,
            "name": names[seat],
            "score": scores[seat],
            "wind": WINDS[(seat - nxt["dealer"]) % 4],
            "is_dealer": seat == nxt["dealer"],
            "last_delta": rounds[-1]["deltas"][seat] if rounds else None,
            "gaps": [(names[o], scores[seat] - scores[o]) for o in SEATS if o != seat],
        }
        for seat in SEATS
    ]
    form = form or RoundForm(names=names, initial={"kind": kind})
    recorder = can_record(request, session)
    return {
        "session": session,
        "state": state,
        "next": nxt,
        "players": players,
        "form": form,
        "kind": form["kind"].value() or kind,
        "can_record": recorder,
        "last_round": rounds[-1] if rounds else None,
        "round_count": len(rounds),
        "qr_svg": _qr_svg(request, session) if recorder else "",
        "request_id": uuid.uuid4().hex,
        "final_rows": _final_rows(state.get("final"), names),
    }


def _final_rows(final: dict[str, Any] | None, names: list[str]) -> list[dict[str, Any]]:
    """Return the final result by place (ties in seat order)."""
    if not final:
        return []
    rows = [
        {
            "place": final["places"][s],
            "name": names[s],
            "score": final["scores"][s],
            "result": final["results"][s],
        }
        for s in SEATS
    ]
    return sorted(rows, key=lambda row: row["place"])


def _qr_svg(request: HttpRequest, session: Session) -> str:
    """Return the table link as an inline SVG QR code (not needed by htmx fragments)."""
    if request.htmx:
        return ""
    return qr_code_svg(request.build_absolute_uri(reverse("join-table", args=[session.token])))


def qr_code_svg(url: str) -> str:
    """Return a URL as an inline SVG QR code (its title in the active language)."""
    return _qr_code_svg(url, gettext("QR code of the table link"))


@functools.lru_cache(maxsize=256)
def _qr_code_svg(url: str, title: str) -> str:
    return str(segno.make(url, error="m").svg_inline(scale=4, title=title))


def session_table(request: HttpRequest, pk: int) -> HttpResponse:
    """The table page: scores, winds, counters and the form for the next round."""
    session = load_session(pk)
    kind = request.GET.get("kind", "ron")
    context = table_context(request, session, kind=kind if kind in dict(KINDS) else "ron")
    template = "ledger/table.html"
    if request.htmx and request.GET.get("part") == "round-form":
        template += "#round-form"
    elif request.htmx and request.GET.get("part") == "scoreboard":
        template += "#scoreboard"
    return render(request, template, context)


@require_POST
def round_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """Show who would pay what if this round were saved (nothing is stored)."""
    session = load_session(pk)
    names = [p.name for p in session.players()]
    form = RoundForm(request.POST, names=names)
    preview: dict[str, Any] = {"names": names}
    if form.is_valid():
        try:
            game = session.game([*session.outcomes(), form.cleaned_data["outcome"]])
            played = game.rounds[-1]
            preview["hands"] = [
                (names[win.winner], hand_text(hand))
                for win, hand in zip(played.outcome.wins, played.hands)
                if hand is not None
            ]
            preview["deltas"] = list(played.deltas)
            preview["scores"] = list(played.state.scores)
            preview["finished"] = game.state.finished
        except ScoringError as error:
            preview["error"] = str(error)
    else:
        preview["error"] = " ".join(str(e) for errors in form.errors.values() for e in errors)
    return render(request, "ledger/table.html#preview", {"preview": preview})


@require_POST
def round_record(request: HttpRequest, pk: int) -> HttpResponse:
    """Record the next round and show the table after it.

    Form errors answer 400, an outcome the engine refuses 422, and a round another
    device recorded first 409; each shows the table with the form as it was filled.
    """
    session = load_session(pk)
    require_recorder(request, session)
    form = RoundForm(request.POST, names=[p.name for p in session.players()])
    status = 400
    if form.is_valid():
        data = form.cleaned_data
        try:
            writes.record_round(
                session.pk,
                data["outcome"],
                actor=actor_of(request),
                expected_number=data["expected_number"],
                version=posted_version(request),
                request_id=data["request_id"],
            )
        except writes.WriteError as error:
            form.add_error(None, error.message)
            status = error.status
            session = load_session(pk)
        else:
            if not request.htmx:
                return redirect(session)
            session, form, status = load_session(pk), None, 200
    context = table_context(request, session, form)
    template = "ledger/table.html#table-main" if request.htmx else "ledger/table.html"
    return render(request, template, context, status=status)


@require_POST
def round_undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Remove the last round (of the version the page showed, so a retried undo undoes once)."""
    session = load_session(pk)
    require_editor(request, session)
    number = whole_number(request.POST.get("number", ""))
    if "number" in request.POST and number is None:
        messages.error(request, gettext("Nothing was undone: the form named no round."))
        return redirect(session)
    try:
        change = writes.undo_round(
            session.pk, actor=actor_of(request), version=posted_version(request), number=number
        )
    except writes.WriteError as error:
        messages.error(request, gettext("Nothing was undone: %(why)s") % {"why": error.message})
        return redirect(session)
    messages.success(
        request, gettext("Round %(number)s was undone.") % {"number": change.round_number}
    )
    return redirect(session)
