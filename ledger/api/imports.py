"""The API's import of online game logs: ``POST /api/v1/imports/logs``.

The body is multipart (``files``: one or more log files or zips; ``players``: a JSON
object; ``guests``: true) or JSON (``{"files": [{"name", "text" or "base64"}],
"players": {...}, "guests": true}``). ``players`` maps an online name to a club
player's id (or ``"guest"``); other names take the player remembered from an earlier
import, or with ``guests`` a new guest. Everything is read and checked before
anything is written; each game is then written in its own transaction.
"""

from __future__ import annotations

import base64
import binascii
import datetime as dt
import json
from typing import Any

from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext
from ninja import Router
from ninja.responses import Status

from ledger import log_imports
from ledger.api.auth import WRITERS, caller_of
from ledger.api.errors import ApiError
from ledger.api.schemas import ErrorOut, LogImportOut
from ledger.json_text import bad_text
from ledger.log_imports import (
    GUEST,
    MAX_FILE_BYTES,
    MAX_FILE_MEGABYTES,
    MAX_FILES,
    LogImportError,
)
from ledger.models import Player, Session
from ledger.players import players_by_id

router = Router(tags=["imports"])
ERRORS = {code: ErrorOut for code in (400, 401, 403, 409, 413, 422)}
STATUS = {"already_imported": 409}

FILE_ITEM = {
    "type": "object",
    "required": ["name"],
    "properties": {
        "name": {
            "type": "string",
            "description": "the file name (a Tenhou game id in it gives the date)",
        },
        "text": {
            "type": "string",
            "description": "the log as text (mjlog XML or tenhou.net/6 JSON)",
        },
        "base64": {"type": "string", "description": "the file's bytes in base64 (gzip, zip)"},
    },
}
PLAYERS = {
    "type": "object",
    "additionalProperties": {"oneOf": [{"type": "integer"}, {"type": "string", "enum": [GUEST]}]},
    "description": 'online name -> a club player\'s id, or "guest" for a new guest',
}
DATE = {
    "type": "string",
    "format": "date",
    "description": "the day the logs that hold no date were played (default: today)",
}
REQUEST_BODY = {
    "required": True,
    "content": {
        "multipart/form-data": {
            "schema": {
                "type": "object",
                "required": ["files"],
                "properties": {
                    "files": {"type": "array", "items": {"type": "string", "format": "binary"}},
                    "players": {
                        "type": "string",
                        "description": "a JSON object as in the JSON body",
                    },
                    "guests": {"type": "boolean"},
                    "date": DATE,
                },
            }
        },
        "application/json": {
            "schema": {
                "type": "object",
                "required": ["files"],
                "properties": {
                    "files": {"type": "array", "items": FILE_ITEM, "maxItems": MAX_FILES},
                    "players": PLAYERS,
                    "guests": {"type": "boolean", "default": False},
                    "date": DATE,
                },
            }
        },
    },
}


@router.post(
    "/imports/logs",
    response={201: LogImportOut, **ERRORS},
    auth=WRITERS,
    openapi_extra={"requestBody": REQUEST_BODY},
)
def import_logs(request: HttpRequest) -> Status[dict[str, Any]]:
    """Import online game logs (Tenhou mjlog XML, plain or gzipped; tenhou.net/6 JSON from
    Tenhou or a Mahjong Soul converter; zips of them). A file we cannot read, a game
    that differs from our replay, a three-player game (422) or a game already imported
    (409) writes nothing."""
    caller = caller_of(request)
    if caller is None or not caller.is_member:
        raise ApiError(403, "forbidden", gettext("Importing needs a club member’s login."))
    files, players, guests, day = _body(request)
    try:
        games = log_imports.read_upload(files)
    except LogImportError as error:
        raise ApiError(STATUS.get(error.code, 422), error.code, error.message) from None
    if day is not None:
        start = dt.datetime.combine(day, dt.time.min, tzinfo=timezone.get_current_timezone())
        games = [game if game.is_dated else game.dated(start) for game in games]
    choices = _choices(games, players, guests=guests)
    done = log_imports.import_games(games, choices, actor=caller.actor)
    refused = [{"file": g.file_name, "code": e.code, "message": e.message} for g, e in done.refused]
    if not done.sessions and done.refused:
        first = done.refused[0][1]
        raise ApiError(STATUS.get(first.code, 422), first.code, first.message)
    return Status(201, {"sessions": [_made(s) for s in done.sessions], "refused": refused})


def _made(session: Session) -> dict[str, Any]:
    return {
        "id": session.pk,
        "source": session.source(),
        "players": [player.name for player in session.players()],
        "started": session.started_at.isoformat(),
    }


