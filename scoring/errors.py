"""Errors of the scoring engine: each names the value that is wrong, and has the code of
FORMATS.md's error objects (``{"error": {"code": ..., "message": ...}}``, section 2).
"""

from __future__ import annotations

import json

# The largest whole number the engine takes in (points, han, honba, sticks, multiples):
# far beyond any game, and small enough that every result stays an ordinary number.
LARGEST = 10_000_000

# The most characters of a bad value a message echoes: enough to recognise it.
SHOWN_LENGTH = 60


def shown(value: object) -> str:
    """Return ``value`` as a message echoes it: one line of JSON, cut to SHOWN_LENGTH
    characters with "…". Inputs come as JSON, so they are shown as JSON; a value JSON
    cannot write (a Python object passed in-process) is shown by its repr.

    >>> print(shown(None), shown(True), shown("yes"), shown({"a": 1}), shown(float("inf")))
    null true "yes" {"a": 1} Infinity
    >>> shown("1m" * 1000)
    '"1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m…'
    """
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):  # not JSON, circular or too deep
        text = _repr(value)
    return cut(text)


def cut(text: str) -> str:
    """Return text from the input (names, bad values) as a message echoes it: cut to
    SHOWN_LENGTH characters with "…".

    >>> cut("bogus"), len(cut("x" * 1000))
    ('bogus', 60)
    """
    # A lone surrogate (from a JSON escape such as "\ud800") cannot be encoded:
    # write it as that escape, so the message can be printed or sent as UTF-8.
    text = text[: SHOWN_LENGTH + 1].encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= SHOWN_LENGTH else text[: SHOWN_LENGTH - 1] + "…"


def _repr(value: object) -> str:
    try:
        return repr(value)
    except Exception:  # nested too deeply, an int too long to write, a broken __repr__
        return f"<{type(value).__name__}>"


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
