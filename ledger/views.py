"""Views: load, validate, call one model method, render."""

from __future__ import annotations

import functools
import json
import random
import re
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

import segno
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from ledger import glossary
from ledger.charts import score_chart
from ledger.forms import KINDS, NewSessionForm, RoundForm, players_named, rules_of_choice
from ledger.json_text import whole_number
from ledger.models import (
    SEATS,
    AuditEntry,
    Player,
    Result,
    Round,
    RoundConflict,
    Session,
    SessionSeat,
    new_token,
)
from ledger.records import RecordError, import_records
from ledger.rules_form import RulesOptionsForm
from ledger.templatetags.ledger_tags import intcomma
from scoring.errors import ScoringError
from scoring.rules import Rules

WINDS = "ESWN"
TABLE_TOKENS = "table_tokens"
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,64}")


# --- who may change what -------------------------------------------------------


def can_record(request: HttpRequest, session: Session) -> bool:
    """Return whether this visitor may record and edit the session's rounds."""
    if request.user.is_authenticated:
        return True
    return session.token in request.session.get(TABLE_TOKENS, [])


def _require_recorder(request: HttpRequest, session: Session) -> None:
    if not can_record(request, session):
        raise PermissionDenied(gettext("Recording needs a club member’s login or the table link."))


def _require_editor(request: HttpRequest, session: Session) -> None:
    """Allow changing past rounds: table link while in progress, members always."""
    _require_recorder(request, session)
    if session.is_finished and not request.user.is_authenticated:
        raise PermissionDenied(gettext("This game is finished: only a club member can change it."))


def _via(request: HttpRequest) -> str:
    return "member login" if request.user.is_authenticated else "table link"


def _audit(request: HttpRequest, session: Session, action: str, **fields: Any) -> None:
    user = request.user if request.user.is_authenticated else None
    AuditEntry.objects.create(
        session=session, user=user, via=_via(request), action=action, **fields
    )


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
    if not request.user.is_authenticated:
        raise PermissionDenied(gettext("Only a club member can replace the table link."))
    session.token = new_token()
    session.save(update_fields=["token"])
    _audit(request, session, "new table link")
    messages.success(request, gettext("A new table link was made; the old one no longer works."))
    return redirect(session)


# --- pages ------------------------------------------------------------------------


def home(request: HttpRequest) -> HttpResponse:
    """Show sessions in progress, recent finished ones and where to go next."""
    sessions = Session.objects.active().prefetch_related("seats__player")
    return render(
        request,
        "ledger/home.html",
        {
            "in_progress": sessions.filter(status=Session.Status.IN_PROGRESS)[:20],
            "finished": sessions.filter(status=Session.Status.FINISHED).order_by("-finished_at")[
                :10
            ],
        },
    )


def player_list(request: HttpRequest) -> HttpResponse:
    """List the club's players."""
    return render(request, "ledger/player_list.html", {"players": Player.objects.all()})


def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """Show a player's sessions with their place and result."""
    player = get_object_or_404(Player, pk=pk)
    seats = (
        SessionSeat.objects.filter(player=player, session__deleted_at__isnull=True)
        .select_related("session")
        .prefetch_related(
            "session__seats__player",
            Prefetch(
                "session__results", queryset=Result.objects.filter(player=player), to_attr="mine"
            ),
        )
        .order_by("-session__started_at", "-session__pk")
    )
    page = Paginator(seats, SESSIONS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "ledger/player_detail.html", {"player": player, "seats": page})


SESSIONS_PER_PAGE = 50


def session_new(request: HttpRequest) -> HttpResponse:
    """Start a session: four players, seating, the rules and their options."""
    choice = request.POST.get("rules_choice") or request.GET.get("rules_choice") or "preset:club"
    options_form = _options_form(request, choice)
    form = NewSessionForm(
        request.POST or None, options_form=options_form, initial={"rules_choice": choice}
    )
    if request.method == "POST" and form.is_valid():
        if not request.user.is_authenticated:
            raise PermissionDenied(gettext("Starting a session needs a club member’s login."))
        session = _create_session(form.cleaned_data)
        _audit(request, session, "start", after=session.to_record())
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
    return render(request, template, context)


def _options_form(request: HttpRequest, choice: str) -> RulesOptionsForm:
    """Return the options panel for the chosen rules.

    Posted options count only if the panel showed the chosen rules' values (without
    JavaScript, changing the rules does not refresh the panel).
    """
    try:
        base = Rules.from_json(rules_of_choice(choice)[1])
    except ScoringError:
        base = Rules()
    shown_for_choice = request.method == "POST" and request.POST.get("opt-for") == choice
    return RulesOptionsForm(request.POST if shown_for_choice else None, base=base)


