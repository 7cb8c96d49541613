"""What a new session is made of (from the new-session form, an import or the API) and
the check of its players against its rules: as many as the rules seat (four, or three
under sanma rules), each a different one. ``ledger.writes.create_session`` makes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils.translation import gettext, ngettext

from ledger.models import SEATS, Player, Ruleset
from ledger.write_errors import WriteError
from ledger.write_steps import Outcome
from scoring.errors import ScoringError
from scoring.rules import Rules


@dataclass(frozen=True)
class NewSession:
    """What a new session is made of (from the new-session form, an import or the API)."""

    players: Sequence[Player]
    rules: dict[str, Any]
    ruleset: Ruleset | None = None
    table_name: str = ""
    notes: str = ""
    rounds: Sequence[Outcome] = ()
    penalties: Sequence[dict[str, Any]] = ()
    started_at: datetime | None = None
    finished_at: datetime | None = None  # an imported game's end, when its record says
    venue: str = ""
    # An online log's site (tenhou, mahjongsoul), for a game imported from one.
    source_kind: str = ""
    source_id: str = ""  # the log's game id ("" when the log names none)
    source_fingerprint: str = ""  # the log's fingerprint, with the players' online names


def _player_count(rules: dict[str, Any]) -> int:
    """Return how many play under a session's rules (4 when the rules cannot be read:
    the replay then refuses them in the players' words)."""
    try:
        return Rules.from_json(rules, check=False).players
    except ScoringError:
        return len(SEATS)


def check_players(players: Sequence[Player], rules: dict[str, Any]) -> None:
    """Raise unless the players are as many as the rules seat, each a different one."""
    count = _player_count(rules)
    if len(players) != count:
        raise WriteError(
            gettext("These rules are for %(count)s players, not %(given)s.")
            % {"count": count, "given": len(players)}
        )
    if len({p.pk for p in players}) != count:
        raise WriteError(
            ngettext(
                "A session needs %(count)s different player.",
                "A session needs %(count)s different players.",
                count,
            )
            % {"count": count}
        )
