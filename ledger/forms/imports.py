"""The confirmation of an online import: which club player each online name is."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext

from ledger.log_imports import GUEST, OnlineKey, site_words
from ledger.models import Player


class OnlineNamesForm(forms.Form):
    """One choice per online name: a club player, or a new guest of that name."""

    def __init__(
        self, keys: list[OnlineKey], proposed: dict[OnlineKey, Any], *args: Any, **kwargs: Any
    ):
        super().__init__(*args, **kwargs)
        self.keys = keys
        players = [(str(p.pk), p.name) for p in Player.objects.order_by("name")]
        for index, (site, name) in enumerate(keys):
            choice = proposed.get((site, name), GUEST)
            guest = gettext("New guest: %(name)s") % {"name": name}
            self.fields[f"name-{index}"] = forms.ChoiceField(
                label=name,
                choices=[(GUEST, guest), *players],
                initial=str(choice.pk) if isinstance(choice, Player) else GUEST,
                help_text=site_words(site),
            )

    def choices(self) -> dict[OnlineKey, Any]:
        """Return the player (or GUEST) chosen for each online name."""
        picked = [self.cleaned_data[f"name-{index}"] for index in range(len(self.keys))]
        by_id = Player.objects.in_bulk([int(v) for v in picked if v != GUEST])
        return {
            key: GUEST if value == GUEST else by_id[int(value)]
            for key, value in zip(self.keys, picked)
        }
