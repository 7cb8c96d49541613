"""Django admin for every model of the ledger."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

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


class SeatInline(admin.TabularInline):
    model = SessionSeat
    extra = 0


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    readonly_fields = ("label", "dealer", "honba", "riichi_sticks", "deltas", "scores")


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
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


@admin.register(Ruleset)
class RulesetAdmin(admin.ModelAdmin):
    list_display = ("name", "description")


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("name", "starts_on", "ends_on", "is_closed")


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("session", "number", "label", "honba", "riichi_sticks")
    list_filter = ("session",)


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    list_display = ("session", "player", "place", "score", "result")


@admin.register(SessionSeat)
class SessionSeatAdmin(admin.ModelAdmin):
    list_display = ("session", "seat", "player")


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("at", "session", "action", "round_number", "user", "via")
    list_filter = ("action",)


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Members' API tokens (only their hashes are stored); revoke one by setting revoked at."""

    list_display = ("label", "user", "created_at", "last_used_at", "revoked_at")
    readonly_fields = ("key_hash",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # tokens are made on the member's account page, shown once
