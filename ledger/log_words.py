"""The refusals of the online-log reader (``ledger.online_logs``, pure Python, in English)
in the user's language, and the online sites' names: each refusal's sentence is one of
``ledger.online_logs.refusals.SENTENCES``, its figures (rounds, hand values, endings,
details, the engine's refusal) said in words; file names and players' names stay as
they are.
"""

from __future__ import annotations

from django.utils.translation import gettext, pgettext_lazy

from ledger import engine_words, glossary
from ledger.online_logs import refusals

SITE_WORDS = {  # with a context: "Tenhou" alone is also the yakuman (天和)
    "tenhou": pgettext_lazy("online site", "Tenhou"),
    "mahjongsoul": pgettext_lazy("online site", "Mahjong Soul"),
}


def reader_words(message: str) -> str:
    """Return a refusal of the log reader (pure Python, in English) in the user's
    language: its sentence and the figures in it that are words (rounds, hand values,
    endings, details); the file name and the players' names are kept as they are."""
    refusal = refusals.refusal_of(message)
    if refusal is None:
        return message
    return _place_words(refusal) + _said(refusal.sentence, refusal.figures)


def _said(sentence: str, figures: dict[str, str]) -> str:
    """Return a sentence of the reader translated, with its figures in words."""
    if not figures:
        return gettext(sentence)
    return gettext(sentence) % {
        key: FIGURE_WORDS.get(key, str)(value) for key, value in figures.items()
    }


def _place_words(refusal: refusals.Refusal) -> str:
    place = _file_words(refusal.file)
    if refusal.round:
        words = {"file": place, "round": _round_words(refusal.round)}
        place = gettext("%(file)s, round %(round)s") % words
    return glossary.labelled(place, "") if place else ""


def _file_words(label: str) -> str:
    """Return a file's label: its name, with the game's number in a file of several."""
    found = refusals.GAME_OF_FILE.fullmatch(label)
    return gettext("%(file)s (game %(number)s)") % found.groupdict() if found else label


def _round_words(text: str) -> str:
    found = refusals.round_label(text)
    return glossary.round_title(*found) if found else text


def _hand_words(text: str) -> str:
    """Return a hand's value in words ("3 han 30 fu", "double yakuman")."""
    found = refusals.hand_value(text)
    if found is None:
        return text
    han, fu, yakuman = found
    return glossary.yakuman_count(yakuman) if yakuman else glossary.han_fu(han, fu)


def _detail_words(text: str) -> str:
    found = refusals.detail_of(text)
    return _said(*found) if found else text


def _engine_words(text: str) -> str:
    """Return the engine's refusal inside a sentence as the table reads it (the seats
    by number, "#3" for player 2: the sentence does not hold the players' names)."""
    return engine_words.explain(ValueError(text)).rstrip(".。")


FIGURE_WORDS = {  # the figures of the reader's sentences that are words (see refusals.SENTENCES)
    "round": _round_words,
    "next": _round_words,
    "value": _hand_words,
    "log_value": _hand_words,
    "ending": gettext,
    "detail": _detail_words,
    "error": _engine_words,
    "other": _file_words,
}


def site_words(kind: str) -> str:
    """Return an online site's name in the user's language."""
    return str(SITE_WORDS.get(kind, kind))
