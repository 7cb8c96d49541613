"""A game, round by round: state, outcomes, progression, end and replay.

Use::

    rules = Rules.from_json("wrc")
    state = start(rules)                       # E1, 0 honba, 30,000 each
    result = play(state, Outcome.ron(2, Win(0, HandValue(han=3, fu=40))), rules)
    result.deltas                              # (7700, 0, -7700, 0)
    result.transfers                           # who paid whom (Transfer values)
    state = result.state                       # E1 1 honba: the dealer kept the deal
    state = apply(state, outcome, rules)       # the same, returning only the state

    game = replay(record_json)                 # a FORMATS.md section 3 record
    game.to_json()                             # the replay result of section 3
    game.settlement                            # a Settlement once finished

Seats are starting seats (0 = the first dealer). ``GameState`` is immutable;
``play`` validates the outcome against the state and the rules and raises an
``OutcomeError`` (a ``ScoringError``) naming the problem, changing nothing.
Everything about honba, riichi sticks, dealer rotation, extension and the end
of the game lives here; settlement (uma, oka, ...) in ``scoring.settlement``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.errors import ScoringError, shown
from scoring.outcome import Outcome, OutcomeError, Win
from scoring.rules import GAME_LENGTHS, Rules
from scoring.score import score_hand as score_tiles
from scoring.settlement import Penalty, Settlement, rank, settle
from scoring.value import MANGAN, STICK, HandValue, round_up_100, win_payments

__all__ = [
    "GameState",
    "Outcome",
    "OutcomeError",
    "RecordError",
    "Replay",
    "RoundResult",
    "Transfer",
    "Win",
    "apply",
    "describe",
    "play",
    "replay",
    "start",
]

WINDS = "ESWN"
WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}
NOBODY = (0, 0, 0, 0)


class RecordError(ScoringError):
    """A game record that cannot be replayed; the message names the round."""

    code = "bad_record"


@dataclass(frozen=True)
class GameState:
    """The table before a round: scores, counters, and whether the game is over."""

    scores: tuple[int, ...]
    round_index: int = 0  # dealer passes since the start; the dealer is round_index % 4
    round_wind: str = "E"
    round_number: int = 1  # E1 is 1; east_east goes on to E5..E8
    honba: int = 0
    riichi_sticks: int = 0  # 1,000-point deposits on the table
    finished: bool = False
    ended_by: str | None = None  # last_round, tobi, agari_yame, tenpai_yame, sudden_death,
    # chombo, all_draw
    round_count: int = 0  # rounds played so far
    chombos: tuple[int, ...] = NOBODY  # chombo count per player (deducted at settlement)
    wins: tuple[int, ...] = NOBODY  # wins per player (for yakitori)
    last_deltas: tuple[int, ...] = NOBODY  # score changes of the round that led here
    busted_by: int | None = None  # who gained most in the round that ended by tobi

    @property
    def dealer(self) -> int:
        """Return the dealer's starting seat."""
        return self.round_index % 4

    @property
    def label(self) -> str:
        """Return the round's name: E1..E4, S1.., W1.., N1...

        >>> start(Rules()).label
        'E1'
        """
        return f"{self.round_wind}{self.round_number}"

    def seat_wind(self, seat: int) -> str:
        """Return the seat's wind this round (E for the dealer)."""
        return WINDS[(seat - self.dealer) % 4]

    def apply(self, outcome: Outcome, rules: Rules) -> GameState:
        """Return the state after ``outcome`` (see ``apply``)."""
        return play(self, outcome, rules).state

    def to_json(self) -> dict[str, Any]:
        """Return the counters as the replay's ``next`` block writes them."""
        return {
            "round": self.label,
            "honba": self.honba,
            "riichi_sticks": self.riichi_sticks,
            "dealer": self.dealer,
        }


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


