"""The end of a game (FORMATS.md section 3 ``final``; the seed's 点数精算, 丘 and 马):
places, leftover sticks, oka, uma, rounding and penalties.

``settle(state, rules, penalties)`` turns a game's final ``GameState`` into a
``Settlement``: one ``PlayerResult`` per starting seat with the breakdown the
ledger shows (raw points, uma, oka, chombo, yakitori, tobi bonus, penalties) and
the result in thousands of points as a float. ``Settlement.to_json()`` is the
``final`` block of FORMATS.md section 3; ``breakdown_json()`` adds the parts.

Every part is computed in whole points first, so results are exact to 0.1.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.errors import LARGEST, ScoringError, shown
from scoring.rules import Rules
from scoring.state import GameState
from scoring.value import STICK


class PenaltyError(ScoringError):
    """A malformed penalty entry."""

    code = "bad_penalty"


@dataclass(frozen=True)
class Penalty:
    """Points added to (or, negative, taken from) a player's settled result."""

    player: int
    points: int
    reason: str = ""

    def __post_init__(self) -> None:
        if type(self.player) is not int or not 0 <= self.player < 4:
            raise PenaltyError(f"penalty player must be a seat 0-3, not {shown(self.player)}")
        if type(self.points) is not int or abs(self.points) > LARGEST:
            raise PenaltyError(
                f"penalty points must be a whole number from -{LARGEST:,} to {LARGEST:,}, "
                f"not {shown(self.points)}"
            )

    @classmethod
    def from_json(cls, data: Any) -> Penalty:
        """Return the penalty a FORMATS.md ``penalties`` entry describes.

        >>> Penalty.from_json({"player": 2, "points": -20000, "reason": "late"}).points
        -20000
        """
        if not isinstance(data, Mapping) or set(data) - {"player", "points", "reason"}:
            raise PenaltyError(f"a penalty is {{player, points, reason}}, not {shown(data)}")
        reason = data.get("reason", "")
        if not isinstance(reason, str):
            raise PenaltyError(f"penalty reason must be text, not {shown(reason)}")
        return cls(player=data.get("player"), points=data.get("points"), reason=reason)  # type: ignore[arg-type]

    def to_json(self) -> dict[str, Any]:
        """Return the penalty as FORMATS.md writes it."""
        data: dict[str, Any] = {"player": self.player, "points": self.points}
        if self.reason:
            data["reason"] = self.reason
        return data


@dataclass(frozen=True)
class PlayerResult:
    """One player's settlement. Parts are in points; ``result`` is in thousands."""

    seat: int
    points: int  # final table score
    place: int  # 1-4; tied players share a place when the rules split ties
    sticks: int  # share of the leftover riichi sticks
    raw: int  # points + sticks - return points, after rounding
    uma: int
    oka: int
    chombo: int  # deductions after uma (0 or negative)
    yakitori: int
    tobi: int
    penalty: int

    @property
    def total(self) -> int:
        """Return the settled result in points."""
        parts = (self.raw, self.uma, self.oka, self.chombo, self.yakitori, self.tobi)
        return sum(parts) + self.penalty

    @property
    def result(self) -> float:
        """Return the settled result in thousands of points."""
        return self.total / 1000

    def to_json(self) -> dict[str, Any]:
        """Return the breakdown, every part in thousands."""
        parts = ("raw", "uma", "oka", "chombo", "yakitori", "tobi", "penalty")
        data: dict[str, Any] = {"seat": self.seat, "points": self.points, "place": self.place}
        data["sticks"] = self.sticks
        data.update({name: getattr(self, name) / 1000 for name in parts})
        data["result"] = self.result
        return data


@dataclass(frozen=True)
class Settlement:
    """The settled game: one ``PlayerResult`` per starting seat."""

    players: tuple[PlayerResult, ...]
    leftover_riichi_sticks: int  # sticks on the table at the end (count)
    all_draw: bool = False

    @property
    def scores(self) -> tuple[int, ...]:
        """Return the final table scores."""
        return tuple(player.points for player in self.players)

    @property
    def places(self) -> tuple[int, ...]:
        """Return each player's place."""
        return tuple(player.place for player in self.players)

    @property
    def results(self) -> tuple[float, ...]:
        """Return each player's result in thousands."""
        return tuple(player.result for player in self.players)

    def to_json(self) -> dict[str, Any]:
        """Return the ``final`` block of FORMATS.md section 3."""
        return {
            "scores": list(self.scores),
            "leftover_riichi_sticks": self.leftover_riichi_sticks,
            "places": list(self.places),
            "results": list(self.results),
        }

    def breakdown_json(self) -> list[dict[str, Any]]:
        """Return each player's parts (raw, uma, oka, chombo, ...) in thousands."""
        return [player.to_json() for player in self.players]


def rank(scores: Sequence[int], rules: Rules) -> tuple[int, ...]:
    """Return each seat's place; equal points share a place or go by seat order.

    >>> rank([30000, 30000, 20000, 40000], Rules(ties="split"))
    (2, 2, 4, 1)
    >>> rank([30000, 30000, 20000, 40000], Rules(ties="seat"))
    (2, 3, 4, 1)
    """
    if rules.ties == "seat":
        order = sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))
        return tuple(order.index(seat) + 1 for seat in range(len(scores)))
    return tuple(1 + sum(other > score for other in scores) for score in scores)


