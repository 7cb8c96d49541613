"""Uploaded files read into checked games: unpacking, telling the formats apart, and
refusing a game twice.

A file may be mjlog XML, tenhou.net/6 JSON (one log object, or a list of them),
either gzipped (Tenhou's ``.mjlog`` downloads are), or a zip archive of such files.
The format is told by the bytes, not by the file name. Each game is read by its
parser, checked against our replay, and given its fingerprint. ``read_every_log``
reads every file (each member of an archive too) and returns, in upload order, each
game or the ``LogError`` of what cannot be imported, so that a refusal names all of
an upload's problems; ``read_logs`` raises the first and returns nothing, so an
upload imports whole or not at all.
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
from ledger.online_logs.model import ImportedGame, LogError, ParsedLog, check_text, fingerprint
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


Entry = tuple[str, bytes] | LogError  # a file to read (name, bytes), or why it cannot be


def read_logs(files: list[tuple[str, bytes]], *, seen: Collection[str] = ()) -> list[ImportedGame]:
    """Return the games of the uploaded files (name and bytes each), checked against
    our replay; raise the first ``LogError`` (in upload order), naming its file and round.

    ``seen`` holds the log ids and fingerprints of games already imported: such a
    game, or one that comes twice in this upload, is refused.
    """
    read = read_every_log(files, seen=seen)
    for item in read:
        if isinstance(item, LogError):
            raise item
    if not read:
        raise LogError("The upload holds no game log.")
    return [game for game in read if isinstance(game, ImportedGame)]


def read_every_log(
    files: list[tuple[str, bytes]], *, seen: Collection[str] = ()
) -> list[ImportedGame | LogError]:
    """Return, in upload order, each game the files hold, or the problem of a file (or
    a game) that cannot be imported (see ``read_logs``). A problem of the upload as a
    whole (too many files, too large) is raised."""
    read: list[ImportedGame | LogError] = []
    known: dict[str, str] = {}
    for entry in _limited(_unpacked(files)):
        if isinstance(entry, LogError):
            read.append(entry)
            continue
        try:
            games = read_log(*entry)
        except LogError as problem:
            read.append(problem)
            continue
        read.extend(_repeated(game, known, seen) or game for game in games)
    return read


def _limited(entries: Iterator[Entry]) -> list[Entry]:
    kept: list[Entry] = []
    files, total = 0, 0
    for entry in entries:
        kept.append(entry)
        if isinstance(entry, LogError):
            continue
        files, total = files + 1, total + len(entry[1])
        if files > MAX_FILES:
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


def _repeated(game: ImportedGame, known: dict[str, str], seen: Collection[str]) -> LogError | None:
    """Return the refusal of a game already imported, or earlier in this upload (which
    ``known`` maps by log id and fingerprint to its file); None for a new one, now known."""
    keys = [game.fingerprint] + ([f"{game.kind}:{game.log_id}", game.log_id] if game.log_id else [])
    if any(key in seen for key in keys):
        return LogError(
            f"{game.file_name}: this game has already been imported.", "already_imported"
        )
    for key in keys:
        if key in known:
            return LogError(
                f"{game.file_name}: this game is the same as {known[key]}; "
                "a game is imported only once.",
                "already_imported",
            )
    known.update((key, game.file_name) for key in keys)
    return None


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


def is_log_file(data: bytes) -> bool:
    """Whether a file's bytes are those of an online log rather than of one of our game
    records (to send a file brought to the wrong page to the right one): gzipped or zip
    data, or Tenhou's mjlog XML."""
    if data.startswith((GZIP_MAGIC, *ZIP_MAGIC)):
        return True
    return b"<mjloggm" in data[:512]  # the root element, after an XML declaration if any


def is_tenhou6(data: Any) -> bool:
    """Whether read JSON is a tenhou.net/6 game, or a list of them: an object with a
    "log" of rounds (our game records have "rounds")."""
    logs = data if isinstance(data, list) and data else [data]
    return all(isinstance(log, dict) and isinstance(log.get("log"), list) for log in logs)


def _text(name: str, data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LogError(f"{name}: {NOT_A_LOG}") from None


def _unpacked(files: list[tuple[str, bytes]]) -> Iterator[Entry]:
    """Yield each file, and each file of an archive, or why it cannot be unpacked."""
    for name, data in files:
        try:
            data = _gunzipped(name, data)
        except LogError as problem:
            yield problem
            continue
        if data.startswith(ZIP_MAGIC):
            yield from _zip_members(name, data)
        else:
            yield name, data


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


UNREADABLE_ZIP = (zipfile.BadZipFile, EOFError, OSError, zlib.error, NotImplementedError)


def _zip_members(name: str, data: bytes) -> Iterator[Entry]:
    """Yield each file of a zip archive, or why it cannot be read: one problem for the
    archive when it cannot be opened, holds too many files or none."""
    damaged = LogError(
        f"{name}: the file is damaged or incomplete: it is not a readable zip archive."
    )
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except UNREADABLE_ZIP:
        yield damaged
        return
    members = [m for m in archive.infolist() if not m.is_dir() and not _is_hidden(m.filename)]
    if len(members) > MAX_FILES:
        yield LogError(f"{name}: the archive holds more than {MAX_FILES} files.")
        return
    if not members:
        yield LogError(f"{name}: the zip archive is empty.")
        return
    for member in members:
        entry = _member(archive, f"{name}/{member.filename}", member, damaged)
        yield entry
        if entry is damaged:  # the archive breaks off here: said once, for the archive
            return


def _member(
    archive: zipfile.ZipFile, label: str, member: zipfile.ZipInfo, damaged: LogError
) -> Entry:
    try:
        with archive.open(member) as opened:
            content = opened.read(MAX_BYTES + 1)
    except UNREADABLE_ZIP:
        return damaged
    if len(content) > MAX_BYTES:
        return LogError(f"{label}: the file is too large to be a game log.")
    try:
        return label, _gunzipped(label, content)
    except LogError as problem:
        return problem


def _is_hidden(path: str) -> bool:
    return any(part.startswith((".", "__MACOSX")) for part in path.split("/"))