@dataclass(frozen=True)
class RoundResult:
    """One round played: the state before, the outcome, the transfers, the state after."""

    before: GameState
    outcome: Outcome
    transfers: tuple[Transfer, ...]
    state: GameState
    values: tuple[HandValue, ...] = ()  # each win's value, in the order of outcome.wins
    # each win's scored hand (FORMATS.md section 2 result) if entered as tiles, else None
    hands: tuple[Mapping[str, Any] | None, ...] = field(default=(), hash=False)

    @property
    def deltas(self) -> tuple[int, ...]:
        """Return each player's change of score, riichi deposits included."""
        return self.state.last_deltas

    def to_json(self) -> dict[str, Any]:
        """Return the round as an entry of the replay result's ``rounds``; a round with
        a win entered as tiles also lists ``hands``, each win's scored hand (FORMATS.md
        section 2 result) or null for a win given as han/fu."""
        data = {
            **self.before.to_json(),
            "deltas": list(self.deltas),
            "scores": list(self.state.scores),
        }
        if any(self.hands):
            data["hands"] = list(self.hands)
        return data


def start(rules: Rules) -> GameState:
    """Return the state before the first round.

    >>> start(Rules.from_json("wrc")).scores
    (30000, 30000, 30000, 30000)
    """
    return GameState(scores=(rules.start_points,) * 4)


def apply(state: GameState, outcome: Outcome, rules: Rules) -> GameState:
    """Return the state after ``outcome``; see ``play`` for the deltas and transfers.

    >>> state = apply(start(Rules()), Outcome.draw(tenpai=(1,)), Rules())
    >>> state.label, state.honba, state.scores
    ('E2', 1, (24000, 28000, 24000, 24000))
    """
    return play(state, outcome, rules).state


def play(state: GameState, outcome: Outcome, rules: Rules) -> RoundResult:
    """Return the round played: validated outcome, transfers, deltas and next state.

    >>> result = play(start(Rules()), Outcome.tsumo(Win(1, HandValue(han=1, fu=30))), Rules())
    >>> result.deltas, result.state.label
    ((-500, 1100, -300, -300), 'E2')
    """
    _check_playable(state, outcome, rules)
    hands = tuple(score_hand(win, state, outcome, rules) for win in outcome.wins)
    values = tuple(
        _win_value(win, hand, state, outcome, rules) for win, hand in zip(outcome.wins, hands)
    )
    transfers = _riichi_deposits(state, outcome, rules) + _settle_round(
        state, outcome, values, rules
    )
    transfers = _doubled_for_wareme(transfers, outcome.wareme)
    return RoundResult(
        state, outcome, transfers, _next_state(state, outcome, transfers, rules), values, hands
    )


# Validation


def _check_playable(state: GameState, outcome: Outcome, rules: Rules) -> None:
    if state.finished:
        raise OutcomeError(f"the game has already ended ({state.ended_by})")
    if outcome.wareme is not None and not rules.wareme:
        raise OutcomeError("wareme is named but these rules do not use wareme")
    for seat in outcome.riichi:
        if state.scores[seat] < STICK and not rules.riichi_below_1000:
            raise OutcomeError(
                f"player {seat} declared riichi with {state.scores[seat]} points (under 1,000)"
            )
    CHECKS[outcome.result](state, outcome, rules)


def _check_ron(state: GameState, outcome: Outcome, rules: Rules) -> None:
    count = len(outcome.wins)
    if count > 1 and rules.multiple_ron == "head_bump":
        raise OutcomeError(
            f"{count} winners on one discard, but under head bump only the nearest wins"
        )
    if count == 3 and rules.multiple_ron == "double_only":
        raise OutcomeError("triple ron is not paid under these rules: record an abort sanchahou")
    _check_pao(outcome, rules)


def _check_tsumo(state: GameState, outcome: Outcome, rules: Rules) -> None:
    _check_pao(outcome, rules)


MAX_YAKUMAN = 6  # the most yakuman one hand can hold (e.g. daisuushii, tsuuiisou, suukantsu
# and suuankou tanki, two of them doubles); more is no real hand


