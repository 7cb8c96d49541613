"""The log's own figures checked against our engine's replay of the imported record.

``check_against_replay`` plays the record round by round (``scoring.game.play``)
and compares, for every round, what the log recorded with what the replay gives:
the round's name and counters (so the game goes on the same way), the scores at its
start, each win's han, fu and points, and every player's change of score; then the
end of the game, the final scores and the final results. The first difference
raises ``LogError`` naming the file and the round in table words; so does a log
without final scores (cut short between two rounds), which would otherwise import as
an unfinished game and then stand in the way of the whole log.

``fall_back_unscored`` runs before it: a win whose tiles our engine cannot score is
recorded by the log's own han and fu instead (and a note says so), so that the rest
of the game can still be checked and imported.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ledger.online_logs.model import (
    ImportedGame,
    LogError,
    LogFigures,
    LogRound,
    LogWin,
    ParsedLog,
    label_words,
    points,
    round_words,
    signed,
)
from ledger.online_logs.refusals import gettext_noop
from scoring.errors import ScoringError
from scoring.game import GameState, Outcome, RoundResult, play, score_hand, start
from scoring.outcome import WIN_KEYS
from scoring.rules import Rules
from scoring.settlement import settle
from scoring.value import HandValue, win_payments

ENDINGS = {  # complete "by our replay the game ended …" (marked for the catalogs)
    "last_round": gettext_noop("after the last round"),
    "tobi": gettext_noop("when a player went below zero"),
    "agari_yame": gettext_noop("when the dealer in first place stopped after a win"),
    "tenpai_yame": gettext_noop("when the dealer in first place stopped after a tenpai draw"),
    "sudden_death": gettext_noop("when a player reached the target in the extra rounds"),
    "all_draw": gettext_noop("after the last extra round"),
    "chombo": gettext_noop("on a chombo"),
}
EARLIER = gettext_noop("earlier")  # an ending the table above does not know


def check_against_replay(game: ImportedGame) -> None:
    """Raise ``LogError`` at the first figure of the log that our replay does not give."""
    record, figures, name = game.record, game.figures, game.file_name
    rules = Rules.from_json(record["rules"])
    players = record["players"]
    state = start(rules)
    for data, logged in zip(record["rounds"], figures.rounds, strict=True):
        where = f"{name}, round {logged.words}"
        if state.finished:
            raise LogError(
                f"{where}: by our replay the game ended {ENDINGS.get(state.ended_by or '', EARLIER)}, "
                "but the log goes on."
            )
        _check_start(where, state, logged, players)
        try:
            result = play(state, Outcome.from_json(data), rules)
        except ScoringError as error:
            raise LogError(f"{where}: our engine cannot replay this round: {error}.") from None
        _check_wins(where, result, logged, players, rules)
        _check_changes(where, result, logged, players)
        state = result.state
    _check_end(name, state, figures, players, rules)


def _check_start(where: str, state: GameState, logged: LogRound, players: list[str]) -> None:
    label = "ESWN"[logged.kyoku // 4 % 4] + str(logged.kyoku % 4 + 1)
    if (state.label, state.honba) != (label, logged.honba):
        raise LogError(
            f"{where}: the log plays this round here, but by our replay it is "
            f"{label_words(state.label, state.honba)}."
        )
    if state.riichi_sticks != logged.sticks:
        raise LogError(
            f"{where}: the log has {logged.sticks} riichi sticks on the table at the start, "
            f"our replay {state.riichi_sticks}."
        )
    if tuple(state.scores) != logged.start:
        raise LogError(
            f"{where}: the log starts the round with {_scores(players, logged.start)}, "
            f"our replay with {_scores(players, state.scores)}."
        )


def _check_wins(
    where: str, result: RoundResult, logged: LogRound, players: list[str], rules: Rules
) -> None:
    for log_win in logged.wins:
        index = result.outcome.winners.index(log_win.winner)
        value = result.values[index]
        tsumo = result.outcome.result == "tsumo"
        is_dealer = log_win.winner == result.before.dealer
        paid = win_payments(value, is_dealer=is_dealer, tsumo=tsumo, rules=rules).total()
        if _same_value(log_win, value, paid):
            continue
        raise LogError(
            f"{where}: the log says {players[log_win.winner]} won {points(log_win.points)} "
            f"({_log_value(log_win)}), our replay gives {points(paid)} ({_value(value)})."
        )


def _same_value(log_win: LogWin, value: HandValue, paid: int) -> bool:
    if log_win.points != paid or log_win.yakuman != value.yakuman:
        return False
    if log_win.yakuman:
        return True
    return log_win.han == value.han and log_win.fu in (0, value.fu)


def _check_changes(where: str, result: RoundResult, logged: LogRound, players: list[str]) -> None:
    if tuple(result.deltas) != logged.deltas:
        raise LogError(
            f"{where}: the log says the scores changed by {_changes(players, logged.deltas)}, "
            f"our replay gives {_changes(players, result.deltas)}."
        )


def _check_end(
    name: str, state: GameState, figures: LogFigures, players: list[str], rules: Rules
) -> None:
    if figures.final_scores is None:  # every complete log has them: Tenhou's, and converters'
        raise LogError(
            f"{name}: the log has no final result: it may be cut short; import the whole game."
        )
    last = figures.rounds[-1]
    if not state.finished:
        raise LogError(
            f"{name}: the log ends after {last.words}, but by our replay the game goes on "
            f"to {label_words(state.label, state.honba)}."
        )
    settlement = settle(state, rules)
    scores = tuple(player.points + player.sticks for player in settlement.players)
    if scores != figures.final_scores:
        raise LogError(
            f"{name}: the log's final scores are {_scores(players, figures.final_scores)}, "
            f"our replay gives {_scores(players, scores)}."
        )
    results = settlement.results
    logged = figures.final_results
    if logged is not None and any(abs(a - b) > 0.05 for a, b in zip(logged, results)):
        raise LogError(
            f"{name}: the log's final results are {_results(players, logged)}, "
            f"our replay gives {_results(players, results)}."
        )


def fall_back_unscored(parsed: ParsedLog) -> ParsedLog:
    """Return the log with each win our engine cannot score from its tiles given by
    the log's own han and fu, and a note for each."""
    record = parsed.record
    rules = Rules.from_json(record["rules"])
    state, rounds, notes = start(rules), [], list(parsed.notes)
    for data, logged in zip(record["rounds"], parsed.figures.rounds, strict=True):
        data, note = _round_with_fallback(data, logged, state, rules, record["players"])
        rounds.append(data)
        notes += note
        try:
            state = play(state, Outcome.from_json(data), rules).state
        except ScoringError:
            break  # the check names this round
    rounds += record["rounds"][len(rounds) :]
    return dataclasses.replace(parsed, record={**record, "rounds": rounds}, notes=tuple(notes))


