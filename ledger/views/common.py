"""What every page shares: loading a session, who may change it, and who is changing it."""

from __future__ import annotations

import re
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import Resolver404
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext, gettext_lazy
from django_htmx.http import reswap, retarget

from ledger.forms.choices import allowed_kinds, round_choices
from ledger.json_text import whole_number
from ledger.models import Session
from ledger.seasons import closed_season, closed_season_of
from ledger.writes import Actor, SeasonClosed, WriteError
from scoring.rules import Rules

TABLE_TOKENS = "table_tokens"  # the table links this browser joined (in its login session)


def load_session(pk: int) -> Session:
    """Return the session (not deleted) with what its pages read, or answer 404."""
    queryset = Session.objects.active().prefetch_related("seats__player", "rounds", "results")
    found = queryset.filter(pk=pk).first()
    if found is not None:
        return found
    if Session.objects.restorable().filter(pk=pk).exists():
        raise Http404(
            gettext("This game was deleted. A club member can restore it from Deleted sessions.")
        )
    raise Http404


def has_table_link(request: HttpRequest, session: Session) -> bool:
    """Return whether this browser joined the session's table through its link."""
    return session.token in request.session.get(TABLE_TOKENS, [])


def can_record(request: HttpRequest, session: Session) -> bool:
    """Return whether this visitor may record and edit the session's rounds (nobody may
    change a game of a closed season)."""
    if closed_season(session) is not None:
        return False
    return request.user.is_authenticated or has_table_link(request, session)


def closed_note(session: Session) -> str:
    """Return why the game can no longer be changed (its season is closed), or ""."""
    season = closed_season(session)
    return SeasonClosed(season.name).message if season is not None else ""


def require_recorder(request: HttpRequest, session: Session) -> None:
    """Refuse visitors who may not record rounds (403); a game of a closed season is
    refused by the write itself, in words."""
    if not (request.user.is_authenticated or has_table_link(request, session)):
        raise PermissionDenied(
            gettext(
                "Recording needs a club member’s login or this table’s link; if the link was replaced, scan the new QR code."
            )
        )


def require_editor(request: HttpRequest, session: Session) -> None:
    """Allow changing past rounds: the table link while in progress, members always."""
    require_recorder(request, session)
    if session.is_finished and not request.user.is_authenticated:
        raise PermissionDenied(gettext("This game is finished: only a club member can change it."))


def require_member(request: HttpRequest, message: str) -> None:
    """Refuse visitors who are not logged in (403) with ``message``."""
    if not request.user.is_authenticated:
        raise PermissionDenied(message)


def sheet_context(form: Any, rules: Rules, names: list[str], **urls: Any) -> dict[str, Any]:
    """Return what the round sheet needs beside the form (the table page's, or a past
    round's edit page): the kind shown, the kinds and buttons the rules offer, and
    ``urls``: next_number, outcome_url, action_url, preview_url and request_id."""
    return {
        "form": form,
        "kind": form["kind"].value() or "ron",
        "kinds": allowed_kinds(rules),
        "choices": round_choices(rules, names),
        **urls,
    }


def actor_of(request: HttpRequest, session: Session | None = None) -> Actor:
    """Return who makes a change through this request, for the audit log: the member or
    the table link, and the player holding the phone when they said who they are."""
    holder = holder_seat(request, session) if session is not None else None
    player = session.players()[holder] if holder is not None and session is not None else None
    if request.user.is_authenticated:
        return Actor(user=request.user, via="member login", player=player)
    return Actor(via="table link", player=player)


TABLES = "tables"  # per session (in the login session): who holds this phone, the view's turn


def _table_prefs(request: HttpRequest, session: Session) -> dict[str, Any]:
    prefs = request.session.get(TABLES, {})
    found = prefs.get(str(session.pk), {}) if isinstance(prefs, dict) else {}
    return found if isinstance(found, dict) else {}


def holder_seat(request: HttpRequest, session: Session) -> int | None:
    """Return the seat of the player who said they hold this phone, if one did."""
    seat = _table_prefs(request, session).get("holder")
    return seat if isinstance(seat, int) and 0 <= seat < 4 else None


def table_view(request: HttpRequest, session: Session) -> int:
    """Return the seat drawn at the bottom: the phone's holder, or as turned (East first)."""
    seat = _table_prefs(request, session).get("view", 0)
    return seat if isinstance(seat, int) and 0 <= seat < 4 else 0


def remember_table(request: HttpRequest, session: Session, **changes: Any) -> None:
    """Remember this phone's holder and view of a table (the last 20 tables)."""
    prefs = request.session.get(TABLES, {})
    prefs = prefs if isinstance(prefs, dict) else {}
    mine = {**_table_prefs(request, session), **changes}
    kept = {key: value for key, value in prefs.items() if key != str(session.pk)}
    request.session[TABLES] = {**dict(list(kept.items())[-19:]), str(session.pk): mine}


def posted_version(request: HttpRequest) -> int | None:
    """Return the session version the posted form was drawn from (None if absent);
    raise ``WriteError`` for one that is not a version, so that the change is not made
    unchecked."""
    if not request.POST.get("version", ""):
        return None
    version = whole_number(request.POST["version"])
    if version is None:
        raise WriteError(
            gettext(
                "This form’s version of the game cannot be read: reload the page and try again."
            )
        )
    return version


# Django's own words when get_object_or_404 finds nothing: English, and naming a model.
_DJANGO_NOT_FOUND = re.compile(r"No \w+ matches the given query\.")


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The 404 page: our own message when a view gave one (in the reader's language),
    else "There is nothing at this address." (never Django's model names)."""
    ours = isinstance(exception, Http404) and not isinstance(exception, Resolver404)
    message = str(exception) if ours else ""
    if _DJANGO_NOT_FOUND.fullmatch(message):
        message = ""
    return error_page(request, "404.html", message, status=404)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The 403 page, with the reason the view gave."""
    return error_page(request, "403.html", str(exception), status=403)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """The page for a form whose security token is out of date (a login in another tab
    renews it): what happened and what to do, instead of Django's page for developers."""
    message = gettext(
        "This form is out of date (you logged in or out in another tab, or the page is old). "
        "Nothing was saved: go back, reload the page and try again."
    )
    return error_page(request, "403.html", message, status=403)


def error_page(request: HttpRequest, template: str, message: str, *, status: int) -> HttpResponse:
    """Answer a refused request: a page of its own, or for a page's own request (htmx) the
    message alone, shown at the top of the page it came from (not in place of the part
    of the page the request would have replaced)."""
    if not request.htmx:
        return render(request, template, {"message": message}, status=status)
    if not message:
        message = str(DEFAULT_REFUSALS.get(status, DEFAULT_REFUSALS[403]))
    notice = render(request, "_page_notice.html", {"message": message}, status=status)
    return reswap(retarget(notice, "#page-notice"), "innerHTML")


DEFAULT_REFUSALS = {
    403: gettext_lazy("You may not do this."),
    404: gettext_lazy("There is nothing at this address."),
}


def note_closed_seasons(request: HttpRequest, sessions: list[Session]) -> None:
    """Tell which imported games are dated in a closed season: they count in no season."""
    for session in sessions:
        if (season := closed_season_of(session)) is not None:
            started = date_format(timezone.localtime(session.started_at), "SHORT_DATETIME_FORMAT")
            messages.warning(request, gettext(
                "The game started %(started)s is dated in season %(name)s, which is closed: "
                "it counts in no season."
            ) % {"started": started, "name": season.name})  # fmt: skip
