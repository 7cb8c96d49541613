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

# Shown beside every statistic (title attributes and the glossary).
GLOSSARY = {
    "games": "Finished sessions the player sat in.",
    "total": "Sum of settled results (uma, oka and penalties included), in thousands of points.",
    "average_result": "Total result divided by games.",
    "average_place": "Mean finishing place (1 is best); tied players share a place.",
    "places": "Share of games finished 1st / 2nd / 3rd / 4th (1st to 3rd in three-player games).",
    "tobi": "Share of games finished with a negative score (busted).",
    "openskill": "OpenSkill (Plackett-Luce) rating from places: shown as μ − 3σ, a cautious "
    "estimate of skill; ± is σ, the uncertainty, which shrinks as games are played. "
    "Three-player games are rated apart from four-player games.",
    "tenhou": "Tenhou-style R: starts at 1500; each game adds (30, 10, −10, −30 by place, or "
    "30, 0, −30 with three players, + (table average R − own R) / 40) × "
    "max(1 − 0.002 × games played, 0.2). "
    "Three-player games are rated apart from four-player games.",
    "rounds": "Rounds played (every recorded round, chombo and aborts included).",
    "win_rate": "Rounds won (ron or tsumo) divided by rounds played.",
    "tsumo_share": "Wins by tsumo divided by all wins.",
    "deal_in_rate": "Rounds in which the player's discard was ronned, divided by rounds played.",
    "riichi_rate": "Rounds with a riichi declaration divided by rounds played.",
    "riichi_success": "Riichi rounds the player won divided by riichi rounds.",
    "average_win": "Points received for the hand (ron, tsumo or pao payments, honba included, "
    "riichi sticks excluded) per win.",
    "average_deal_in": "Points paid to the winner(s) by ron per deal-in.",
    "dealer_kept": "Dealer rounds ended by a win or an exhaustive draw in which the dealer won or "
    "was tenpai (kept the deal), divided by those dealer rounds.",
    "draw_tenpai": "Exhaustive draws at which the player was tenpai, divided by exhaustive draws.",
    "chombo": "Chombo (penalised mistakes) the player committed.",
    "biggest_hand": "Most points received for one hand.",
    "yaku": "How often each yaku appeared in the player's wins entered as tiles or by their yaku.",
    "head_to_head": "Games together: sessions at the same table. Place difference: the "
    "opponent's place minus the player's, averaged (positive: the player placed better). "
    "Ron won / lost: points the player took from that opponent by ron, and paid them by ron.",
    "head_to_head_matrix": "The club's most active players in this scope, each row against each column. Each cell: games together; the column player's place minus the row player's, averaged (positive: the row player placed better); points the row player took from the column player by ron.",
    "seat_places": "Games grouped by starting seat: East is the first dealer, then South, West and North. Places, average final score and average place of the games played from each seat.",
    "hand_values": "Every win in this scope by its value: 1 to 4 han below mangan, then each limit (counted yakuman included in yakuman). Wins given as han and fu count as well as hands entered as tiles.",
    "club_yaku": "How many wins entered as tiles had each yaku (a win counts once for each of its yaku). Wins given as han and fu have no known yaku and are left out.",
    "first_yakuman": "The player's first win worth a yakuman (counted yakuman included) in this scope, with its session.",
    "best_night": "Most wins in one club night: wins in sessions finished on the same date, in the club's time zone.",
    "top_two_streak": "Longest run of consecutive games finished first or second, with its first and last dates.",
}


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
    """Return "mangan, 5 han 30 fu" style words for a hand value."""
    if value.yakuman:
        return "yakuman" if value.yakuman == 1 else f"{value.yakuman}× yakuman"
    limit = limit_name(value, game.rules)
    words = f"{value.han} han {value.fu} fu"
    return words if limit == "none" else f"{limit}, {words}"