def _check_pao(outcome: Outcome, rules: Rules) -> None:
    for win in outcome.wins:
        if win.value is not None and win.value.yakuman > MAX_YAKUMAN:
            raise OutcomeError(
                f"a hand holds at most {MAX_YAKUMAN} yakuman, not {win.value.yakuman}"
            )
        if win.pao is not None and not rules.pao:
            raise OutcomeError("pao is named but these rules have no pao")
        if win.pao is not None and win.value is not None and not win.value.yakuman:
            raise OutcomeError(f"pao needs a yakuman, but player {win.winner}'s win is not one")


def _check_draw(state: GameState, outcome: Outcome, rules: Rules) -> None:
    if outcome.nagashi and rules.nagashi == "none":
        raise OutcomeError("nagashi mangan is named but these rules do not pay it")


def _check_abort(state: GameState, outcome: Outcome, rules: Rules) -> None:
    if outcome.reason not in rules.abortive_draws:
        raise OutcomeError(f"{outcome.reason} is not an abortive draw under these rules")


def _check_chombo(state: GameState, outcome: Outcome, rules: Rules) -> None:
    return


CHECKS = {
    "ron": _check_ron,
    "tsumo": _check_tsumo,
    "draw": _check_draw,
    "abort": _check_abort,
    "chombo": _check_chombo,
}


def _win_value(
    win: Win, hand: Mapping[str, Any] | None, state: GameState, outcome: Outcome, rules: Rules
) -> HandValue:
    value = win.value
    if value is None:  # a Win has a value or a hand
        assert hand is not None
        value = HandValue(han=hand["han"], fu=hand["fu"], yakuman=hand["yakuman"])
    value.check_win(tsumo=outcome.result == "tsumo")
    minimum = rules.two_han_minimum_honba
    if minimum and state.honba >= minimum and not value.yakuman and value.han < 2:
        raise OutcomeError(
            f"player {win.winner} won with {value.han} han at {state.honba} honba; "
            f"these rules need 2 han from {minimum} honba"
        )
    return value


def score_hand(
    win: Win, state: GameState, outcome: Outcome, rules: Rules
) -> Mapping[str, Any] | None:
    """Return the scored hand (FORMATS.md section 2 result) of a win given as tiles,
    or None for a win given as han/fu. The hand object has no winds or counters;
    they come from the state."""
    if win.hand is None:
        return None
    hand = {
        # A double riichi is also listed in the round's riichi; the hand says which.
        "riichi": win.winner in outcome.riichi and not win.hand.get("double_riichi"),
        **win.hand,
        "tsumo": outcome.result == "tsumo",
        "seat_wind": state.seat_wind(win.winner),
        "round_wind": state.round_wind,
        "honba": state.honba,  # the scorer applies the 2-han minimum without dora
        "riichi_sticks": 0,
        "rules": rules.to_json(),
    }
    return score_tiles(hand)


# Payments


def _riichi_deposits(state: GameState, outcome: Outcome, rules: Rules) -> tuple[Transfer, ...]:
    return tuple(Transfer(seat, None, STICK, "riichi") for seat in outcome.riichi)


def _settle_round(
    state: GameState, outcome: Outcome, values: tuple[HandValue, ...], rules: Rules
) -> tuple[Transfer, ...]:
    if outcome.result == "ron":
        return _settle_ron(state, outcome, values, rules)
    if outcome.result == "tsumo":
        return _settle_tsumo(state, outcome, values[0], rules)
    if outcome.result == "draw":
        return _settle_draw(state, outcome, rules)
    if outcome.result == "chombo":
        return _settle_chombo(state, outcome, rules)
    return ()


