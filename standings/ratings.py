"""Ratings from places: OpenSkill (Plackett-Luce) and Tenhou-style R.

No Django here: ``rate_game`` takes the players' states before a game (four, or
three in sanma) and their places, and returns their states after it. Callers keep
the two player counts apart: a three-player game never moves a four-player rating.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
TENHOU_START = 1500.0
# By place, a hanchan, for four and for three players (Tenhou's ranked lobby:
# +30 +10 −10 −30, and +30 0 −30 in sanma).
TENHOU_BASE = {4: (30.0, 10.0, -10.0, -30.0), 3: (30.0, 0.0, -30.0)}


@dataclass(frozen=True)
class RatingState:
    """A player's ratings after ``games`` games."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    tenhou_r: float = TENHOU_START
    games: int = 0

    @property
    def ordinal(self) -> float:
        """Return μ − 3σ, the cautious estimate the leaderboard sorts by."""
        return self.mu - 3 * self.sigma


def rate_game(before: list[RatingState], places: list[int]) -> list[RatingState]:
    """Return the players' states after one game (four players, or three).

    >>> after = rate_game([RatingState()] * 4, [1, 2, 3, 4])
    >>> after[0].mu > after[3].mu, after[0].tenhou_r, after[3].tenhou_r
    (True, 1530.0, 1470.0)
    >>> [state.tenhou_r for state in rate_game([RatingState()] * 3, [1, 2, 3])]
    [1530.0, 1500.0, 1470.0]
    """
    teams = MODEL.rate([[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in before], ranks=list(places))
    table_r = sum(s.tenhou_r for s in before) / len(before)
    return [
        RatingState(
            mu=team[0].mu,
            sigma=team[0].sigma,
            tenhou_r=state.tenhou_r + tenhou_change(state, place, places, table_r),
            games=state.games + 1,
        )
        for state, place, team in zip(before, places, teams)
    ]


def tenhou_change(state: RatingState, place: int, places: list[int], table_r: float) -> float:
    """Return the change of Tenhou R; tied players share the bases of their places.

    >>> tenhou_change(RatingState(), 1, [1, 1, 3, 4], 1500.0)
    20.0
    >>> tenhou_change(RatingState(), 1, [1, 1, 3], 1500.0)
    15.0
    """
    bases = TENHOU_BASE[len(places)]
    tied = [i for i in range(len(places)) if places[i] == place]
    base = sum(bases[place - 1 + i] for i in range(len(tied))) / len(tied)
    adjust = max(1 - 0.002 * state.games, 0.2)
    return round((base + (table_r - state.tenhou_r) / 40) * adjust, 4)
