"""A form over every option of the engine's ``Rules``, to adjust a preset at the table."""

from __future__ import annotations

import json
from typing import Any

from django import forms

from scoring.errors import ScoringError
from scoring.rules import CHOICES, OPTION_NAMES, TUPLE_CHOICES, Rules

# Options in groups, each with its label; every option of ``Rules`` appears once.
GROUPS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        "Game",
        (
            ("game_length", "Game length"),
            ("start_points", "Starting points"),
            ("return_points", "Return points (target)"),
            ("tobi", "Bust (tobi) ends the game"),
            ("tobi_bonus", "Bust bonus to the winner"),
            ("extension_winds", "Extension winds"),
            ("extension_target", "Extension target"),
            ("sudden_death", "Sudden death in extension"),
            ("extension_end", "After the last extension wind"),
            ("agari_yame", "Agari-yame"),
            ("tenpai_yame", "Tenpai-yame"),
            ("renchan", "Dealer keeps the deal on"),
        ),
    ),
    (
        "Settlement",
        (
            ("uma", "Uma by place (points)"),
            ("floating_uma", "Floating uma table (JSON rows)"),
            ("oka", "Oka to first (blank: derived)"),
            ("ties", "Equal points"),
            ("rounding", "Rounding of the final score"),
            ("leftover_sticks", "Riichi sticks left at the end"),
            ("yakitori", "Yakitori penalty"),
            ("chombo", "Chombo"),
            ("chombo_points", "Chombo deduction"),
            ("chombo_ends_game", "Chombo ends the game"),
        ),
    ),
    (
        "Rounds",
        (
            ("honba_value", "Honba value"),
            ("noten_penalty", "Noten penalty (total)"),
            ("abortive_draws", "Abortive draws allowed"),
            ("abort_renchan", "Abortive draw keeps the dealer"),
            ("multiple_ron", "Multiple ron"),
            ("multiple_ron_honba", "Honba on multiple ron"),
            ("multiple_ron_sticks", "Riichi sticks on multiple ron"),
            ("nagashi", "Nagashi mangan"),
            ("pao", "Pao (liability) for"),
            ("wareme", "Wareme"),
            ("two_han_minimum_honba", "2-han minimum from this many honba (0: off)"),
            ("riichi_below_1000", "Riichi allowed under 1,000 points"),
        ),
    ),
    (
        "Hand value",
        (
            ("kiriage", "Kiriage mangan"),
            ("counted_yakuman", "13+ han counts as yakuman"),
            ("multiple_yakuman", "Double and stacked yakuman"),
            ("double_yakuman", "Patterns worth double"),
            ("open_tanyao", "Open tanyao (kuitan)"),
            ("red_fives", "Red fives"),
            ("double_wind_fu", "Double-wind pair fu"),
            ("chiitoitsu_50_fu", "Chiitoitsu as 50 fu 1 han"),
            ("rinshan_tsumo_fu", "Rinshan counts tsumo fu"),
            ("ryuuiisou_without_hatsu", "Ryuuiisou without hatsu"),
            ("suukantsu", "Suukantsu"),
            ("renhou", "Renhou"),
            ("kokushi_robs_closed_kan", "Kokushi may rob a closed kan"),
        ),
    ),
)
LABELS = {name: label for _, options in GROUPS for name, label in options}


def _field(name: str, value: Any) -> forms.Field:
    label = LABELS.get(name, name.replace("_", " "))
    if isinstance(value, bool):
        return forms.BooleanField(required=False, label=label)
    if name in CHOICES:
        return forms.ChoiceField(
            choices=[(c, c.replace("_", " ")) for c in CHOICES[name]], label=label
        )
    if name in TUPLE_CHOICES:
        choices = [(c, c.replace("_", " ")) for c in TUPLE_CHOICES[name]]
        return forms.MultipleChoiceField(
            choices=choices, required=False, label=label, widget=forms.CheckboxSelectMultiple
        )
    if name == "uma":
        return forms.CharField(label=label, max_length=80)
    if name == "floating_uma":
        return forms.CharField(label=label, max_length=400, required=False)
    return forms.IntegerField(
        label=label, required=name != "oka", min_value=-1_000_000, max_value=1_000_000
    )


def _initial(name: str, value: Any) -> Any:
    if name == "uma":
        return ", ".join(str(v) for v in value)
    if name == "floating_uma":
        return json.dumps([list(row) for row in value]) if value else ""
    return list(value) if isinstance(value, tuple) else value


class RulesOptionsForm(forms.Form):
    """Every rule option, shown with the preset's values; ``changes`` are what differ."""

    def __init__(self, *args: Any, base: Rules, **kwargs: Any) -> None:
        super().__init__(*args, prefix="opt", **kwargs)
        self.base = base
        for name in OPTION_NAMES:
            value = getattr(base, name)
            self.fields[name] = _field(name, value)
            self.initial[name] = _initial(name, value)

    def groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        """Return the bound fields in their groups."""
        return [
            (title, [self[name] for name, _ in options if name in self.fields])
            for title, options in GROUPS
        ]

    def clean_uma(self) -> tuple[int, ...]:
        text = self.cleaned_data["uma"]
        try:
            return tuple(int(part) for part in text.replace(";", ",").split(","))
        except ValueError:
            raise forms.ValidationError(
                "write the uma as four numbers: 20000, 10000, -10000, -20000"
            ) from None

    def clean_floating_uma(self) -> tuple[tuple[int, ...], ...]:
        text = self.cleaned_data["floating_uma"].strip()
        if not text:
            return ()
        try:
            rows = json.loads(text)
            return tuple(tuple(int(v) for v in row) for row in rows)
        except (ValueError, TypeError):
            raise forms.ValidationError(
                "write the floating uma as JSON rows of four numbers"
            ) from None

    def changes(self) -> dict[str, Any]:
        """Return the options that differ from the preset, as JSON values."""
        data = self.cleaned_data
        changed = {}
        for name in OPTION_NAMES:
            value = data.get(name)
            value = tuple(value) if isinstance(value, list) else value
            if value != getattr(self.base, name):
                changed[name] = list(value) if isinstance(value, tuple) else value
        return changed

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.errors:
            try:
                self.base.with_options(**self.changes())
            except ScoringError as error:
                raise forms.ValidationError(f"Rules: {error}") from None
        return data
