"""The club's people and choices: players (one per name in any case: ``name_key``), the
names they play under online, the club's rulesets and its seasons (date ranges:
``ledger.seasons`` places the sessions in them)."""

from __future__ import annotations

import unicodedata
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from scoring.rules import PRESETS, Rules


def name_key(name: str) -> str:
    """Return what two names of one player share: the name ignoring case in every script
    ("Émile" and "ÉMILE", "Straße" and "STRASSE"), the same in SQLite and PostgreSQL
    (whose lower() may fold ASCII letters only), ignoring the width of letters and spaces
    a Japanese keyboard types ("Ｋｉｎａ　０" and "Kina 0", NFKC) and how many spaces
    stand between words ("Ann  Lee" and "Ann Lee").

    >>> name_key("Ｋｉｎａ　０") == name_key("kina  0") == "kina 0"
    True

    A zero-width joiner (kept in a name between emoji) is ignored: names stored before it
    was kept have none.
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.replace("\u200d", "").split())


class Player(models.Model):
    name = models.CharField(_("name"), max_length=60, unique=True)
    name_key = models.CharField(
        _("name ignoring case"),
        max_length=180,
        unique=True,
        editable=False,
        help_text=_("the name ignoring case (name_key)"),
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        verbose_name=_("member account"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = [Lower("name")]  # "kinji.s", "Late Larry", "LITHIUM", "Suika"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Save the player with the key of their name (one player per name in any case)."""
        key = name_key(self.name)
        if self.name_key != f"{key}#{self.pk}":  # an older namesake keeps its own key
            self.name_key = key
        fields = kwargs.get("update_fields")
        if fields is not None and "name" in fields:
            kwargs["update_fields"] = {*fields, "name_key"}
        super().save(*args, **kwargs)

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("player-detail", args=[self.pk])


class Ruleset(models.Model):
    """A club's named rules: a rules JSON as the engine reads it."""

    name = models.CharField(_("name"), max_length=60, unique=True)
    rules = models.JSONField(_("rules"), default=dict)
    description = models.TextField(_("description"), blank=True)

    class Meta:
        verbose_name = _("ruleset")
        verbose_name_plural = _("rulesets")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def engine_rules(self) -> Rules:
        """Return the engine's rules value (stored rules are read as saved: rules saved
        before the engine checked options against each other keep working)."""
        return Rules.from_json(self.rules, check=False)


def preset_choices() -> list[tuple[str, str]]:
    """Return the engine's presets as form choices."""
    return [(name, name) for name in PRESETS]


# The most games a season or the club may ask of a player to be listed (the column holds
# 32,767 on PostgreSQL; the leaderboard's own "Min. games" goes further, to 100,000).
MOST_GAMES_NEEDED = 10_000


class Season(models.Model):
    name = models.CharField(_("name"), max_length=60, unique=True)
    starts_on = models.DateField(_("starts on"))
    ends_on = models.DateField(_("ends on"), null=True, blank=True)
    is_closed = models.BooleanField(_("closed"), default=False)
    min_games = models.PositiveSmallIntegerField(
        _("games needed to be listed"),
        null=True,
        blank=True,
        validators=[MaxValueValidator(MOST_GAMES_NEEDED)],
        help_text=_("games a player needs to be listed (blank: the club's)"),
    )

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["-starts_on"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_on__isnull=True) | Q(ends_on__gte=models.F("starts_on")),
                name="season_ends_after_it_starts",
            )
        ]

    def __str__(self) -> str:
        return self.name


class OnlineName(models.Model):
    """A name on an online site (Tenhou, Mahjong Soul) that a club player plays under,
    remembered from the first import of their games."""

    site = models.CharField(_("site"), max_length=20)
    name = models.CharField(_("name"), max_length=100)
    player = models.ForeignKey(
        Player, related_name="online_names", on_delete=models.CASCADE, verbose_name=_("player")
    )
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("online name")
        verbose_name_plural = _("online names")
        ordering = ["site", "name"]
        constraints = [
            models.UniqueConstraint(fields=["site", "name"], name="one_player_per_online_name")
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.site}) → {self.player}"
