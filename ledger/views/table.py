"""The table page: the players around the table, riichi as it is declared, and each round
recorded as it ends (a few taps, no scrolling on a phone)."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from ledger import writes
from ledger.change_log import change_sentence, last_undo
from ledger.engine_words import explain, innermost, refused_round
from ledger.forms import RoundForm
from ledger.json_text import whole_number
from ledger.models import Session
from ledger.tables import payment_lines, table_of
from ledger.views.common import (
    actor_of,
    can_record,
    closed_note,
    holder_seat,
    load_session,
    posted_version,
    remember_table,
    require_editor,
    require_recorder,
    sheet_context,
    table_view,
)
from ledger.views.game_end import leftover_sticks, unpaid_riichi
from ledger.views.table_link import TOKEN_PATTERN, table_link_qr
from ledger.words import checklist_reading, describe_round, hand_reading, tile_problem
from scoring.errors import ScoringError
from scoring.outcome_fields import wins_of


def table_context(
    request: HttpRequest, session: Session, form: RoundForm | None = None, **extra: Any
) -> dict[str, Any]:
    """Return what the table page shows: the table, the round form and what to do next."""
    table = table_of(session, bottom=table_view(request, session))
    names = [player.name for player in session.players()]
    rules = session.engine_rules()
    kind = request.GET.get("kind", "")
    form = form or RoundForm(names=names, initial={"kind": kind or "ron"}, rules=rules)
    recorder = can_record(request, session)
    final_rows = _final_rows(table)
    sheet = sheet_context(
        form,
        rules,
        names,
        next_number=table.round_count + 1,
        outcome_url=reverse("session-table", args=[session.pk]),
        action_url=reverse("round-record", args=[session.pk]),
        preview_url=reverse("round-preview", args=[session.pk]),
        request_id=uuid.uuid4().hex,
    )
    return {
        **sheet,
        "session": session,
        "table": table,
        "sheet_open": bool(kind) or form.is_bound,
        # a draw's chombo buttons: the seats in riichi this hand (Rules.riichi_noten)
        "declared_riichi": sorted(session.riichi),
        "can_record": recorder,
        "closed_note": closed_note(session),
        "holder": holder_seat(request, session),
        "holder_name": _holder_name(request, session, names),
        "final_rows": final_rows,
        "leftover": leftover_sticks(table.game.settlement, names),
        "unpaid_riichi": unpaid_riichi(session, names),
        "undone": _undone(session, names),
        "qr_svg": _qr_svg(request, session) if recorder else "",
        **extra,
    }


def _undone(session: Session, names: list[str]) -> dict[str, Any] | None:
    """Return the round the last change undid, in words, for the table to offer it back."""
    entry = last_undo(session)
    if entry is None:
        return None
    return {
        "change": change_sentence(entry),
        "summary": describe_round(entry.before, names),
        "request_id": uuid.uuid4().hex,  # its own: a retry puts the round back once
    }


def _holder_name(request: HttpRequest, session: Session, names: list[str]) -> str:
    seat = holder_seat(request, session)
    return names[seat] if seat is not None else ""


def _final_rows(table: Any) -> list[dict[str, Any]]:
    """Return the final result by place (ties in seat order)."""
    settlement = table.game.settlement
    if settlement is None:
        return []
    final = settlement.to_json()
    names = {seat.seat: seat.name for seat in table.seats}
    rows = [
        {"place": final["places"][s], "name": names[s], "score": final["scores"][s],
         "result": final["results"][s]}
        for s in names
    ]  # fmt: skip
    return sorted(rows, key=lambda row: row["place"])


def _qr_svg(request: HttpRequest, session: Session) -> str:
    """Return the table link's QR code for the whole page (htmx fragments do not show it)."""
    return "" if request.htmx else table_link_qr(request, session)


PARTS = ("table", "table-main")


def session_table(request: HttpRequest, pk: int) -> HttpResponse:
    """The table page (or, for the page's own requests, one of its parts)."""
    session = load_session(pk)
    part = request.GET.get("part", "")
    if part not in PARTS:
        return render(request, "ledger/table.html", table_context(request, session))
    return _render_part(request, part, table_context(request, session))


def _render_part(
    request: HttpRequest, part: str, context: dict[str, Any], status: int = 200
) -> HttpResponse:
    """Answer with one part of the table page. The table alone brings the buttons under
    the round form with it (Undo, End the game: they name the version and the rounds
    shown), swapped out of band."""
    context["actions_out_of_band"] = part == "table"
    return render(request, f"ledger/table.html#{part}", context, status=status)


def session_version(request: HttpRequest, pk: int) -> JsonResponse:
    """Return the session's version and round count: phones poll it to stay in step."""
    session = get_object_or_404(Session.objects.active(), pk=pk)
    return JsonResponse({"version": session.version, "rounds": session.rounds.count()})


