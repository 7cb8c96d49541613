"""Every page in English, 简体中文 and 日本語: catalogs complete, nothing left in English (issue 9)."""

from __future__ import annotations

import gettext
import os
import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from ledger import glossary
from ledger.models import Ruleset, Season
from ledger.translations import (
    LANGUAGES,
    catalog_path,
    compile_catalog,
    ensure_compiled,
    extract_messages,
    read_po,
    template_messages,
)
from scoring.rules import PRESETS
from tests.factories import NAMES, create_session, create_user, draw, ron

PLACEHOLDER = re.compile(r"%\(\w+\)s|%%")
LANGUAGE_CODES = ("zh-hans", "ja")
# Words that stay as they are in every language: names from the fixtures, brands,
# notations typed into the forms, and the presets' names.
ALLOWED_WORDS = {
    *NAMES,
    "member",
    "Spring",
    "Club",
    "OpenSkill",
    "JSON",
    "XML",
    "mjlog",  # the online log formats' names: mjlog XML, tenhou.net/6 JSON, gzip, zip
    "tenhou",
    "net",
    "gzip",
    "zip",
    "CSV",
    "MPSZ",
    "QR",
    "English",
    "pon",
    "chi",
    "ankan",
    "kiriage",
    "true",
    "Plackett",  # OpenSkill's model and a formula, in the definitions
    "Luce",
    "max",
    *(part for name in PRESETS for part in name.split("_")),
    "WRC",  # the rule sets' organisations, known by their acronyms
    "EMA",
}


@pytest.fixture(autouse=True, scope="module")
def compiled_catalogs():
    ensure_compiled()


@pytest.fixture(scope="module")
def catalogs():
    return {language: read_po(catalog_path(language)) for language in LANGUAGES}


def test_every_marked_message_has_a_translation_in_each_language(catalogs):
    missing = {
        language: sorted(
            str(key)
            for key in extract_messages()
            if key not in messages or not messages[key].is_translated
        )
        for language, messages in catalogs.items()
    }

    assert missing == {language: [] for language in LANGUAGES}


def test_catalogs_hold_no_message_the_code_no_longer_uses(catalogs):
    used = set(extract_messages())

    for messages in catalogs.values():
        assert set(messages) - used == set()


def test_translations_keep_the_placeholders_of_the_message(catalogs):
    wrong = [
        (message.msgid, text)
        for messages in catalogs.values()
        for message in messages.values()
        for text in message.msgstr
        if sorted(PLACEHOLDER.findall(message.msgid)) != sorted(PLACEHOLDER.findall(text))
    ]

    assert wrong == []


def test_a_template_string_without_translation_is_found():
    template = '{% load i18n %}<p>{% translate "Tenpai at the draw" %}</p>'
    template += "{% blocktranslate %}New words {{ x }}{% endblocktranslate %}"

    found = [message.msgid for message, _ in template_messages(template)]

    assert found == ["Tenpai at the draw", "New words %(x)s"]


def test_compiled_catalog_reads_back_with_python_gettext(tmp_path):
    po, mo = tmp_path / "django.po", tmp_path / "django.mo"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Ron"\nmsgstr "ロン"\n\n'
        'msgctxt "outcome"\nmsgid "Draw"\nmsgstr "流局"\n\n'
        'msgid "Tsumo"\nmsgstr ""\n\n'  # untranslated: left out
        '#, fuzzy\nmsgid "Chombo"\nmsgstr "チョンボ?"\n',  # fuzzy: left out
        "utf-8",
    )
    assert compile_catalog(po, mo) == 2

    with mo.open("rb") as compiled:
        catalog = gettext.GNUTranslations(compiled)

    assert catalog.gettext("Ron") == "ロン"
    assert catalog.gettext("Tsumo") == "Tsumo"
    assert catalog.gettext("Chombo") == "Chombo"
    assert catalog.pgettext("outcome", "Draw") == "流局"


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["East 1", "Ron", "Honba", "Yakuhai: chun", "Mangan", "Tenhou", "Tenhou"]),
        ("zh-hans", ["东一局", "荣和", "本场", "役牌 中", "满贯", "天和", "天凤"]),
        ("ja", ["東1局", "ロン", "本場", "役牌 中", "満貫", "天和", "天鳳"]),
    ],
)
def test_glossary_terms_have_one_word_per_language(language, words):
    with translation.override(language):
        shown = [
            glossary.round_name("E1"),
            glossary.outcome_name("ron"),
            str(glossary.TERMS["honba"]),
            glossary.yaku_name("yakuhai_chun"),
            glossary.limit_name("mangan"),
            glossary.yaku_name("tenhou"),  # the yakuman
            glossary.preset_name("tenhou"),  # the online site's rules
        ]

    assert shown == words


