"""What the seating engine says: a code and the numbers and names it is about.

The engine speaks no language of its own to players: a ``Message`` carries a ``code`` (one
of ``ENGLISH``'s keys) and its ``values``; ``str(message)`` is its English for the engine's
own users (tests, the bench, logs), and the events app words each code in the players'
language (``clubnights.words``). Values named ``seat`` are seat numbers (0 = East).
"""

from __future__ import annotations

from dataclasses import dataclass

SEAT_NAMES = ("East", "South", "West", "North")

ENGLISH = {
    "checked_in_twice": "player {player} is checked in twice",
    "unknown_method": "unknown seating method {method!r}; the methods are {methods}",
    "bad_seats": "tables seat 4 players, or 3 for sanma, not {seats}",
    "bad_sit_out": 'sit_out is "rotate" or "sanma", not {sit_out!r}',
    "sanma_needs_four": "tables of three instead of sitting out need an event at tables of four",
    "plan_has_no_round": "the seating plan has no round {round}",
    "plan_round_wrong_tables": (
        "the seating plan's round {round} does not seat {seats} different players a table"
    ),
    "not_checked_in": (
        "the seating plan puts player {player} at a table in round {round}, "
        "but that player has not checked in"
    ),
    "sanma_not_possible": (
        "{count} players cannot all play at tables of four and three, so {left} sits out"
    ),
    # the seating plan's rows (PrescriptError adds "line N: " before them)
    "plan_not_a_player": '"{name}" is not a player of this event',
    "plan_seated_twice": '"{name}" already sits at a table of round {round} (line {first})',
    "plan_table_twice": "round {round} has table {table} twice (also on line {first})",
    "plan_row_length": (
        "a row needs a round, a table and {seats} seats ({cells} values), but this one has {count}"
    ),
    "plan_empty_seat": "the {seat_name} seat of table {table} in round {round} is empty",
    "plan_bad_round": 'the round must be a whole number from 1 up, not "{cell}"',
    "plan_bad_table": 'the table must be a whole number from 1 up, not "{cell}"',
    "plan_round_missing": "round {round} comes after round {after}: round {expected} is missing",
    "plan_first_round_missing": "round {round} comes first: round {expected} is missing",
    "plan_table_missing": "round {round} has table {table} but no table {expected}",
    "plan_no_tables": "the seating plan has no tables",
}
ENGLISH_PLURAL = {  # code -> (the value that counts, the English for more than one)
    "sanma_not_possible": (
        "left",
        "{count} players cannot all play at tables of four and three, so {left} sit out",
    ),
}


@dataclass(frozen=True)
class Message:
    """One thing the engine says: its ``code`` and the values it names.

    >>> str(Message("sanma_not_possible", (("count", 5), ("left", 1))))
    '5 players cannot all play at tables of four and three, so 1 sits out'
    >>> Message("plan_empty_seat", (("seat", 3), ("table", 1), ("round", 2))).fields()["seat"]
    3
    """

    code: str
    values: tuple[tuple[str, int | str], ...] = ()

    def fields(self) -> dict[str, int | str]:
        """Return the values by name."""
        return dict(self.values)

    def __str__(self) -> str:
        fields = self.fields()
        text = ENGLISH[self.code]
        if self.code in ENGLISH_PLURAL:
            counted, plural = ENGLISH_PLURAL[self.code]
            text = text if fields[counted] == 1 else plural
        if "seat" in fields:
            fields["seat_name"] = SEAT_NAMES[int(fields["seat"])]
        return text.format(**fields)


def message(code: str, **values: int | str) -> Message:
    """Return the message ``code`` about ``values``."""
    if code not in ENGLISH:
        raise KeyError(f"no seating message {code!r}")
    return Message(code, tuple(values.items()))