def _round_with_fallback(
    data: dict[str, Any], logged: LogRound, state: GameState, rules: Rules, players: list[str]
) -> tuple[dict[str, Any], list[str]]:
    try:
        outcome = Outcome.from_json(data)
    except ScoringError:
        return data, []
    values = {win.winner: win for win in logged.wins}
    wins, notes = [], []
    for win in outcome.wins:
        entry = win.to_json()
        try:
            score_hand(win, state, outcome, rules)
        except ScoringError as error:
            entry = _log_entry(values[win.winner])
            if win.pao is not None:
                entry["pao"] = win.pao
            notes.append(
                f"Round {round_words(logged.kyoku, logged.honba)}: {players[win.winner]}'s win "
                f"is recorded as {_log_value(values[win.winner])} from the log, because our "
                f"engine could not score its tiles ({error})."
            )
        wins.append(entry)
    if not notes:
        return data, []
    if outcome.result == "tsumo":
        rest = {k: v for k, v in data.items() if k not in WIN_KEYS}
        return {**rest, **wins[0]}, notes
    return {**data, "wins": wins}, notes


def _log_entry(log_win: LogWin) -> dict[str, Any]:
    if log_win.yakuman:
        return {"winner": log_win.winner, "yakuman": log_win.yakuman}
    return {"winner": log_win.winner, "han": log_win.han, "fu": log_win.fu or _limit_fu(log_win)}


def _limit_fu(log_win: LogWin) -> int:
    """Return fu that give a limit hand its limit (the log wrote no fu for it)."""
    return {3: 70, 4: 40}.get(log_win.han, 30)


def _log_value(log_win: LogWin) -> str:
    if log_win.yakuman:
        return _yakuman_words(log_win.yakuman)
    return f"{log_win.han} han {log_win.fu} fu" if log_win.fu else f"{log_win.han} han"


def _value(value: HandValue) -> str:
    if value.yakuman:
        return _yakuman_words(value.yakuman)
    return f"{value.han} han {value.fu} fu"


def _yakuman_words(count: int) -> str:
    return "yakuman" if count == 1 else "double yakuman" if count == 2 else f"{count}x yakuman"


def _scores(players: list[str], scores: Sequence[int]) -> str:
    return ", ".join(f"{name} {points(score)}" for name, score in zip(players, scores))


def _changes(players: list[str], changes: Sequence[int]) -> str:
    return ", ".join(f"{name} {signed(change)}" for name, change in zip(players, changes))


def _results(players: list[str], results: Sequence[float]) -> str:
    return ", ".join(f"{name} {result:+.1f}" for name, result in zip(players, results))
