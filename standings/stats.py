"""Per-player numbers of one game, counted round by round from the engine's replay.

No Django here: ``game_lines(replay)`` turns a ``scoring.game.Replay`` into one
``Line`` value per starting seat (four, or three in sanma) that the models store and
add up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.game import Replay, RoundResult
from scoring.outcome import Win
from scoring.value import HandValue, limit_name

WIN_REASONS = ("ron", "tsumo", "pao")


@dataclass(frozen=True)
class Hand:
    """One win: the points received for it, its value and its yaku (empty when the
    win was given as han/fu or yakuman, whose yaku nobody recorded)."""

    points: int
    han: int
    fu: int
    yakuman: int
    limit: str  # none, mangan, haneman, baiman, sanbaiman, yakuman
    yaku: tuple[str, ...] = ()


@dataclass
class Line:
    """One player's numbers in one game."""

    rounds: int = 0
    dealer_rounds: int = 0
    dealer_kept: int = 0
    wins: int = 0
    tsumo_wins: int = 0
    win_points: int = 0
    deal_ins: int = 0
    deal_in_points: int = 0
    riichi: int = 0
    riichi_wins: int = 0
    draws: int = 0
    draw_tenpai: int = 0
    chombos: int = 0
    biggest_win: int = 0
    biggest_hand: str = ""
    yaku: Counter[str] = field(default_factory=Counter)
    ron_from: Counter[int] = field(default_factory=Counter)  # seat -> points taken by ron
    hands: list[Hand] = field(default_factory=list)  # each win, in the order played


def game_lines(game: Replay) -> list[Line]:
    """Return each starting seat's numbers, counted from the replayed rounds."""
    lines = [Line() for _ in game.players]
    for played in game.rounds:
        count_round(lines, played, game)
    return lines


def count_round(lines: list[Line], played: RoundResult, game: Replay) -> None:
    """Add one round to the lines (one per player)."""
    outcome, dealer = played.outcome, played.before.dealer
    winners = outcome.winners
    for line in lines:
        line.rounds += 1
    for seat in outcome.riichi:
        lines[seat].riichi += 1
        lines[seat].riichi_wins += seat in winners
    if outcome.result in ("ron", "tsumo", "draw"):
        lines[dealer].dealer_rounds += 1
        kept = dealer in winners or (outcome.result == "draw" and dealer in outcome.tenpai)
        lines[dealer].dealer_kept += kept
    if outcome.result == "draw":
        for seat, line in enumerate(lines):
            line.draws += 1
            line.draw_tenpai += seat in outcome.tenpai
    if outcome.result == "chombo" and outcome.player is not None:
        lines[outcome.player].chombos += 1
    for win, value, hand in zip(outcome.wins, played.values, played.hands):
        yaku = _yaku_of(win, hand)
        _count_win(lines[win.winner], win.winner, value, yaku, played, game)
        lines[win.winner].yaku.update(yaku)
    if outcome.result == "ron" and outcome.loser is not None:
        _count_deal_in(lines, outcome.loser, played)


def _yaku_of(win: Win, hand: Mapping[str, Any] | None) -> tuple[str, ...]:
    """Return the yaku of a win: its hand's, read from tiles, or those ticked on the yaku
    checklist (a value given as han/fu alone names none)."""
    if hand is not None:
        return tuple(yaku["name"] for yaku in hand["yaku"])
    return win.yaku


def _count_win(
    line: Line,
    seat: int,
    value: HandValue,
    yaku: tuple[str, ...],
    played: RoundResult,
    game: Replay,
) -> None:
    points = sum(t.points for t in played.transfers if t.payee == seat and t.reason in WIN_REASONS)
    limit = limit_name(value, game.rules)
    line.hands.append(Hand(points, value.han, value.fu, value.yakuman, limit, yaku))
    line.wins += 1
    line.tsumo_wins += played.outcome.result == "tsumo"
    line.win_points += points
    if points > line.biggest_win:
        line.biggest_win, line.biggest_hand = points, hand_label(value, game)


def _count_deal_in(lines: list[Line], loser: int, played: RoundResult) -> None:
    lines[loser].deal_ins += 1
    for t in played.transfers:
        if t.reason == "ron" and t.payer == loser and t.payee is not None:
            lines[loser].deal_in_points += t.points
            lines[t.payee].ron_from[loser] += t.points


def hand_label(value: HandValue, game: Replay) -> str:
    """Return the stored label of a hand value: "3 han 40 fu", "mangan, 3 han 70 fu", or
    "haneman, 6 han" for a limit hand entered by its han alone (fu 0: fu do not count).

    The label is stored in these English words, the same in every language, and shown
    translated (``ledger.glossary.hand_label`` reads it back).
    """
    if value.yakuman:
        return "yakuman" if value.yakuman == 1 else f"{value.yakuman}× yakuman"
    limit = limit_name(value, game.rules)
    words = f"{value.han} han {value.fu} fu" if value.fu else f"{value.han} han"
    return words if limit == "none" else f"{limit}, {words}"
