"""Forms turn what people tap or type into engine values: a round, a new session, rules."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from ledger.forms.choices import KINDS, allowed_kinds, round_choices
from ledger.forms.round import RoundForm
from ledger.forms.rules import RulesOptionsForm
from ledger.forms.session import NewSessionForm, parse_json_object, rules_of_choice

# Django's own form messages whose zh and ja translations say something else (ja: "enter
# some text", zh: "empty strings are not allowed"); our catalogs are read first.
DJANGO_MESSAGES = (_("Null characters are not allowed."),)

__all__ = [
    "KINDS",
    "NewSessionForm",
    "RoundForm",
    "RulesOptionsForm",
    "allowed_kinds",
    "parse_json_object",
    "round_choices",
    "rules_of_choice",
]
