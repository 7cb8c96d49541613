"""Errors of the scoring engine: each names the value that is wrong."""

from __future__ import annotations

# The largest whole number the engine takes in (points, han, honba, sticks, multiples):
# far beyond any game, and small enough that every result stays an ordinary number.
LARGEST = 10_000_000


class ScoringError(ValueError):
    """Base of every error the engine raises on bad input."""

    code = "scoring_error"


class InvalidHandError(ScoringError):
    """A han/fu value that no hand can have."""

    code = "invalid_hand"


class RulesError(ScoringError):
    """An unknown rule option, preset, or an impossible option value."""

    code = "bad_option"


class BadNotationError(ScoringError):
    """Tiles that are not valid MPSZ notation, or a fifth copy, or two red fives of a suit."""

    code = "bad_notation"


class BadMeldError(ScoringError):
    """A meld that is not a chi, pon or kan of the tiles it names."""

    code = "bad_meld"


class WrongTileCountError(ScoringError):
    """A hand with the wrong number of tiles for its melds."""

    code = "wrong_tile_count"


class BadWinTileError(ScoringError):
    """A winning tile that is not one of the hand's concealed tiles."""

    code = "bad_win_tile"


class NotAWinningHandError(ScoringError):
    """Tiles that do not form four sets and a pair, seven pairs or thirteen orphans."""

    code = "not_a_winning_hand"


class BadHandError(ScoringError):
    """A hand JSON object with a missing or malformed key."""

    code = "bad_hand"


class NoYakuError(ScoringError):
    """A winning shape without a yaku (dora alone are not a yaku)."""

    code = "no_yaku"


class TwoHanMinimumError(NoYakuError):
    """A win under 2 han without dora where the rules' honba count asks for 2."""

    code = "two_han_minimum"


class BadFlagsError(ScoringError):
    """Win flags that cannot happen together or on this hand (ippatsu without riichi...)."""

    code = "bad_flags"
