"""Helpers that create ledger rows; set only what a test relies on."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model

from ledger import writes
from ledger.models import SEATS, Player, Session, SessionSeat

NAMES = ("Aki", "Bo", "Chen", "Dai")


def create_player(*, name: str = "Aki") -> Player:
    return Player.objects.create(name=name)


def create_user(*, username: str = "member", password: str = "pw-for-tests-1") -> Any:
    return get_user_model().objects.create_user(username=username, password=password)


def create_session(
    *,
    names: tuple[str, ...] = NAMES,
    rules: dict[str, Any] | None = None,
    rounds: list[dict[str, Any]] | None = None,
) -> Session:
    session = Session.objects.create(rules=rules or {"preset": "wrc"})
    for seat, name in zip(SEATS, names):
        player = Player.objects.filter(name=name).first() or create_player(name=name)
        SessionSeat.objects.create(session=session, seat=seat, player=player)
    if rounds:
        for outcome in rounds:
            writes.record_round(session.pk, outcome, actor=writes.COMMAND)
        session.refresh_from_db()
    return session


def rewrite_rounds(session: Session, outcomes: list[dict[str, Any]]) -> None:
    """Replace every round of the session by ``outcomes``, through the write path."""
    while session.rounds.exists():
        writes.undo_round(session.pk, actor=writes.COMMAND, version=None)
    for outcome in outcomes:
        writes.record_round(session.pk, outcome, actor=writes.COMMAND)
    session.refresh_from_db()


def ron(winner: int, loser: int, han: int = 3, fu: int = 40, **extra: Any) -> dict[str, Any]:
    return {
        "result": "ron",
        "loser": loser,
        "wins": [{"winner": winner, "han": han, "fu": fu}],
        "riichi": [],
        **extra,
    }


def draw(*tenpai: int, riichi: tuple[int, ...] = ()) -> dict[str, Any]:
    return {"result": "draw", "tenpai": list(tenpai), "riichi": list(riichi)}
