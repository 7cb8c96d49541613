"""Template filters for table words and signed point numbers."""

from __future__ import annotations

import functools
import json
import weakref
from typing import Any

from django import template
from django.forms import BoundField, CheckboxSelectMultiple
from django.utils.formats import number_format
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from ledger import glossary
from ledger.numbers import shown
from ledger.tile_picker import PickerSet, picker_html
from scoring.rules import Rules

register = template.Library()


def intcomma(number: int) -> str:
    """Return an integer grouped by thousands the way the active language writes it."""
    return number_format(number, force_grouping=True)


@register.filter
def points(value: Any) -> str:
    """Return points with thousands separators: 25,000 or −3,200."""
    if value is None or value == "":
        return ""
    number = int(value)
    text = intcomma(abs(number))
    return f"\u2212{text}" if number < 0 else str(text)


@register.filter
def signed(value: Any) -> str:
    """Return a change of points with its sign: +8,000, −3,900, 0."""
    if value is None or value == "":
        return ""
    number = int(value)
    return f"+{intcomma(number)}" if number > 0 else points(number)


@register.filter
def result(value: Any) -> str:
    """Return a settled result in thousands with one decimal and its sign: +33.2, −5.0."""
    if value is None or value == "":
        return ""
    return shown(value, 1, sign=True)


@register.filter
def round_name(label: str) -> str:
    """Return "East 1" for "E1" (东一局, 東1局: see ``ledger.glossary``)."""
    return glossary.round_name(label)


@register.filter
def round_title(label: str, honba: int) -> str:
    """Return "East 2, 1 honba" for "E2" and 1."""
    return glossary.round_title(label, int(honba or 0))


@register.filter
def ending(ended_by: str) -> str:
    """Return why a game ended, in words."""
    return glossary.ending(ended_by)


@register.filter
def preset_name(code: str) -> str:
    """Return a rules preset's name in words."""
    return glossary.preset_name(code)


@register.filter
def seat_wind(code: str) -> str:
    """Return a seat wind's letter or character: E, 东, 東."""
    return glossary.seat_wind(code)


@register.filter
def yaku_name(name: str) -> str:
    """Return an engine yaku name in words: "Yakuhai: chun" for "yakuhai_chun"."""
    return glossary.yaku_name(name)


@register.filter
def hand_label(label: str) -> str:
    """Return a stored hand label ("mangan, 5 han 30 fu") in words."""
    return glossary.hand_label(label)


@register.simple_tag
def term(name: str) -> str:
    """Return a table word of the glossary: {% term "honba" %} is Honba, 本场, 本場."""
    return str(glossary.TERMS[name])


@register.filter
def outcome_name(kind: str) -> str:
    """Return an outcome in words: Ron, 荣和, ロン."""
    return glossary.outcome_name(kind)


@register.filter
def session_status(status: str) -> str:
    """Return a session's status in words: in progress, finished."""
    return str(glossary.SESSION_STATUS.get(status, status))


@register.filter
def audit_action(action: str) -> str:
    """Return a change-log action or channel in words (names pass through unchanged)."""
    return str(glossary.AUDIT_ACTIONS.get(action, action))


@register.filter
def tone(value: Any) -> str:
    """Return the CSS class of a change of points."""
    number = float(value or 0)
    return "gain" if number > 0 else ("loss" if number < 0 else "")


@register.filter
def index(sequence: Any, position: int) -> Any:
    """Return sequence[position] (for per-seat lists)."""
    try:
        return sequence[position]
    except (IndexError, KeyError, TypeError):
        return ""


def _selected(bound: BoundField) -> set[str]:
    value = bound.value()
    values = value if isinstance(value, list | tuple) else [value]
    return {str(v) for v in values if v is not None and v != ""}


@register.filter
def choice_labels(bound: BoundField) -> str:
    """Return a radio or checkbox group as labelled inputs, built without widget templates.

    The table page renders many small choice groups; Django's per-option widget
    templates made it several times slower.
    """
    kind = "checkbox" if isinstance(bound.field.widget, CheckboxSelectMultiple) else "radio"
    selected, base_id = _selected(bound), bound.auto_id
    return mark_safe(
        "".join(
            format_html(
                '<label for="{0}_{1}"><input type="{2}" name="{3}" value="{4}" id="{0}_{1}"{5}> {6}</label>',
                base_id,
                index,
                kind,
                bound.html_name,
                value,
                " checked" if str(value) in selected else "",
                label,
            )
            for index, (value, label) in enumerate(bound.field.choices)
        )
    )


@register.filter
def fast_select(bound: BoundField) -> str:
    """Return a select element built without widget templates (see ``choice_labels``)."""
    choices = tuple((str(value), str(label)) for value, label in bound.field.choices)
    options = _options_html(choices, frozenset(_selected(bound)))
    return format_html(
        '<select name="{}" id="{}">{}</select>', bound.html_name, bound.auto_id, options
    )


