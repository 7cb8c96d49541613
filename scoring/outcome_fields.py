"""The fields of a round's JSON (FORMATS.md section 3: one entry of a record's
``rounds``), each read and checked in the table's words: objects and their keys, seats
0-3, whole numbers, yaku names, dora counts and text. ``scoring.outcome`` reads rounds
with them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.dora import DoraCount
from scoring.errors import LARGEST, ScoringError, cut, shown
from scoring.yaku import YAKU

SEATS = range(4)
DORA_KEYS = ("dora", "aka", "ura", "nuki")  # nuki: sanma's north tiles set aside


class OutcomeError(ScoringError):
    """A round outcome that is malformed or cannot happen in the game."""

    code = "bad_outcome"


def check_seat(name: str, seat: Any) -> None:
    if type(seat) is not int or seat not in SEATS:
        raise OutcomeError(f"{name} must be a seat 0-3, not {shown(seat)}")


def read_object(data: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise OutcomeError(f"a {what} must be a JSON object, not {shown(data)}")
    return data


def check_keys(data: Mapping[str, Any], allowed: frozenset[str], what: str) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise OutcomeError(f"unknown key in a {what}: {cut(', '.join(map(str, unknown)))}")


def read_seat(data: Mapping[str, Any], key: str) -> int:
    if key not in data:
        raise OutcomeError(f"missing {key}")
    check_seat(key, data[key])
    return int(data[key])


def read_seat_list(data: Mapping[str, Any], key: str) -> tuple[int, ...]:
    seats = data.get(key, [])
    if not isinstance(seats, list):
        raise OutcomeError(f"{key} must be a list of seats, not {shown(seats)}")
    return tuple(seats)


def read_int(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key, 0)
    if type(value) is not int:
        raise OutcomeError(f"{key} must be a whole number, not {shown(value)}")
    return value


def read_yaku_names(data: Mapping[str, Any]) -> tuple[str, ...]:
    names = data.get("yaku", [])
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise OutcomeError(f"yaku must be a list of yaku names, not {shown(names)}")
    unknown = [name for name in names if name not in YAKU]
    if unknown:
        raise OutcomeError(f"unknown yaku: {cut(', '.join(unknown))}")
    return tuple(names)


def read_dora_count(data: Mapping[str, Any]) -> DoraCount | None:
    counts = data.get("dora")
    if counts is None:
        return None
    counts = read_object(counts, "dora count")
    check_keys(counts, frozenset(DORA_KEYS), "dora count")
    values = [read_int(counts, key) for key in DORA_KEYS]
    if not all(0 <= value <= LARGEST for value in values):
        raise OutcomeError(f"dora counts must be 0 or more, not {shown(dict(counts))}")
    return DoraCount(*values)


def read_text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise OutcomeError(f"{key} must be text, not {shown(value)}")
    return value


def wins_of(outcome: Mapping[str, Any]) -> list[Any]:
    """Return the wins of a round's JSON as FORMATS.md stores them: a tsumo is its own
    one win, a ron lists its ``wins``, and any other round has none. The JSON is not
    checked here: a ron whose ``wins`` is not a list has none (``Outcome.from_json``
    refuses it), and its items come as they are.

    >>> wins_of({"result": "tsumo", "winner": 1, "han": 2, "fu": 30})
    [{'result': 'tsumo', 'winner': 1, 'han': 2, 'fu': 30}]
    >>> wins_of({"result": "ron", "loser": 2, "wins": [{"winner": 0, "han": 1, "fu": 30}]})
    [{'winner': 0, 'han': 1, 'fu': 30}]
    >>> wins_of({"result": "draw", "tenpai": [0]})
    []
    """
    result = outcome.get("result")
    if result == "tsumo":
        return [outcome]
    wins = outcome.get("wins") if result == "ron" else None
    return wins if isinstance(wins, list) else []
