"""The table before a round (the seed's 日本麻将的规则: 半庄, 局, 庄家 and 连庄): scores,
the round (its wind and number; the dealer is the starting seat whose turn it is),
honba and riichi sticks on the table, and whether the game has ended. Seats are
starting seats (0 = the first dealer); a seat's wind is derived per round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.rules import GAME_LENGTHS, Rules

WINDS = "ESWN"


@dataclass(frozen=True)
class GameState:
    """The table before a round: scores, counters, and whether the game is over."""

    scores: tuple[int, ...]
    round_index: int = 0  # dealer passes since the start; the dealer is round_index % players
    round_wind: str = "E"
    round_number: int = 1  # E1 is 1; east_east goes on to E5..E8
    honba: int = 0
    riichi_sticks: int = 0  # 1,000-point deposits on the table
    # who put the sticks on the table, one seat per stick deposited in this game (sticks
    # of a state built with riichi_sticks alone have no known owner)
    stick_owners: tuple[int, ...] = ()
    finished: bool = False
    ended_by: str | None = None  # last_round, tobi, agari_yame, tenpai_yame, sudden_death,
    # chombo, all_draw
    round_count: int = 0  # rounds played so far
    # per player, () for all zero: chombo count (deducted at settlement), wins (for
    # yakitori), score changes of the round that led here
    chombos: tuple[int, ...] = ()
    wins: tuple[int, ...] = ()
    last_deltas: tuple[int, ...] = ()
    busted_by: int | None = None  # who gained most in the round that ended by tobi
    # the dealer's wins in a row as dealer (paarenchan's count), kept apart from honba as
    # the seed's 本場 note asks: draws add honba but no win, and the count ends with the deal
    dealer_wins: int = 0

    def __post_init__(self) -> None:
        nobody = (0,) * len(self.scores)
        for name in ("chombos", "wins", "last_deltas"):
            if not getattr(self, name):  # a frozen value: filled in once, as it is built
                object.__setattr__(self, name, nobody)

    @property
    def players(self) -> int:
        """Return the number of players at the table: 4, or 3 in sanma."""
        return len(self.scores)

    @property
    def seats(self) -> range:
        """Return the starting seats, 0 to 3 (0 to 2 in sanma)."""
        return range(len(self.scores))

    @property
    def dealer(self) -> int:
        """Return the dealer's starting seat."""
        return self.round_index % self.players

    @property
    def label(self) -> str:
        """Return the round's name: E1..E4 (E1..E3 in sanma), S1.., W1.., N1...

        >>> start(Rules()).label
        'E1'
        """
        return f"{self.round_wind}{self.round_number}"

    def seat_wind(self, seat: int) -> str:
        """Return the seat's wind this round (E for the dealer; no North in sanma)."""
        return WINDS[(seat - self.dealer) % self.players]

    def to_json(self) -> dict[str, Any]:
        """Return the counters as the replay's ``next`` block writes them."""
        return {
            "round": self.label,
            "honba": self.honba,
            "riichi_sticks": self.riichi_sticks,
            "dealer": self.dealer,
        }


def start(rules: Rules) -> GameState:
    """Return the state before the first round.

    >>> start(Rules.from_json("wrc")).scores, start(Rules.from_json("tenhou_sanma")).scores
    ((30000, 30000, 30000, 30000), (35000, 35000, 35000))
    """
    return GameState(scores=(rules.start_points,) * rules.players)


def round_name(index: int, rules: Rules) -> tuple[str, int]:
    """Return the wind and number of the round after ``index`` dealer passes.

    >>> round_name(4, Rules()), round_name(8, Rules(game_length="east_east"))
    (('S', 1), ('E', 9))
    >>> round_name(3, Rules.from_json("tenhou_sanma"))
    ('S', 1)
    """
    winds, seats = round_winds(rules), rules.players
    group = min(index // seats, len(winds) - 1)
    wind = winds[group]
    return wind, seats * winds[:group].count(wind) + index - seats * group + 1


def round_winds(rules: Rules) -> str:
    """Return the winds of a game's rounds in order, its extension winds included.

    >>> round_winds(Rules(game_length="east_north"))
    'EN'
    """
    regular, extension = GAME_LENGTHS[rules.game_length]
    extra = (extension * 16)[: rules.extension_winds] if extension else ""
    return regular + extra
