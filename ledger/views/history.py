"""The history of a session: every round, the settlement and a chart; corrections of rounds."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from ledger import glossary, writes
from ledger.charts import score_chart
from ledger.forms import KINDS, RoundForm
from ledger.views.common import (
    actor_of,
    can_record,
    closed_note,
    load_session,
    posted_version,
    require_editor,
    sheet_context,
)
from ledger.views.game_end import leftover_sticks, unpaid_riichi
from ledger.words import describe_outcome


def session_history(request: HttpRequest, pk: int) -> HttpResponse:
    """Every round as a row, the settlement, and a score chart."""
    session = load_session(pk)
    game = session.game()
    state = game.to_json()
    names = [p.name for p in session.players()]
    start = session.engine_rules().start_points
    series = [[start] + [r["scores"][seat] for r in state["rounds"]] for seat in range(len(names))]
    rounds = sorted(session.rounds.all(), key=lambda r: r.number)
    rows = [
        {
            "number": i + 1,
            "played": played,
            "outcome": stored.outcome,
            "summary": describe_outcome(stored.outcome, names, result.hands),
        }
        for i, (played, stored, result) in enumerate(zip(state["rounds"], rounds, game.rounds))
    ]
    context = {
        "session": session,
        "state": state,
        "names": names,
        "rows": rows,
        "chart": score_chart(names, series, [(r["round"], r["honba"]) for r in state["rounds"]]),
        "final": state.get("final"),
        "settlement": settlement_table(game, names),
        "leftover": leftover_sticks(game.settlement, names),
        "unpaid_riichi": unpaid_riichi(session, names),
        "can_record": can_record(request, session),
        "closed_note": closed_note(session),
        "audit": _change_log(session, names),
    }
    return render(request, "ledger/history.html", context)


ROUND_CHANGES = ("record", "edit", "delete", "undo")  # the changes that keep a round's outcome


def _change_log(session: Any, names: list[str]) -> list[dict[str, Any]]:
    """Return the latest changes, each with the round it changed as it was before and
    after, in words (a correction says what it corrected)."""
    rows = []
    for entry in session.audit.select_related("user")[:30]:
        changes_round = entry.action in ROUND_CHANGES
        rows.append({
            "entry": entry,
            "was": _round_words(entry.before, names) if changes_round else "",
            "now": _round_words(entry.after, names) if changes_round else _riichi_of(entry),
        })  # fmt: skip
    return rows


def _riichi_of(entry: Any) -> str:
    """Return whose riichi a riichi change declared or took back ("" for other changes)."""
    if entry.action in ("riichi", "riichi back") and isinstance(entry.after, dict):
        return str(entry.after.get("player", ""))
    return ""


def _round_words(outcome: Any, names: list[str]) -> str:
    if not isinstance(outcome, dict) or "result" not in outcome:
        return ""
    return describe_outcome(outcome, names)


SETTLEMENT_PARTS = (
    ("raw", gettext_lazy("Points − return")),
    ("uma", glossary.TERMS["uma"]),
    ("oka", glossary.TERMS["oka"]),
    ("chombo", glossary.OUTCOMES["chombo"]),
    ("yakitori", glossary.TERMS["yakitori"]),
    ("tobi", glossary.TERMS["tobi"]),
    ("penalty", gettext_lazy("Penalty")),
)


def settlement_table(game: Any, names: list[str]) -> dict[str, Any] | None:
    """Return the settlement's columns (parts that are not all zero) and one row per player."""
    if game.settlement is None:
        return None
    players = game.settlement.breakdown_json()
    columns = [
        (key, label)
        for key, label in SETTLEMENT_PARTS
        if key in ("raw", "uma") or any(p[key] for p in players)
    ]
    rows = [
        {
            "name": names[p["seat"]],
            "place": p["place"],
            "points": p["points"],
            "sticks": p["sticks"],
            "parts": [p[key] for key, _ in columns],
            "result": p["result"],
        }
        for p in sorted(players, key=lambda p: (p["place"], p["seat"]))
    ]
    return {
        "columns": [label for _, label in columns],
        "rows": rows,
        # the leftover riichi sticks a player took: "Points − return" counts them
        "sticks_column": any(p["sticks"] for p in players),
    }


def round_edit(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Correct a past round; every later round is replayed."""
    session = load_session(pk)
    require_editor(request, session)
    if note := closed_note(session):
        messages.error(request, note)
        return redirect("session-history", pk=session.pk)
    outcomes = session.outcomes()
    if not 1 <= number <= len(outcomes):
        message = gettext("Session %(pk)s has no round %(number)s.") % {"pk": pk, "number": number}
        return render(request, "404.html", {"message": message}, status=404)
    names = [p.name for p in session.players()]
    initial = RoundForm.initial_from(outcomes[number - 1])
    if request.GET.get("kind") in dict(KINDS):  # the kind tabs: the round was another kind
        initial["kind"] = request.GET["kind"]
    rules = session.engine_rules()
    form = RoundForm(request.POST or None, names=names, initial=initial, rules=rules)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            _replace_round(request, session, number, form.cleaned_data["outcome"])
        except writes.WriteError as error:
            form.add_error(None, _refusal(error))
            status = error.status
            session = load_session(pk)
        else:
            return redirect("session-history", pk=session.pk)
    edit_url = reverse("round-edit", args=[session.pk, number])
    sheet = sheet_context(
        form,
        rules,
        names,
        next_number=number,
        outcome_url=edit_url,
        action_url=edit_url,
        preview_url=reverse("round-preview", args=[session.pk]) + f"?number={number}",
        request_id="",
    )
    context = {**sheet, "session": session, "number": number, "names": names,
               "editing": True, "sheet_open": True}  # fmt: skip
    return render(request, "ledger/round_edit.html", context, status=status)


def _replace_round(
    request: HttpRequest, session: Any, number: int, outcome: dict[str, Any]
) -> None:
    """Save a corrected round through the write path and say so on the next page."""
    writes.replace_round(
        session.pk,
        number,
        outcome,
        actor=actor_of(request, session),
        version=posted_version(request),
    )
    messages.success(
        request,
        gettext("Round %(number)s was changed; later rounds were replayed.") % {"number": number},
    )


def _refusal(error: writes.WriteError) -> str:
    if isinstance(error, writes.Refused):
        return gettext("This change is refused, nothing was saved: %(error)s") % {
            "error": error.message
        }
    return error.message


@require_POST
def round_delete(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Delete a past round; later rounds move up and are replayed."""
    session = load_session(pk)
    require_editor(request, session)
    try:
        writes.delete_round(
            session.pk, number, actor=actor_of(request, session), version=posted_version(request)
        )
    except writes.WriteError as error:
        messages.error(
            request,
            gettext("Round %(number)s was not deleted: %(error)s")
            % {"number": number, "error": error.message},
        )
    else:
        messages.success(
            request,
            gettext("Round %(number)s was deleted; later rounds were replayed.")
            % {"number": number},
        )
    return redirect("session-history", pk=session.pk)
