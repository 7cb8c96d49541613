"""A game, round by round (FORMATS.md section 3, a game record and its replay): each
round's outcome checked against the table and the rules, its wins valued (a win given as
tiles scored as FORMATS.md section 2 says), its transfers and the state after it.

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
The table lives in ``scoring.state``, the checks of an outcome against the table and
the rules in ``scoring.round_checks``, a round's payments in ``scoring.payments``, what
comes after it (honba, dealer rotation, extension, the end) in ``scoring.progression``,
and the settlement (uma, oka, ...) in ``scoring.settlement``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.errors import ScoringError, shown
from scoring.outcome import Outcome, OutcomeError, Win
from scoring.payments import Transfer, round_transfers
from scoring.progression import is_paarenchan, next_state
from scoring.round_checks import check_playable
from scoring.rules import Rules
from scoring.score import score_hand as score_tiles
from scoring.settlement import Penalty, Settlement, settle
from scoring.state import GameState, start
from scoring.value import STICK, HandValue

__all__ = [
    "GameState",
    "Outcome",
    "OutcomeError",
    "RecordError",
    "Replay",
    "RiichiError",
    "RoundResult",
    "Transfer",
    "Win",
    "apply",
    "describe",
    "play",
    "replay",
    "rules_of_record",
    "start",
    "with_riichi",
]


class RecordError(ScoringError):
    """A game record that cannot be replayed; the message names the round."""

    code = "bad_record"


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
    check_playable(state, outcome, rules)
    hands = tuple(score_hand(win, state, outcome, rules) for win in outcome.wins)
    values = tuple(
        _win_value(win, hand, state, outcome, rules) for win, hand in zip(outcome.wins, hands)
    )
    transfers = round_transfers(state, outcome, values, rules, hands)
    return RoundResult(
        state, outcome, transfers, next_state(state, outcome, transfers, rules), values, hands
    )


def _win_value(
    win: Win, hand: Mapping[str, Any] | None, state: GameState, outcome: Outcome, rules: Rules
) -> HandValue:
    value = win.value
    if value is None:  # a Win has a value or a hand
        assert hand is not None
        value = HandValue(han=hand["han"], fu=hand["fu"], yakuman=hand["yakuman"])
    value.check_win(tsumo=outcome.result == "tsumo", rules=rules)
    if win.winner == state.dealer and is_paarenchan(state, outcome, rules):
        value = HandValue(han=value.han, fu=value.fu, yakuman=value.yakuman + 1)
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
        # an open riichi's deal-in yakuman needs a discarder not in riichi: the round says
        "discarder_riichi": outcome.loser in outcome.riichi,
        "tsumo": outcome.result == "tsumo",
        "seat_wind": state.seat_wind(win.winner),
        "round_wind": state.round_wind,
        "honba": state.honba,  # the scorer applies the 2-han minimum without dora
        "riichi_sticks": 0,
        "rules": rules.to_json(),
    }
    return score_tiles(hand)


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
    owners = (*state.stick_owners, *sorted(set(seats)))
    return dataclasses.replace(
        state, scores=tuple(scores), riichi_sticks=sticks, stick_owners=owners
    )


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


def replay(record: Mapping[str, Any], *, check_rules: bool = True) -> Replay:
    """Return the replay of a game record (FORMATS.md section 3). Rules whose options
    contradict each other are refused unless ``check_rules`` is false (rules stored
    before the check existed).

    >>> game = replay({"rules": "wrc", "rounds": [
    ...     {"result": "ron", "loser": 2, "wins": [{"winner": 0, "han": 3, "fu": 40}],
    ...      "riichi": [0]}]})
    >>> game.to_json()["rounds"][0]["deltas"], game.state.label, game.state.honba
    ([7700, 0, -7700, 0], 'E1', 1)
    """
    if not isinstance(record, Mapping):
        raise RecordError(f"a game record must be a JSON object, not {type(record).__name__}")
    try:
        rules = rules_of_record(record, check=check_rules)
    except ScoringError as error:
        raise RecordError(f"rules: {error}") from None
    names = record.get("players")
    players = _players(names if names is not None else [""] * rules.players, rules)
    penalties = _penalties(record.get("penalties", []), rules)
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
            raise RecordError(f"{_round_named(number, state)}: {error}") from None
        played.append(result)
        state = result.state
    state = _ended_early(state, record.get("ended_early"))
    return Replay(rules, players, tuple(played), state, penalties)


def _round_named(number: int, state: GameState) -> str:
    """Return how a refusal names a round: "round 5 (E4)", or "round 5" alone past the
    game's end, where the round has no label (the end's is the last round's)."""
    return f"round {number}" if state.finished else f"round {number} ({state.label})"


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


def rules_of_record(record: Mapping[str, Any], *, check: bool = True) -> Rules:
    """Return a record's rules: as given, else the club preset (``club_sanma`` for a
    record of three players).

    >>> rules_of_record({"players": ["A", "B", "C"]}).name
    'club_sanma'
    """
    rules, names = record.get("rules"), record.get("players")
    if isinstance(names, list) and len(names) == 3:
        if rules is None:
            rules = "club_sanma"
        elif isinstance(rules, Mapping) and "preset" not in rules:
            rules = {"preset": "club_sanma", **rules}  # options on the sanma default
    return Rules.from_json(rules, check=check)


def _players(names: Any, rules: Rules) -> tuple[str, ...]:
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise RecordError(f"players must be a list of names, not {shown(names)}")
    if len(names) != rules.players:
        kind = "three-player (sanma)" if rules.players == 3 else "four-player"
        raise RecordError(
            f"these rules are {kind}: players must be a list of {rules.players} names, "
            f"not {len(names)}"
        )
    return tuple(names)


def _penalties(entries: Any, rules: Rules) -> tuple[Penalty, ...]:
    if not isinstance(entries, list):
        raise RecordError("penalties must be a list")
    try:
        penalties = tuple(Penalty.from_json(entry) for entry in entries)
    except ScoringError as error:
        raise RecordError(f"penalties: {error}") from None
    for penalty in penalties:
        if penalty.player >= rules.players:
            raise RecordError(
                f"penalties: player {penalty.player} is not at this table of {rules.players} "
                f"(players 0-{rules.players - 1})"
            )
    return penalties


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
