"""The seating engine's messages in the players' words, in the active language.

The engine (``events``) says what it means as a code and the values it names
(``events.messages.Message``), in English only for its own users. ``say`` words a message
here (one sentence per code, as ``ledger.engine_words`` words the scoring engine's codes):
players by name, seats by their wind, a plan's line numbers as "Line 3". A code this table
has no words for yet keeps the engine's English.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from events.errors import PrescriptError, SeatingError
from events.messages import Message
from ledger import glossary

WORDS: dict[str, Any] = {  # events.messages codes -> a lazy translation with %(name)s fields
    "checked_in_twice": _("%(player)s is checked in twice."),
    "unknown_method": _("“%(method)s” is not a seating method."),
    "bad_seats": _("Tables seat four players, or three for sanma, not %(seats)s."),
    "bad_sit_out": _("Players left over sit out or play at tables of three, not “%(sit_out)s”."),
    "sanma_needs_four": _(
        "Tables of three instead of sitting out need an event at tables of four."
    ),
    "plan_has_no_round": _("The seating plan has no round %(round)s."),
    "plan_round_wrong_tables": _(
        "Round %(round)s of the seating plan does not seat %(seats)s different players at each table."
    ),
    "not_checked_in": _(
        "The seating plan puts %(player)s at a table in round %(round)s, but %(player)s has "
        "not checked in."
    ),
    "plan_not_a_player": _("“%(name)s” is not a player of this event."),
    "plan_seated_twice": _(
        "“%(name)s” already sits at a table of round %(round)s (line %(first)s)."
    ),
    "plan_table_twice": _("Round %(round)s has table %(table)s twice (also on line %(first)s)."),
    "plan_row_length": _(
        "A row needs a round, a table and %(seats)s seats (%(cells)s values), but this one has "
        "%(count)s."
    ),
    "plan_empty_seat": _("The %(seat)s seat of table %(table)s in round %(round)s is empty."),
    "plan_bad_round": _("The round must be a whole number from 1 up, not “%(cell)s”."),
    "plan_bad_table": _("The table must be a whole number from 1 up, not “%(cell)s”."),
    "plan_round_missing": _(
        "Round %(round)s comes after round %(after)s: round %(expected)s is missing."
    ),
    "plan_first_round_missing": _("Round %(round)s comes first: round %(expected)s is missing."),
    "plan_table_missing": _("Round %(round)s has table %(table)s but no table %(expected)s."),
    "plan_no_tables": _("The seating plan has no tables."),
}
WIND_CODES = "ESWN"


def say(message: Message, names: Mapping[int, str] | None = None) -> str:
    """Return the engine's message as players read it: ``names`` (player id -> name) names
    the players it is about."""
    fields = message.fields()
    if "player" in fields:
        player = int(fields["player"])
        fields["player"] = (names or {}).get(player) or _("player %(id)s") % {"id": player}
    if "seat" in fields:
        fields["seat"] = glossary.WINDS[WIND_CODES[int(fields["seat"])]]
    if message.code == "sanma_not_possible":
        return _sanma_not_possible(int(fields["count"]), int(fields["left"]))
    words = WORDS.get(message.code)
    return str(message) if words is None else str(words) % fields


def explain(error: SeatingError, names: Mapping[int, str] | None = None) -> str:
    """Return a refusal of the engine as players read it (a plan's line first)."""
    text = say(error.message, names)
    if isinstance(error, PrescriptError) and error.line is not None:
        return gettext("Line %(line)s: %(problem)s") % {"line": error.line, "problem": text}
    return text


def plan_problem(error: SeatingError) -> str:
    """Return why an uploaded seating plan is refused, naming the plan (and its line)."""
    text = say(error.message)
    if isinstance(error, PrescriptError) and error.line is not None:
        return gettext("The seating plan, line %(line)s: %(problem)s") % {
            "line": error.line,
            "problem": text,
        }
    return gettext("The seating plan: %(problem)s") % {"problem": text}


def _sanma_not_possible(count: int, left: int) -> str:
    # Only 5 players (or fewer than four) cannot all play, so the count is always plural.
    return ngettext(
        "%(count)s players cannot all play at tables of four and three, so %(left)s sits out.",
        "%(count)s players cannot all play at tables of four and three, so %(left)s sit out.",
        left,
    ) % {"count": count, "left": left}
