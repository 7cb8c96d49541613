"""Uploaded files read into checked games: unpacking, telling the formats apart, and
refusing a game twice.

A file may be mjlog XML, tenhou.net/6 JSON (one log object, or a list of them),
either gzipped (Tenhou's ``.mjlog`` downloads are), or a zip archive of such files.
The format is told by the bytes, not by the file name. Each game is read by its
parser, checked against our replay, and given its fingerprint; the first problem
raises ``LogError`` and nothing is returned, so an upload imports whole or not at
all.
"""

from __future__ import annotations

import dataclasses
import gzip
import io
import json
import zipfile
import zlib
from collections.abc import Collection, Iterator
from typing import Any

from ledger.online_logs.check import check_against_replay, fall_back_unscored
from ledger.online_logs.mjlog import parse_mjlog
from ledger.online_logs.model import (
    ImportedGame,
    LogError,
    LogErrors,
    ParsedLog,
    check_text,
    fingerprint,
)
from ledger.online_logs.tenhou6 import parse_tenhou6

MAX_BYTES = 16 * 1024 * 1024  # far more than a game log, unpacked
MAX_FILES = 500  # files in one upload, archives unpacked
MAX_TOTAL_BYTES = 64 * 1024 * 1024  # one upload, unpacked
GZIP_MAGIC = b"\x1f\x8b"
ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")  # a zip archive's first entry, or an empty one
NOT_A_LOG = (
    "this file is not a game log we can read (Tenhou mjlog XML or tenhou.net/6 JSON, "
    "plain, gzipped or in a zip archive)."
)


def read_logs(files: list[tuple[str, bytes]], *, seen: Collection[str] = ()) -> list[ImportedGame]:
    """Return the games of the uploaded files (name and bytes each), checked against
    our replay; raise ``LogError`` naming each file (and round) that cannot be imported
    (``LogErrors`` when there are several).

    ``seen`` holds the log ids and fingerprints of games already imported: such a
    game, or one that comes twice in this upload, is refused.
    """
    games, problems = read_every_log(files, seen=seen)
    if problems:
        raise problems[0] if len(problems) == 1 else LogErrors(problems)
    if not games:
        raise LogError("The upload holds no game log.")
    return games


def read_every_log(
    files: list[tuple[str, bytes]], *, seen: Collection[str] = ()
) -> tuple[list[ImportedGame], list[LogError]]:
    """Return the games the files hold and the problems of those that cannot be imported:
    every file is read, so that one refusal names all of an upload's problems."""
    games: list[ImportedGame] = []
    problems: list[LogError] = []
    known: dict[str, str] = {}
    for name, data in _limited(_unpacked(files, problems)):
        try:
            for game in read_log(name, data):
                _check_new(game, known, seen)
                games.append(game)
        except LogError as problem:
            problems.append(problem)
    return games, problems