@require_POST
def round_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """Show who would pay whom if this round were saved (nothing is stored); for a hand
    entered as tiles, the engine's reading of it, or why it is not a winning hand."""
    session = load_session(pk)
    names = [p.name for p in session.players()]
    form = RoundForm(request.POST, names=names, rules=session.engine_rules())
    preview: dict[str, Any] = {}
    number = whole_number(request.GET.get("number", ""))  # a correction of round ``number``
    if form.is_valid():
        outcomes = session.outcomes()
        outcome = form.cleaned_data["outcome"]
        if number and 1 <= number <= len(outcomes):
            outcomes[number - 1] = outcome
        else:
            number = len(outcomes) + 1
            outcomes.append(writes.with_declared_riichi(outcome, session.riichi))
        try:
            game = session.game(outcomes)
        except ScoringError as error:
            preview["error"] = _round_problem(error, outcome, names, number)
        else:
            played = game.rounds[number - 1]
            preview["lines"] = payment_lines(played, names)
            preview["hands"] = [(names[win.winner], hand_reading(hand))
                                for win, hand in zip(played.outcome.wins, played.hands)
                                if hand is not None]  # fmt: skip
            preview["finished"] = game.state.finished and number == len(outcomes)  # by this round
    elif form.is_bound and request.POST.get("kind"):
        errors = form.non_field_errors().as_data()
        tiles = [message for error in errors if error.code in HAND_CODES for message in error]
        if tiles:  # the tiles as tapped so far: why they are not a hand yet
            preview["error"] = " ".join(tiles)
        preview["missing"] = " ".join(str(e) for errors in form.errors.values() for e in errors)
    if form.is_bound:
        preview["checklists"] = checklist_previews(form)
    return render(request, "ledger/_round_sheet.html#preview", {"preview": preview})


HAND_CODES = ("tiles", "checklist")  # form errors about a hand as entered, said at once


def checklist_previews(form: RoundForm) -> list[dict[str, Any]]:
    """Return each hand given by its yaku checklist as the preview reads it: its reading
    ("Riichi + Pinfu = 2 han 30 fu") and the fu the table may choose from (none when
    the yaku fix them or they do not count); a refused checklist has neither (the form's
    errors say why, and the fu chosen stay as they are)."""
    data = getattr(form, "cleaned_data", {})
    if data.get("kind") == "tsumo":
        hands = [("", data.get("winner"))]
    elif data.get("kind") == "ron":
        hands = [(f"_{seat}", seat) for seat in data.get("winners") or []]
    else:
        hands = []
    previews = []
    for suffix, seat in hands:
        if not form.is_by_checklist(data, suffix):
            continue
        name = form.names[seat] if seat is not None else gettext("the winner")
        entry: dict[str, Any] = {"suffix": suffix, "name": name, "reading": "", "fu": None}
        try:
            value = form.checklist_value(data, suffix, name)
        except ValidationError:
            previews.append(entry)
            continue
        fu = int(data.get(f"fu{suffix}") or 0)
        fu = fu if fu in value.fu_choices else 0
        try:
            reading = checklist_reading(value, form.rules, fu)
        except ScoringError:  # a value these rules cannot pay: the preview's error says why
            reading = ""
        entry.update(reading=reading, fu=list(value.fu_choices))
        previews.append(entry)
    return previews


HAND_PROBLEMS = {"not_a_winning_hand", "no_yaku", "two_han_minimum", "bad_flags", "bad_hand"}


def _round_problem(
    error: ScoringError, outcome: dict[str, Any], names: list[str], number: int
) -> str:
    """Return why the engine refused round ``number`` (or a later round it changes); a
    hand from tiles of this round is named with its winner when there is one such hand."""
    wins = [win for win in wins_of(outcome) if "hand" in win]
    refusal = innermost(error)
    this_round = refused_round(error) in (number, None)
    if not this_round or len(wins) != 1 or getattr(refusal, "code", "") not in HAND_PROBLEMS:
        return explain(error, names, changed=number)
    return gettext("%(name)s: %(problem)s") % {
        "name": names[wins[0]["winner"]],
        "problem": tile_problem(refusal) or explain(refusal, names),
    }


