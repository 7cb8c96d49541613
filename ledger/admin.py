"""Django admin for every model of the ledger.

Sessions, their seats, rounds and results and the audit trail are shown, never changed
here: they are written by ``ledger.writes`` alone (lock, version check, replay), which
the table, history and correction pages use. An edit made here would skip the replay,
so the scores, the results and the standings would no longer follow the rounds.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest

from ledger.engine_words import explain
from ledger.models import (
    ApiToken,
    AuditEntry,
    OnlineName,
    Player,
    Result,
    Round,
    Ruleset,
    Season,
    Session,
    SessionSeat,
)
from ledger.seasons import check_season
from scoring.errors import ScoringError
from scoring.rules import Rules


class ShownOnly:
    """An admin that shows the rows of a model written by ``ledger.writes`` alone."""

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class SeatInline(ShownOnly, admin.TabularInline):
    model = SessionSeat
    extra = 0


class RoundInline(ShownOnly, admin.TabularInline):
    model = Round
    extra = 0
    readonly_fields = ("label", "dealer", "honba", "riichi_sticks", "deltas", "scores")


@admin.register(Session)
class SessionAdmin(ShownOnly, admin.ModelAdmin):
    list_display = ("pk", "started_at", "table_name", "status", "season")
    list_filter = ("status", "season")
    inlines = [SeatInline, RoundInline]
    readonly_fields = ("token", "fingerprint", "source_kind", "source_id", "source_fingerprint")


@admin.register(OnlineName)
class OnlineNameAdmin(admin.ModelAdmin):
    list_display = ("name", "site", "player", "updated_at")
    list_filter = ("site",)
    search_fields = ("name", "player__name")


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "user", "created_at")
    search_fields = ("name",)


class RulesetForm(forms.ModelForm):
    """A ruleset's rules are checked as the new-session form checks them."""

    class Meta:
        model = Ruleset
        fields = ("name", "rules", "description")

    def clean_rules(self) -> object:
        rules = self.cleaned_data["rules"]
        try:
            Rules.from_json(rules)
        except ScoringError as error:
            raise forms.ValidationError(explain(error)) from error
        return rules


@admin.register(Ruleset)
class RulesetAdmin(admin.ModelAdmin):
    list_display = ("name", "description")
    form = RulesetForm


class SeasonAdminForm(forms.ModelForm):
    """A season as the admin edits it: its days in the years a season may use, in order,
    meeting no other season, as on the seasons page (``ledger.seasons.check_season``)."""

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        check_season(self, data)
        return data


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    form = SeasonAdminForm
    list_display = ("name", "starts_on", "ends_on", "is_closed")


@admin.register(Round)
class RoundAdmin(ShownOnly, admin.ModelAdmin):
    list_display = ("session", "number", "label", "honba", "riichi_sticks")
    list_filter = ("session",)


@admin.register(Result)
class ResultAdmin(ShownOnly, admin.ModelAdmin):
    list_display = ("session", "player", "place", "score", "result")


@admin.register(SessionSeat)
class SessionSeatAdmin(ShownOnly, admin.ModelAdmin):
    list_display = ("session", "seat", "player")


@admin.register(AuditEntry)
class AuditEntryAdmin(ShownOnly, admin.ModelAdmin):
    list_display = ("at", "session", "action", "round_number", "user", "via")
    list_filter = ("action",)


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Members' API tokens (only their hashes are stored); revoke one by setting revoked at."""

    list_display = ("label", "user", "created_at", "last_used_at", "revoked_at")
    readonly_fields = ("key_hash",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # tokens are made on the member's account page, shown once
