"""Errors of the seating engine: each carries its ``message`` (a code and the values it
names, worded by the events app) and says in plain English what is wrong, and where."""

from __future__ import annotations

from events.messages import Message, message


class SeatingError(ValueError):
    """A round cannot be seated as asked."""

    def __init__(self, code: str, **values: int | str) -> None:
        self.message: Message = message(code, **values)
        super().__init__(self.english())

    def english(self) -> str:
        return str(self.message)


class PrescriptError(SeatingError):
    """A line of an uploaded seating plan is wrong; ``line`` is its number (from 1)."""

    def __init__(self, line: int | None, code: str, **values: int | str) -> None:
        self.line = line
        super().__init__(code, **values)

    def english(self) -> str:
        text = str(self.message)
        return text if self.line is None else f"line {self.line}: {text}"


class NotCheckedInError(SeatingError):
    """The seating plan seats a player who has not checked in for that round."""

    def __init__(self, player: int, round_number: int) -> None:
        self.player = player
        self.round_number = round_number
        super().__init__("not_checked_in", player=player, round=round_number)