def _settle_ron(
    state: GameState, outcome: Outcome, values: tuple[HandValue, ...], rules: Rules
) -> tuple[Transfer, ...]:
    loser = outcome.loser
    assert loser is not None
    order = sorted(range(len(outcome.wins)), key=lambda i: (outcome.wins[i].winner - loser) % 4)
    transfers: list[Transfer] = []
    for rank_from_loser, i in enumerate(order):
        win, value = outcome.wins[i], values[i]
        gets_honba = rank_from_loser == 0 or rules.multiple_ron_honba == "each"
        honba = state.honba if gets_honba else 0
        points = win_payments(
            value, is_dealer=win.winner == state.dealer, tsumo=False, rules=rules, honba=honba
        ).ron
        transfers += _ron_transfers(loser, win, points, rules.honba_value * honba)
    nearest = outcome.wins[order[0]].winner
    return (*transfers, *_stick_transfers(state, outcome, nearest, rules))


def _ron_transfers(loser: int, win: Win, points: int, honba_points: int) -> list[Transfer]:
    if win.pao is None or win.pao == loser:
        return [Transfer(loser, win.winner, points, "ron")]
    # Pao on ron: the liable player pays half the hand, the discarder the rest and the honba.
    half = (points - honba_points) // 200 * 100
    return [
        Transfer(loser, win.winner, points - half, "ron"),
        Transfer(win.pao, win.winner, half, "pao"),
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
    state: GameState, outcome: Outcome, value: HandValue, rules: Rules
) -> tuple[Transfer, ...]:
    win = outcome.wins[0]
    payments = win_payments(
        value, is_dealer=win.winner == state.dealer, tsumo=True, rules=rules, honba=state.honba
    )
    if win.pao is not None:
        paid: tuple[Transfer, ...] = (Transfer(win.pao, win.winner, payments.total(), "pao"),)
    else:
        paid = tuple(
            Transfer(
                seat,
                win.winner,
                payments.dealer if seat == state.dealer else payments.non_dealer,
                "tsumo",
            )
            for seat in range(4)
            if seat != win.winner
        )
    return (*paid, *_stick_transfers(state, outcome, win.winner, rules))


def _settle_draw(state: GameState, outcome: Outcome, rules: Rules) -> tuple[Transfer, ...]:
    if outcome.nagashi:
        return tuple(t for seat in outcome.nagashi for t in _mangan_tsumo(state, seat, "nagashi"))
    tenpai, noten = outcome.tenpai, [s for s in range(4) if s not in outcome.tenpai]
    if not tenpai or not noten:
        return ()
    each = rules.noten_penalty // (len(tenpai) * len(noten))
    return tuple(Transfer(payer, payee, each, "noten") for payer in noten for payee in tenpai)


