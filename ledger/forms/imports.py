"""The confirmation of an online import: which club player each online name is."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext

from ledger.log_imports import GUEST, OnlineKey
from ledger.log_words import site_words
from ledger.models import Player

EARLIEST = dt.date(1990, 1, 1)


class OnlineNamesForm(forms.Form):
    """One choice per online name: a club player, or a new guest of that name.

    ``games`` holds each game's file name and online names: one club player chosen for
    two names of one game is an error here, before anything is imported.
    """

    def __init__(
        self,
        keys: list[OnlineKey],
        proposed: dict[OnlineKey, Any],
        *args: Any,
        undated: Sequence[int] = (),
        games: Sequence[tuple[str, Sequence[OnlineKey]]] = (),
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        self.keys, self.undated, self.games = keys, list(undated), list(games)
        players = [(str(p.pk), p.name) for p in Player.objects.all()]  # names ignoring case
        for index, (site, name) in enumerate(keys):
            choice = proposed.get((site, name), GUEST)
            guest = gettext("New guest: %(name)s") % {"name": name}
            self.fields[f"name-{index}"] = forms.ChoiceField(
                label=name,
                choices=[(GUEST, guest), *players],
                initial=str(choice.pk) if isinstance(choice, Player) else GUEST,
                help_text=site_words(site),
            )
        for index in self.undated:  # a log without a date: the member says when it was played
            self.fields[f"played-{index}"] = forms.DateField(
                label=gettext("Played on"),
                required=False,
                widget=forms.DateInput({"type": "date"}),
                help_text=gettext("The log holds no date; without one the game is dated today."),
            )

    def name_fields(self) -> list[forms.BoundField]:
        """Return the choice of each online name (the dates are shown with their games)."""
        return [self[f"name-{index}"] for index in range(len(self.keys))]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        today = timezone.localdate()
        for index in self.undated:
            day = data.get(f"played-{index}")
            if day is not None and not EARLIEST <= day <= today:
                self.add_error(f"played-{index}", gettext("Give a day between 1990 and today."))
        picked = dict(data)  # add_error drops a field from the data; a name may be in two games
        for file_name, keys in self.games:
            self._check_seats(picked, file_name, keys)
        return data

    def _check_seats(
        self, picked: dict[str, Any], file_name: str, keys: Sequence[OnlineKey]
    ) -> None:
        """Add an error to each name of one game given the club player that another
        name of the game is given (each new guest is a player of its own)."""
        fields = [f"name-{self.keys.index(key)}" for key in dict.fromkeys(keys)]
        players = [picked.get(field) for field in fields]
        message = gettext("%(file)s: one club player was chosen for two seats of this game.")
        for field, player in zip(fields, players):
            if player not in (None, GUEST) and players.count(player) > 1:
                self.add_error(field, message % {"file": file_name})

    def dates(self) -> dict[int, dt.datetime]:
        """Return the start (midnight in the club's zone) given for each undated game."""
        zone = timezone.get_current_timezone()
        days = {index: self.cleaned_data.get(f"played-{index}") for index in self.undated}
        return {i: dt.datetime.combine(d, dt.time.min, tzinfo=zone) for i, d in days.items() if d}

    def choices(self) -> dict[OnlineKey, Any]:
        """Return the player (or GUEST) chosen for each online name."""
        picked = [self.cleaned_data[f"name-{index}"] for index in range(len(self.keys))]
        by_id = Player.objects.in_bulk([int(v) for v in picked if v != GUEST])
        return {
            key: GUEST if value == GUEST else by_id[int(value)]
            for key, value in zip(self.keys, picked)
        }
