"""Three-player (sanma) sessions in the ledger: the new-session form, the table page's
three seats, recording and previewing rounds, history, console, export and import, and
the API; the same write path and checks as four-player sessions."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from ledger import writes
from ledger.models import Player, Session
from tests.factories import create_user

pytestmark = pytest.mark.django_db
THREE = {"east": "Aki", "south": "Bo", "west": "Chen"}
HTMX = {"HX-Request": "true"}


@pytest.fixture
def member(client):
    client.force_login(create_user())
    return client


def _start(member, **extra):
    data = {**THREE, "seating": "in_order", "rules_choice": "preset:tenhou_sanma", **extra}
    return member.post(reverse("session-new"), data)


def _sanma(member):
    assert _start(member).status_code == 302
    return Session.objects.get()


def test_the_new_session_form_starts_a_game_of_three(member):
    response = _start(member)

    session = Session.objects.get()
    assert response.status_code == 302
    assert [p.name for p in session.players()] == ["Aki", "Bo", "Chen"]
    assert session.game().state.scores == (35000, 35000, 35000)


def test_the_form_marks_which_rules_are_for_three_and_hides_player_4_for_them(member):
    page = member.get(reverse("session-new") + "?rules_choice=preset:club_sanma").content.decode()

    assert 'value="preset:tenhou_sanma" data-players="3"' in page
    assert 'value="preset:tenhou" data-players="4"' in page
    assert 'data-player-field="north" hidden' in page


@pytest.mark.parametrize(
    "data, message",
    [
        ({"rules_choice": "preset:tenhou"}, "This field is required."),
        ({"west": "aki"}, "The three players must be three different people."),
    ],
)
def test_a_form_that_does_not_seat_the_rules_players_is_refused(member, data, message):
    response = _start(member, **data)

    assert response.status_code == 400 and message in response.content.decode()
    assert not Session.objects.exists()


def test_a_name_left_in_player_4_is_not_seated_at_a_table_of_three(member):
    _start(member, north="Dai")

    assert [p.name for p in Session.objects.get().players()] == ["Aki", "Bo", "Chen"]
    assert not Player.objects.filter(name="Dai").exists()


def test_the_table_page_draws_three_seats_with_east_south_west(member):
    session = _sanma(member)

    page = member.get(session.get_absolute_url()).content.decode()

    assert page.count('class="seat seat-') == 3
    assert "seat-left" not in page  # where North would sit
    assert page.count("35,000") >= 3


def test_rounds_recorded_on_the_table_page_pay_as_sanma(member):
    session = _sanma(member)
    url = reverse("round-record", args=[session.pk])

    member.post(url, {"kind": "tsumo", "winner": "1", "han": "3", "fu": "30"})
    member.post(url, {"kind": "draw", "tenpai": ["0"]})

    session.refresh_from_db()
    assert session.game().state.scores == (33000 + 2000, 38000 - 1000, 34000 - 1000)


def test_the_round_form_offers_three_players_and_no_seat_4(member):
    session = _sanma(member)
    url = reverse("round-record", args=[session.pk])

    response = member.post(url, {"kind": "ron", "winners": ["3"], "loser": "0", "han_3": "1"})

    assert "Select a valid choice" in response.content.decode()
    assert not session.rounds.exists()


def test_the_preview_shows_a_sanma_tsumo_with_the_missing_share_lost(member):
    session = _sanma(member)
    data = {"kind": "tsumo", "winner": "1", "han": "5"}

    page = member.post(reverse("round-preview", args=[session.pk]), data, headers=HTMX)

    text = page.content.decode()
    assert "Aki pays Bo 4,000" in text and "Chen pays Bo 2,000" in text


def test_a_hand_with_nuki_dora_entered_as_tiles_scores_them(member):
    session = _sanma(member)
    data = {
        "kind": "tsumo",
        "winner": "1",
        "tiles": "123p456p789s11z222z",
        "win_tile": "1z",
        "nuki": "2",
    }

    member.post(reverse("round-record", args=[session.pk]), data)

    hand = session.game().rounds[0].hands[0]
    assert hand["dora"]["nuki"] == 2 and hand["han"] == 4
    assert session.rounds.get().outcome["hand"]["nuki"] == 2


def test_the_yaku_checklist_counts_nuki_and_offers_no_sanshoku(member):
    session = _sanma(member)
    page = member.get(session.get_absolute_url()).content.decode()
    data = {"kind": "tsumo", "winner": "0", "by": "yaku", "yaku": ["riichi", "menzen_tsumo"],
            "riichi": ["0"], "yaku_nuki": "1", "fu": "30"}  # fmt: skip

    member.post(reverse("round-record", args=[session.pk]), data)

    assert 'name="yaku_nuki"' in page and 'value="sanshoku"' not in page
    win = session.rounds.get().outcome
    assert win["dora"] == {"dora": 0, "aka": 0, "ura": 0, "nuki": 1} and win["han"] == 3


def test_the_tile_picker_of_a_sanma_table_has_no_2m_to_8m_and_no_chi(member):
    session = _sanma(member)

    page = member.get(session.get_absolute_url()).content.decode()

    assert 'data-tile="1m"' in page and 'data-tile="9m"' in page
    assert 'data-tile="5m"' not in page and 'data-tile-mode="chi"' not in page
    assert 'data-runs="m"' not in page and 'data-runs="p"' in page


def test_history_console_and_export_of_a_sanma_game(member, client):
    session = _sanma(member)
    member.post(reverse("round-record", args=[session.pk]), {"kind": "draw", "tenpai": ["2"]})

    history = member.get(reverse("session-history", args=[session.pk]))
    console = member.get(reverse("session-console", args=[session.pk]))
    export = json.loads(member.get(reverse("session-export", args=[session.pk])).content)

    assert history.status_code == console.status_code == 200
    assert "Chen" in history.content.decode() and "Chen" in console.content.decode()
    assert export["players"] == ["Aki", "Bo", "Chen"]
    assert export["rules"]["preset"] == "tenhou_sanma"


def _upload(record):
    return SimpleUploadedFile("game.json", json.dumps(record).encode(), "application/json")


def test_a_sanma_record_imports_and_a_mismatched_one_is_refused(member):
    record = {"rules": "tenhou_sanma", "players": ["Aki", "Bo", "Chen"],
              "rounds": [{"result": "draw", "tenpai": [0]}]}  # fmt: skip
    bad = {**record, "players": ["Aki", "Bo", "Chen", "Dai"]}
    url = reverse("session-import")

    member.post(url, {"file": _upload(record)})
    refused = member.post(url, {"file": _upload(bad)})

    assert Session.objects.count() == 1
    assert Session.objects.get().game().state.scores == (37000, 34000, 34000)
    assert "3" in refused.content.decode() and Session.objects.count() == 1


def test_the_api_starts_a_sanma_session_and_records_its_rounds(member):
    body = {"players": ["Aki", "Bo", "Chen"], "rules": "mahjongsoul_sanma"}

    created = member.post("/api/v1/sessions", body, content_type="application/json")
    session = created.json()
    recorded = member.post(
        f"/api/v1/sessions/{session['id']}/rounds",
        {"round": {"result": "tsumo", "winner": 0, "han": 1, "fu": 30}},
        content_type="application/json",
    )
    four = member.post(
        "/api/v1/sessions",
        {"players": ["Aki", "Bo", "Chen", "Dai"], "rules": "tenhou_sanma"},
        content_type="application/json",
    )

    assert created.status_code == 201 and session["record"]["players"] == ["Aki", "Bo", "Chen"]
    assert recorded.status_code == 201
    assert recorded.json()["state"]["rounds"][-1]["scores"] == [36000, 34500, 34500]
    assert four.status_code == 422 and four.json()["error"]["code"] == "refused"
    assert four.json()["error"]["message"] == "These rules are for 3 players, not 4."


def test_the_write_path_refuses_four_players_under_sanma_rules():
    players = [Player.objects.create(name=n) for n in ("Aki", "Bo", "Chen", "Dai")]
    new = writes.NewSession(players=players, rules={"preset": "tenhou_sanma"})

    with pytest.raises(writes.WriteError, match="These rules are for 3 players, not 4"):
        writes.create_session(new, actor=writes.COMMAND)
    assert not Session.objects.exists()


@pytest.mark.parametrize(
    "preset, names", [("club", "Aki Bo Chen Aki"), ("tenhou_sanma", "Aki Bo Aki")]
)
def test_the_write_path_refuses_a_player_in_two_seats(preset, names):
    people = {name: Player.objects.create(name=name) for name in ("Aki", "Bo", "Chen")}
    seated = [people[name] for name in names.split()]
    count = len(seated)
    new = writes.NewSession(players=seated, rules={"preset": preset})

    with pytest.raises(writes.WriteError, match=f"A session needs {count} different players"):
        writes.create_session(new, actor=writes.COMMAND)
    assert not Session.objects.exists()
