"""Online game logs into sessions: read, map online names to club players, write.

``read_upload(files)`` reads the files (``ledger.online_logs``: every game checked
against our replay, the upload refused whole at the first problem) and refuses a game
already imported (same site and log id, or the same fingerprint), naming its session.
Nothing is written before the names are mapped: ``online_names`` lists the names of
the games, ``proposed_players`` the player each name is taken for (the name
remembered from an earlier import, else a player of that name), and
``import_games`` writes each game in its own transaction through ``ledger.writes``,
making new guests for the names given none and remembering every name's player.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext

from ledger import glossary, writes
from ledger.log_words import reader_words, site_words
from ledger.models import OnlineName, Player, Ruleset, Session, name_key
from ledger.online_logs import ImportedGame, LogError, read_every_log
from ledger.players import clean_name
from ledger.records import RecordError, record_dates
from scoring.game import replay
from scoring.rules import Rules

GUEST = "guest"  # the choice of a new guest player for an online name
SITES = {"tenhou": "Tenhou", "mahjongsoul": "Mahjong Soul"}  # in guests' names: never translated
NAME_LENGTH = Player._meta.get_field("name").max_length  # a guest's name: cut to fit
ONLINE_NAME_LENGTH = OnlineName._meta.get_field("name").max_length  # longer: refused
GAME_ID_LENGTH = Session._meta.get_field("source_id").max_length  # longer: refused
MAX_FILES = 50  # files in one upload, on the page and in the API
MAX_FILE_MEGABYTES = 16  # one uploaded file (a zip of many logs), on both
MAX_FILE_BYTES = MAX_FILE_MEGABYTES * 1024 * 1024

OnlineKey = tuple[str, str]  # (site, name)
Choice = Player | str  # a player, or GUEST


class LogImportError(ValueError):
    """A game (or an upload) that cannot be imported; ``code`` for programs, ``session``
    the one a game already imported is. ``problems`` holds each file's refusal when an
    upload has several (``message`` says them all)."""

    def __init__(self, message: str, code: str = "bad_log", session: Session | None = None):
        super().__init__(message)
        self.message, self.code, self.session = message, code, session
        self.problems = [self]

    @classmethod
    def every(cls, problems: list[LogImportError]) -> LogImportError:
        """Return one refusal of all the problems, in their order. Its code is theirs when
        they share it; else the first that is not ``already_imported`` (an upload with a
        file that cannot be read is not one of games already here)."""
        if len(problems) == 1:
            return problems[0]
        codes = [problem.code for problem in problems]
        code = next((c for c in codes if c != "already_imported"), codes[0])
        every = cls(" ".join(problem.message for problem in problems), code)
        every.problems = problems
        return every


@dataclass(frozen=True)
class PendingGame:
    """A game read and checked, waiting for its players to be chosen (kept as JSON in
    the login session between the upload and the confirmation)."""

    record: dict[str, Any]
    kind: str
    log_id: str
    fingerprint: str
    file_name: str
    notes: tuple[str, ...] = ()

    @classmethod
    def of(cls, game: ImportedGame) -> PendingGame:
        return cls(game.record, game.kind, game.log_id, game.fingerprint, game.file_name,
                   tuple(game.notes))  # fmt: skip

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PendingGame:
        return cls(**{**data, "notes": tuple(data.get("notes", ()))})

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "notes": list(self.notes)}

    @property
    def is_dated(self) -> bool:
        return bool(self.record.get("started") or self.record.get("finished"))

    def dated(self, moment: dt.datetime) -> PendingGame:
        """Return the game started at ``moment`` (for a log that holds no date)."""
        return dataclasses.replace(self, record={**self.record, "started": moment.isoformat()})

    @property
    def site(self) -> str:
        return site_words(self.kind)

    def online_keys(self) -> list[OnlineKey]:
        return [(self.kind, name) for name in self.record["players"]]

    def summary(self) -> dict[str, Any]:
        """Return what the confirmation page shows: date, final scores by player, rounds."""
        state = replay(self.record).to_json()
        scores = state.get("final", {}).get("scores") or (state["rounds"] or [{}])[-1].get(
            "scores", []
        )
        started, finished = record_dates(self.record)
        return {
            "when": started or finished,
            "scores": list(zip(self.record["players"], scores)),
            "rounds": len(self.record["rounds"]),
        }


@dataclass
class Outcome:
    """What an import made: the sessions, and the games refused with their reason."""

    sessions: list[Session] = field(default_factory=list)
    refused: list[tuple[PendingGame, LogImportError]] = field(default_factory=list)


def read_upload(files: list[tuple[str, bytes]]) -> list[PendingGame]:
    """Return the games of the uploaded files; raise ``LogImportError`` naming, in upload
    order, every file we cannot read, game that differs from our replay, or game that
    cannot be kept or is already here."""
    try:
        read = read_every_log(files)
    except LogError as upload_problem:  # the upload as a whole: too many files, too large
        raise LogImportError(reader_words(str(upload_problem)), upload_problem.code) from None
    games, problems = [], []
    for item in read:
        try:
            games.append(_checked(item))
        except LogImportError as problem:
            problems.append(problem)
    if problems:
        raise LogImportError.every(problems)
    if not games:
        raise LogImportError(reader_words("The upload holds no game log."))
    return games


def _checked(item: ImportedGame | LogError) -> PendingGame:
    if isinstance(item, LogError):
        raise LogImportError(reader_words(str(item)), item.code)
    game = PendingGame.of(item)
    check_game(game)
    return game


def check_game(game: PendingGame) -> None:
    """Refuse a game whose dates, names or game id the ledger cannot keep, or that is
    already here."""
    try:
        record_dates(game.record)
    except RecordError as error:
        raise LogImportError(glossary.labelled(game.file_name, str(error))) from None
    check_fits(game)
    check_new(game)


def check_fits(game: PendingGame) -> None:
    """Refuse a game whose online names or game id are longer than the ledger keeps
    them (no online site gives names or ids near that long, so such a file is damaged
    or made by hand; cutting them would make two names one), or whose seats share an
    online name (anonymous players: no choice of club players could tell them apart)."""
    for name in game.record["players"]:
        if any(unicodedata.category(char) == "Cc" for char in name):
            raise LogImportError(gettext(
                "%(file)s: the online name “%(name)s” holds a control character (shown as �); "
                "no online site allows one, so the file cannot be imported."
            ) % {"file": game.file_name, "name": _controls_shown(name)[:40]})  # fmt: skip
        if len(name) > ONLINE_NAME_LENGTH:
            raise LogImportError(gettext(
                "%(file)s: the online name “%(start)s…” is longer than %(count)s characters; "
                "no online site allows names that long, so the file cannot be imported."
            ) % {"file": game.file_name, "start": name[:20], "count": ONLINE_NAME_LENGTH})  # fmt: skip
    names = game.record["players"]
    if len(set(names)) < len(names):  # Tenhou's anonymous players are all "NoName"
        twice = next(name for name in names if names.count(name) > 1)
        raise LogImportError(gettext(
            "%(file)s: two seats have the online name “%(name)s”, so the ledger cannot tell "
            "those players apart; a game with anonymous players cannot be imported."
        ) % {"file": game.file_name, "name": twice[:40]})  # fmt: skip
    if len(game.log_id) > GAME_ID_LENGTH:
        raise LogImportError(gettext(
            "%(file)s: the log’s game id is longer than %(count)s characters; no online site "
            "gives game ids that long, so the file cannot be imported."
        ) % {"file": game.file_name, "count": GAME_ID_LENGTH})  # fmt: skip


def _controls_shown(name: str) -> str:
    return "".join("�" if unicodedata.category(char) == "Cc" else char for char in name)


def imported_as(game: PendingGame) -> Session | None:
    """Return the session already made from this game's log, if any (deleted or not)."""
    same = Q(source_fingerprint=game.fingerprint) | Q(fingerprint=game.fingerprint)
    if game.log_id:
        same |= Q(source_kind=game.kind, source_id=game.log_id)
    return Session.objects.filter(same).order_by("pk").first()


