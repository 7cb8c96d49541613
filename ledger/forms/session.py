"""The new-session form: four players (three under sanma rules), seating, the rules and
their options."""

from __future__ import annotations

import functools
import json
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ledger import glossary
from ledger.engine_words import explain
from ledger.forms.rules import RulesOptionsForm
from ledger.json_text import bad_text, whole_number
from ledger.models import Ruleset
from ledger.players import clean_name
from scoring.errors import ScoringError
from scoring.rules import PRESETS, Rules

SEATING = (
    ("in_order", _("In the order entered (first is East)")),
    ("draw", _("Draw seat winds at random")),
)


class NameField(forms.CharField):
    """A player's name, required and measured as it is stored (``clean_name``): "José"
    with its accent typed apart is 4 characters, and a name of nothing visible is none."""

    def to_python(self, value: Any) -> str:
        return clean_name(super().to_python(value))


class NewSessionForm(forms.Form):
    """Four players (three under three-player rules), seating, and the rules the table plays."""

    east = NameField(max_length=60, label=_("Player 1 (East)"))
    south = NameField(max_length=60, label=_("Player 2 (South)"))
    west = NameField(max_length=60, label=_("Player 3 (West)"))
    # not asked under three-player rules (the page hides it when such rules are chosen)
    north = NameField(max_length=60, required=False, label=_("Player 4 (North)"))
    seating = forms.ChoiceField(
        choices=SEATING, initial="in_order", widget=forms.RadioSelect, label=_("Seating")
    )
    rules_choice = forms.ChoiceField(label=_("Rules"))
    options = forms.CharField(
        required=False,
        label=_("Adjust options (JSON)"),
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_('Optional rule options on top of the chosen rules, e.g. {"kiriage": true}'),
    )
    table_name = forms.CharField(max_length=40, required=False, label=_("Table"))
    # The form's own id: sent twice (a double tap, a retry), it starts one session.
    request_id = forms.RegexField(
        required=False, max_length=64, regex=r"^[A-Za-z0-9_-]+$", widget=forms.HiddenInput
    )

    def __init__(
        self, *args: Any, options_form: RulesOptionsForm | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.options_form = options_form
        self.fields["rules_choice"].choices = rules_choices()

    def setting_errors(self) -> list[str]:
        """Return the errors of the fields other than the players, as "Label: message"."""
        return [
            f"{self[name].label}: {message}"
            for name in ("seating", "rules_choice", "options", "table_name")
            for message in self.errors.get(name, [])
        ]

    def player_fields(self) -> list[forms.BoundField]:
        return [self[seat] for seat in ("east", "south", "west", "north")]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        options = self.options_form
        if options is not None and options.is_bound and not options.is_valid():
            raise forms.ValidationError(
                gettext("Some rule options are not valid: see the options below.")
            )
        data["rules"], data["ruleset"] = self._rules(data)
        count = Rules.from_json(data["rules"]).players
        seats = ("east", "south", "west", "north")[:count]
        names = [data.get(seat, "") for seat in seats]  # as stored (NameField)
        for seat, name in zip(seats, names):  # North too at four; a name of nothing visible
            if not name and seat not in self.errors:
                self.add_error(seat, self.fields[seat].error_messages["required"])
        if all(names) and len({n.casefold() for n in names}) < count:
            raise forms.ValidationError(
                gettext("The four players must be four different people.")
                if count == 4
                else gettext("The three players must be three different people.")
            )
        data["names"] = names
        return data

    @functools.cached_property
    def players_of_choice(self) -> dict[str, int]:
        """Return how many play under each rules choice (the page hides Player 4 for three)."""
        counts = {}
        for value, _label in self.fields["rules_choice"].choices:
            try:
                counts[value] = Rules.from_json(rules_of_choice(value)[1], check=False).players
            except ScoringError:
                counts[value] = 4
        return counts

    def _rules(self, data: dict[str, Any]) -> tuple[dict[str, Any], Ruleset | None]:
        ruleset, base = rules_of_choice(data.get("rules_choice") or "preset:club")
        bound = self.options_form is not None and self.options_form.is_bound
        changes = self.options_form.changes() if bound else {}
        extra = parse_json_object(data.get("options") or "", str(self.fields["options"].label))
        self._check_set_once(changes, extra)
        try:
            return Rules.from_json({**base, **changes, **extra}).to_json(), ruleset
        except ScoringError as error:
            raise forms.ValidationError(
                gettext("Rules: %(error)s") % {"error": explain(error)}
            ) from None

    def _check_set_once(self, changes: dict[str, Any], extra: dict[str, Any]) -> None:
        """Refuse an option changed in the options panel and set otherwise in the JSON box
        (the box would win unseen); the first such option is named."""
        both = [
            name for name, value in changes.items() if name in extra and _differ(extra[name], value)
        ]
        if both and self.options_form is not None:
            raise forms.ValidationError(gettext(
                "“%(option)s” is set one way in the rule options and another in the JSON box. "
                "Keep one of them."
            ) % {"option": self.options_form.fields[both[0]].label})  # fmt: skip


def _differ(typed: Any, chosen: Any) -> bool:
    """Whether an option typed as JSON differs from its value chosen in the panel (a
    floating uma chosen is a list of tuples, typed a list of lists)."""
    return bool(json.loads(json.dumps(typed)) != json.loads(json.dumps(chosen)))


def rules_choices() -> list[tuple[str, str]]:
    """Return the rules a form offers: each preset ("preset:x"), then each club ruleset
    ("ruleset:N")."""
    presets = [
        (f"preset:{name}", gettext("Preset: %(name)s") % {"name": glossary.preset_name(name)})
        for name in PRESETS
    ]
    rulesets = [
        (f"ruleset:{r.pk}", gettext("Club ruleset: %(name)s") % {"name": r.name})
        for r in Ruleset.objects.all()
    ]
    return presets + rulesets


def rules_of_choice(choice: str) -> tuple[Ruleset | None, dict[str, Any]]:
    """Return the club ruleset (if any) and the rules JSON a "preset:x"/"ruleset:N" choice names."""
    kind, _, key = choice.partition(":")
    if kind == "ruleset":
        number = whole_number(key)
        ruleset = None if number is None else Ruleset.objects.filter(pk=number).first()
        if ruleset is not None:
            return ruleset, _rules_object(ruleset.rules)
    return None, {"preset": key if kind == "preset" and key in PRESETS else "club"}


def _rules_object(stored: Any) -> dict[str, Any]:
    """Return a ruleset's rules as an object (one saved by an older admin as a bare
    preset name is that preset)."""
    return {"preset": stored} if isinstance(stored, str) else dict(stored)


def parse_json_object(text: str, what: str) -> dict[str, Any]:
    """Return a JSON object typed into a form (empty text is an empty object)."""
    if not text.strip():
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise forms.ValidationError(
            gettext("%(what)s is not valid JSON (line %(line)s, character %(column)s).")
            % {"what": what, "line": error.lineno, "column": error.colno}
        ) from None
    except (RecursionError, ValueError):
        raise forms.ValidationError(
            gettext("%(what)s cannot be read: it nests too deeply or holds a number too long.")
            % {"what": what}
        ) from None
    if bad_text(value):
        raise forms.ValidationError(
            gettext("%(what)s may hold only valid Unicode text, without NUL characters.")
            % {"what": what}
        )
    if not isinstance(value, dict):
        raise forms.ValidationError(
            gettext('%(what)s must be a JSON object like {"kiriage": true}') % {"what": what}
        )
    return value
