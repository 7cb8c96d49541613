"""Rule options of issue 20 on the table page. A riichi player found noten at an
exhaustive draw: under ``riichi_noten`` "chombo" the draw form offers to record the
chombo instead of refusing the draw; under "noten" the draw is saved with that player
paying noten. Open riichi is offered (tile flags, checklist) only where the rules play it,
and an open pinfu-shaped ron's 20 fu only under ``open_pinfu_fu`` 20."""

from __future__ import annotations

import pytest
from django.urls import reverse

from ledger.models import Session
from tests.factories import create_session

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def _table(client, riichi_noten):
    session = create_session(rules={"preset": "club", "riichi_noten": riichi_noten})
    client.get(reverse("join-table", args=[session.token]))
    client.post(reverse("riichi", args=[session.pk]), {"seat": 2, "on": "1"}, headers=HTMX)
    return session


def _draw(client, session, **extra):
    data = {"kind": "draw", "tenpai": ["0"], **extra}
    return client.post(reverse("round-record", args=[session.pk]), data, headers=HTMX)


def test_under_chombo_the_draw_form_offers_a_chombo_by_the_riichi_player(client):
    session = _table(client, "chombo")

    page = client.get(reverse("session-table", args=[session.pk]) + "?kind=draw").content
    page = page.decode()

    assert 'name="chombo_instead" value="2"' in page
    assert "Chombo by Chen" in page
    assert "commits a chombo" in page


def test_under_chombo_a_draw_leaving_the_riichi_player_noten_is_refused_with_the_way_out(
    client,
):
    session = _table(client, "chombo")

    response = _draw(client, session)

    page = response.content.decode()
    assert response.status_code == 422
    assert "record a chombo by Chen" in page
    assert 'name="chombo_instead" value="2"' in page
    assert not Session.objects.get(pk=session.pk).rounds.exists()


def test_the_chombo_button_records_the_chombo_instead_of_the_draw(client):
    session = _table(client, "chombo")

    response = _draw(client, session, chombo_instead="2")

    session = Session.objects.get(pk=session.pk)
    assert response.status_code == 200
    assert session.outcomes() == [{"result": "chombo", "player": 2}]
    assert session.riichi == []  # the stick went back to Chen
    assert session.replay()["rounds"][0]["deltas"] == [4000, 2000, -8000, 2000]


def test_under_noten_the_draw_is_saved_and_the_riichi_player_pays_noten(client):
    session = _table(client, "noten")

    page = client.get(reverse("session-table", args=[session.pk]) + "?kind=draw").content
    response = _draw(client, session)

    session = Session.objects.get(pk=session.pk)
    assert "pays noten like any other noten player" in page.decode()
    assert 'name="chombo_instead"' not in page.decode()
    assert response.status_code == 200
    assert session.outcomes()[-1] == {"result": "draw", "tenpai": [0], "riichi": [2]}
    # 1 tenpai: 1,000 from each noten player; Chen's stick stays on the table
    assert session.replay()["rounds"][0]["deltas"] == [3000, -1000, -2000, -1000]


@pytest.mark.parametrize(("open_riichi", "offered"), [("none", False), ("deal_in_yakuman", True)])
def test_open_riichi_is_offered_on_the_round_form_only_under_the_rule(client, open_riichi, offered):
    session = create_session(rules={"preset": "club", "open_riichi": open_riichi})
    client.get(reverse("join-table", args=[session.token]))

    page = client.get(reverse("session-table", args=[session.pk]) + "?kind=ron").content.decode()

    assert ('value="open_riichi"' in page) == offered
    assert ('value="open_riichi_yakuman"' in page) == offered


def test_a_ron_on_an_open_riichi_from_outside_riichi_is_paid_as_a_yakuman(client):
    session = create_session(rules={"preset": "club", "open_riichi": "deal_in_yakuman"})
    client.get(reverse("join-table", args=[session.token]))
    client.post(reverse("riichi", args=[session.pk]), {"seat": 1, "on": "1"}, headers=HTMX)
    data = {"kind": "ron", "winners": ["1"], "loser": "2", "tiles_1": "234567m456p789s33z",
            "win_tile_1": "2m", "flags_1": ["open_riichi"]}  # fmt: skip

    client.post(reverse("round-record", args=[session.pk]), data, headers=HTMX)

    deltas = Session.objects.get(pk=session.pk).replay()["rounds"][0]["deltas"]
    assert deltas == [0, 32000, -32000, 0]