@require_POST
def round_record(request: HttpRequest, pk: int) -> HttpResponse:
    """Record the next round and show the table after it, with the round's changes.

    Form errors answer 400, a round the engine refuses 422, and a round another device
    recorded first 409; each shows the table as it is now, with the form as it was
    filled and moved to the next round, and says what happened.
    """
    session = load_session(pk)
    require_recorder(request, session)
    names = [p.name for p in session.players()]
    form = RoundForm(request.POST, names=names, rules=session.engine_rules())
    if not form.is_valid():
        return table_main(request, session, form, status=400)
    data = form.cleaned_data
    try:
        change = writes.record_round(
            session.pk,
            data["outcome"],
            actor=actor_of(request, session),
            expected_number=data["expected_number"],
            version=posted_version(request),
            request_id=data["request_id"],
        )
    except writes.WriteError as error:
        form.add_error(None, error.message)
        moved = isinstance(error, writes.Stale)
        return table_main(request, load_session(pk), form, status=error.status, moved=moved)
    if not request.htmx:
        return redirect(session)
    return table_main(request, load_session(pk), recorded=change.round_number)


def table_main(
    request: HttpRequest, session: Session, form: RoundForm | None = None, *, status: int = 200,
    **extra: Any,
) -> HttpResponse:  # fmt: skip
    """Show the table's main part (the whole page without htmx): ``recorded``, the number
    of the round just saved, shows it in the saved toast with its Undo."""
    context = table_context(request, session, form, **extra)
    if form is not None and form.errors and context["table"].is_finished:
        context["notice"] = " ".join(str(e) for e in form.non_field_errors())  # no form to show it
        context["notice_is_error"] = True
    number = extra.get("recorded", 0)  # the round saved: a retry may come after others,
    outcomes = session.outcomes() if number else []  # or after it was undone
    if 0 < number <= len(outcomes):
        names = [p.name for p in session.players()]
        context["recorded_summary"] = describe_round(outcomes[number - 1], names)
    template = "ledger/table.html#table-main" if request.htmx else "ledger/table.html"
    return render(request, template, context, status=status)


def table_answer(
    request: HttpRequest,
    session: Session,
    message: str,
    *,
    error: bool = False,
    part: str = "table-main",
    status: int = 200,
) -> HttpResponse:
    """Show the table with a message: in place for the page's own requests (the part
    of the page they replace), else by redirect."""
    if not request.htmx:
        if message:
            (messages.error if error else messages.success)(request, message)
        return redirect(session)
    context = table_context(
        request, load_session(session.pk), notice=message, notice_is_error=error
    )
    return _render_part(request, part, context, status)


@require_POST
def riichi(request: HttpRequest, pk: int) -> HttpResponse:
    """Declare a player's riichi during the hand, or take it back (``on`` 1 or 0)."""
    session = load_session(pk)
    require_recorder(request, session)
    seat = whole_number(request.POST.get("seat", ""))
    if seat not in session.seat_numbers():
        return table_answer(request, session, gettext("Choose whose riichi it is."), error=True)
    change = writes.declare_riichi if request.POST.get("on") == "1" else writes.withdraw_riichi
    # On or off is no race for a tap on the page; a riichi sent later from a phone's
    # offline queue says so ("queued") and is refused (409) if the game moved meanwhile.
    queued = request.POST.get("queued") == "1"
    request_id = request.POST.get("request_id", "")
    try:
        change(
            session.pk,
            seat,
            actor=actor_of(request, session),
            version=posted_version(request) if queued else None,
            request_id=request_id if TOKEN_PATTERN.fullmatch(request_id) else "",
        )
    except writes.WriteError as error:
        status = error.status if queued else 200
        return table_answer(
            request, session, error.message, error=True, part="table", status=status
        )
    return table_answer(request, session, "", part="table")


@require_POST
def choose_holder(request: HttpRequest, pk: int) -> HttpResponse:
    """Say which player holds this phone (drawn at the bottom, named in the change log)."""
    session = load_session(pk)
    seat = whole_number(request.POST.get("seat", ""))
    seated = seat in session.seat_numbers()
    remember_table(request, session, holder=seat if seated else None,
                   view=seat if seated else 0)  # fmt: skip
    return table_answer(request, session, "", part="table")


@require_POST
def turn_view(request: HttpRequest, pk: int) -> HttpResponse:
    """Turn the drawing of the table by one seat."""
    session = load_session(pk)
    turned = (table_view(request, session) + 1) % len(session.seat_numbers())
    remember_table(request, session, view=turned)
    return table_answer(request, session, "", part="table")


@require_POST
def end_game(request: HttpRequest, pk: int) -> HttpResponse:
    """End the game now, settled on the scores as they stand (undo takes it back)."""
    session = load_session(pk)
    require_editor(request, session)
    reason = "time_limit" if request.POST.get("reason") == "time_limit" else "agreement"
    try:
        writes.finish_session(session.pk, actor=actor_of(request, session),
                              version=posted_version(request), reason=reason)  # fmt: skip
    except writes.WriteError as error:
        return table_answer(request, session, error.message, error=True)
    return table_answer(request, session, gettext("The game was ended; the scores are settled."))