def check_new(game: PendingGame) -> None:
    """Refuse a game that has already been imported, naming its session."""
    session = imported_as(game)
    if session is None:
        return
    if session.deleted_at is not None:
        message = gettext(
            "%(file)s: this game was already imported as session %(pk)s, which was deleted; "
            "a member can restore it from the deleted sessions."
        )
    else:
        message = gettext("%(file)s: this game was already imported as session %(pk)s.")
    raise LogImportError(
        message % {"file": game.file_name, "pk": session.pk}, "already_imported", session
    )


def online_names(games: Iterable[PendingGame]) -> list[OnlineKey]:
    """Return the online names of the games, each once, in the order they come."""
    found: dict[OnlineKey, None] = {}
    for game in games:
        found.update(dict.fromkeys(game.online_keys()))
    return list(found)


def remembered_players(keys: Iterable[OnlineKey]) -> dict[OnlineKey, Player]:
    """Return the players remembered for these online names."""
    keys = list(keys)
    wanted = Q(pk__in=[])
    for site, name in keys:
        wanted |= Q(site=site, name=name)
    rows = OnlineName.objects.filter(wanted).select_related("player")
    return {(row.site, row.name): row.player for row in rows}


def proposed_players(keys: Iterable[OnlineKey]) -> dict[OnlineKey, Choice]:
    """Return the player each online name is taken for: the one remembered from an
    earlier import, else the club player of that very name, else a new guest."""
    keys = list(keys)
    remembered = remembered_players(keys)
    chosen: dict[OnlineKey, Choice] = {}
    for key in keys:
        same_name = Player.objects.filter(name_key=name_key(_player_name(key[1]))).first()
        chosen[key] = remembered.get(key) or same_name or GUEST
    return chosen