def _create_session(data: dict[str, Any]) -> Session:
    names = list(data["names"])
    if data["seating"] == "draw":
        random.SystemRandom().shuffle(names)
    with transaction.atomic():
        players = players_named(names)
        session = Session.objects.create(
            rules=data["rules"],
            ruleset=data["ruleset"],
            season=data.get("season"),
            table_name=data.get("table_name", ""),
        )
        SessionSeat.objects.bulk_create(
            SessionSeat(session=session, seat=seat, player=player)
            for seat, player in zip(SEATS, players)
        )
    return session


def _load_session(pk: int) -> Session:
    queryset = Session.objects.active().prefetch_related("seats__player", "rounds", "results")
    return get_object_or_404(queryset, pk=pk)


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
    """Return a URL as an inline SVG QR code."""
    title = gettext("QR code of the table link")
    return str(segno.make(url, error="m").svg_inline(scale=4, title=title))


def session_table(request: HttpRequest, pk: int) -> HttpResponse:
    """The table page: scores, winds, counters and the form for the next round."""
    session = _load_session(pk)
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
    session = _load_session(pk)
    names = [p.name for p in session.players()]
    form = RoundForm(request.POST, names=names)
    preview: dict[str, Any] = {"names": names}
    if form.is_valid():
        try:
            game = session.game([*session.outcomes(), form.cleaned_data["outcome"]])
            played = game.rounds[-1]
            preview["hands"] = [
                (names[win.winner], _hand_text(hand))
                for win, hand in zip(played.outcome.wins, played.hands)
                if hand is not None
            ]
            preview["deltas"] = list(played.deltas)
            preview["scores"] = list(played.state.scores)
            preview["finished"] = game.state.finished
        except ScoringError as error:
            preview["error"] = str(error)
    else:
        preview["error"] = " ".join(_form_errors(form))
    return render(request, "ledger/table.html#preview", {"preview": preview})


def _form_errors(form: RoundForm) -> list[str]:
    return [str(e) for errors in form.errors.values() for e in errors]


@require_POST
def round_record(request: HttpRequest, pk: int) -> HttpResponse:
    """Record the next round and show the table after it.

    Form errors answer 400, an outcome the engine refuses 422, and a round another
    device recorded first 409; each shows the table with the form as it was filled.
    """
    session = _load_session(pk)
    _require_recorder(request, session)
    form = RoundForm(request.POST, names=[p.name for p in session.players()])
    status = 400
    if form.is_valid():
        data = form.cleaned_data
        try:
            with transaction.atomic():  # the round and its audit entry commit together
                saved, created = session.record(
                    data["outcome"],
                    expected_number=data["expected_number"],
                    request_id=data["request_id"],
                )
                if created:
                    _audit(
                        request, session, "record", round_number=saved.number, after=saved.outcome
                    )
        except RoundConflict as conflict:
            form.add_error(
                None,
                gettext("%(conflict)s. The table shows the current state.")
                % {"conflict": conflict},
            )
            status = 409
        except ScoringError as error:
            form.add_error(None, str(error))
            status = 422
        else:
            if not request.htmx:
                return redirect(session)
            session, form, status = _load_session(pk), None, 200
    context = table_context(request, session, form)
    template = "ledger/table.html#table-main" if request.htmx else "ledger/table.html"
    return render(request, template, context, status=status)