def _limited(entries: Iterator[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    kept, total = [], 0
    for entry in entries:
        kept.append(entry)
        total += len(entry[1])
        if len(kept) > MAX_FILES:
            raise LogError(f"The upload holds more than {MAX_FILES} files; split it up.")
        if total > MAX_TOTAL_BYTES:
            raise LogError("The upload is too large once unpacked; split it up.")
    return kept


def read_log(name: str, data: bytes) -> list[ImportedGame]:
    """Return the games of one unpacked file, each checked against our replay."""
    return [_checked(label, parsed) for label, parsed in _parsed(name, _text(name, data))]


def _checked(name: str, parsed: ParsedLog) -> ImportedGame:
    parsed = fall_back_unscored(parsed)
    game = ImportedGame(
        record=parsed.record,
        log_id=parsed.log_id,
        fingerprint="",
        kind=parsed.kind,
        file_name=name,
        figures=parsed.figures,
        notes=parsed.notes,
    )
    check_against_replay(game)
    return dataclasses.replace(game, fingerprint=fingerprint(game.record))


def _check_new(game: ImportedGame, known: dict[str, str], seen: Collection[str]) -> None:
    keys = [game.fingerprint] + ([f"{game.kind}:{game.log_id}", game.log_id] if game.log_id else [])
    if any(key in seen for key in keys):
        raise LogError(
            f"{game.file_name}: this game has already been imported.", "already_imported"
        )
    for key in keys:
        if key in known:
            raise LogError(
                f"{game.file_name}: this game is the same as {known[key]}; "
                "a game is imported only once.",
                "already_imported",
            )
    known.update((key, game.file_name) for key in keys)


def _parsed(name: str, text: str) -> Iterator[tuple[str, ParsedLog]]:
    stripped = text.lstrip()
    if not stripped:
        raise LogError(f"{name}: the file is empty.")
    if stripped.startswith("<"):
        yield name, parse_mjlog(name, stripped)
        return
    if not stripped.startswith(("{", "[")):
        raise LogError(f"{name}: {NOT_A_LOG}")
    try:
        data: Any = json.loads(stripped)
    except (ValueError, RecursionError):
        raise LogError(
            f"{name}: the file is damaged or incomplete: it is not valid JSON."
        ) from None
    check_text(name, data)  # before any of it is quoted in a message or stored
    logs = data if isinstance(data, list) else [data]
    for number, log in enumerate(logs, start=1):
        label = f"{name} (game {number})" if len(logs) > 1 else name
        yield label, parse_tenhou6(label, log)


def looks_like_log(data: bytes) -> bool:
    """Whether a file looks like an online game log rather than one of our game records
    (to point a file sent to the wrong page to the right one): an archive, XML, or a
    tenhou.net/6 game (a JSON object with a "log" of rounds)."""
    if data.startswith((GZIP_MAGIC, *ZIP_MAGIC)):
        return True
    text = data.decode("utf-8-sig", errors="replace").lstrip()
    if text.startswith("<"):
        return True
    try:
        parsed = json.loads(text)
    except (ValueError, RecursionError):
        return False
    logs = parsed if isinstance(parsed, list) and parsed else [parsed]
    return all(isinstance(log, dict) and isinstance(log.get("log"), list) for log in logs)


def _text(name: str, data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LogError(f"{name}: {NOT_A_LOG}") from None


def _unpacked(
    files: list[tuple[str, bytes]], problems: list[LogError]
) -> Iterator[tuple[str, bytes]]:
    """Yield each file, and each file of an archive; a file that cannot be unpacked is
    added to ``problems`` and the others are read on."""
    for name, data in files:
        try:
            data = _gunzipped(name, data)
            if data.startswith(ZIP_MAGIC):
                yield from _zip_members(name, data)
            else:
                yield name, data
        except LogError as problem:
            problems.append(problem)


def _gunzipped(name: str, data: bytes) -> bytes:
    if not data.startswith(GZIP_MAGIC):
        return data
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as unpacked:
            content = unpacked.read(MAX_BYTES + 1)
    except (EOFError, OSError, zlib.error):
        raise LogError(
            f"{name}: the file is damaged or incomplete: its compressed data breaks off."
        ) from None
    if len(content) > MAX_BYTES:
        raise LogError(f"{name}: the file is too large to be a game log.")
    return content


def _zip_members(name: str, data: bytes) -> Iterator[tuple[str, bytes]]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = [m for m in archive.infolist() if not m.is_dir() and not _is_hidden(m.filename)]
        if len(members) > MAX_FILES:
            raise LogError(f"{name}: the archive holds more than {MAX_FILES} files.")
        if not members:
            raise LogError(f"{name}: the zip archive is empty.")
        for member in members:
            with archive.open(member) as opened:
                content = opened.read(MAX_BYTES + 1)
            if len(content) > MAX_BYTES:
                raise LogError(f"{name}/{member.filename}: the file is too large to be a game log.")
            yield f"{name}/{member.filename}", _gunzipped(f"{name}/{member.filename}", content)
    except (zipfile.BadZipFile, EOFError, OSError, zlib.error, NotImplementedError):
        raise LogError(
            f"{name}: the file is damaged or incomplete: it is not a readable zip archive."
        ) from None


def _is_hidden(path: str) -> bool:
    return any(part.startswith((".", "__MACOSX")) for part in path.split("/"))
