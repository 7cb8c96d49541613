"""The points a round moves (FORMATS.md section 3 ``deltas``): the seed's 得点计算
payments of a ron or tsumo (本場 honba included), riichi deposits and the sticks the
winner takes, pao (包牌: the liable player answers for the pao yakuman, the rest of a
stacked-yakuman hand is an ordinary ron or tsumo, unless the rules make them answer for
the whole hand), the noten payments of an exhaustive draw (流局 不听罚符),
nagashi mangan, a chombo paid as a reverse mangan, and wareme (割目) doubling.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.outcome import Outcome, OutcomeError, Win
from scoring.rules import Rules
from scoring.state import GameState
from scoring.value import (
    STICK,
    HandValue,
    ron_payment,
    tsumo_payments,
    win_payments,
)

MANGAN_HAND = HandValue(han=5)


@dataclass(frozen=True)
class Transfer:
    """Points moving in a round; ``None`` as payer or payee is the table (sticks)."""

    payer: int | None
    payee: int | None
    points: int
    reason: str  # riichi, ron, tsumo, pao, sticks, noten, nagashi, chombo

    def to_json(self) -> dict[str, Any]:
        """Return the transfer as JSON (``null`` is the table)."""
        return dataclasses.asdict(self)


def round_transfers(
    state: GameState,
    outcome: Outcome,
    values: tuple[HandValue, ...],
    rules: Rules,
    hands: Sequence[Mapping[str, Any] | None] = (),
) -> tuple[Transfer, ...]:
    """Return every transfer of a round: riichi deposits, then the round's settlement,
    doubled for the wareme seat. ``hands`` are the wins' scored hands (None for a win
    given as han/fu or yakuman); they name a hand's pao yakuman."""
    hands = tuple(hands) or (None,) * len(outcome.wins)
    paos = tuple(pao_part(w, v, h, rules) for w, v, h in zip(outcome.wins, values, hands))
    transfers = _riichi_deposits(state, outcome, rules) + _settle_round(
        state, outcome, values, paos, rules
    )
    return _doubled_for_wareme(transfers, outcome.wareme)


