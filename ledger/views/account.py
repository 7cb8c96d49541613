"""A member's account page: personal API tokens, made (shown once) and revoked, and
the member's own password, changed."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import authenticate, update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_POST

from ledger.models import ApiToken

MAX_TOKENS = 20


class TokenForm(forms.Form):
    label = forms.CharField(
        max_length=60, label=_("What the token is for"), help_text=_("e.g. the club's scripts")
    )


NEW_TOKEN = "new_api_token"  # the login session's key for a token made and not yet shown


@never_cache  # the page may show a token: no cache keeps it
@login_required
def account(request: HttpRequest) -> HttpResponse:
    """Show the member's API tokens; make a new one, then show its token this once on
    the page it redirects to (a reload shows it no more and makes no second token)."""
    form = TokenForm(request.POST or None)
    tokens = ApiToken.objects.filter(user=request.user, revoked_at__isnull=True)
    if request.method == "POST" and form.is_valid():
        if tokens.count() >= MAX_TOKENS:
            form.add_error(None, gettext("Revoke a token first: a member may hold 20."))
        else:
            _, request.session[NEW_TOKEN] = ApiToken.issue(request.user, form.cleaned_data["label"])
            return redirect("account")
    context = {"form": form, "tokens": tokens, "new_token": request.session.pop(NEW_TOKEN, "")}
    return render(request, "ledger/account.html", context, status=400 if form.errors else 200)


@require_POST
@login_required
def token_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    """Revoke one of the member's API tokens: it stops working at once."""
    token = get_object_or_404(ApiToken, pk=pk, user=request.user, revoked_at__isnull=True)
    token.revoked_at = timezone.now()
    token.save(update_fields=["revoked_at"])
    messages.success(
        request, gettext("The token “%(label)s” was revoked.") % {"label": token.label}
    )
    return redirect("account")


class CountedPasswordChangeForm(PasswordChangeForm):
    """Django's password change, the current password checked by logging in with it, so
    that django-axes counts wrong guesses as failed logins (a phone left signed in on a
    table gives no unlimited guesses)."""

    def __init__(self, request: HttpRequest, data: Any = None) -> None:
        super().__init__(request.user, data)
        self.request = request

    def clean_old_password(self) -> str:
        old: str = self.cleaned_data["old_password"]
        if authenticate(self.request, username=self.user.get_username(), password=old) is None:
            raise forms.ValidationError(
                self.error_messages["password_incorrect"], code="password_incorrect"
            )
        return old


@sensitive_post_parameters()
@never_cache
@login_required
def password_change(request: HttpRequest) -> HttpResponse:
    """Change the member's own password, the current one asked first; this login stays
    signed in, others of the member's are signed out."""
    form = CountedPasswordChangeForm(request, request.POST or None)
    if request.method == "POST" and form.is_valid():
        update_session_auth_hash(request, form.save())
        messages.success(request, gettext("Your password was changed."))
        return redirect("account")
    status = 400 if form.errors else 200
    return render(request, "ledger/password_change.html", {"form": form}, status=status)
