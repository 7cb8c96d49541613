"""The shapes of the API's bodies and answers (FORMATS.md section 5)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from ninja import Field, Schema
from pydantic import StrictInt, StringConstraints

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=60)]
PlayerId = Annotated[StrictInt, Field(ge=1)]  # an id no player has is named as such
REQUEST_ID_LENGTH = 64
REQUEST_ID_PATTERN = r"^[A-Za-z0-9_-]*$"  # the length apart: a refusal then names it
RequestId = Annotated[
    str, StringConstraints(max_length=REQUEST_ID_LENGTH, pattern=REQUEST_ID_PATTERN)
]
Version = Annotated[StrictInt, Field(ge=0, le=2**31)]
RoundNumber = Annotated[StrictInt, Field(ge=1, le=100_000)]


class NewSessionIn(Schema):
    """A session to start: four players, or three under sanma rules (name or id, East
    first), and the rules."""

    players: list[Name | PlayerId] = Field(min_length=3, max_length=4)
    rules: str | dict[str, Any] | None = Field(
        None,
        description='a preset name, or {"preset": "tenhou", "<option>": value}; by default '
        "club (club_sanma for three players)",
    )
    table: Annotated[str, StringConstraints(max_length=40)] = ""
    seating: Literal["in_order", "draw"] = "in_order"
    request_id: RequestId = Field("", description="the same id again starts no second session")


class RoundIn(Schema):
    """The next round: a round of a game record (FORMATS.md section 3)."""

    round: dict[str, Any]
    expected_number: RoundNumber | None = Field(
        None, description="the round's number as the caller saw it (refused with 409 if taken)"
    )
    version: Version | None = Field(None, description="the session version the round was made from")
    request_id: RequestId = Field("", description="the same id again records the round once")


class RoundReplacement(Schema):
    """A correction of round N: its new outcome and the version it was made from."""

    round: dict[str, Any]
    version: Version
    request_id: RequestId = ""


class FinishIn(Schema):
    """End the game now, settled on the scores as they stand."""

    version: Version | None = None
    reason: Literal["agreement", "time_limit"] = "agreement"
    request_id: RequestId = ""


class SessionOut(Schema):
    """A session: its game record, the engine's replay of it, and its version."""

    id: int
    version: int
    record: dict[str, Any]
    state: dict[str, Any]
    declared_riichi: list[int] = Field(
        description="seats whose riichi was declared at the table in the hand being played "
        "(their sticks are down): the next round recorded lists them in its riichi (a "
        "chombo lists none: its hand is played again)"
    )


class ErrorDetail(Schema):
    code: str
    message: str


class ErrorOut(Schema):
    """Every error: a code for programs and a message in the caller's language."""

    error: ErrorDetail
    version: int | None = Field(None, description="on 409: the session's current version")


class ImportedSessionOut(Schema):
    """A session made from an online log."""

    id: int
    source: dict[str, str] = Field(
        description='the log: {"kind": "tenhou", "id": "..."}, with "id" only when the log '
        "gives one (as in the session's record)"
    )
    players: list[str]
    started: str


class RefusedGameOut(Schema):
    file: str
    code: str
    message: str


class LogImportOut(Schema):
    """What an import of online logs made, and the games refused while writing."""

    sessions: list[ImportedSessionOut]
    refused: list[RefusedGameOut]
