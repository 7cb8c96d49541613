"""Django admin for every model of the ledger.

Sessions, their seats, rounds and results and the audit trail are shown, never changed
here: they are written by ``ledger.writes`` alone (lock, version check, replay), which
the table, history and correction pages use. An edit made here would skip the replay,
so the scores, the results and the standings would no longer follow the rounds.

What the admin does change, it changes as the club's pages do: a ruleset's rules are checked
as the new-session form checks them, and one in use is never deleted; a season made, changed
or deleted places the sessions again as the seasons page does; a player's name is stored as
``ledger.players.clean_name`` makes it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.admin.widgets import AdminTextInputWidget
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubnights.models import Event
from ledger.engine_words import explain
from ledger.forms.session import NameField
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
    name_key,
)
from ledger.players import clean_name, refresh_fingerprints
from ledger.seasons import check_season, close_season, place_sessions
from ledger.signals import sessions_moved
from scoring.errors import ScoringError
from scoring.rules import Rules


class ShownOnly:
    """An admin that shows the rows of a model written by one write path alone
    (``ledger.writes``, ``clubnights.service``)."""

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
    list_display = ("number", "started_at", "table_name", "status", "season")
    list_filter = ("status", "season")
    inlines = [SeatInline, RoundInline]
    readonly_fields = ("token", "fingerprint", "source_kind", "source_id", "source_fingerprint")

    @admin.display(description=_("number"), ordering="pk")
    def number(self, session: Session) -> int:
        return session.pk


@admin.register(OnlineName)
class OnlineNameAdmin(admin.ModelAdmin):
    list_display = ("name", "site", "player", "updated_at")
    list_filter = ("site",)
    search_fields = ("name", "player__name")


class PlayerForm(forms.ModelForm):
    """A player's name is stored as the pages store it (``clean_name``: trimmed, composed,
    without invisible characters), so that it can be matched by name; a name of nothing
    visible is refused, and one another player has in any case (``name_key``) is refused."""

    name = NameField(max_length=60, label=_("Name"), widget=AdminTextInputWidget)

    class Meta:
        model = Player
        fields = ("name", "user")

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"]
        others = Player.objects.exclude(pk=self.instance.pk)
        if others.filter(name_key=name_key(name)).exists():
            raise forms.ValidationError(gettext(
                "A player with this name already exists (capital and small letters count as "
                "the same)."
            ))  # fmt: skip
        return name


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "user", "created_at")
    search_fields = ("name",)
    form = PlayerForm

    def save_model(self, request: HttpRequest, obj: Player, form: Any, change: bool) -> None:
        """Save the player; once a rename is committed, their sessions' fingerprints are
        brought in step with it (each session locked on its own, not for the whole save)."""
        super().save_model(request, obj, form, change)
        if change and "name" in form.changed_data:
            transaction.on_commit(lambda: refresh_fingerprints(obj))

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Player], search_term: str
    ) -> tuple[QuerySet[Player], bool]:
        """Find players by their name in any case in every script, as the pages match names
        ("émile" finds Émile, "strasse" Straße: the database's own search folds ASCII only)."""
        found, duplicates = super().get_search_results(request, queryset, search_term)
        if key := name_key(clean_name(search_term)):
            found = found | queryset.filter(name_key__contains=key)
        return found, duplicates


class RulesetForm(forms.ModelForm):
    """A ruleset's rules are checked as the new-session form checks them."""

    class Meta:
        model = Ruleset
        fields = ("name", "rules", "description")

    def clean_rules(self) -> dict[str, Any]:
        """Return the rules as a ruleset stores them: an object (``{"preset": name,
        option: value}``), which the forms offering the ruleset copy; a preset name alone
        is stored as ``{"preset": name}``, anything else is refused in words."""
        rules = self.cleaned_data["rules"]
        try:
            Rules.from_json(rules)
        except ScoringError as error:
            raise forms.ValidationError(explain(error)) from error
        return {"preset": rules} if isinstance(rules, str) else rules


@admin.register(Ruleset)
class RulesetAdmin(admin.ModelAdmin):
    """Rulesets; one that a session or an event uses is never deleted: deleting it would
    take it off them (and off their standings) with no trace in the audit trail."""

    list_display = ("name", "description")
    form = RulesetForm

    def has_delete_permission(self, request: HttpRequest, obj: Ruleset | None = None) -> bool:
        if obj is not None and is_used(obj):
            return False
        return super().has_delete_permission(request, obj)

    def get_deleted_objects(
        self, objs: Iterable[Ruleset], request: HttpRequest
    ) -> tuple[list[Any], dict[str, int], set[str], list[str]]:
        """Return what deleting the rulesets would delete, with the sessions and events
        using them as protected (the delete action then deletes none of them)."""
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        users = users_of(objs)
        if users:
            perms_needed.discard(Ruleset._meta.verbose_name)  # refused for being used
            protected = [*protected, *users]
        return deleted, counts, perms_needed, protected


def is_used(ruleset: Ruleset) -> bool:
    """Return whether a session or an event uses the ruleset."""
    return (
        Session.objects.filter(ruleset=ruleset).exists()
        or Event.objects.filter(ruleset=ruleset).exists()
    )


def users_of(rulesets: Iterable[Ruleset]) -> list[str]:
    """Return the sessions and events that use these rulesets, as the admin lists them."""
    rulesets = list(rulesets)
    sessions = Session.objects.filter(ruleset__in=rulesets).prefetch_related("seats__player")
    events = Event.objects.filter(ruleset__in=rulesets)
    return [f"{capfirst(row._meta.verbose_name)}: {row}" for row in [*sessions, *events]]


class SeasonAdminForm(forms.ModelForm):
    """A season as the admin edits it: its days in the years a season may use, in order,
    meeting no other season, as on the seasons page (``ledger.seasons.check_season``)."""

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        check_season(self, data)
        return data


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    """Seasons, saved and deleted as the seasons page does: every session is then placed
    in the season its date falls in, and the standings of those that moved are rebuilt."""

    form = SeasonAdminForm
    list_display = ("name", "starts_on", "ends_on", "is_closed")

    def save_model(self, request: HttpRequest, obj: Season, form: Any, change: bool) -> None:
        closing = obj.is_closed and not Season.objects.filter(pk=obj.pk, is_closed=True).exists()
        if closing:
            obj.is_closed = False  # closed below by close_season, as on the seasons page
        with transaction.atomic():  # the season is kept only with its sessions placed
            super().save_model(request, obj, form, change)
            place_sessions()
            if closing:
                close_season(obj)

    def get_deleted_objects(
        self, objs: Iterable[Season], request: HttpRequest
    ) -> tuple[list[str], dict[str, int], set[str], list[str]]:
        """List the seasons alone on the confirmation page: their standings and ratings are
        counted from the sessions, which stay and are placed again (listing those rows
        showed a line per player and season, by id)."""
        seasons = list(objs)
        _rows, _counts, permissions, protected = super().get_deleted_objects(seasons, request)
        listed = [f"{capfirst(Season._meta.verbose_name)}: {season}" for season in seasons]
        return listed, {str(Season._meta.verbose_name_plural): len(seasons)}, permissions, protected

    def delete_model(self, request: HttpRequest, obj: Season) -> None:
        delete_seasons(Season.objects.filter(pk=obj.pk))

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Season]) -> None:
        delete_seasons(queryset)


def delete_seasons(seasons: QuerySet[Season]) -> None:
    """Delete the seasons and place their sessions again: in a season still holding their
    date, or in none; the standings of every one of them are rebuilt."""
    with transaction.atomic():
        held = list(Session.objects.filter(season__in=seasons).values_list("pk", flat=True))
        seasons.delete()  # their sessions are left in no season
        moved = set(place_sessions())  # those another season holds move (and are marked)
        left = [pk for pk in held if pk not in moved]
        if left:
            sessions_moved.send(sender=Session, session_ids=left)


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