def _mangan_tsumo(state: GameState, winner: int, reason: str) -> tuple[Transfer, ...]:
    """Return the payments of a mangan tsumo by ``winner`` (no honba)."""
    return tuple(
        Transfer(
            seat,
            winner,
            round_up_100(MANGAN * (2 if state.dealer in (seat, winner) else 1)),
            reason,
        )
        for seat in range(4)
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
        for t in _mangan_tsumo(state, player, "chombo")
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


def deltas_of(transfers: Sequence[Transfer]) -> tuple[int, ...]:
    """Return each player's change of score from a round's transfers.

    >>> deltas_of([Transfer(0, 1, 1000, "ron"), Transfer(2, None, 1000, "riichi")])
    (-1000, 1000, -1000, 0)
    """
    deltas = [0, 0, 0, 0]
    for transfer in transfers:
        if transfer.payer is not None:
            deltas[transfer.payer] -= transfer.points
        if transfer.payee is not None:
            deltas[transfer.payee] += transfer.points
    return tuple(deltas)


# Progression


def _next_state(
    state: GameState, outcome: Outcome, transfers: tuple[Transfer, ...], rules: Rules
) -> GameState:
    deltas = deltas_of(transfers)
    scores = tuple(score + delta for score, delta in zip(state.scores, deltas, strict=True))
    table = sum(t.points for t in transfers if t.payee is None)
    taken = sum(t.points for t in transfers if t.payer is None)
    keeps = _dealer_keeps(state, outcome, rules)
    scored = dataclasses.replace(
        state,
        scores=scores,
        riichi_sticks=state.riichi_sticks + (table - taken) // STICK,
        honba=_next_honba(state, outcome, keeps),
        round_count=state.round_count + 1,
        chombos=_count(state.chombos, [outcome.player] if outcome.result == "chombo" else []),
        wins=_count(state.wins, outcome.winners),
        last_deltas=deltas,
    )
    ended_by = _ending(scored, state, outcome, keeps, rules)
    if ended_by:
        busted_by = max(range(4), key=lambda s: (deltas[s], -s)) if ended_by == "tobi" else None
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
        return rules.renchan == "tenpai" and state.dealer in outcome.tenpai
    if outcome.result == "abort":
        return rules.abort_renchan
    return True  # a chombo replays the round


def _next_honba(state: GameState, outcome: Outcome, keeps: bool) -> int:
    """Return the next honba: +1 after a dealer win or any draw, 0 after a non-dealer win."""
    if outcome.result == "chombo":
        return state.honba
    if outcome.result in ("ron", "tsumo") and not keeps:
        return 0
    return state.honba + 1


def round_name(index: int, rules: Rules) -> tuple[str, int]:
    """Return the wind and number of the round after ``index`` dealer passes.

    >>> round_name(4, Rules()), round_name(8, Rules(game_length="east_east"))
    (('S', 1), ('E', 9))
    """
    winds = _winds(rules)
    group = min(index // 4, len(winds) - 1)
    wind = winds[group]
    return wind, 4 * winds[:group].count(wind) + index - 4 * group + 1


def _winds(rules: Rules) -> str:
    regular, extension = GAME_LENGTHS[rules.game_length]
    extra = (extension * 16)[: rules.extension_winds] if extension else ""
    return regular + extra


def _ending(
    scored: GameState, before: GameState, outcome: Outcome, keeps: bool, rules: Rules
) -> str | None:
    if _is_bust(scored.scores, rules):
        return "tobi"
    if outcome.result == "chombo":
        return "chombo" if rules.chombo_ends_game else None
    if rules.game_length == "one_round":
        return "last_round"
    regular = 4 * len(GAME_LENGTHS[rules.game_length][0])
    last = 4 * len(_winds(rules))
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
    if reached and (rules.sudden_death or (index + 1) % 4 == 0):
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
    if is_top and rules.tenpai_yame and outcome.result == "draw":
        return "tenpai_yame"
    return None


# Riichi declared during the hand


class RiichiError(OutcomeError):
    """A riichi the rules refuse (``seat``: the player; ``points``: their score)."""

    code = "riichi_refused"

    def __init__(self, seat: int, points: int) -> None:
        super().__init__(f"player {seat} cannot declare riichi with {points} points (under 1,000)")
        self.seat, self.points = seat, points


def with_riichi(state: GameState, seats: Sequence[int], rules: Rules) -> GameState:
    """Return the table while the hand is played, with riichi declared by ``seats``: each
    has put 1,000 on the table. The round's record carries them once it is recorded.

    >>> table = with_riichi(start(Rules()), [2], Rules())
    >>> table.scores, table.riichi_sticks
    ((25000, 25000, 24000, 25000), 1)
    """
    scores = list(state.scores)
    for seat in sorted(set(seats)):
        if scores[seat] < STICK and not rules.riichi_below_1000:
            raise RiichiError(seat, scores[seat])
        scores[seat] -= STICK
    sticks = state.riichi_sticks + len(set(seats))
    return dataclasses.replace(state, scores=tuple(scores), riichi_sticks=sticks)


# Replay


@dataclass(frozen=True)
class Replay:
    """A record replayed: every round played, and the state after the last one."""

    rules: Rules
    players: tuple[str, ...]
    rounds: tuple[RoundResult, ...]
    state: GameState
    penalties: tuple[Penalty, ...] = ()

    @property
    def settlement(self) -> Settlement | None:
        """Return the settlement once the game has finished, else None."""
        if not self.state.finished:
            return None
        return settle(self.state, self.rules, self.penalties)

    def to_json(self) -> dict[str, Any]:
        """Return the replay result of FORMATS.md section 3."""
        data: dict[str, Any] = {
            "rounds": [result.to_json() for result in self.rounds],
            "next": self.state.to_json(),
            "finished": self.state.finished,
        }
        if self.state.ended_by:
            data["ended_by"] = self.state.ended_by
        if self.settlement is not None:
            data["final"] = self.settlement.to_json()
        return data


def replay(record: Mapping[str, Any]) -> Replay:
    """Return the replay of a game record (FORMATS.md section 3).

    >>> game = replay({"rules": "wrc", "rounds": [
    ...     {"result": "ron", "loser": 2, "wins": [{"winner": 0, "han": 3, "fu": 40}],
    ...      "riichi": [0]}]})
    >>> game.to_json()["rounds"][0]["deltas"], game.state.label, game.state.honba
    ([7700, 0, -7700, 0], 'E1', 1)
    """
    if not isinstance(record, Mapping):
        raise RecordError(f"a game record must be a JSON object, not {type(record).__name__}")
    try:
        rules = Rules.from_json(record.get("rules"))
    except ScoringError as error:
        raise RecordError(f"rules: {error}") from None
    players = _players(record.get("players", ["", "", "", ""]))
    penalties = _penalties(record.get("penalties", []))
    rounds = record.get("rounds", [])
    if not isinstance(rounds, list):
        raise RecordError("rounds must be a list")
    if len(rounds) > MAX_ROUNDS:
        raise RecordError(f"a game record holds at most {MAX_ROUNDS} rounds, not {len(rounds)}")
    state, played = start(rules), []
    for number, data in enumerate(rounds, start=1):
        try:
            result = play(state, Outcome.from_json(data), rules)
        except ScoringError as error:
            raise RecordError(f"round {number} ({state.label}): {error}") from None
        played.append(result)
        state = result.state
    state = _ended_early(state, record.get("ended_early"))
    return Replay(rules, players, tuple(played), state, penalties)


MAX_ROUNDS = 200  # far more than any game: a hanchan rarely passes 30 rounds
EARLY_ENDINGS = ("agreement", "time_limit")


def _ended_early(state: GameState, reason: Any) -> GameState:
    """Return the state of a game the table ended before its last round (``ended_early``:
    ``agreement`` or ``time_limit``): settled on the scores as they stand."""
    if reason is None:
        return state
    if reason not in EARLY_ENDINGS:
        raise RecordError(
            f"ended_early must be one of {', '.join(EARLY_ENDINGS)}, not {shown(reason)}"
        )
    if state.finished:
        raise RecordError(f"the game already ended ({state.ended_by}); it cannot end early too")
    return dataclasses.replace(state, finished=True, ended_by=reason)


def _players(names: Any) -> tuple[str, ...]:
    if (
        not isinstance(names, list)
        or len(names) != 4
        or not all(isinstance(name, str) for name in names)
    ):
        raise RecordError(f"players must be a list of 4 names, not {shown(names)}")
    return tuple(names)


def _penalties(entries: Any) -> tuple[Penalty, ...]:
    if not isinstance(entries, list):
        raise RecordError("penalties must be a list")
    try:
        return tuple(Penalty.from_json(entry) for entry in entries)
    except ScoringError as error:
        raise RecordError(f"penalties: {error}") from None


# Words


def describe(result: RoundResult, players: Sequence[str] = ()) -> list[str]:
    """Return the round's payments in words, one line per transfer.

    >>> result = play(start(Rules()), Outcome.ron(2, Win(0, HandValue(han=3, fu=40))), Rules())
    >>> describe(result, ["Aki", "Bo", "Chen", "Dai"])
    ['Chen pays Aki 7,700 (ron)']
    """

    def name(seat: int | None) -> str:
        if seat is None:
            return "the table"
        return players[seat] if len(players) > seat and players[seat] else f"player {seat}"

    return [
        f"{name(t.payer)} pays {name(t.payee)} {t.points:,} ({t.reason})" for t in result.transfers
    ]