def _day(value: Any) -> dt.date | None:
    if value in (None, ""):
        return None
    try:
        day = dt.date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        day = None
    if day is None:  # "2019-02-30" too: no such day
        raise ApiError(422, "invalid", gettext("date must be a real day, written YYYY-MM-DD."))
    if not dt.date(1990, 1, 1) <= day <= timezone.localdate():
        raise ApiError(422, "invalid", gettext("date must be a day between 1990 and today."))
    return day


def _too_many() -> str:
    return gettext("Send at most %(count)s files of %(megabytes)s MB each.") % {
        "count": MAX_FILES,
        "megabytes": MAX_FILE_MEGABYTES,
    }


def _body(request: HttpRequest) -> tuple[list[tuple[str, bytes]], Any, bool, dt.date | None]:
    if request.content_type == "multipart/form-data":
        uploads = request.FILES.getlist("files")
        if len(uploads) > MAX_FILES or any(u.size > MAX_FILE_BYTES for u in uploads):
            raise ApiError(413, "too_large", _too_many())
        files = [(upload.name, upload.read()) for upload in uploads]
        players = _json(request.POST.get("players") or "{}", field="players")
        guests = request.POST.get("guests", "").lower() in ("1", "true", "on", "yes")
        return files, players, guests, _day(request.POST.get("date"))
    data = _json(request.body.decode("utf-8", errors="replace"))
    if not isinstance(data, dict) or not isinstance(data.get("files"), list):
        raise ApiError(
            422,
            "invalid",
            gettext("Send the logs as files (multipart), or as JSON with a list of files."),
        )
    if len(data["files"]) > MAX_FILES:
        raise ApiError(413, "too_large", _too_many())
    files = [_file(item) for item in data["files"]]
    guests = data.get("guests", False)
    if type(guests) is not bool:
        raise ApiError(422, "invalid", gettext("guests must be true or false."))
    return files, data.get("players", {}), guests, _day(data.get("date"))


def _json(text: str, *, field: str = "") -> Any:
    """Return the JSON of the body, or of a form's field (named in the refusal)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        message = gettext("The request body is not valid JSON.")
        if field:
            message = gettext("The form field %(field)s is not valid JSON.") % {"field": field}
        raise ApiError(400, "bad_json", message) from None
    if bad_text(data):
        raise ApiError(422, "bad_text", gettext(
            "Text in the request may hold no NUL and only valid Unicode."
        ))  # fmt: skip
    return data


def _chosen_player(name: str, given: Any, by_id: dict[int, Player]) -> Player:
    """Return the club player an online name is mapped to, by id."""
    if type(given) is not int:
        raise ApiError(422, "invalid", gettext(
            "players must map each online name to a club player’s id or “guest”; "
            "%(name)s is mapped to something else."
        ) % {"name": name})  # fmt: skip
    if given not in by_id:
        raise ApiError(422, "unknown_player", gettext("There is no player with id %(ids)s.")
                       % {"ids": given})  # fmt: skip
    return by_id[given]


def _file(item: Any) -> tuple[str, bytes]:
    if not isinstance(item, dict) or not isinstance(item.get("name"), str):
        raise ApiError(422, "invalid", gettext("Each file needs a name, and its text or base64."))
    if isinstance(item.get("text"), str):
        return item["name"], item["text"].encode("utf-8", errors="replace")
    if isinstance(item.get("base64"), str):
        try:
            return item["name"], base64.b64decode(item["base64"], validate=True)
        except (binascii.Error, ValueError):
            raise ApiError(422, "invalid", gettext("%(name)s: the base64 cannot be decoded.")
                           % {"name": item["name"]}) from None  # fmt: skip
    raise ApiError(422, "invalid", gettext("Each file needs a name, and its text or base64."))


def _choices(
    games: list[log_imports.PendingGame], players: Any, *, guests: bool
) -> dict[log_imports.OnlineKey, Any]:
    if not isinstance(players, dict):
        raise ApiError(422, "invalid", gettext("players must map online names to player ids."))
    ids = [v for v in players.values() if isinstance(v, int) and not isinstance(v, bool)]
    by_id = players_by_id(ids)
    keys = log_imports.online_names(games)
    remembered = log_imports.remembered_players(keys)
    choices: dict[log_imports.OnlineKey, Any] = {}
    for key in keys:
        given = players.get(key[1])
        if given == GUEST:
            choices[key] = GUEST
        elif given is not None:
            choices[key] = _chosen_player(key[1], given, by_id)
        elif key in remembered:
            choices[key] = remembered[key]
        elif guests:
            choices[key] = GUEST
    missing = [name for site, name in keys if (site, name) not in choices]
    if missing:
        raise ApiError(422, "unmapped_names", gettext(
            "No club player is given for the online names %(names)s: map them in players, "
            "or send guests: true. Nothing was imported."
        ) % {"names": ", ".join(missing)})  # fmt: skip
    return choices
