"""The forms of events: a new event, a check-in by name."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubnights.models import Event
from ledger import glossary, players
from ledger.forms.session import rules_choices, rules_of_choice
from scoring.rules import PRESETS, preset


class EventForm(forms.Form):
    """What a member sets when creating an event."""

    name = forms.CharField(max_length=80, label=_("Name"))
    kind = forms.ChoiceField(choices=Event.Kind.choices, label=_("Kind"))
    rules_choice = forms.ChoiceField(label=_("Rules"))
    hanchan_count = forms.IntegerField(
        min_value=1, max_value=100, required=False, label=_("Hanchan (blank: open-ended)")
    )
    seating = forms.ChoiceField(choices=Event.Seating.choices, label=_("Seating"))
    left_over = forms.ChoiceField(
        required=False,
        label=_("Players left over (a four-player event)"),
        help_text=_("When the players do not divide by four: who sits out, or tables of three"),
    )
    prescript = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        label=_("Seating plan (CSV)"),
        help_text=_(
            "One row a table: round,table,east,south,west,north (names or ids); a table of "
            "three leaves north empty (with three-player rules for those left over)"
        ),
    )
    time_limit = forms.IntegerField(
        min_value=1, max_value=600, required=False, label=_("Minutes per round (blank: no clock)")
    )
    time_up = forms.ChoiceField(choices=Event.TimeUp.choices, label=_("When time is up"))
    has_teams = forms.BooleanField(
        required=False,
        label=_("Teams"),
        help_text=_(
            "Team totals beside the players’; random and fewest-repeats seating keep "
            "teammates at different tables"
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rules_choice"].choices = rules_choices()
        self.fields["rules_choice"].initial = "preset:club"
        self.fields["left_over"].choices = [("", gettext("They sit out, in turn"))] + [
            (name, gettext("Tables of three under %(name)s") % {"name": glossary.preset_name(name)})
            for name in PRESETS
            if preset(name).players == 3
        ]

    def clean_name(self) -> str:
        """Return the name without invisible characters (one reversing the text after it)."""
        name = players.clean_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(self.fields["name"].error_messages["required"], "required")
        return name

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["ruleset"], data["rules"] = rules_of_choice(data.get("rules_choice") or "preset:club")
        left_over = data.get("left_over")
        data["sanma_rules"] = {"preset": left_over} if left_over else None
        return data


class CheckinForm(forms.Form):
    """A name at the door: an existing player's (any letter case) or a new guest's."""

    name = forms.CharField(
        max_length=60,
        label=_("Your name"),
        error_messages={
            "required": _("Give the player’s name."),
            "max_length": _("The name is too long: at most %(limit_value)s characters."),
        },
    )
    team = forms.CharField(
        max_length=60,
        required=False,
        label=_("Team"),
        error_messages={
            "max_length": _("The team’s name is too long: at most %(limit_value)s characters.")
        },
    )

    def clean_team(self) -> str:
        """Return the team's name without invisible characters, as players' names are."""
        return players.clean_name(self.cleaned_data["team"])
