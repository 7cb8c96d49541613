"""Giving a hand's value by its yaku checklist on the table page: the form scores it with the
engine (scoring/checklist.py), the preview reads it and says which fu are left to choose,
Save stores the han and fu with the yaku and dora, and a refusal says why in words."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse
from django.utils import translation

from ledger.forms import RoundForm
from ledger.models import Round
from tests.factories import NAMES, create_session, create_user

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
RIICHI_PINFU_TSUMO = {
    "kind": "tsumo",
    "winner": "1",
    "by": "yaku",
    "yaku": ["riichi", "menzen_tsumo", "pinfu"],
    "yaku_dora": "1",
}
TANYAO_RON = {"kind": "ron", "winners": ["1"], "loser": "2", "by_1": "yaku", "yaku_1": ["tanyao"]}


@pytest.fixture
def member(client):
    client.force_login(create_user())
    return client


def _outcome(data, **kwargs):
    form = RoundForm(data, names=list(NAMES), **kwargs)
    assert form.is_valid(), form.errors
    return form.cleaned_data["outcome"]


def _errors(data):
    form = RoundForm(data, names=list(NAMES))
    assert not form.is_valid()
    return [str(e) for e in form.non_field_errors()]


def _preview(client, session, data):
    response = client.post(reverse("round-preview", args=[session.pk]), data, headers=HTMX)
    assert response.status_code == 200
    return response.content.decode()


def test_a_checklist_tsumo_is_stored_with_its_han_fu_yaku_and_dora():
    assert _outcome(RIICHI_PINFU_TSUMO) == {
        "result": "tsumo",
        "winner": 1,
        "han": 4,
        "fu": 20,
        "yaku": ["riichi", "menzen_tsumo", "pinfu"],
        "dora": {"dora": 1, "aka": 0, "ura": 0},
        "riichi": [1],  # the checklist's riichi was declared: its stick is paid
    }


def test_the_fu_the_yaku_leave_open_come_from_the_fu_buttons():
    assert _errors(TANYAO_RON) == ["Choose the fu of Bo’s hand (1 han)."]
    assert _outcome({**TANYAO_RON, "fu_1": "40"})["wins"] == [
        {"winner": 1, "han": 1, "fu": 40, "yaku": ["tanyao"],
         "dora": {"dora": 0, "aka": 0, "ura": 0}}
    ]  # fmt: skip
    assert _errors({**TANYAO_RON, "fu_1": "25"}) == ["Bo: 1 han with these yaku cannot have 25 fu."]


def test_a_limit_hand_and_a_yakuman_need_no_fu():
    mangan = {**TANYAO_RON, "yaku_1": ["tanyao", "chinitsu"], "open_1": "1"}
    assert _outcome(mangan)["wins"][0] == {
        "winner": 1, "han": 6, "yaku": ["tanyao", "chinitsu"],
        "dora": {"dora": 0, "aka": 0, "ura": 0},
    }  # fmt: skip
    double = {**TANYAO_RON, "yaku_1": ["daisangen", "tsuuiisou"]}
    assert _outcome(double)["wins"][0]["yakuman"] == 2


def test_han_buttons_win_over_a_checklist_that_is_not_chosen():
    data = {**TANYAO_RON, "by_1": "", "han_1": "3", "fu_1": "30"}
    assert _outcome(data)["wins"] == [{"winner": 1, "han": 3, "fu": 30}]


@pytest.mark.parametrize(
    ("yaku", "extra", "message"),
    [
        (["pinfu", "toitoi"], {}, "Bo: Pinfu has no triplets or kans, which Toitoi needs."),
        (["chiitoitsu", "sanankou"], {},
         "Bo: Chiitoitsu is seven pairs, with no sets for Sanankou."),
        (["riichi", "tanyao"], {"open_1": "1"},
         "Bo: Riichi needs a closed hand (no chi, pon or open kan)."),
        (["ippatsu", "tanyao"], {}, "Bo: Ippatsu needs riichi or double riichi."),
        (["menzen_tsumo"], {}, "Bo: Menzen tsumo is won by tsumo, not by ron."),
        (["daisangen", "honitsu"], {},
         "Bo: Daisangen is a yakuman: it counts alone, without Honitsu."),
        (["tanyao"], {"yaku_ura_1": "1"}, "Bo: Ura dora needs riichi or double riichi."),
        ([], {"yaku_dora_1": "2"}, "Bo: Dora are not a yaku: tick at least one yaku."),
    ],
)  # fmt: skip
def test_a_checklist_no_hand_can_have_is_refused_in_words(yaku, extra, message):
    assert _errors({**TANYAO_RON, "yaku_1": yaku, "fu_1": "30", **extra}) == [message]


def test_refusals_are_translated():
    with translation.override("ja"):
        (message,) = _errors({**TANYAO_RON, "yaku_1": ["pinfu", "toitoi"]})
    assert message == "Bo：平和には刻子も槓子もないので、対々和は成立しません。"


def test_the_preview_reads_the_checklist_and_pays_from_the_engine(client):
    session = create_session(rules={"preset": "club"})
    html = _preview(client, session, {**RIICHI_PINFU_TSUMO, "expected_number": "1"})
    assert "Bo: Riichi + Menzen tsumo + Pinfu + dora 1 = 4 han 20 fu" in html
    assert "Aki pays Bo 2,600" in html
    assert 'data-checklist-fu="[]"' in html  # no fu to choose


def test_the_preview_offers_only_the_fu_left_open(client):
    session = create_session(rules={"preset": "club"})
    html = _preview(client, session, {**TANYAO_RON, "yaku_1": ["riichi", "tanyao"]})
    assert "Bo: Riichi + Tanyao = 2 han" in html
    fu = re.search(r'data-checklist-fu="([^"]*)" data-suffix="_1"', html)
    assert json.loads(fu[1].replace("&quot;", '"')) == [30, 40, 50, 60, 70, 80, 90, 100, 110]
    html = _preview(client, session, {**TANYAO_RON, "yaku_1": ["pinfu", "toitoi"]})
    assert "Bo: Pinfu has no triplets or kans, which Toitoi needs." in html
    assert "data-checklist-fu" not in html  # refused: the fu buttons stay as they are


def test_a_checklist_round_saves_with_the_right_payment_and_its_yaku(member):
    session = create_session(rules={"preset": "club"})
    data = {**TANYAO_RON, "yaku_1": ["riichi", "tanyao"], "yaku_aka_1": "1", "fu_1": "40"}

    response = member.post(reverse("round-record", args=[session.pk]), data, headers=HTMX)

    assert response.status_code == 200
    saved = Round.objects.get(session=session)
    assert saved.outcome["wins"] == [
        {"winner": 1, "han": 3, "fu": 40, "yaku": ["riichi", "tanyao"],
         "dora": {"dora": 0, "aka": 1, "ura": 0}}
    ]  # fmt: skip
    assert saved.outcome["riichi"] == [1]
    assert saved.deltas == [0, 5200 - 1000 + 1000, -5200, 0]  # 3 han 40 fu; the stick back


def test_the_table_offers_the_checklist_grouped_by_han_with_each_value(member):
    session = create_session(rules={"preset": "club"})
    html = member.get(reverse("session-table", args=[session.pk])).content.decode()
    assert html.count('<details class="extra yaku"') == 5  # each ron winner's and the tsumo's
    assert 'name="yaku_1" value="pinfu" aria-label="Pinfu: 1 han, closed hands only"' in html
    assert 'aria-label="Chanta: 2 han closed, 1 han open"' in html
    assert 'aria-label="Kokushi musou, 13-sided wait: Double yakuman"' in html
    assert 'name="yaku" value="menzen_tsumo" aria-label' in html
    assert re.search(r'name="yaku" value="menzen_tsumo" aria-label="[^"]*" checked', html)
    assert 'name="yaku_aka_1"' in html
    wrc = create_session(rules={"preset": "wrc"})  # no red fives, no double yakuman
    html = member.get(reverse("session-table", args=[wrc.pk])).content.decode()
    assert 'name="yaku_aka_1"' not in html
    assert 'aria-label="Kokushi musou, 13-sided wait: Yakuman"' in html
    assert 'value="renhou"' in html  # renhou as mangan


def test_the_edit_page_shows_a_checklist_win_as_ticked(member):
    win = {"winner": 1, "han": 6, "yaku": ["tanyao", "chinitsu"],
           "dora": {"dora": 0, "aka": 0, "ura": 0}}  # fmt: skip
    session = create_session(rules={"preset": "club"},
                             rounds=[{"result": "ron", "loser": 2, "wins": [win], "riichi": []}])  # fmt: skip
    initial = RoundForm.initial_from(session.outcomes()[0])
    assert initial["yaku_1"] == ["tanyao", "chinitsu"]
    assert (initial["by_1"], initial["open_1"]) == ("yaku", True)  # 7 han closed, 6 stored
    html = member.get(reverse("round-edit", args=[session.pk, 1])).content.decode()
    assert re.search(r'name="yaku_1" value="chinitsu" aria-label="[^"]*" checked', html)


def test_a_checklist_worth_more_than_the_ledger_keeps_under_aotenjou_is_previewed_as_refused(
    client,
):
    session = create_session(rules={"preset": "club", "aotenjou": True})
    data = {
        "kind": "ron",
        "loser": "1",
        "winners": ["0"],
        "by_0": "yaku",
        "yaku_0": ["riichi", "pinfu", "tanyao"],
        "yaku_dora_0": "40",
    }

    page = _preview(client, session, data)

    assert "pays more than this ledger can keep" in page
