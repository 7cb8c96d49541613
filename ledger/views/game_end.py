"""What the end of a game says beside its scores, on the table page and in the history.

Where the riichi sticks left on the table went (the rules' leftover_sticks: to first place,
split, back to their owners, or lost), and whose riichi in a hand the game was ended
during was not paid (the hand never ended, so its sticks never left their players).
"""

from __future__ import annotations

from typing import Any

from ledger.models import Session


def leftover_sticks(settlement: Any, names: list[str]) -> dict[str, Any] | None:
    """Return the sticks left at the end and each player's share by place, or None."""
    if settlement is None or not settlement.leftover_riichi_sticks:
        return None
    by_place = sorted(settlement.players, key=lambda player: (player.place, player.seat))
    shares = [(names[player.seat], player.sticks) for player in by_place if player.sticks]
    return {"count": settlement.leftover_riichi_sticks, "shares": shares, "lost": not shares}


def unpaid_riichi(session: Session, names: list[str]) -> list[str]:
    """Return who declared riichi in the hand the game was ended during."""
    if not (session.is_finished and session.ended_early):
        return []
    return [names[seat] for seat in sorted(session.riichi) if seat < len(names)]