@require_POST
def round_undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Remove the last round (the one the form names, so a retried undo undoes once)."""
    session = _load_session(pk)
    _require_editor(request, session)
    number = request.POST.get("number", "")
    wanted = whole_number(number)
    if number and wanted is None:
        messages.error(request, gettext("Nothing was undone: the form named no round."))
        return redirect(session)
    try:
        removed = session.undo(wanted)
    except RoundConflict as conflict:
        messages.error(
            request, gettext("Nothing was undone: %(conflict)s.") % {"conflict": conflict}
        )
        return redirect(session)
    _audit(request, session, "undo", round_number=removed.number, before=removed.outcome)
    messages.success(request, gettext("Round %(number)s was undone.") % {"number": removed.number})
    return redirect(session)


def session_history(request: HttpRequest, pk: int) -> HttpResponse:
    """Every round as a row, the settlement, and a score chart."""
    session = _load_session(pk)
    game = session.game()
    state = game.to_json()
    names = [p.name for p in session.players()]
    start = session.engine_rules().start_points
    series = [[start] + [r["scores"][seat] for r in state["rounds"]] for seat in SEATS]
    rows = [
        {
            "number": i + 1,
            "played": played,
            "outcome": stored.outcome,
            "summary": describe_outcome(stored.outcome, names, result.hands),
        }
        for i, (played, stored, result) in enumerate(
            zip(state["rounds"], _rounds(session), game.rounds)
        )
    ]
    return render(
        request,
        "ledger/history.html",
        {
            "session": session,
            "state": state,
            "names": names,
            "rows": rows,
            "chart": score_chart(names, series),
            "final": state.get("final"),
            "settlement": settlement_table(game, names),
            "can_record": can_record(request, session),
            "audit": session.audit.select_related("user")[:30],
        },
    )


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
        "leftover": game.settlement.leftover_riichi_sticks,
    }


def _rounds(session: Session) -> list[Round]:
    return sorted(session.rounds.all(), key=lambda r: r.number)


def describe_outcome(
    outcome: dict[str, Any], names: list[str], hands: Sequence[Mapping[str, Any] | None] = ()
) -> str:
    """Return a round's outcome in words: "Ron: Aki (3 han 40 fu) from Chen"; a hand
    entered as tiles is described by its scored hand in ``hands`` (one per win)."""
    kind = outcome.get("result")
    comma = gettext(", ")
    if kind == "ron":
        wins = comma.join(
            gettext("%(name)s (%(value)s)")
            % {"name": names[w["winner"]], "value": _value_text(w, hand)}
            for w, hand in zip(outcome["wins"], hands or [None] * len(outcome["wins"]))
        )
        return gettext("Ron: %(wins)s from %(loser)s") % {
            "wins": wins,
            "loser": names[outcome["loser"]],
        }
    if kind == "tsumo":
        return gettext("Tsumo: %(name)s (%(value)s)") % {
            "name": names[outcome["winner"]],
            "value": _value_text(outcome, hands[0] if hands else None),
        }
    if kind == "draw":
        tenpai = comma.join(names[s] for s in outcome.get("tenpai", [])) or gettext("nobody")
        text = gettext("Draw, tenpai: %(names)s") % {"names": tenpai}
        if nagashi := outcome.get("nagashi"):
            text += gettext("; nagashi mangan: %(names)s") % {
                "names": comma.join(names[s] for s in nagashi)
            }
        return text
    if kind == "abort":
        reason = glossary.abort_reason(outcome.get("reason", ""))
        return gettext("Abortive draw: %(reason)s") % {"reason": reason}
    if kind == "chombo":
        return gettext("Chombo by %(name)s") % {"name": names[outcome["player"]]}
    return str(kind)


def _value_text(win: Mapping[str, Any], hand: Mapping[str, Any] | None = None) -> str:
    if hand is not None:
        return _hand_text(hand)
    if win.get("yakuman"):
        return glossary.yakuman_count(win["yakuman"]).lower()
    if "fu" in win and win.get("han", 0) < 5:
        return glossary.han_fu(win["han"], win["fu"])
    if "han" in win:
        return glossary.han_fu(win["han"])
    return gettext("hand from tiles")


def _hand_text(hand: Mapping[str, Any]) -> str:
    """Return a scored hand in words: "3 han 30 fu: Riichi, Pinfu, dora 1"."""
    parts = [glossary.yaku_name(yaku["name"]) for yaku in hand["yaku"]]
    dora = sum(hand["dora"].values())
    if dora and not hand["yakuman"]:
        parts.append(gettext("dora %(count)s") % {"count": dora})
    return gettext("%(value)s: %(yaku)s") % {
        "value": _value_text(hand),
        "yaku": gettext(", ").join(parts),
    }


def round_edit(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Correct a past round; every later round is replayed."""
    session = _load_session(pk)
    _require_editor(request, session)
    outcomes = session.outcomes()
    if not 1 <= number <= len(outcomes):
        return render(
            request,
            "404.html",
            {
                "message": gettext("Session %(pk)s has no round %(number)s.")
                % {"pk": pk, "number": number}
            },
            status=404,
        )
    names = [p.name for p in session.players()]
    old = outcomes[number - 1]
    initial = RoundForm.initial_from(old)
    if request.GET.get("kind") in dict(KINDS):  # the kind tabs: the round was another kind
        initial["kind"] = request.GET["kind"]
    form = RoundForm(request.POST or None, names=names, initial=initial)
    if request.method == "POST" and form.is_valid():
        new = form.cleaned_data["outcome"]
        try:
            session.replace_rounds([*outcomes[: number - 1], new, *outcomes[number:]])
        except ScoringError as error:
            form.add_error(
                None,
                gettext("This change is refused, nothing was saved: %(error)s") % {"error": error},
            )
        else:
            _audit(request, session, "edit", round_number=number, before=old, after=new)
            messages.success(
                request,
                gettext("Round %(number)s was changed; later rounds were replayed.")
                % {"number": number},
            )
            return redirect("session-history", pk=session.pk)
    return render(
        request,
        "ledger/round_edit.html",
        {
            "session": session,
            "form": form,
            "number": number,
            "kind": form["kind"].value(),
            "names": names,
        },
    )