def test_the_20_fu_ron_is_offered_only_under_the_open_pinfu_20_fu_rule(client):
    from ledger.forms.choices import round_choices
    from scoring.rules import Rules

    names = ["Aki", "Bo", "Chen", "Dai"]
    assert 20 in round_choices(Rules(open_pinfu_fu=20), names)["fu_ron"][1]
    assert 20 not in round_choices(Rules(), names)["fu_ron"][1]


def _aotenjou_ron(client, **value):
    session = create_session(rules={"preset": "club", "aotenjou": True})
    client.get(reverse("join-table", args=[session.token]))
    data = {"kind": "ron", "winners": ["1"], "loser": "2", **value}
    response = client.post(reverse("round-record", args=[session.pk]), data, headers=HTMX)
    return response, Session.objects.get(pk=session.pk)


def test_under_aotenjou_the_han_buttons_past_4_ask_the_fu_and_pay_without_limit(client):
    response, session = _aotenjou_ron(client, han_1="8", fu_1="30")

    assert response.status_code == 200
    assert session.replay()["rounds"][0]["deltas"] == [0, 122_900, -122_900, 0]


def test_under_aotenjou_a_yakuman_button_needs_its_fu(client):
    refused, _ = _aotenjou_ron(client, han_1="Y1")
    assert refused.status_code == 400
    assert "Choose the fu of Bo’s hand (Yakuman)." in refused.content.decode()


def test_under_aotenjou_a_yakuman_with_its_fu_is_13_han_and_keeps_the_fu(client):
    _, session = _aotenjou_ron(client, han_1="Y1", fu_1="40")

    assert session.outcomes()[0]["wins"] == [{"winner": 1, "yakuman": 1, "fu": 40}]
    assert session.replay()["rounds"][0]["deltas"] == [0, 5_242_900, -5_242_900, 0]


def test_aotenjou_shows_no_limit_buttons_and_offers_fu_for_every_han():
    from ledger.forms.choices import round_choices
    from scoring.rules import Rules

    names = ["Aki", "Bo", "Chen", "Dai"]
    choices = round_choices(Rules(aotenjou=True), names)
    assert choices["limits"] == []
    assert 30 in choices["fu_ron"][8] and 30 in choices["fu_tsumo"]["Y1"]
    assert 8 not in round_choices(Rules(), names)["fu_ron"]


@pytest.mark.parametrize(("record", "words"), [
    (
        {"rules": {"preset": "club", "open_riichi": "deal_in_yakuman"}, "rounds": [
            {"result": "ron", "loser": 2, "riichi": [1, 2],
             "wins": [{"winner": 1, "yakuman": 1, "yaku": ["open_riichi_yakuman"]}]}]},
        "Chen dealt in from riichi, so Bo’s open riichi is not paid as a yakuman",
    ),
    (
        {"rules": {"preset": "club", "aotenjou": True}, "rounds": [
            {"result": "ron", "loser": 2, "wins": [{"winner": 1, "yakuman": 1}]}]},
        "Under aotenjou every hand counts its fu",
    ),
    (
        {"rules": "club", "rounds": [{"result": "tsumo", "winner": 1, "hand": {
            "hand": "234567m456p789s33z", "win": "2m", "riichi": True, "open_riichi": True}}]},
        "These rules have no open riichi.",
    ),
])  # fmt: skip
def test_the_new_options_refusals_are_said_in_the_tables_words(record, words):
    from ledger.engine_words import explain
    from scoring.errors import ScoringError
    from scoring.game import replay

    with pytest.raises(ScoringError) as refused:
        replay({"players": ["Aki", "Bo", "Chen", "Dai"], **record})
    assert words in explain(refused.value, ["Aki", "Bo", "Chen", "Dai"])


def test_a_noten_riichi_chombo_under_rules_without_chombo_is_refused_by_its_labels():
    from ledger.engine_words import explain
    from scoring.errors import ScoringError
    from scoring.rules import Rules

    with pytest.raises(ScoringError) as refused:
        Rules.from_json({"preset": "tenhou", "riichi_noten": "chombo"})
    assert explain(refused.value) == (
        "“Riichi player noten at an exhaustive draw” makes a noten riichi a chombo, but "
        "“Chombo” has no chombo."
    )
