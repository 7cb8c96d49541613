"""What reading a log gives: the game record, the log's own figures, and the errors.

A parser (``mjlog``, ``tenhou6``) turns one log into a ``ParsedLog``: the FORMATS.md
section 3 record it describes, and ``LogFigures``, the numbers the log itself
recorded (each round's counters, scores and changes, each win's han, fu and points,
the final scores and results), which ``check`` compares with our replay. The
reader adds the fingerprint and hands out ``ImportedGame`` values.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ledger.json_text import NUL, SURROGATE, bad_text
from scoring.game import Replay, replay

WIND_WORDS = ("East", "South", "West", "North")
LABEL_WINDS = {"E": "East", "S": "South", "W": "West", "N": "North"}
NOT_TEXT = {
    NUL: "the file is damaged: it holds a NUL character, which no game log has.",
    SURROGATE: "the file is damaged: it holds half of a UTF-16 character pair, which is not text.",
}


class LogError(ValueError):
    """A log that cannot be imported; the message names the file (and the round).

    ``code`` tells programs the kind of problem: ``bad_log`` (unreadable, damaged, or
    not matching our replay), ``three_player`` or ``already_imported``.
    """

    def __init__(self, message: str, code: str = "bad_log") -> None:
        super().__init__(message)
        self.code = code


class EntryError(ValueError):
    """A part of a log that cannot be read (a tile, a call, a yaku, a score text); the
    message says what in plain words, and the parser adds the file and the round."""


def check_text(name: str, value: Any) -> None:
    """Raise ``LogError`` when a string in ``value`` holds what is not text (a NUL
    character, half of a UTF-16 pair): no database or page can hold it."""
    problem = bad_text(value)
    if problem is not None:
        raise LogError(f"{name}: {NOT_TEXT[problem]}")


def shown(value: object) -> str:
    """Return a value from a log as a message quotes it: as the log writes it, cut
    short when long.

    >>> shown(23), shown("x" * 50), shown({"a": [1, None]})
    ('23', 'xxxxxxxxxxxxxxxxxxxx…', '{"a": [1, null]}')
    """
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 20 else text[:20] + "…"


@dataclass(frozen=True)
class LogWin:
    """One win as the log scored it; ``fu`` is 0 where the log does not say."""

    winner: int
    han: int
    fu: int
    points: int  # the hand's value: what the payers give, without honba and sticks
    yakuman: int = 0


@dataclass(frozen=True)
class LogRound:
    """One round as the log recorded it."""

    kyoku: int  # dealer passes since the start: 0 is East 1, 4 South 1, 8 West 1
    honba: int
    sticks: int  # riichi sticks on the table at the start
    start: tuple[int, ...]  # scores at the start
    deltas: tuple[int, ...]  # each player's change, riichi deposits included
    wins: tuple[LogWin, ...] = ()

    @property
    def words(self) -> str:
        """Return the round's name in table words, e.g. "South 3, 1 honba"."""
        return round_words(self.kyoku, self.honba)


@dataclass(frozen=True)
class LogFigures:
    """The log's own numbers: every round, then the final scores and results."""

    rounds: tuple[LogRound, ...]
    final_scores: tuple[int, ...] | None = None  # None: the log is cut short (refused)
    final_results: tuple[float, ...] | None = None


@dataclass(frozen=True)
class ParsedLog:
    """A log read by its parser, before the replay check."""

    kind: str  # "tenhou" or "mahjongsoul"
    log_id: str  # "" when the log does not name its game
    record: dict[str, Any]
    figures: LogFigures
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ImportedGame:
    """A game read from an online log and checked against our replay.

    ``record`` is a FORMATS.md section 3 record (with ``source`` and, when the log
    holds a time, ``started`` or ``finished``); ``fingerprint`` identifies the game
    by its players, rounds and scores; ``notes`` say what the import had to change
    (a hand our engine could not score, recorded by its han and fu instead).
    """

    record: dict[str, Any]
    log_id: str
    fingerprint: str
    kind: str
    file_name: str = ""
    figures: LogFigures = field(default=LogFigures(rounds=()), repr=False)
    notes: tuple[str, ...] = ()


def round_words(kyoku: int, honba: int = 0) -> str:
    """Return a round's name in table words.

    >>> round_words(0), round_words(6, 1), round_words(8, 2)
    ('East 1', 'South 3, 1 honba', 'West 1, 2 honba')
    """
    name = f"{WIND_WORDS[kyoku // 4 % 4]} {kyoku % 4 + 1}"
    return f"{name}, {honba} honba" if honba else name


def label_words(label: str, honba: int = 0) -> str:
    """Return an engine round label (``S3``) in table words.

    >>> label_words("S3", 1), label_words("E5")
    ('South 3, 1 honba', 'East 5')
    """
    name = f"{LABEL_WINDS[label[0]]} {label[1:]}"
    return f"{name}, {honba} honba" if honba else name


def fingerprint(record: Mapping[str, Any]) -> str:
    """Return a stable fingerprint of a game: its players, rounds and scores.

    Two records of the same game (from a Tenhou XML and its tenhou.net/6 JSON, or a
    game already in the ledger) have the same fingerprint: it looks at the players'
    names, each round's counters, result, winners, discarder and score changes, and
    the final scores, not at how a win was entered (tiles or han and fu).
    """
    return replay_fingerprint(replay(record))


def replay_fingerprint(game: Replay) -> str:
    """Return the fingerprint of a game already replayed (see ``fingerprint``)."""
    data = {
        "players": [name.strip().casefold() for name in game.players],
        "rounds": [
            [
                played.before.label,
                played.before.honba,
                played.outcome.result,
                sorted(played.outcome.winners),
                played.outcome.loser,
                list(played.deltas),
            ]
            for played in game.rounds
        ],
        "scores": list(game.state.scores),
    }
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def points(value: int) -> str:
    """Return points as the table writes them.

    >>> points(7700), points(-12000), points(0)
    ('7,700', '-12,000', '0')
    """
    return f"{value:,}"


def signed(value: int) -> str:
    """Return a change of score with its sign.

    >>> signed(8000), signed(-2000), signed(0)
    ('+8,000', '-2,000', '0')
    """
    return f"{value:+,}" if value else "0"
