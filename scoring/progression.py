"""What comes after a round (the seed's 日本麻将的规则: 连庄, 本場, 游戏结束 and 西入):
whether the dealer keeps the deal, the next honba and riichi sticks, the next round,
and the end of the game (last round, tobi, agari yame and tenpai yame, extension and
sudden death, a chombo that ends it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from scoring.outcome import Outcome
from scoring.payments import Transfer, deltas_of
from scoring.rules import GAME_LENGTHS, Rules
from scoring.settlement import rank
from scoring.state import GameState, round_name, round_winds
from scoring.value import STICK


def next_state(
    state: GameState, outcome: Outcome, transfers: tuple[Transfer, ...], rules: Rules
) -> GameState:
    deltas = deltas_of(transfers, state.players)
    scores = tuple(score + delta for score, delta in zip(state.scores, deltas, strict=True))
    table = sum(t.points for t in transfers if t.payee is None)
    taken = sum(t.points for t in transfers if t.payer is None)
    keeps = _dealer_keeps(state, outcome, rules) and not is_paarenchan(state, outcome, rules)
    sticks = state.riichi_sticks + (table - taken) // STICK
    scored = dataclasses.replace(
        state,
        scores=scores,
        riichi_sticks=sticks,
        stick_owners=(*state.stick_owners, *outcome.riichi) if sticks else (),
        honba=_next_honba(state, outcome, keeps),
        round_count=state.round_count + 1,
        chombos=_count(state.chombos, [outcome.player] if outcome.result == "chombo" else []),
        wins=_count(state.wins, outcome.winners),
        last_deltas=deltas,
        dealer_wins=_next_dealer_wins(state, outcome, keeps),
    )
    ended_by = _ending(scored, state, outcome, keeps, rules)
    if ended_by:
        busted_by = max(state.seats, key=lambda s: (deltas[s], -s)) if ended_by == "tobi" else None
        return dataclasses.replace(scored, finished=True, ended_by=ended_by, busted_by=busted_by)
    index = state.round_index if keeps else state.round_index + 1
    wind, number = round_name(index, rules)
    return dataclasses.replace(scored, round_index=index, round_wind=wind, round_number=number)


def _count(counts: tuple[int, ...], seats: Sequence[int | None]) -> tuple[int, ...]:
    return tuple(count + seats.count(seat) for seat, count in enumerate(counts))


def _dealer_keeps(state: GameState, outcome: Outcome, rules: Rules) -> bool:
    if outcome.result in ("ron", "tsumo"):
        return state.dealer in outcome.winners
    if outcome.result == "draw":
        if rules.all_last_draw_renchan and _is_all_last(state, rules):
            return True  # the seed's 连庄: 比较老的规则 keep an all-last dealer even noten
        return rules.renchan == "tenpai" and state.dealer in outcome.tenpai
    if outcome.result == "abort":
        return rules.abort_renchan
    return True  # a chombo replays the round


PAARENCHAN_WINS = 8  # riichi.wiki "Optional yaku": the dealer's 8th win in a row


def is_paarenchan(state: GameState, outcome: Outcome, rules: Rules) -> bool:
    """Return whether the dealer wins an 8th time in a row under ``Rules.paarenchan``: a
    yakuman, after which the deal passes (riichi.wiki "Optional yaku", Paarenchan).

    >>> from scoring.value import HandValue
    >>> from scoring.outcome import Win
    >>> state = GameState(scores=(25000,) * 4, dealer_wins=7)
    >>> is_paarenchan(state, Outcome.tsumo(Win(0, HandValue(1, 30))), Rules(paarenchan=True))
    True
    """
    dealer_won = outcome.result in ("ron", "tsumo") and state.dealer in outcome.winners
    return rules.paarenchan and dealer_won and state.dealer_wins >= PAARENCHAN_WINS - 1


def _next_dealer_wins(state: GameState, outcome: Outcome, keeps: bool) -> int:
    """Return the dealer's wins in a row after the round: one more after a dealer win, the
    same after a draw that keeps the deal, none once the deal passes."""
    if not keeps:
        return 0
    return state.dealer_wins + (outcome.result in ("ron", "tsumo"))


def _is_all_last(state: GameState, rules: Rules) -> bool:
    """Return whether the round is the game's last (オーラス): the last regular round, or
    the last round of the extension."""
    if rules.game_length == "one_round":
        return True
    regular = rules.players * len(GAME_LENGTHS[rules.game_length][0])
    return state.round_index in (regular - 1, rules.players * len(round_winds(rules)) - 1)


def _next_honba(state: GameState, outcome: Outcome, keeps: bool) -> int:
    """Return the next honba: +1 after a dealer win or any draw, 0 after a non-dealer win."""
    if outcome.result == "chombo":
        return state.honba
    if outcome.result in ("ron", "tsumo") and not keeps:
        return 0
    return state.honba + 1


def _ending(
    scored: GameState, before: GameState, outcome: Outcome, keeps: bool, rules: Rules
) -> str | None:
    if _is_bust(scored.scores, rules):
        return "tobi"
    if outcome.result == "chombo":
        return "chombo" if rules.chombo_ends_game else None
    if rules.game_length == "one_round":
        return "last_round"
    regular = rules.players * len(GAME_LENGTHS[rules.game_length][0])
    last = rules.players * len(round_winds(rules))
    index = before.round_index
    reached = max(scored.scores) >= rules.extension_target
    if keeps:
        may_stop = (
            index == regular - 1 or index == last - 1 or (index >= regular and rules.sudden_death)
        )
        return _yame(scored, before, outcome, rules) if may_stop else None
    if index + 1 < regular:
        return None
    if index + 1 == regular:
        return "last_round" if not rules.extension_winds or reached else None
    if reached and (rules.sudden_death or (index + 1) % rules.players == 0):
        return "sudden_death"
    if index + 1 >= last:
        return "last_round" if rules.extension_end == "stand" else "all_draw"
    return None


def _is_bust(scores: Sequence[int], rules: Rules) -> bool:
    if rules.tobi == "below_zero":
        return min(scores) < 0
    return rules.tobi == "zero_or_below" and min(scores) <= 0


def _yame(scored: GameState, before: GameState, outcome: Outcome, rules: Rules) -> str | None:
    """Return agari_yame or tenpai_yame when the all-last dealer in 1st stops."""
    dealer = before.dealer
    places = rank(scored.scores, rules)
    is_top = places[dealer] == 1 and places.count(1) == 1
    if rules.extension_winds and scored.scores[dealer] < rules.extension_target:
        is_top = False
    if is_top and rules.agari_yame and outcome.result in ("ron", "tsumo"):
        return "agari_yame"
    tenpai = outcome.result == "draw" and dealer in outcome.tenpai
    if is_top and rules.tenpai_yame and tenpai:
        return "tenpai_yame"
    return None
