"""Django admin for every model of the ledger."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from ledger.models import (
    AuditEntry,
    LoginFailures,
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
    readonly_fields = ("token",)


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


@admin.register(LoginFailures)
class LoginFailuresAdmin(admin.ModelAdmin):
    """Addresses refused after failed logins; deleting a row lets that address try again."""

    list_display = ("address", "count", "since")
    search_fields = ("address",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # rows come from failed logins only
