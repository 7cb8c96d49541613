"""The club's data, a module per idea: the club's people and choices (``club``: players,
online names, rulesets, seasons), sessions and their rounds (``sessions``), and who
changed what (``audit``: the change log and API tokens). Everything is named from here:
``from ledger.models import Session``.
"""

from ledger.models.audit import ApiToken, AuditEntry, hash_token
from ledger.models.club import OnlineName, Player, Ruleset, Season, name_key, preset_choices
from ledger.models.sessions import (
    RESTORE_DAYS,
    SEATS,
    Result,
    Round,
    Session,
    SessionQuerySet,
    SessionSeat,
    _iso,
    new_token,
)

__all__ = [
    "RESTORE_DAYS",
    "SEATS",
    "ApiToken",
    "AuditEntry",
    "OnlineName",
    "Player",
    "Result",
    "Round",
    "Ruleset",
    "Season",
    "Session",
    "SessionQuerySet",
    "SessionSeat",
    "_iso",
    "hash_token",
    "name_key",
    "new_token",
    "preset_choices",
]