@functools.lru_cache(maxsize=1024)
def _options_html(choices: tuple[tuple[str, str], ...], selected: frozenset[str]) -> str:
    """Return the options of a select (the same few selects recur on every table page)."""
    return mark_safe(
        "".join(
            f'<option value="{escape(value)}"{" selected" if value in selected else ""}>'
            f"{escape(label)}</option>"
            for value, label in choices
        )
    )


# --- the tile picker: one per round form, shared by its winners' tile panels --------------

_FORMS_WITH_PICKER: weakref.WeakSet[Any] = weakref.WeakSet()


@register.simple_tag(takes_context=True)
def tile_picker(context: Any, form: Any) -> str:
    """Return the tile picker the first time a form asks (its tile panels share it: the
    script moves it into the panel in use), and nothing after."""
    if form in _FORMS_WITH_PICKER:
        return ""
    _FORMS_WITH_PICKER.add(form)
    session = context.get("session")
    rules = session.engine_rules() if session is not None else Rules()
    tiles = PickerSet(red_fives=rules.red_fives, sanma=rules.players == 3)
    return mark_safe(picker_html(tiles))


@register.filter
def get(mapping: Any, key: Any) -> Any:
    """Return ``mapping[key]``, or None when it has no such key."""
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.filter
def has_tiles(form: Any, suffix: str) -> bool:
    """Return whether a winner's hand was entered as tiles (its tile panel opens)."""
    return bool(form[f"tiles{suffix}"].value())


@register.simple_tag(takes_context=True)
def win_flags(context: Any, bound: BoundField) -> list[tuple[str, Any, bool]]:
    """Return the special wins a hand can claim, as (value, label, ticked): on a ron or
    a tsumo when the page says which (``tsumo`` in the context), else either."""
    from ledger.forms.tiles import hand_flags

    ticked = _selected(bound)
    tsumo = context.get("tsumo")
    rules = getattr(bound.form, "rules", None)
    return [(value, label, value in ticked) for value, label in hand_flags(tsumo, rules)]


STICKS_DRAWN = 6  # sticks drawn on the table; the number beside them says how many there are


@register.filter
def times(count: Any) -> range:
    """Return a range to draw ``count`` sticks (at most STICKS_DRAWN)."""
    return range(min(int(count or 0), STICKS_DRAWN))


@register.filter
def field(form: Any, name: str) -> Any:
    """Return a form's bound field by a name built in the template ("han_2")."""
    return form[name]


@register.filter
def is_picked(value: Any, bound: Any) -> bool:
    """Return whether a choice is among a bound field's values (one value or a list)."""
    current = bound.value()
    values = current if isinstance(current, list | tuple) else [current]
    return str(value) in {str(v) for v in values if v is not None and v != ""}


@register.filter
def picks_one_of(bound: Any, choices: list[tuple[str, Any]]) -> bool:
    """Return whether a bound field's value is one of these (value, label) choices."""
    return any(is_picked(value, bound) for value, _ in choices)


@register.filter
def seat_suffix(seat: int) -> str:
    """Return the suffix of a seat's fields in the round form ("_2")."""
    return f"_{seat}"


@register.filter
def tile_fields(form: Any, suffix: str) -> Any:
    """Return the fields to enter a winner's hand as tiles."""
    return form.tile_fields(suffix)


@register.filter
def json_data(value: Any) -> str:
    """Return a value as JSON text, for a data attribute (the template escapes it)."""
    return json.dumps(value, separators=(",", ":"))


@register.filter
def has_any_of(bound: Any, chips: list[dict[str, str]]) -> bool:
    """Return whether a checklist's bound field ticks any of these chips (a group opens)."""
    return any(is_picked(chip["name"], bound) for chip in chips)


@register.filter
def counter_label(counter: str) -> str:
    """Return a checklist dora counter's label: "Dora", "Aka" (red fives), "Ura"."""
    from ledger.words import COUNTER_LABELS

    return str(COUNTER_LABELS[counter])


@register.simple_tag
def table_words() -> str:
    """Return, as JSON, the round names and seat winds the table page draws and the words of
    the payment preview (ledger.tables.payment_lines'), for the engine offline to draw the
    table and the preview after the rounds not yet sent (static/ledger/offline.js)."""
    labels = [f"{wind}{number}" for wind in "ESWN" for number in range(1, 17)]
    return json.dumps(
        {
            "rounds": {label: glossary.round_name(label) for label in labels},
            "winds": {code: glossary.seat_wind(code) for code in "ESWN"},
            "pays": gettext("%(payer)s pays %(payee)s %(points)s"),
            "takes": gettext("%(payee)s takes %(points)s from the table"),
            "puts": gettext("%(payer)s puts %(points)s on the table"),
            "nobody": gettext("Nobody pays."),
            "ends": gettext("this ends the game."),
        },
        ensure_ascii=False,
    )