def import_games(
    games: list[PendingGame], choices: Mapping[OnlineKey, Choice], *, actor: writes.Actor
) -> Outcome:
    """Write each game as a session (one transaction per game; a refused game writes
    nothing), making guests for the names chosen so and remembering each name."""
    done = Outcome()
    guests: dict[OnlineKey, Player] = {}  # made for the games already written
    for game in games:
        made: dict[OnlineKey, Player] = {}
        try:
            with transaction.atomic():
                session = _import_game(game, choices, actor, {**guests}, made)
        except LogImportError as error:
            done.refused.append((game, error))
        else:
            guests.update(made)
            done.sessions.append(session)
    return done


def _import_game(
    game: PendingGame,
    choices: Mapping[OnlineKey, Choice],
    actor: writes.Actor,
    guests: dict[OnlineKey, Player],
    made: dict[OnlineKey, Player],
) -> Session:
    check_new(game)
    players = [_player(key, choices.get(key, GUEST), guests, made) for key in game.online_keys()]
    if len({player.pk for player in players}) < len(players):
        raise LogImportError(
            gettext("%(file)s: one club player was chosen for two seats of this game.")
            % {"file": game.file_name},
            "same_player",
        )
    for key, player in zip(game.online_keys(), players):
        _remember(key, player)
    record = game.record
    rules = Rules.from_json(record["rules"])
    started, finished = record_dates(record)
    new = writes.NewSession(
        players=players,
        rules=rules.to_json(),
        ruleset=_ruleset_of(rules),
        rounds=list(record["rounds"]),
        notes=_notes(game),
        started_at=started or finished,
        finished_at=finished or started,
        source_kind=game.kind,
        source_id=game.log_id,
        source_fingerprint=game.fingerprint,
    )
    try:
        return writes.create_session(new, actor=actor, action="import")
    except writes.WriteError as error:
        raise LogImportError(glossary.labelled(game.file_name, error.message), error.code) from None
    except IntegrityError:  # the same log imported by another request at this moment
        raise LogImportError(
            gettext("%(file)s: this game has just been imported by someone else.")
            % {"file": game.file_name},
            "already_imported",
        ) from None


def _player(
    key: OnlineKey, choice: Choice, guests: dict[OnlineKey, Player], made: dict[OnlineKey, Player]
) -> Player:
    """Return the chosen player, or the guest for the name: the one an earlier game of
    this import made, else a new one."""
    if isinstance(choice, Player):
        return choice
    if key not in guests and key not in made:
        made[key] = _new_guest(key)
    return guests.get(key) or made[key]


def _new_guest(key: OnlineKey) -> Player:
    """Return a new player named after the online name (with the site, then a number,
    when a club player already has that name)."""
    site, name = key
    base = _player_name(name) or "?"
    candidates = [base, f"{base[: NAME_LENGTH - 20]} ({SITES.get(site, site)})"]
    candidates += [f"{candidates[1]} {number}" for number in range(2, 100)]
    for candidate in candidates:
        if not Player.objects.filter(name_key=name_key(candidate)).exists():
            try:
                with transaction.atomic():
                    return Player.objects.create(name=candidate)
            except IntegrityError:
                continue
    raise LogImportError(gettext("No free player name is left for %(name)s.") % {"name": name})


def _player_name(online_name: str) -> str:
    """Return an online name as a club player's name: cleaned as every name is
    (``ledger.players.clean_name``) and cut to the length a name may have."""
    return clean_name(online_name)[:NAME_LENGTH].strip()


def _remember(key: OnlineKey, player: Player) -> None:
    OnlineName.objects.update_or_create(site=key[0], name=key[1], defaults={"player": player})


def _ruleset_of(rules: Rules) -> Ruleset | None:
    """Return the club's named ruleset with exactly these rules, if it has one."""
    for ruleset in Ruleset.objects.all():
        try:
            if ruleset.engine_rules() == rules:
                return ruleset
        except ValueError:
            continue
    return None


def _notes(game: PendingGame) -> str:
    """Return the session's notes (stored words, in English like the log reader's notes)."""
    source = f"{SITES.get(game.kind, game.kind)} {game.log_id}".strip()
    return "\n".join([f"Imported from the online log {source}.", *game.notes])
