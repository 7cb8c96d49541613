"""The table link: a secret address, shown as a QR code on the table page, that lets a
phone record rounds at one table without a login. A member can replace it, and the old
link stops working."""

from __future__ import annotations

import functools
import re

import segno
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from ledger.models import AuditEntry, Session, new_token
from ledger.views.common import TABLE_TOKENS, actor_of, require_member

TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,64}")


def join_table(request: HttpRequest, token: str) -> HttpResponse:
    """Remember the table link in this browser and open the table page."""
    found = Session.objects.active().filter(token=token) if TOKEN_PATTERN.fullmatch(token) else None
    session = found.first() if found is not None else None
    if session is None:
        raise Http404(gettext("There is no table at this link."))
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
    actor = actor_of(request, session)
    AuditEntry.objects.create(session=session, user=actor.user, via=actor.via,
                              action="new table link", version=session.version)  # fmt: skip
    messages.success(request, gettext("A new table link was made; the old one no longer works."))
    return redirect(session)


def table_link_url(request: HttpRequest, session: Session) -> str:
    """Return the session's table link as a full address."""
    return request.build_absolute_uri(reverse("join-table", args=[session.token]))


def table_link_qr(request: HttpRequest, session: Session) -> str:
    """Return the table link as an inline SVG QR code."""
    return qr_code_svg(table_link_url(request, session), gettext("QR code of the table link"))


@functools.lru_cache(maxsize=256)
def qr_code_svg(url: str, title: str) -> str:
    """Return an address as an inline SVG QR code titled in the reader's words."""
    return str(segno.make(url, error="m").svg_inline(scale=4, title=title))