def split_points(points: int, seats: Sequence[int]) -> dict[int, int]:
    """Return ``points`` shared in hundreds; the remainder goes to the lowest seats.

    >>> split_points(1000, [3, 1, 2])
    {1: 400, 2: 300, 3: 300}
    """
    ordered = sorted(seats)
    share, left = divmod(points // 100, len(ordered))
    return {seat: 100 * (share + (i < left)) for i, seat in enumerate(ordered)}


def settle(state: GameState, rules: Rules, penalties: Iterable[Penalty] = ()) -> Settlement:
    """Return the settlement of a game (finished or not) under the rules.

    >>> end = GameState(scores=(42300, 31000, 27500, 19200))
    >>> settle(end, Rules.from_json("wrc")).results
    (27.3, 6.0, -7.5, -25.8)
    """
    scores = state.scores
    places = rank(scores, rules)
    all_draw = state.ended_by == "all_draw"
    sticks = {} if all_draw else _stick_shares(state, places, rules)
    uma = {} if all_draw else _shared(_uma_row(scores, rules), places, rules)
    oka = {} if all_draw else _shared((rules.oka_points,) + (0,) * (len(scores) - 1), places, rules)
    raw = {} if all_draw else _raw(scores, sticks, uma, oka, places, rules)
    players = tuple(
        PlayerResult(
            seat=seat,
            points=scores[seat],
            place=1 if all_draw else places[seat],
            sticks=sticks.get(seat, 0),
            raw=raw.get(seat, 0),
            uma=uma.get(seat, 0),
            oka=oka.get(seat, 0),
            chombo=_chombo(state, seat, rules),
            yakitori=-rules.yakitori if rules.yakitori and not state.wins[seat] else 0,
            tobi=_tobi(state, seat, rules),
            penalty=sum(p.points for p in penalties if p.player == seat),
        )
        for seat in state.seats
    )
    return Settlement(players, leftover_riichi_sticks=state.riichi_sticks, all_draw=all_draw)


def _stick_shares(state: GameState, places: Sequence[int], rules: Rules) -> dict[int, int]:
    firsts = [seat for seat in state.seats if places[seat] == 1]
    points = STICK * state.riichi_sticks
    if rules.leftover_sticks == "lost" or not points:
        return {}
    if rules.leftover_sticks == "returned":  # to their owners; a stick of no known owner is lost
        owners = state.stick_owners[-state.riichi_sticks :]
        return {seat: STICK * owners.count(seat) for seat in sorted(set(owners))}
    if rules.leftover_sticks == "first":
        return {firsts[0]: points}
    return split_points(points, firsts)


def _uma_row(scores: Sequence[int], rules: Rules) -> tuple[int, ...]:
    if not rules.floating_uma:
        return rules.uma
    floating = sum(score >= rules.return_points for score in scores)
    return rules.floating_uma[floating]


def _shared(by_place: Sequence[int], places: Sequence[int], rules: Rules) -> dict[int, int]:
    """Return each seat's part of a per-place table, pooled over tied places."""
    shares: dict[int, int] = {}
    for place in sorted(set(places)):
        tied = [seat for seat, at in enumerate(places) if at == place]
        pool = sum(by_place[place - 1 : place - 1 + len(tied)])
        shares.update(_split_signed(pool, tied))
    return shares


def _split_signed(points: int, seats: list[int]) -> dict[int, int]:
    if points >= 0:
        return split_points(points, seats)
    return {seat: -share for seat, share in split_points(-points, seats).items()}


def _raw(
    scores: Sequence[int],
    sticks: Mapping[int, int],
    uma: Mapping[int, int],
    oka: Mapping[int, int],
    places: Sequence[int],
    rules: Rules,
) -> dict[int, int]:
    raw = {
        seat: score + sticks.get(seat, 0) - rules.return_points for seat, score in enumerate(scores)
    }
    if rules.rounding == "none":
        return raw
    # Old Tenhou: all but 1st to whole thousands (an exact 500 up), 1st = -sum of the others.
    first = min(raw, key=lambda seat: (places[seat], seat))
    rounded = {seat: (points + 500) // 1000 * 1000 for seat, points in raw.items()}
    others = sum(rounded[s] + uma.get(s, 0) + oka.get(s, 0) for s in raw if s != first)
    rounded[first] = -others - uma.get(first, 0) - oka.get(first, 0)
    return rounded


def _chombo(state: GameState, seat: int, rules: Rules) -> int:
    return -rules.chombo_points * state.chombos[seat] if rules.chombo == "deduction" else 0


def _tobi(state: GameState, seat: int, rules: Rules) -> int:
    if state.ended_by != "tobi" or not rules.tobi_bonus or state.busted_by is None:
        return 0
    busted = [
        s
        for s in state.seats
        if state.scores[s] < 0 or (rules.tobi == "zero_or_below" and state.scores[s] == 0)
    ]
    if seat == state.busted_by:
        return rules.tobi_bonus * len(busted)
    return -rules.tobi_bonus if seat in busted else 0
