"""Errors of the seating engine: each says in plain words what is wrong, and where."""

from __future__ import annotations


class SeatingError(ValueError):
    """A round cannot be seated as asked."""


class PrescriptError(SeatingError):
    """A line of an uploaded seating plan is wrong; ``line`` is its number (from 1)."""

    def __init__(self, line: int | None, message: str) -> None:
        self.line = line
        super().__init__(message if line is None else f"line {line}: {message}")


class NotCheckedInError(SeatingError):
    """The seating plan seats a player who has not checked in for that round."""

    def __init__(self, player: int, round_number: int) -> None:
        self.player = player
        self.round_number = round_number
        super().__init__(
            f"the seating plan puts player {player} at a table in round {round_number}, "
            "but that player has not checked in"
        )
