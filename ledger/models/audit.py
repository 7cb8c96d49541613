"""Who changed what: the audit entry of every change to a session (the change log, and
the answer to a request sent again), and the members' API tokens."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from ledger.models.club import Player
from ledger.models.sessions import Session


class AuditEntry(models.Model):
    """One change of a session: who made it, when, and what it was before and after.

    ``version`` is the session's version the change produced; ``request_id`` the
    sending device's id for the change, so that a retried request is answered with
    the first answer instead of being applied twice; ``request_digest`` what it asked
    (``ledger.request_ids``).
    """

    session = models.ForeignKey(
        Session, related_name="audit", on_delete=models.CASCADE, verbose_name=_("session")
    )
    at = models.DateTimeField(_("when"), auto_now_add=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        verbose_name=_("member"),
    )
    via = models.CharField(
        _("made through"),
        max_length=20,
        help_text=_("member login, table link, API or command"),
    )
    player = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        verbose_name=_("player"),
        help_text=_("who holds the phone"),
    )
    action = models.CharField(_("change"), max_length=20)
    round_number = models.PositiveIntegerField(_("round"), null=True, blank=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    version = models.PositiveIntegerField(
        _("version"), default=0, help_text=_("the session's version after it")
    )
    request_id = models.CharField(
        _("request id"), max_length=64, blank=True, help_text=_("the sending device's id")
    )
    request_digest = models.CharField(
        _("request digest"),
        max_length=64,
        blank=True,
        help_text=_("what the request asked, to tell a retry from an id sent again"),
    )

    class Meta:
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
        ordering = ["-at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "request_id"],
                condition=~Q(request_id=""),
                name="one_change_per_request",
            ),
            # A new-session form sent twice at once: the second start waits and fails.
            models.UniqueConstraint(
                fields=["request_id"],
                condition=Q(action="start") & ~Q(request_id=""),
                name="one_session_per_start_request",
            ),
        ]
        indexes = [models.Index(fields=["session", "version"])]

    def __str__(self) -> str:
        return f"{self.session} #{self.version}"  # the admin's title: the version it made


def hash_token(token: str) -> str:
    """Return the stored form of an API token (only its hash is kept)."""
    return hashlib.sha256(token.encode()).hexdigest()


class ApiToken(models.Model):
    """A member's personal token for the JSON API (``Authorization: Bearer <token>``).

    Only the token's hash is stored: the member sees the token once, when it is made.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        related_name="api_tokens",
        on_delete=models.CASCADE,
        verbose_name=_("member"),
    )
    label = models.CharField(_("label"), max_length=60)
    key_hash = models.CharField(_("token's hash"), max_length=64, unique=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.label} ({self.user})"

    @classmethod
    def issue(cls, user: Any, label: str) -> tuple[ApiToken, str]:
        """Return a new token row and the token itself (shown once, never stored)."""
        token = "rl_" + secrets.token_urlsafe(30)
        return cls.objects.create(user=user, label=label, key_hash=hash_token(token)), token