@pytest.mark.parametrize(
    ("language", "title"),
    [("en", "East 2, 1 honba"), ("zh-hans", "东二局 1本场"), ("ja", "東2局 1本場")],
)
def test_round_title_names_the_honba_the_way_each_table_says_it(language, title):
    with translation.override(language):
        assert glossary.round_title("E2", 1) == title


def test_every_engine_yaku_has_a_name_in_the_glossary():
    from scoring.yaku import YAKU

    assert set(YAKU) <= set(glossary.YAKU)


def test_stored_hand_labels_are_shown_in_words():
    with translation.override("ja"):
        assert glossary.hand_label("mangan, 4 han 40 fu") == "満貫（4翻40符）"
        assert glossary.hand_label("haneman, 6 han") == "跳満（6翻）"
        assert glossary.hand_label("2× yakuman") == "ダブル役満"


# --- pages ----------------------------------------------------------------------------


class VisibleText(HTMLParser):
    """The text a reader sees or hears: text nodes and title/aria-label/placeholder."""

    SKIPPED = {"script", "style"}
    ATTRIBUTES = {"title", "aria-label", "placeholder", "alt"}

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.SKIPPED:
            self.skipping += 1
        self.parts += [value for name, value in attrs if name in self.ATTRIBUTES and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIPPED:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(data)


def english_words(html: str) -> set[str]:
    """Return the words in Latin letters a reader would see, less names and notations."""
    parser = VisibleText()
    parser.feed(html)
    text = " ".join(parser.parts)
    text = re.sub(r"\S+://\S+", " ", text)  # the table link
    words = set(re.findall(r"[A-Za-z]{2,}", text))
    return words - ALLOWED_WORDS


@pytest.fixture
def club(db):
    """A finished session, one in progress with rounds, a season and a staff member."""
    user = create_user()
    user.is_staff = True
    user.save()
    Season.objects.create(name="Spring", starts_on="2020-01-01")
    Ruleset.objects.create(name="Club", rules={"preset": "wrc"})
    east = {"preset": "wrc", "game_length": "east"}
    finished = create_session(
        rules=east, rounds=[ron(1, 2, riichi=[1]), draw(1, 3), ron(0, 2), ron(3, 1), draw()]
    )
    playing = create_session(rounds=[ron(0, 1), draw(0, 2, riichi=(2,))])
    return user, finished, playing


def pages(finished, playing):
    """Return the URLs of every page (one per kind of round on the table page)."""
    player = finished.players()[0]
    table = reverse("session-table", args=[playing.pk])
    return [
        reverse("home"),
        reverse("player-list"),
        reverse("player-detail", args=[player.pk]),
        reverse("session-new"),
        reverse("session-import"),
        reverse("log-import"),
        reverse("sessions-deleted"),
        *(f"{table}?kind={kind}" for kind in glossary.OUTCOMES),
        reverse("session-table", args=[finished.pk]),
        reverse("session-history", args=[finished.pk]),
        reverse("session-history", args=[playing.pk]),
        reverse("round-edit", args=[playing.pk, 1]),
        reverse("round-edit", args=[playing.pk, 9]),  # 404 with a message
        reverse("leaderboard"),
        reverse("leaderboard") + "?scope=dates&starts=2020-01-01",
        reverse("player-stats", args=[player.pk]),
        reverse("club-page") + "?scope=all&min_games=1",
        reverse("print-page") + "?scope=all&min_games=1",
        reverse("season-list"),
        "/no-such-page/",
    ]


def visit(client: Client, url: str, language: str) -> str:
    response = client.get(url, headers={"accept-language": language})
    assert response.status_code in (200, 404), (url, response.status_code)
    return response.content.decode()


@pytest.mark.parametrize("language", ["en", *LANGUAGE_CODES])
def test_every_page_renders_in_the_language_the_browser_asks_for(client, club, language):
    user, finished, playing = club
    client.force_login(user)
    client.post(reverse("round-undo", args=[playing.pk]), {"number": 2})  # a change log entry

    for url in pages(finished, playing):
        html = visit(client, url, language)
        assert f'<html lang="{language}">' in html, url


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_no_english_is_left_on_any_page(client, club, language):
    user, finished, playing = club
    client.force_login(user)
    asking = {"accept-language": language}  # flash messages are worded when the change is made
    client.post(reverse("round-undo", args=[playing.pk]), {"number": 2}, headers=asking)
    client.post(
        reverse("round-record", args=[playing.pk]), {"kind": "draw", "tenpai": [0]}, headers=asking
    )

    leftovers = {
        url: english_words(visit(client, url, language)) for url in pages(finished, playing)
    }

    assert {url: words for url, words in leftovers.items() if words} == {}


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_no_english_is_left_for_a_visitor(client, club, language):
    playing = club[2]

    for url in (reverse("login"), reverse("session-table", args=[playing.pk])):
        assert english_words(visit(client, url, language)) == set(), url


def test_english_stays_the_default_without_a_choice(client, db):
    html = client.get(reverse("home")).content.decode()

    assert '<html lang="en">' in html and "Start a session" in html


def test_the_language_chosen_in_the_header_is_remembered(client, db):
    response = client.post(reverse("set_language"), {"language": "ja", "next": "/"})

    assert response.cookies["django_language"].value == "ja"
    page = client.get(reverse("home"), headers={"accept-language": "zh-hans"}).content.decode()
    assert '<html lang="ja">' in page and "対局を始める" in page


def test_form_errors_come_in_the_chosen_language(client, db):
    client.force_login(create_user())
    playing = create_session()
    client.cookies["django_language"] = "zh-hans"

    response = client.post(reverse("round-record", args=[playing.pk]), {"kind": "tsumo"})

    assert "自摸：请选择和牌者。" in response.content.decode()


@pytest.mark.parametrize(("language", "words"), [("zh-hans", "空字符"), ("ja", "NUL文字")])
def test_a_nul_in_a_field_is_refused_in_words_that_say_so(client, db, language, words):
    client.force_login(create_user())
    client.cookies["django_language"] = language
    data = {"east": "A", "south": "B", "west": "C", "north": "D", "seating": "in_order",
            "rules_choice": "preset:wrc", "table_name": "T\x00"}  # fmt: skip

    response = client.post(reverse("session-new"), data)

    assert words in response.content.decode()  # Django's own catalogs say something else


@pytest.mark.parametrize(
    ("language", "points", "result"),
    [("en", "−25,000", "+33.2"), ("zh-hans", "−25,000", "+33.2"), ("ja", "−25,000", "+33.2")],
)
def test_numbers_follow_the_language(language, points, result):
    from ledger.templatetags.ledger_tags import points as points_filter
    from ledger.templatetags.ledger_tags import result as result_filter

    with translation.override(language):
        assert (points_filter(-25000), result_filter(33.2)) == (points, result)


def test_dates_are_iso_in_english_and_local_in_japanese(db):
    import datetime as dt

    from django.utils.formats import date_format

    day = dt.datetime(2025, 6, 1, 19, 30)
    with translation.override("en"):
        assert date_format(day, "SHORT_DATETIME_FORMAT") == "2025-06-01 19:30"
    with translation.override("ja"):
        assert date_format(day, "SHORT_DATETIME_FORMAT") == "2025/06/01 19:30"


def test_a_stale_catalog_is_compiled_again_when_tests_start_without_make():
    """A fresh checkout run with plain pytest has no .mo files, or old ones."""
    mo, po = catalog_path("ja", ".mo"), catalog_path("ja")
    before = po.stat().st_mtime - 60
    os.utime(mo, (before, before))

    ensure_compiled()

    assert mo.stat().st_mtime >= po.stat().st_mtime
    with translation.override("ja"):
        assert translation.gettext("Players") != "Players"
