"""Taking back on the table page: Undo takes back the last round (or the early end of
the game), and Put it back records that round again while nothing else has changed, so
a mistaken tap never costs a confirmed round (``ledger.writes.undo_round`` and
``put_back_round``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from ledger import writes
from ledger.json_text import whole_number
from ledger.views.common import (
    actor_of,
    load_session,
    posted_version,
    require_editor,
    require_recorder,
)
from ledger.views.table import table_answer, table_main
from ledger.views.table_link import TOKEN_PATTERN


@require_POST
def round_undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Take back the last round (of the version the page showed: a retry undoes once).
    The table then says which round was undone and offers to put it back."""
    session = load_session(pk)
    require_editor(request, session)
    number = whole_number(request.POST.get("number", ""))
    if "number" in request.POST and number is None:
        messages.error(request, gettext("Nothing was undone: the form named no round."))
        return redirect(session)
    try:
        change = writes.undo_round(session.pk, actor=actor_of(request, session),
                                   version=posted_version(request), number=number)  # fmt: skip
    except writes.WriteError as error:
        message = gettext("Nothing was undone: %(why)s") % {"why": error.message}
        return table_answer(request, session, message, error=True)
    if change.entry.action == "resume":
        return table_answer(request, session, gettext("The end of the game was taken back."))
    return table_answer(request, session, "")  # the table shows the undone round


@require_POST
def round_put_back(request: HttpRequest, pk: int) -> HttpResponse:
    """Record again the round the last undo took back (of the version the page showed)."""
    session = load_session(pk)
    require_recorder(request, session)
    request_id = request.POST.get("request_id", "")
    try:
        change = writes.put_back_round(
            session.pk,
            actor=actor_of(request, session),
            version=posted_version(request),
            request_id=request_id if TOKEN_PATTERN.fullmatch(request_id) else "",
        )
    except writes.WriteError as error:
        message = gettext("Nothing was put back: %(why)s") % {"why": error.message}
        return table_answer(request, session, message, error=True)
    if not request.htmx:
        return redirect(session)
    return table_main(request, load_session(pk), recorded=change.round_number)
