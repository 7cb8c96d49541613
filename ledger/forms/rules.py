"""A form over every option of the engine's ``Rules``, to adjust a preset at the table."""

from __future__ import annotations

import json
import re
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ledger import glossary
from ledger.engine_words import explain
from scoring.errors import ScoringError
from scoring.rules import CHOICES, OPTION_NAMES, TUPLE_CHOICES, Rules

# Options in groups, each with its label; every option of ``Rules`` appears once.
GROUPS: tuple[tuple[Any, tuple[tuple[str, Any], ...]], ...] = (
    (
        _("Game"),
        (
            ("game_length", _("Game length")),
            ("start_points", _("Starting points")),
            ("return_points", _("Return points (target)")),
            ("tobi", _("Bust (tobi) ends the game")),
            ("tobi_bonus", _("Bust bonus to the winner")),
            ("extension_winds", _("Extension winds")),
            ("extension_target", _("Extension target")),
            ("sudden_death", _("Sudden death in extension")),
            ("extension_end", _("After the last extension wind")),
            ("agari_yame", _("Agari-yame")),
            ("tenpai_yame", _("Tenpai-yame")),
            ("renchan", _("Dealer keeps the deal on")),
            ("all_last_draw_renchan", _("All-last dealer keeps the deal at any draw")),
            ("paarenchan", _("Paarenchan (8 dealer wins in a row)")),
        ),
    ),
    (
        _("Settlement"),
        (
            ("uma", _("Uma by place (points)")),
            ("floating_uma", _("Floating uma table (JSON rows)")),
            ("oka", _("Oka to first (blank: derived)")),
            ("ties", _("Equal points")),
            ("rounding", _("Rounding of the final score")),
            ("leftover_sticks", _("Riichi sticks left at the end")),
            ("yakitori", _("Yakitori penalty")),
            ("chombo", _("Chombo")),
            ("chombo_points", _("Chombo deduction")),
            ("chombo_ends_game", _("Chombo ends the game")),
        ),
    ),
    (
        _("Rounds"),
        (
            ("honba_value", _("Honba value")),
            ("noten_penalty", _("Noten penalty (total)")),
            ("abortive_draws", _("Abortive draws allowed")),
            ("abort_renchan", _("Abortive draw keeps the dealer")),
            ("multiple_ron", _("Multiple ron")),
            ("multiple_ron_honba", _("Honba on multiple ron")),
            ("multiple_ron_sticks", _("Riichi sticks on multiple ron")),
            ("nagashi", _("Nagashi mangan")),
            ("pao", _("Pao (liability) for")),
            ("pao_stacked", _("Pao with stacked yakuman")),
            ("pao_honba", _("Honba of a ron with pao")),
            ("wareme", _("Wareme")),
            ("two_han_minimum_honba", _("2-han minimum from this many honba (0: off)")),
            ("riichi_below_1000", _("Riichi allowed under 1,000 points")),
            ("riichi_noten", _("Riichi player noten at an exhaustive draw")),
        ),
    ),
    (
        _("Three players (sanma)"),
        (
            ("players", _("Players at the table")),
            ("sanma_tsumo", _("The missing player's share of a tsumo")),
            ("north", _("North tiles")),
            ("sanma_1m_dora", _("Dora of a 1m indicator")),
        ),
    ),
    (
        _("Hand value"),
        (
            ("kiriage", _("Kiriage mangan")),
            ("counted_yakuman", _("13+ han counts as yakuman")),
            ("counted_yakuman_stacks", _("26+ han counts as double yakuman, 39+ as triple")),
            ("multiple_yakuman", _("Double and stacked yakuman")),
            ("double_yakuman", _("Patterns worth double")),
            ("open_tanyao", _("Open tanyao (kuitan)")),
            ("red_fives", _("Red fives")),
            ("double_wind_fu", _("Double-wind pair fu")),
            ("chiitoitsu_50_fu", _("Chiitoitsu as 50 fu 1 han")),
            ("rinshan_tsumo_fu", _("Rinshan counts tsumo fu")),
            ("haitei_tsumo_fu", _("Haitei counts tsumo fu")),
            ("pinfu_tsumo_fu", _("Pinfu tsumo counts tsumo fu")),
            ("open_pinfu_fu", _("Fu of an open pinfu-shaped ron")),
            ("ryuuiisou_without_hatsu", _("Ryuuiisou without hatsu")),
            ("suukantsu", _("Suukantsu")),
            ("renhou", _("Renhou")),
            ("kokushi_robs_closed_kan", _("Kokushi may rob a closed kan")),
            ("local_yakuman", _("Local yakuman allowed")),
            ("open_riichi", _("Open riichi")),
            ("aotenjou", _("Aotenjou (no limit hands)")),
        ),
    ),
)
LABELS = {name: label for _, options in GROUPS for name, label in options}
# A line under an option whose label alone does not say what it does.
HELP = {
    "leftover_sticks": _(
        "Riichi sticks still on the table when the game ends: to first place, split "
        "between tied first places, lost, or returned to the players who put them in."
    ),
    "all_last_draw_renchan": _(
        "An older rule: in the last round the dealer keeps the deal after an exhaustive "
        "draw even when noten, so the game goes on."
    ),
    "counted_yakuman_stacks": _(
        "A hand counted to 26 han or more pays a double yakuman, to 39 han a triple "
        "(needs 13+ han as yakuman and double yakuman)."
    ),
    "local_yakuman": _(
        "Closed seven-pair hands: daisharin (22-88 of circles), daichikurin (bamboo), "
        "daisuurin (characters); daichisei (seven honor pairs) adds a yakuman to its "
        "tsuuiisou."
    ),
    "haitei_tsumo_fu": _("Off: a win on the last tile (haitei) counts no 2 tsumo fu."),
    "players": _(
        "Three players (sanma) need rules made for three, with uma for three places: "
        "choose a sanma preset rather than changing this."
    ),
    "sanma_tsumo": _(
        "In sanma the North seat is empty: its share of a tsumo is lost (Tenhou, Mahjong "
        "Soul), or split in half between the two who pay."
    ),
    "north": _(
        "In sanma: north tiles set aside beside the hand, each a dora (nuki), or kept in "
        "the hand as an ordinary wind."
    ),
    "pinfu_tsumo_fu": _("On: a pinfu tsumo counts the 2 tsumo fu (30 fu instead of 20)."),
    "paarenchan": _(
        "The dealer’s 8th win in a row is paid as a yakuman, then the deal passes. Only "
        "wins count: a tenpai draw adds honba but no win, and the count ends with the deal."
    ),
    "open_pinfu_fu": _(
        "An open hand with no fu but the base, won on a discard: 30 fu (the usual rule) "
        "or 20 fu, so that 1 han 20 fu wins exist."
    ),
    "aotenjou": _(
        "No mangan or yakuman limits: the base points are fu × 2^(han + 2), a yakuman "
        "counts as 13 han beside the other yaku and dora, so every hand needs its fu."
    ),
    "open_riichi": _(
        "A riichi declared with the hand shown is worth 2 han (3 on the first turn); "
        "under the yakuman rule, a player not in riichi who deals into it pays a yakuman."
    ),
    "riichi_noten": _(
        "When a riichi player shows a noten hand at an exhaustive draw: record a chombo, "
        "or count them as noten and let them pay the noten penalty."
    ),
    "renhou": _(
        "Mangan: 5 han that combine with nothing; cumulative: 5 han added to the other "
        "yaku and dora; yakuman."
    ),
    "pao_stacked": _(
        "When the hand holds another yakuman beside the pao one (daisangen and tsuuiisou), "
        "the liable player pays for the pao yakuman only and the rest is paid as usual "
        "(Mahjong Soul), or for the whole hand (Tenhou)."
    ),
}


