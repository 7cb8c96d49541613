"""Who calls the API: a member's login (with CSRF), a member's API token, or a table link.

``Authorization: Bearer <token>`` takes a member's personal token (made on the account
page) or a table link's token, which gives the same rights as the link itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.http import HttpRequest
from django.utils import timezone
from ninja.security import HttpBearer, SessionAuth

from ledger.models import ApiToken, Session, hash_token
from ledger.writes import Actor

TOUCH_EVERY = timedelta(minutes=5)  # how often a token's last use is written down


@dataclass(frozen=True)
class Caller:
    """Who made an API request: a member, or a phone holding one table's link."""

    user: Any = None
    table_token: str = ""
    via: str = "member login"

    @property
    def is_member(self) -> bool:
        return self.user is not None

    @property
    def actor(self) -> Actor:
        return Actor(user=self.user, via=self.via)

    def holds_link_of(self, session: Session) -> bool:
        return bool(self.table_token) and self.table_token == session.token


def caller_of(request: HttpRequest) -> Caller | None:
    """Return the caller the authentication found, or None for an anonymous reader."""
    auth = getattr(request, "auth", None)
    if isinstance(auth, Caller):
        return auth
    if request.user.is_authenticated:
        return Caller(user=request.user)
    return None


class BearerToken(HttpBearer):
    """A member's API token, or a table link's token."""

    def authenticate(self, request: HttpRequest, token: str) -> Caller | None:
        token = token.strip()
        if not token or len(token) > 100:
            return None
        found = ApiToken.objects.select_related("user").filter(
            key_hash=hash_token(token), revoked_at__isnull=True, user__is_active=True
        )
        if api_token := found.first():
            _touch(api_token)
            return Caller(user=api_token.user, via="API token")
        if Session.objects.active().filter(token=token).exists():
            return Caller(table_token=token, via="table link")
        return None


def _touch(api_token: ApiToken) -> None:
    now = timezone.now()
    if api_token.last_used_at is None or now - api_token.last_used_at > TOUCH_EVERY:
        ApiToken.objects.filter(pk=api_token.pk).update(last_used_at=now)


class MemberLogin(SessionAuth):
    """A member logged in through the site (a change needs the CSRF token too)."""

    def __call__(self, request: HttpRequest) -> Caller | None:
        if not request.user.is_authenticated:
            return None  # not logged in: no CSRF check, the answer is 401
        return super().__call__(request)

    def authenticate(self, request: HttpRequest, key: str | None) -> Caller | None:
        return Caller(user=request.user)


WRITERS = [BearerToken(), MemberLogin()]