@require_POST
def round_delete(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Delete a past round; later rounds move up and are replayed."""
    session = _load_session(pk)
    _require_editor(request, session)
    outcomes = session.outcomes()
    if not 1 <= number <= len(outcomes):
        messages.error(
            request, gettext("There is no round %(number)s to delete.") % {"number": number}
        )
        return redirect("session-history", pk=session.pk)
    try:
        session.replace_rounds([*outcomes[: number - 1], *outcomes[number:]])
    except ScoringError as error:
        messages.error(
            request,
            gettext("Deleting round %(number)s is refused, nothing changed: %(error)s")
            % {"number": number, "error": error},
        )
    else:
        _audit(request, session, "delete", round_number=number, before=outcomes[number - 1])
        messages.success(
            request,
            gettext("Round %(number)s was deleted; later rounds were replayed.")
            % {"number": number},
        )
    return redirect("session-history", pk=session.pk)


@require_POST
def session_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete a session (a member may restore it for 30 days)."""
    session = _load_session(pk)
    if not request.user.is_authenticated:
        raise PermissionDenied(gettext("Only a club member can delete a session."))
    session.soft_delete()
    _audit(request, session, "delete session", before=session.to_record())
    messages.success(request, gettext("The session was deleted. It can be restored for 30 days."))
    return redirect("sessions-deleted")


def sessions_deleted(request: HttpRequest) -> HttpResponse:
    """List the deleted sessions that can still be restored."""
    if not request.user.is_authenticated:
        raise PermissionDenied(gettext("Only a club member can see deleted sessions."))
    sessions = Session.objects.restorable().prefetch_related("seats__player")
    return render(request, "ledger/sessions_deleted.html", {"sessions": sessions})


@require_POST
def session_restore(request: HttpRequest, pk: int) -> HttpResponse:
    """Restore a deleted session."""
    if not request.user.is_authenticated:
        raise PermissionDenied(gettext("Only a club member can restore a session."))
    session = get_object_or_404(Session.objects.restorable(), pk=pk)
    session.restore()
    _audit(request, session, "restore session")
    messages.success(request, gettext("The session was restored."))
    return redirect(session)


def session_export(request: HttpRequest, pk: int) -> HttpResponse:
    """Download the session as a game record (FORMATS.md section 3)."""
    session = _load_session(pk)
    response = JsonResponse(
        session.to_record(), json_dumps_params={"ensure_ascii": False, "indent": 2}
    )
    response["Content-Disposition"] = f'attachment; filename="session-{session.pk}.json"'
    return response


def session_import(request: HttpRequest) -> HttpResponse:
    """Upload game records; a bad file is rejected whole and nothing is written."""
    error = ""
    if request.method == "POST":
        if not request.user.is_authenticated:
            raise PermissionDenied(gettext("Importing needs a club member’s login."))
        upload = request.FILES.get("file")
        try:
            sessions = import_records(_read_upload(upload))
        except RecordError as problem:
            error = str(problem)
        else:
            count = len(sessions)
            messages.success(
                request,
                ngettext("Imported %(count)s session.", "Imported %(count)s sessions.", count)
                % {"count": count},
            )
            return redirect(sessions[0]) if len(sessions) == 1 else redirect("home")
    return render(request, "ledger/import.html", {"error": error}, status=400 if error else 200)


MAX_UPLOAD = 2 * 1024 * 1024


def _read_upload(upload: Any) -> Any:
    if upload is None:
        raise RecordError(gettext("Choose a JSON file to upload."))
    if upload.size > MAX_UPLOAD:
        raise RecordError(
            gettext("The file is too large (%(size)s bytes; the limit is %(limit)s).")
            % {"size": intcomma(upload.size), "limit": intcomma(MAX_UPLOAD)}
        )
    try:
        return json.loads(upload.read().decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError(gettext("The file is not UTF-8 text.")) from None
    except json.JSONDecodeError as problem:
        raise RecordError(
            gettext("The file is not valid JSON: %(error)s at line %(line)s.")
            % {"error": problem.msg, "line": problem.lineno}
        ) from None
    except (RecursionError, ValueError):
        raise RecordError(
            gettext("The file cannot be read: it nests too deeply or holds a number too long.")
        ) from None