def option_label(name: str) -> str:
    """Return a rule option's label in the active language (its key if it has none)."""
    return str(LABELS.get(name, name))


def _field(name: str, value: Any) -> forms.Field:
    field = _bare_field(name, value)
    field.help_text = HELP.get(name, "")
    return field


def _bare_field(name: str, value: Any) -> forms.Field:
    label = LABELS.get(name, name.replace("_", " "))
    if name == "players":
        return forms.TypedChoiceField(coerce=int, choices=PLAYER_COUNTS, label=label)
    if isinstance(value, bool):
        return forms.BooleanField(required=False, label=label)
    if name in CHOICES:
        return forms.ChoiceField(choices=_value_choices(name, CHOICES[name]), label=label)
    if name in TUPLE_CHOICES:
        choices = _value_choices(name, TUPLE_CHOICES[name])
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


_option_value = lazy(glossary.option_value, str)
PLAYER_COUNTS = ((4, _("Four")), (3, _("Three (sanma)")))


def _value_choices(name: str, values: tuple[str, ...]) -> list[tuple[str, Any]]:
    return [(value, _option_value(name, value)) for value in values]


def _initial(name: str, value: Any) -> Any:
    if name == "uma":
        return ", ".join(str(v) for v in value)
    if name == "floating_uma":
        return json.dumps([list(row) for row in value]) if value else ""
    return list(value) if isinstance(value, tuple) else value


OPTION_NAMED = re.compile(r"(?:rule option )?(?P<name>[a-z_]+) ")  # the engine's refusals


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
                gettext("write the uma as one number per place: 20000, 10000, -10000, -20000")
            ) from None

    def clean_floating_uma(self) -> tuple[tuple[int, ...], ...]:
        text = self.cleaned_data["floating_uma"].strip()
        if not text:
            return ()
        try:
            rows = json.loads(text)
            return tuple(tuple(int(v) for v in row) for row in rows)
        except (ValueError, TypeError, RecursionError, OverflowError):  # Infinity overflows
            raise forms.ValidationError(
                gettext("write the floating uma as JSON rows of one number per place")
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
                self._refused(error)
        return data

    def _refused(self, error: ScoringError) -> None:
        """Show the engine's refusal beside the option it names ("start_points must be a
        positive multiple of 100"), or above the options when it names none of them (a
        contradiction between options)."""
        found = OPTION_NAMED.match(str(error))
        if found and found["name"] in self.fields:
            self.add_error(found["name"], explain(error))
            return
        raise forms.ValidationError(gettext("Rules: %(error)s") % {"error": explain(error)})
