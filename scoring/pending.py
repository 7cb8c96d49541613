"""The table after changes not yet recorded: a game record played on by the rounds and
riichi a phone keeps in its queue while it has no network. The browser runs this module
(Pyodide) for the table page offline, so that the scores and the payment preview shown
there come from this engine, never from a second implementation of the rules.

The input and output are JSON values (FORMATS.md section 3 for the record and rounds).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.errors import ScoringError
from scoring.game import Replay, play, replay, with_riichi
from scoring.outcome import Outcome
from scoring.state import GameState


def play_on(
    record: Mapping[str, Any],
    declared: Sequence[int] = (),
    pending: Sequence[Mapping[str, Any]] = (),
    preview: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Return the table after ``record``, the riichi ``declared`` in the hand being played
    and the ``pending`` changes in order (``{"round": outcome}``, ``{"riichi": seat,
    "on": bool}``); with ``preview``, also the payments of that round played next.

    A declared riichi goes into the next round's ``riichi`` (not a chombo's: those sticks
    go back), as the ledger records it. A pending round the engine refuses stops the
    replay there (``refused`` counts the rounds played).

    >>> table = play_on({"rules": "club", "rounds": []}, [0], [
    ...     {"round": {"result": "tsumo", "winner": 1, "han": 1, "fu": 30}}])
    >>> table["table"]["scores"], table["table"]["riichi_sticks"], table["played"]
    ([23500, 27100, 24700, 24700], 0, 1)
    """
    game = replay(record, check_rules=False)  # the rules as the ledger stored them
    state, seats, played = game.state, set(declared), 0
    for change in pending:
        if "riichi" in change:
            seat = int(change["riichi"])
            seats = seats | {seat} if change.get("on") else seats - {seat}
            continue
        try:
            state = play(state, _with_riichi(change["round"], seats), game.rules).state
        except ScoringError as error:
            return {"table": _table(game, state, seats), "played": played, "refused": str(error)}
        seats, played = set(), played + 1
    answer = {"table": _table(game, state, seats), "played": played}
    if preview is not None:
        answer["preview"] = _preview(game, state, seats, preview)
    return answer


def _with_riichi(outcome: Mapping[str, Any], seats: set[int]) -> Outcome:
    data = dict(outcome)
    if seats and data.get("result") != "chombo":
        data["riichi"] = sorted({*data.get("riichi", []), *seats})
    return Outcome.from_json(data)


def _table(game: Replay, state: GameState, seats: set[int]) -> dict[str, Any]:
    """Return the table as drawn: scores with the declared riichi's sticks on the table."""
    shown = state
    if not state.finished and seats:
        shown = with_riichi(state, sorted(seats), game.rules)
    return {
        **shown.to_json(),
        "scores": list(shown.scores),
        "winds": [state.seat_wind(seat) for seat in state.seats],
        "riichi": sorted(seats) if not state.finished else [],
        "finished": state.finished,
        "round_count": state.round_count,
    }


def _preview(
    game: Replay, state: GameState, seats: set[int], outcome: Mapping[str, Any]
) -> dict[str, Any]:
    if state.finished:
        return {"error": "the game is over"}
    try:
        result = play(state, _with_riichi(outcome, seats), game.rules)
    except ScoringError as error:
        return {"error": str(error)}
    return {
        "transfers": [transfer.to_json() for transfer in result.transfers],
        "deltas": list(result.deltas),
        "finished": result.state.finished,
    }


def play_on_json(text: str) -> str:
    """Return ``play_on`` of a JSON object of its arguments, as JSON (the browser's call).

    >>> play_on_json('{"record": {"rules": "club"}}')[:37]
    '{"table": {"round": "E1", "honba": 0,'
    """
    return json.dumps(play_on(**json.loads(text)))
