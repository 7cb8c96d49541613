"""The checks of a round's outcome against the table and the rules, before it is played
(FORMATS.md section 3: a round the table or the rules cannot have is refused, naming the
problem): seats at the table, riichi with 1,000 points (the seed's 立直 rule), multiple
ron as the rules pay it, pao on a yakuman, a riichi player noten at the draw, nagashi
mangan for no more players than the wall allows, abortive draws the rules allow (four
riichi with all four players in riichi).
"""

from __future__ import annotations

from scoring.outcome import Outcome, OutcomeError
from scoring.rules import Rules
from scoring.sanma import check_nuki_count
from scoring.state import GameState
from scoring.value import STICK

__all__ = ["MAX_YAKUMAN", "check_playable"]


def check_playable(state: GameState, outcome: Outcome, rules: Rules) -> None:
    """Raise an ``OutcomeError`` naming the problem unless the outcome can be played at
    this table under these rules.

    >>> from scoring.state import start
    >>> check_playable(start(Rules()), Outcome.abort("sanchahou"), Rules(abortive_draws=()))
    Traceback (most recent call last):
    ...
    scoring.outcome_fields.OutcomeError: sanchahou is not an abortive draw under these rules
    """
    if state.finished:
        raise OutcomeError(f"the game has already ended ({state.ended_by})")
    _check_seats(state, outcome, rules)
    if outcome.wareme is not None and not rules.wareme:
        raise OutcomeError("wareme is named but these rules do not use wareme")
    for seat in outcome.riichi:
        if state.scores[seat] < STICK and not rules.riichi_below_1000:
            raise OutcomeError(
                f"player {seat} declared riichi with {state.scores[seat]} points (under 1,000)"
            )
    CHECKS[outcome.result](state, outcome, rules)


def _check_seats(state: GameState, outcome: Outcome, rules: Rules) -> None:
    """Raise unless the table and the rules agree on the number of players and every
    seat the outcome names is at the table (0-2 in sanma)."""
    if state.players != rules.players:
        raise OutcomeError(
            f"these rules are for {rules.players} players, but the table has {state.players}"
        )
    named = [
        *outcome.winners,
        *(win.pao for win in outcome.wins),
        outcome.loser,
        *outcome.tenpai,
        *outcome.nagashi,
        outcome.player,
        *outcome.riichi,
        outcome.wareme,
    ]
    absent = sorted({seat for seat in named if seat is not None and seat >= state.players})
    if absent:
        raise OutcomeError(
            f"player {absent[0]} is not at this table of {state.players} (players 0-"
            f"{state.players - 1})"
        )


def _check_ron(state: GameState, outcome: Outcome, rules: Rules) -> None:
    count = len(outcome.wins)
    if count > 1 and rules.multiple_ron == "head_bump":
        raise OutcomeError(
            f"{count} winners on one discard, but under head bump only the nearest wins"
        )
    if count == 3 and rules.multiple_ron == "double_only":
        raise OutcomeError("triple ron is not paid under these rules: record an abort sanchahou")
    _check_wins(outcome, rules)
    _check_open_riichi_deal_in(outcome)


def _check_open_riichi_deal_in(outcome: Outcome) -> None:
    """Raise if a checklist claims open riichi's deal-in yakuman on a discarder in riichi."""
    for win in outcome.wins:
        if "open_riichi_yakuman" in win.yaku and outcome.loser in outcome.riichi:
            raise OutcomeError(
                f"player {outcome.loser} dealt in from riichi, so player {win.winner}'s "
                "open riichi is not paid as a yakuman"
            )


def _check_tsumo(state: GameState, outcome: Outcome, rules: Rules) -> None:
    _check_wins(outcome, rules)


MAX_YAKUMAN = 6  # the most yakuman one hand can hold (e.g. daisuushii, tsuuiisou, suukantsu
# and suuankou tanki, two of them doubles); more is no real hand


def _check_wins(outcome: Outcome, rules: Rules) -> None:
    """Raise unless every win's yakuman, pao and nuki count can be under the rules."""
    for win in outcome.wins:
        if win.dora is not None:
            check_nuki_count(win.dora.nuki, rules)  # a checklist's count, given with the han
        if win.value is not None and win.value.yakuman > MAX_YAKUMAN:
            raise OutcomeError(
                f"a hand holds at most {MAX_YAKUMAN} yakuman, not {win.value.yakuman}"
            )
        if win.pao is not None and not rules.pao:
            raise OutcomeError("pao is named but these rules have no pao")
        if win.pao is not None and win.value is not None and not win.value.yakuman:
            raise OutcomeError(f"pao needs a yakuman, but player {win.winner}'s win is not one")


def _check_draw(state: GameState, outcome: Outcome, rules: Rules) -> None:
    noten_riichi = sorted(set(outcome.riichi) - set(outcome.tenpai))
    if noten_riichi and rules.riichi_noten == "chombo":  # else they pay noten like the rest
        seat = noten_riichi[0]
        raise OutcomeError(
            f"riichi player {seat} is missing from the tenpai list: under these rules a "
            f"riichi player found noten at the draw is a chombo (record a chombo by {seat})"
        )
    if outcome.nagashi and rules.nagashi == "none":
        raise OutcomeError("nagashi mangan is named but these rules do not pay it")
    if len(set(outcome.nagashi)) == state.players:
        raise OutcomeError(
            "every player cannot have nagashi mangan: their discards would be more "
            "terminals and honors than the wall holds"
        )


def _check_abort(state: GameState, outcome: Outcome, rules: Rules) -> None:
    if outcome.reason not in rules.abortive_draws:
        raise OutcomeError(f"{outcome.reason} is not an abortive draw under these rules")
    if outcome.reason == "suucha_riichi" and len(outcome.riichi) != 4:
        raise OutcomeError("suucha_riichi needs all four players in the riichi list")


def _check_chombo(state: GameState, outcome: Outcome, rules: Rules) -> None:
    return


CHECKS = {
    "ron": _check_ron,
    "tsumo": _check_tsumo,
    "draw": _check_draw,
    "abort": _check_abort,
    "chombo": _check_chombo,
}