def pao_part(
    win: Win, value: HandValue, hand: Mapping[str, Any] | None, rules: Rules
) -> HandValue | None:
    """Return the part of a win the liable player answers for (None without pao): the
    pao yakuman of a stacked-yakuman hand, or the whole hand.

    >>> pao_part(Win(1, HandValue(yakuman=2), pao=3), HandValue(yakuman=2), None, Rules())
    HandValue(han=0, fu=0, yakuman=1)
    """
    if win.pao is None:
        return None
    multiple = win.pao_yakuman or 1
    if hand is not None:
        found = [y["han"] // 13 for y in hand["yaku"] if y["name"] in rules.pao]
        if not found:
            raise OutcomeError(
                f"pao needs one of the pao yakuman ({', '.join(rules.pao)}), "
                f"but player {win.winner}'s hand has none"
            )
        multiple = max(found)
    whole = rules.pao_stacked == "whole_hand" or not rules.multiple_yakuman
    if whole or multiple >= value.yakuman:
        return value
    return HandValue(yakuman=multiple)


def _riichi_deposits(state: GameState, outcome: Outcome, rules: Rules) -> tuple[Transfer, ...]:
    return tuple(Transfer(seat, None, STICK, "riichi") for seat in outcome.riichi)


def _settle_round(
    state: GameState,
    outcome: Outcome,
    values: tuple[HandValue, ...],
    paos: tuple[HandValue | None, ...],
    rules: Rules,
) -> tuple[Transfer, ...]:
    if outcome.result == "ron":
        return _settle_ron(state, outcome, values, paos, rules)
    if outcome.result == "tsumo":
        return _settle_tsumo(state, outcome, values[0], paos[0], rules)
    if outcome.result == "draw":
        return _settle_draw(state, outcome, rules)
    if outcome.result == "chombo":
        return _settle_chombo(state, outcome, rules)
    return ()


def _settle_ron(
    state: GameState,
    outcome: Outcome,
    values: tuple[HandValue, ...],
    paos: tuple[HandValue | None, ...],
    rules: Rules,
) -> tuple[Transfer, ...]:
    loser = outcome.loser
    assert loser is not None
    seats = state.players
    order = sorted(range(len(outcome.wins)), key=lambda i: (outcome.wins[i].winner - loser) % seats)
    transfers: list[Transfer] = []
    for rank_from_loser, i in enumerate(order):
        win, value = outcome.wins[i], values[i]
        gets_honba = rank_from_loser == 0 or rules.multiple_ron_honba == "each"
        honba = state.honba if gets_honba else 0
        is_dealer = win.winner == state.dealer
        points = win_payments(value, is_dealer=is_dealer, tsumo=False, rules=rules, honba=honba).ron
        pao = paos[i]
        pao_points = 0 if pao is None else ron_payment(pao, is_dealer=is_dealer, rules=rules)
        liable_honba = rules.honba_value * honba if rules.pao_honba == "liable" else 0
        transfers += _ron_transfers(loser, win, points, pao_points, liable_honba)
    nearest = outcome.wins[order[0]].winner
    return (*transfers, *_stick_transfers(state, outcome, nearest, rules))


def _ron_transfers(
    loser: int, win: Win, points: int, pao_points: int, liable_honba: int
) -> list[Transfer]:
    if win.pao is None or win.pao == loser:
        return [Transfer(loser, win.winner, points, "ron")]
    # Pao on ron: the liable player pays half the pao part, the discarder the rest and
    # the honba, unless the rules make the liable player pay the honba (Tenhou).
    liable = pao_points // 200 * 100 + liable_honba
    return [
        Transfer(loser, win.winner, points - liable, "ron"),
        Transfer(win.pao, win.winner, liable, "pao"),
    ]


def _stick_transfers(
    state: GameState, outcome: Outcome, nearest: int, rules: Rules
) -> tuple[Transfer, ...]:
    sticks = state.riichi_sticks + len(outcome.riichi)
    transfers = []
    if rules.multiple_ron_sticks == "own_back" and len(outcome.wins) > 1:
        for winner in outcome.winners:
            if winner != nearest and winner in outcome.riichi:
                transfers.append(Transfer(None, winner, STICK, "sticks"))
                sticks -= 1
    if sticks:
        transfers.append(Transfer(None, nearest, STICK * sticks, "sticks"))
    return tuple(transfers)


def _settle_tsumo(
    state: GameState, outcome: Outcome, value: HandValue, pao: HandValue | None, rules: Rules
) -> tuple[Transfer, ...]:
    win = outcome.wins[0]
    is_dealer = win.winner == state.dealer
    # The liable player pays as if they had dealt in (包牌: 全部相关点数): in sanma no
    # tsumo loss or split, which is the same sum as a tsumo's with four players.
    if pao == value:  # the whole hand, honba included
        value.check_win(tsumo=True, rules=rules)
        whole = ron_payment(value, is_dealer=is_dealer, rules=rules, honba=state.honba)
        paid: tuple[Transfer, ...] = (Transfer(win.pao, win.winner, whole, "pao"),)
    else:  # the liable player pays the pao yakuman; the rest is an ordinary tsumo
        rest = value if pao is None else HandValue(yakuman=value.yakuman - pao.yakuman)
        payments = win_payments(
            rest, is_dealer=is_dealer, tsumo=True, rules=rules, honba=state.honba
        )
        paid = tuple(
            Transfer(
                seat,
                win.winner,
                payments.dealer if seat == state.dealer else payments.non_dealer,
                "tsumo",
            )
            for seat in state.seats
            if seat != win.winner
        )
        if pao is not None:
            liable = ron_payment(pao, is_dealer=is_dealer, rules=rules)
            paid += (Transfer(win.pao, win.winner, liable, "pao"),)
    return (*paid, *_stick_transfers(state, outcome, win.winner, rules))


def _settle_draw(state: GameState, outcome: Outcome, rules: Rules) -> tuple[Transfer, ...]:
    if outcome.nagashi:
        return tuple(
            t for seat in outcome.nagashi for t in _mangan_tsumo(state, seat, "nagashi", rules)
        )
    tenpai, noten = outcome.tenpai, [s for s in state.seats if s not in outcome.tenpai]
    if not tenpai or not noten or not rules.noten_penalty:
        return ()
    each = rules.noten_penalty // (len(tenpai) * len(noten))
    return tuple(Transfer(payer, payee, each, "noten") for payer in noten for payee in tenpai)


def _mangan_tsumo(state: GameState, winner: int, reason: str, rules: Rules) -> tuple[Transfer, ...]:
    """Return the payments of a mangan tsumo by ``winner`` (no honba; in sanma, as the
    rules pay a tsumo there)."""
    paid = tsumo_payments(MANGAN_HAND, is_dealer=winner == state.dealer, rules=rules)
    return tuple(
        Transfer(seat, winner, paid.dealer if seat == state.dealer else paid.non_dealer, reason)
        for seat in state.seats
        if seat != winner
    )


def _settle_chombo(state: GameState, outcome: Outcome, rules: Rules) -> tuple[Transfer, ...]:
    player = outcome.player
    assert player is not None
    if rules.chombo != "reverse_mangan":
        return ()
    # A reverse mangan tsumo: the offender pays each other player what a mangan tsumo takes.
    return tuple(
        Transfer(player, t.payer, t.points, "chombo")
        for t in _mangan_tsumo(state, player, "chombo", rules)
        if t.payer is not None
    )


def _doubled_for_wareme(
    transfers: tuple[Transfer, ...], wareme: int | None
) -> tuple[Transfer, ...]:
    if wareme is None:
        return transfers
    return tuple(
        dataclasses.replace(t, points=2 * t.points)
        if None not in (t.payer, t.payee) and wareme in (t.payer, t.payee)
        else t
        for t in transfers
    )


def deltas_of(transfers: Sequence[Transfer], players: int = 4) -> tuple[int, ...]:
    """Return each player's change of score from a round's transfers.

    >>> deltas_of([Transfer(0, 1, 1000, "ron"), Transfer(2, None, 1000, "riichi")])
    (-1000, 1000, -1000, 0)
    """
    deltas = [0] * players
    for transfer in transfers:
        if transfer.payer is not None:
            deltas[transfer.payer] -= transfer.points
        if transfer.payee is not None:
            deltas[transfer.payee] += transfer.points
    return tuple(deltas)
