"""Errors of the scoring engine: each names the value that is wrong."""

from __future__ import annotations


class ScoringError(ValueError):
    """Base of every error the engine raises on bad input."""

    code = "scoring_error"


class InvalidHandError(ScoringError):
    """A han/fu value that no hand can have."""

    code = "invalid_hand"


class RulesError(ScoringError):
    """An unknown rule option, preset, or an impossible option value."""

    code = "bad_option"
