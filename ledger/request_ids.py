"""A device's id for a change answers only the change it was sent with (FORMATS.md
section 5: a retried request gets the first answer). Each change keeps, beside the id, a
digest of what was asked (its kind and its content: the round, its number, the seat);
the same id sent again with the same ask is a retry, answered with the change it made,
and with another ask is a client reusing an id, refused with nothing changed."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.utils.translation import gettext

from ledger.models import AuditEntry
from ledger.write_errors import RequestReused


def digest(makes: tuple[str, ...], asked: Any) -> str:
    """Return the digest of a request: the changes it may make and what it asked."""
    text = json.dumps([list(makes), asked], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def check_retry(done: AuditEntry, makes: tuple[str, ...], asked: Any) -> None:
    """Refuse a request whose id made ``done`` unless it asks what that one asked (a
    change kept before digests were kept is checked by its kind alone)."""
    same_ask = not done.request_digest or done.request_digest == digest(makes, asked)
    if done.action not in makes or not same_ask:
        raise RequestReused(gettext("This form was sent before for another change."))


def keep_ask(entry: AuditEntry, makes: tuple[str, ...], asked: Any) -> None:
    """Keep with the change what its request asked, for a retry to be checked against."""
    entry.request_digest = digest(makes, asked)
    AuditEntry.objects.filter(pk=entry.pk).update(request_digest=entry.request_digest)
