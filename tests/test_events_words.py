"""The seating engine's messages in the players' words and language (clubnights.words)."""

from __future__ import annotations

import random

import pytest
from django.utils import translation

from clubnights import service
from clubnights.models import EventRound
from clubnights.words import WORDS, explain, say
from events.errors import NotCheckedInError, PrescriptError
from events.messages import ENGLISH, message
from events.prescript import parse_prescript
from events.seating import draw_round
from tests.test_events_service import ACTOR, check_in_all, create_event

LANGUAGES = ("ja", "zh-hans")


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def test_every_code_the_engine_says_has_words_here():
    assert set(ENGLISH) - {"sanma_not_possible"} == set(WORDS)


def test_a_note_is_said_with_its_numbers():
    note = draw_round(range(1, 6), method="random", sit_out="sanma", rng=random.Random(1)).note

    assert say(note) == "5 players cannot all play at tables of four and three, so 1 sits out."


@pytest.mark.parametrize(
    ("language", "words"),
    [("ja", "5人では四麻卓と三麻卓に全員は座れないため、1人が抜け番です。"),
     ("zh-hans", "5名玩家无法全部坐进四人桌和三人桌，所以1人轮空。")],
)  # fmt: skip
def test_a_note_comes_in_the_chosen_language(language, words):
    with translation.override(language):
        assert say(message("sanma_not_possible", count=5, left=1)) == words


def test_a_plan_refused_says_its_line_and_the_seat_by_its_wind():
    with pytest.raises(PrescriptError) as refused:
        parse_prescript("1,1,Ann,Bo,Cy,", {"Ann": 1, "Bo": 2, "Cy": 3})

    assert explain(refused.value) == "Line 1: The North seat of table 1 in round 1 is empty."
    with translation.override("ja"):
        assert explain(refused.value) == "1行目：第1回戦1卓の北家が空いています。"


def test_a_player_is_named_not_numbered():
    error = NotCheckedInError(4, 2)

    assert explain(error, {4: "Dai"}) == (
        "The seating plan puts Dai at a table in round 2, but Dai has not checked in."
    )
    assert "player 4" in explain(error)  # no name known: the id, in words


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("code", sorted(ENGLISH))
def test_every_message_is_translated(code, language):
    values = {"player": 1, "method": "x", "methods": "random", "seats": 4, "sit_out": "x", "round": 2, "name": "Ann",
              "first": 1, "table": 1, "cells": 6, "count": 5, "seat": 0, "cell": "x",
              "after": 1, "expected": 2, "left": 1}  # fmt: skip
    needed = {key: values[key] for key in _fields(ENGLISH[code])}
    english = say(message(code, **needed))

    with translation.override(language):
        translated = say(message(code, **needed))

    assert translated != english and "%(" not in translated


def _fields(template: str) -> set[str]:
    import string

    names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    return {"seat" if name == "seat_name" else name for name in names}


@pytest.mark.django_db
def test_a_draw_refused_by_the_plan_is_said_in_the_chosen_language():
    event = create_event(seating="prescripted", prescript="1,1,Player 01,Player 02,Player 03,Zed")
    check_in_all(event, ["Player 01", "Player 02", "Player 03", "Player 04"])

    with translation.override("zh-hans"), pytest.raises(service.EventError) as refused:
        service.draw_round(event.pk, actor=ACTOR)

    assert refused.value.message == "座位表第1行：“Zed”不是本活动的玩家。"


@pytest.mark.django_db
def test_a_rounds_note_is_stored_as_its_code_and_said_when_shown():
    event = create_event()
    check_in_all(event, ["A", "B", "C", "D"])
    event_round = service.draw_round(event.pk, actor=ACTOR)
    event_round.note = {"code": "sanma_not_possible", "values": {"count": 5, "left": 1}}

    with translation.override("ja"):
        assert (
            event_round.note_text()
            == "5人では四麻卓と三麻卓に全員は座れないため、1人が抜け番です。"
        )
    assert EventRound.objects.get().note == {}


@pytest.mark.django_db
def test_a_plan_that_is_not_csv_is_refused_in_words():
    with translation.override("ja"), pytest.raises(service.EventError) as refused:
        create_event(seating="prescripted", prescript='1,1,"' + "x" * 200_000)

    assert refused.value.message == "座席表をCSVとして読めません（1卓1行、カンマ区切り）。"
