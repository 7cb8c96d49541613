"""Every refusal the reader and the checker give, as sentences to translate.

The reader words its refusals in English, as the rest of this package does: the file
(and the round) first, then a sentence, e.g. "a.xml, round East 2, 1 honba: the log
has broken scores." ``SENTENCES`` holds each sentence the reader can say, with
``%(name)s`` where a figure of the log goes, and ``DETAILS`` what a broken tile, call,
yaku or score text says inside a sentence's brackets. Both are marked for the
catalogs (``gettext_noop`` below), and ``refusal_of`` takes a message apart into its
file, round, sentence and figures, so that the ledger (``ledger.log_words``) can
say it in the user's language. A test walks every place this package raises a
refusal: a new sentence needs its line here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


def gettext_noop(message: str) -> str:
    """Return the message as it is. Like Django's function of this name, it only marks
    the message for the catalogs (``manage.py extracttranslations`` looks for the
    name); this package stays pure Python, and the ledger translates where it shows."""
    return message


SENTENCES = (  # tried in this order: a sentence before a wider one that also fits
    # the upload and its files
    gettext_noop("The upload holds no game log."),
    gettext_noop("The upload holds more than %(count)s files; split it up."),
    gettext_noop("The upload is too large once unpacked; split it up."),
    gettext_noop("this game has already been imported."),
    gettext_noop("this game is the same as %(other)s; a game is imported only once."),
    gettext_noop(
        "this file is not a game log we can read (Tenhou mjlog XML or tenhou.net/6 JSON, "
        "plain, gzipped or in a zip archive)."
    ),
    gettext_noop("the file is empty."),
    gettext_noop("the file is damaged or incomplete: it is not valid JSON."),
    gettext_noop("the file is damaged or incomplete: its compressed data breaks off."),
    gettext_noop("the file is damaged or incomplete: it is not a readable zip archive."),
    gettext_noop(
        "the file is damaged or incomplete: its XML breaks off or is malformed at line %(line)s."
    ),
    gettext_noop("the file is too large to be a game log."),
    gettext_noop("the archive holds more than %(count)s files."),
    gettext_noop("the zip archive is empty."),
    gettext_noop("the file is damaged: it holds a NUL character, which no game log has."),
    gettext_noop(
        "the file is damaged: it holds half of a UTF-16 character pair, which is not text."
    ),
    # what the log is and who played
    gettext_noop("this XML file is not a Tenhou game log."),
    gettext_noop("this JSON file is not a tenhou.net/6 game log."),
    gettext_noop("this is a three-player game (sanma); three-player games cannot be imported yet."),
    gettext_noop("this game cannot be imported: %(detail)s."),
    gettext_noop("the log does not say which lobby the game was played in."),
    gettext_noop("the log does not name its players."),
    gettext_noop("the log does not name its four players."),
    gettext_noop("the log has a broken end time."),
    gettext_noop("the log holds no rounds."),
    # a round that cannot be read
    gettext_noop("the log has a broken round."),
    gettext_noop("the log has a broken round start."),
    gettext_noop("the log has a broken round result."),
    gettext_noop("the round has no end; the file may be cut short."),
    gettext_noop("the log has broken scores."),
    gettext_noop("the log has broken changes of score."),
    gettext_noop("the log has a broken win entry."),
    gettext_noop("the log has a broken %(entry)s entry."),  # an XML tag: AGARI, REACH, ...
    gettext_noop("the log has a broken hand (%(detail)s)."),
    gettext_noop("the log's tiles or result cannot be read (%(detail)s)."),
    gettext_noop("the log has a draw of an unknown kind (%(kind)s)."),
    gettext_noop("the log ends the round in a way we do not know (%(kind)s)."),
    # the log against our replay
    gettext_noop("by our replay the game ended %(ending)s, but the log goes on."),
    gettext_noop("our engine cannot replay this round: %(error)s."),
    gettext_noop("the log plays this round here, but by our replay it is %(round)s."),
    gettext_noop(
        "the log has %(log)s riichi sticks on the table at the start, our replay %(replay)s."
    ),
    gettext_noop("the log starts the round with %(log)s, our replay with %(replay)s."),
    gettext_noop("the log says the scores changed by %(log)s, our replay gives %(replay)s."),
    gettext_noop(
        "the log says %(player)s won %(log_points)s (%(log_value)s), our replay gives "
        "%(points)s (%(value)s)."
    ),
    # the end of the game
    gettext_noop("the log has no final result: it may be cut short; import the whole game."),
    gettext_noop("the log has broken final results."),
    gettext_noop("the log ends after %(round)s, but by our replay the game goes on to %(next)s."),
    gettext_noop("the log's final scores are %(log)s, our replay gives %(replay)s."),
    gettext_noop("the log's final results are %(log)s, our replay gives %(replay)s."),
)
DETAILS = (
    gettext_noop("the discarder has no discard"),
    gettext_noop("a tsumogiri without a draw"),
    gettext_noop("an added kan %(tiles)s without its pon"),
    gettext_noop("%(text)s is not a kan"),
    gettext_noop("%(text)s is not a call"),
    gettext_noop("tile %(code)s is given out but not held"),
    gettext_noop("the winning tile is missing"),
    gettext_noop("the score %(text)s cannot be read"),
    gettext_noop("%(text)s is not a yaku"),
    gettext_noop("%(number)s is not a tile number (0 to 135)"),
    gettext_noop("%(code)s is not a tile code"),
    gettext_noop("%(code)s is not a call number"),
    gettext_noop("the log's counts of red fives are broken"),
    gettext_noop(
        "the game has %(counts)s red fives of manzu/pinzu/souzu; our engine counts one "
        "red five of each suit or none"
    ),
)
ROUND_WORDS = re.compile(  # a round as model.round_words and label_words write it
    r"(?P<wind>East|South|West|North) (?P<number>\d+)(?:, (?P<honba>\d+) honba)?"
)
HAND_VALUE = re.compile(  # a hand's value as check words it
    r"(?P<han>\d+) han(?: (?P<fu>\d+) fu)?|(?P<yakuman>|double |\d+x )yakuman"
)
PLACE = re.compile(rf"(?P<file>.+?)(?:, round (?P<round>{ROUND_WORDS.pattern}))?", re.S)
GAME_OF_FILE = re.compile(r"(?P<file>.+) \(game (?P<number>\d+)\)", re.S)  # reader._parsed
FIGURE = re.compile(r"%\((\w+)\)s")


@dataclass(frozen=True)
class Refusal:
    """A refusal taken apart: where (the file, "" for the whole upload; the round in
    table words, or ""), its sentence as in ``SENTENCES``, and the figures in it."""

    file: str
    round: str
    sentence: str
    figures: dict[str, str]


def _pattern(sentence: str) -> re.Pattern[str]:
    """Return a pattern that matches the sentence with any text for each figure."""
    parts = FIGURE.split(sentence)  # text, figure name, text, ...
    pieces = [f"(?P<{part}>.+?)" if at % 2 else re.escape(part) for at, part in enumerate(parts)]
    return re.compile("".join(pieces), re.S)


SENTENCE_PATTERNS = [(sentence, _pattern(sentence)) for sentence in SENTENCES]
DETAIL_PATTERNS = [(detail, _pattern(detail)) for detail in DETAILS]


def refusal_of(message: str) -> Refusal | None:
    """Return a refusal of the reader taken apart, or None when no sentence fits.

    >>> refusal_of("a.xml, round East 2, 1 honba: the log has broken scores.")
    Refusal(file='a.xml', round='East 2, 1 honba', sentence='the log has broken scores.', figures={})
    >>> refusal_of("The upload holds more than 500 files; split it up.").figures
    {'count': '500'}
    """
    for head, tail in _cuts(message):
        found = _sentence(tail, SENTENCE_PATTERNS)
        if found is None:
            continue
        place = PLACE.fullmatch(head)  # None for no head
        file, round_words = (place["file"], place["round"] or "") if place else ("", "")
        return Refusal(file, round_words, *found)
    return None


def detail_of(text: str) -> tuple[str, dict[str, str]] | None:
    """Return the detail (as in ``DETAILS``) and its figures, or None when none fits.

    >>> detail_of("null is not a tile code")
    ('%(code)s is not a tile code', {'code': 'null'})
    """
    return _sentence(text, DETAIL_PATTERNS)


def round_label(text: str) -> tuple[str, int] | None:
    """Return the engine's label and the honba of a round in table words, or None.

    >>> round_label("South 3, 1 honba"), round_label("East 5"), round_label("x")
    (('S3', 1), ('E5', 0), None)
    """
    found = ROUND_WORDS.fullmatch(text)
    if found is None:
        return None
    return found["wind"][0] + found["number"], int(found["honba"] or 0)


def hand_value(text: str) -> tuple[int, int | None, int] | None:
    """Return the han, fu (None when not given) and yakuman of a hand's value in
    words, or None.

    >>> hand_value("3 han 30 fu"), hand_value("5 han"), hand_value("yakuman")
    ((3, 30, 0), (5, None, 0), (0, None, 1))
    >>> hand_value("double yakuman"), hand_value("4x yakuman"), hand_value("x")
    ((0, None, 2), (0, None, 4), None)
    """
    found = HAND_VALUE.fullmatch(text)
    if found is None:
        return None
    if found["yakuman"] is None:
        return int(found["han"]), int(found["fu"]) if found["fu"] else None, 0
    count = {"": 1, "double ": 2}.get(found["yakuman"]) or int(found["yakuman"][:-2])
    return 0, None, count


def _sentence(
    text: str, patterns: list[tuple[str, re.Pattern[str]]]
) -> tuple[str, dict[str, str]] | None:
    for sentence, pattern in patterns:
        if match := pattern.fullmatch(text):
            return sentence, match.groupdict()
    return None


def _cuts(message: str) -> list[tuple[str, str]]:
    """Return each way to cut a message into where it is ("" for none) and the
    sentence after the ": " that follows."""
    cuts = [("", message)]
    at = message.find(": ")
    while at != -1:
        cuts.append((message[:at], message[at + 2 :]))
        at = message.find(": ", at + 1)
    return cuts
