"""Players found by name (got or created, safely when two requests name a new player at
once) or by id; a renamed player's sessions keep fingerprints of their names."""

from __future__ import annotations

import unicodedata

from django.db import IntegrityError, transaction

from ledger.models import Player, Session, name_key
from ledger.online_logs import replay_fingerprint
from scoring.errors import ScoringError

ATTEMPTS = 3
LARGEST_ID = 2**63 - 1  # every table's BigAutoField; a larger number names no row
INVISIBLE = ("Cf", "Cc")  # Unicode categories: format and control characters
ZERO_WIDTH_JOINER = "\u200d"  # invisible (Cf), but it makes one emoji of two


class PlayerNameError(ValueError):
    """A player's name that cannot be stored."""


def player_named(name: str) -> Player:
    """Return the player with this name (matched ignoring case), creating them if new.

    Names are unique ignoring case (a database constraint). When another request
    creates the same new name at the same moment, the insert fails on that
    constraint; the player it created is then read instead.
    """
    name = clean_name(name)
    if not name:
        raise PlayerNameError("a player needs a name")
    for _ in range(ATTEMPTS):
        found = Player.objects.filter(name_key=name_key(name)).first()
        if found is not None:
            return found
        try:
            with transaction.atomic():  # a savepoint: the failed insert leaves the rest intact
                return Player.objects.create(name=name)
        except IntegrityError:
            continue
    raise PlayerNameError(f"the player {name} could not be stored; try again")


def players_named(names: list[str]) -> list[Player]:
    """Return the players with these names, in order, creating the new ones.

    New names are created in the order of their names, not of the seats: two requests
    creating the same new players at once then wait for each other, where each could
    otherwise hold a name the other waits for (a deadlock).
    """
    found = {name: player_named(name) for name in sorted(names, key=_name_order)}
    return [found[name] for name in names]


def players_by_id(ids: list[int]) -> dict[int, Player]:
    """Return the players with these ids by id; an id no player has is left out (one too
    large for the database too)."""
    return Player.objects.in_bulk([each for each in ids if 1 <= each <= LARGEST_ID])


def _name_order(name: str) -> str:
    return name_key(clean_name(name))  # as the unique key compares names


def clean_name(name: str) -> str:
    """Return a name as it is stored: its accents composed (NFC), every run of spaces
    (a tab, a no-break or an ideographic space among them) one space, trimmed, and without
    invisible format characters (a zero-width space) or control characters, so that
    "José" typed two ways, "Ann  Lee" or "Ann" with a zero-width space is one player.

    >>> clean_name(" Jose\u0301 "), clean_name("Ann\u200b"), clean_name("Ann\tLee\x01")
    ('José', 'Ann', 'Ann Lee')
    >>> clean_name("山田\u3000花子"), clean_name("Ann \u00a0 Lee")
    ('山田 花子', 'Ann Lee')

    A zero-width joiner stays where it joins two emoji into one ("👨‍👩‍👧", a family).

    >>> len(clean_name("\U0001f468\u200d\U0001f469")), clean_name("A\u200dB")
    (3, 'AB')
    """
    composed = unicodedata.normalize("NFC", name)
    spaced = "".join(" " if char.isspace() else char for char in composed)
    visible = "".join(
        char
        for at, char in enumerate(spaced)
        if unicodedata.category(char) not in INVISIBLE or _joins_emoji(spaced, at)
    )
    return " ".join(visible.split())


def _joins_emoji(text: str, at: int) -> bool:
    """Return whether the character at ``at`` is a zero-width joiner between two emoji
    (a symbol, or one with its variation selector or skin tone, then a symbol)."""
    if text[at] != ZERO_WIDTH_JOINER or not 0 < at < len(text) - 1:
        return False
    before, after = unicodedata.category(text[at - 1]), unicodedata.category(text[at + 1])
    return before in ("So", "Mn", "Sk") and after == "So"


# Katakana read as the hiragana of the same sound (ア U+30A2 is あ U+3042), so that names
# written in either script fall into one gojūon order.
KATAKANA_AS_HIRAGANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}


def alphabetical(player: Player) -> tuple[str, int]:
    """Return a player's place in an alphabetical list: the name ignoring case and accents,
    so that "Émile" comes after "adam" and before "Zoë" (a database orders by code point,
    and puts "É" after "Z"); kana in gojūon order whatever the script ("サトウ" and "さとう"
    read alike, "ゴトウ" as "ことう"). Kanji keep their code point order: a name's reading
    is not known. The long-vowel mark ー sorts after every kana, not as the vowel it
    lengthens.

    >>> alphabetical(Player(pk=1, name="Émile", name_key="émile"))
    ('emile', 1)
    >>> alphabetical(Player(pk=2, name="ゴトウ", name_key="ゴトウ"))
    ('ことう', 2)
    """
    letters = unicodedata.normalize("NFKD", player.name_key or name_key(player.name))
    plain = "".join(char for char in letters if not unicodedata.combining(char))
    return plain.translate(KATAKANA_AS_HIRAGANA), player.pk or 0


def refresh_fingerprints(player: Player) -> int:
    """Bring the fingerprints (players, rounds, scores) of a renamed player's sessions in
    step with the new name, so that an export made since is known again on import (and
    counted once). Each session is locked in a transaction of its own, as the write path
    locks it (call this after the rename is committed); one the engine cannot replay
    keeps its fingerprint. Return how many changed."""
    changed = 0
    sessions = Session.objects.filter(seats__player=player).order_by("pk")
    for pk in sessions.values_list("pk", flat=True):
        with transaction.atomic():
            session = Session.objects.select_for_update().get(pk=pk)
            try:
                value = replay_fingerprint(session.game())
            except ScoringError:
                continue
            if value != session.fingerprint:
                Session.objects.filter(pk=pk).update(fingerprint=value)
                changed += 1
    return changed
