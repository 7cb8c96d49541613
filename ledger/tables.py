"""A table as the players see it: seats around it, scores, winds, sticks, the last round.

The table page, its console view and the club's console all draw this. Scores include
the riichi declared in the hand being played (their sticks are on the table).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from ledger.models import SEATS, Session
from scoring.game import Replay, with_riichi

WINDS = "ESWN"
POSITIONS = ("bottom", "right", "top", "left")  # turn order runs counter-clockwise


@dataclass(frozen=True)
class Seat:
    """One player at the table, as drawn."""

    seat: int
    name: str
    wind: str
    is_dealer: bool
    score: int
    riichi: bool
    last_delta: int | None
    position: str
    gaps: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Table:
    """The table before the next round (or at the end of the game)."""

    session: Session
    game: Replay
    seats: tuple[Seat, ...]  # in drawing order: bottom, right, top, left (three in sanma)
    round_label: str
    honba: int
    riichi_sticks: int
    round_count: int
    last_round: dict[str, Any] | None

    @property
    def is_finished(self) -> bool:
        return self.game.state.finished

    @property
    def by_seat(self) -> dict[int, Seat]:
        return {seat.seat: seat for seat in self.seats}

    @property
    def dealer(self) -> Seat:
        return next(seat for seat in self.seats if seat.is_dealer)


def table_of(session: Session, *, bottom: int = 0) -> Table:
    """Return the table of a session, drawn with the player at ``bottom`` nearest the viewer."""
    game = session.game()
    state = game.state
    if not state.finished:
        state = with_riichi(state, session.riichi, session.engine_rules())
    names = [player.name for player in session.players()]
    played = game.to_json()["rounds"]
    last = played[-1] if played else None
    seats = tuple(
        _seat(seat, names, state, session.riichi, last, position)
        for position, seat in zip(POSITIONS, _around(bottom, len(names)))
        if seat is not None
    )
    return Table(
        session=session,
        game=game,
        seats=seats,
        round_label=state.label,
        honba=state.honba,
        riichi_sticks=state.riichi_sticks,
        round_count=len(played),
        last_round=last,
    )


def _around(bottom: int, players: int) -> list[int | None]:
    """Return the seats from the bottom one, counter-clockwise (the order of play); at a
    table of three the fourth side, where North would sit, is empty (None)."""
    places = [(bottom + step) % len(SEATS) for step in range(len(SEATS))]
    return [seat if seat < players else None for seat in places]


def _seat(
    seat: int, names: list[str], state: Any, riichi: list[int], last: Any, position: str
) -> Seat:
    scores = state.scores
    return Seat(
        seat=seat,
        name=names[seat],
        wind=state.seat_wind(seat),
        is_dealer=seat == state.dealer and not state.finished,
        score=scores[seat],
        riichi=seat in riichi and not state.finished,
        last_delta=last["deltas"][seat] if last else None,
        position=position,
        gaps=tuple((names[o], scores[seat] - scores[o]) for o in range(len(names)) if o != seat),
    )


def payment_lines(result: Any, names: list[str]) -> list[str]:
    """Return a round's payments in words: "Chen pays Ben 5,200"; "Nobody pays." for a
    round without any (an abortive draw, a draw all tenpai or all noten)."""
    from ledger.templatetags.ledger_tags import points

    lines = []
    for transfer in result.transfers:
        amount = points(transfer.points)
        if transfer.payer is None:
            text = gettext("%(payee)s takes %(points)s from the table")
        elif transfer.payee is None:
            text = gettext("%(payer)s puts %(points)s on the table")
        else:
            text = gettext("%(payer)s pays %(payee)s %(points)s")
        payer = names[transfer.payer] if transfer.payer is not None else ""
        payee = names[transfer.payee] if transfer.payee is not None else ""
        lines.append(text % {"payer": payer, "payee": payee, "points": amount})
    return lines or [gettext("Nobody pays.")]
