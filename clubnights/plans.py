"""A prescripted event's seating plan (README "Events"): CSV rows of round, table and
the players by seat, read by the seating engine (``events.seating.parse_prescript``).
A plan is checked when the event is made (it can be read, and it seats every round the
event plays) and read again at each draw with the players checked in."""

from __future__ import annotations

import csv

from django.utils.translation import gettext, ngettext

from clubnights.errors import EventError
from clubnights.models import Event
from clubnights.words import plan_problem
from events import seating
from events.errors import SeatingError


def check_plan(text: str, seats: int, *, threes: bool, rounds: int | None) -> None:
    """Refuse a missing plan, one that cannot be read, or one with fewer rounds than the
    event plays (who is named is checked at each draw)."""
    if not text.strip():
        raise EventError(gettext("A prescripted event needs its seating plan."))
    last = max(_read_with_stand_ins(text, seats, threes=threes))
    if rounds is not None and last < rounds:
        raise EventError(
            ngettext(
                "This event has %(count)s round, but the seating plan stops after round %(last)s.",
                "This event has %(count)s rounds, but the seating plan stops after round %(last)s.",
                rounds,
            )
            % {"count": rounds, "last": last}
        )


def plan_of(event: Event, names: dict[str, int]) -> dict[int, seating.Tables]:
    """Return the event's plan, its tables by round, naming the players checked in."""
    threes = event.sanma_rules is not None
    return _read(event.prescript, names, seats=event.seats, threes=threes)


def _read_with_stand_ins(text: str, seats: int, *, threes: bool) -> dict[int, seating.Tables]:
    """Return the plan's tables by round, each name read as a stand-in player."""
    try:
        cells = {cell.strip() for row in csv.reader(text.splitlines()) for cell in row[2:]}
    except csv.Error as error:
        raise EventError(_problem(error)) from None
    lookup = {cell: i for i, cell in enumerate(cells, 1)}
    return _read(text, lookup, seats=seats, threes=threes)


def _read(
    text: str, names: dict[str, int], *, seats: int, threes: bool
) -> dict[int, seating.Tables]:
    try:
        return seating.parse_prescript(text, names, seats=seats, threes=threes)
    except (SeatingError, csv.Error) as error:
        raise EventError(_problem(error)) from None


def _problem(error: SeatingError | csv.Error) -> str:
    if isinstance(error, SeatingError):
        return plan_problem(error)
    return gettext("The seating plan cannot be read as CSV text (one row a table, commas between).")
