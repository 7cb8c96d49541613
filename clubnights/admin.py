"""Events in the admin: read them there; change them through the event pages (the service)."""

from __future__ import annotations

from django.contrib import admin

from clubnights.models import Event, EventPlayer, EventRound


class EventPlayerInline(admin.TabularInline):
    model = EventPlayer
    extra = 0
    readonly_fields = ("player", "team", "arrived_at", "left_at")
    can_delete = False


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "status", "created_at")
    list_filter = ("kind", "status")
    search_fields = ("name",)
    readonly_fields = ("checkin_token", "version", "created_at", "finished_at")
    inlines = [EventPlayerInline]


@admin.register(EventRound)
class EventRoundAdmin(admin.ModelAdmin):
    list_display = ("event", "number", "started_at")
    readonly_fields = ("event", "number", "started_at", "sitting_out", "note")
