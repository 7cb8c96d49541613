"""Events in the admin: read them there; change them through the event pages (the service).

Only an event's labels (its name and kind) are changed here. Everything else is the
service's: the rules, the seating and its plan, the status, the creator, the check-ins and
the rounds and their tables; an event is made on the events page, and one that has rounds
is never deleted (its rounds and tables hold the event's standings).
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from clubnights.models import Event, EventPlayer, EventRound, EventTable
from ledger.admin import ShownOnly

LABELS = ("name", "kind")  # the fields of an event the admin may change


class EventPlayerInline(ShownOnly, admin.TabularInline):
    model = EventPlayer
    extra = 0
    fields = ("player", "team", "arrived_at", "left_at")


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "status", "created_at")
    list_filter = ("kind", "status")
    search_fields = ("name",)
    inlines = [EventPlayerInline]

    def get_readonly_fields(self, request: HttpRequest, obj: Event | None = None) -> list[str]:
        """Return every field but the labels: the service owns them."""
        fields = Event._meta.concrete_fields
        return [
            field.name for field in fields if not field.primary_key and field.name not in LABELS
        ]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # events are made on the events page, their rules checked there

    def save_model(self, request: HttpRequest, obj: Event, form: Any, change: bool) -> None:
        """Save a new name or kind as a new version: the open event pages show it at once."""
        if form.has_changed():
            obj.version += 1
        super().save_model(request, obj, form, change)

    def has_delete_permission(self, request: HttpRequest, obj: Event | None = None) -> bool:
        if obj is not None and obj.rounds.exists():
            return False
        return super().has_delete_permission(request, obj)


class EventTableInline(ShownOnly, admin.TabularInline):
    model = EventTable
    extra = 0
    fields = ("number", "session")


@admin.register(EventRound)
class EventRoundAdmin(ShownOnly, admin.ModelAdmin):
    list_display = ("event", "number", "started_at")
    fields = ("event", "number", "started_at", "sitting_out", "seating_note")
    readonly_fields = ("seating_note",)
    inlines = [EventTableInline]

    @admin.display(description=_("seating note"))
    def seating_note(self, obj: EventRound) -> str:
        """The seating engine's note in words, as the event's pages say it (not its code)."""
        return obj.note_text() or "–"
