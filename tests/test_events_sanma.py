"""Tables of three: a sanma event seats three at every table; a four-player event that names
three-player rules (``sanma_rules``) seats those left over at tables of three, which play
under those rules, instead of sitting them out."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from clubnights import service
from clubnights.models import Event
from clubnights.standings import event_standings
from ledger.models import Session
from tests.factories import create_user
from tests.test_events_api import call, make_event
from tests.test_events_api import token as token
from tests.test_events_service import ACTOR, check_in_all, create_event, finish_round

pytestmark = pytest.mark.django_db
SANMA = {"preset": "club_sanma"}


def _names(count: int) -> list[str]:
    return [f"Player {i:02}" for i in range(1, count + 1)]


def _sizes_and_rules(event_round) -> list[tuple[int, dict]]:
    tables = event_round.tables.order_by("number").select_related("session")
    return [(len(t.session.ordered_seats()), t.session.rules) for t in tables]


def test_players_left_over_play_at_a_table_of_three_under_the_sanma_rules():
    event = create_event(sanma_rules=SANMA)
    check_in_all(event, _names(7))

    event_round = service.draw_round(event.pk, actor=ACTOR)

    assert _sizes_and_rules(event_round) == [(4, {"preset": "club"}), (3, SANMA)]
    assert event_round.sitting_out == [] and event_round.note == {}


def test_without_sanma_rules_those_left_over_sit_out():
    event = create_event()
    check_in_all(event, _names(7))

    event_round = service.draw_round(event.pk, actor=ACTOR)

    assert _sizes_and_rules(event_round) == [(4, {"preset": "club"})]
    assert len(event_round.sitting_out) == 3


def test_five_players_cannot_all_play_so_one_sits_out_and_the_round_says_so():
    event = create_event(sanma_rules=SANMA)
    check_in_all(event, _names(5))

    event_round = service.draw_round(event.pk, actor=ACTOR)

    assert _sizes_and_rules(event_round) == [(4, {"preset": "club"})]
    assert len(event_round.sitting_out) == 1
    assert event_round.note["code"] == "sanma_not_possible"
    with translation.override("en"):
        assert event_round.note_text() == (
            "5 players cannot all play at tables of four and three, so 1 sits out."
        )


def test_three_players_of_a_four_player_event_with_sanma_rules_make_a_round():
    event = create_event(sanma_rules=SANMA)
    check_in_all(event, _names(3))

    event_round = service.draw_round(event.pk, actor=ACTOR)

    assert _sizes_and_rules(event_round) == [(3, SANMA)]


def test_a_sanma_event_seats_three_at_every_table():
    new = service.NewEvent(name="Sanma night", rules=SANMA)
    event = service.create_event(new)
    check_in_all(event, _names(7))

    event_round = service.draw_round(event.pk, actor=ACTOR)

    assert _sizes_and_rules(event_round) == [(3, SANMA), (3, SANMA)]
    assert len(event_round.sitting_out) == 1


def test_a_finished_table_of_three_counts_in_the_event_standings():
    event = create_event(sanma_rules=SANMA)
    check_in_all(event, _names(7))
    event_round = service.draw_round(event.pk, actor=ACTOR)

    finish_round(event_round)

    rows = event_standings(event)
    assert sorted(row.games for row in rows) == [1] * 7
    three = event_round.tables.get(number=2).session
    assert Session.objects.get(pk=three.pk).results.count() == 3


def test_the_next_round_draws_again_with_a_table_of_three():
    event = create_event(sanma_rules=SANMA, seating="fewest_repeats")
    check_in_all(event, _names(11))
    finish_round(service.draw_round(event.pk, actor=ACTOR))

    second = service.draw_round(event.pk, actor=ACTOR)

    assert [size for size, _ in _sizes_and_rules(second)] == [4, 4, 3]


@pytest.mark.parametrize(
    ("rules", "sanma_rules", "refusal"),
    [
        ({"preset": "club"}, {"preset": "club"}, "need three-player (sanma) rules"),
        (SANMA, SANMA, "seats three at every table already"),
        ({"preset": "club"}, {"preset": "nonesuch"}, "nonesuch"),
    ],
)
def test_tables_of_three_need_a_four_player_event_and_three_player_rules(
    rules, sanma_rules, refusal
):
    new = service.NewEvent(name="Night", rules=rules, sanma_rules=sanma_rules)

    with translation.override("en"), pytest.raises(service.EventError, match=re.escape(refusal)):
        service.create_event(new)
    assert not Event.objects.exists()


def test_the_event_form_offers_tables_of_three_under_a_sanma_preset(client):
    client.force_login(create_user(username="host"))
    data = {"name": "Friday night", "kind": "club_night", "rules_choice": "preset:club",
            "seating": "random", "time_up": "finish_hand", "left_over": "club_sanma"}  # fmt: skip

    page = client.get(reverse("event-list")).content.decode()
    response = client.post(reverse("event-list"), data)

    assert 'value="club_sanma"' in page and 'value="club"' not in page.split("left_over")[1][:400]
    assert response.status_code == 302
    assert Event.objects.get().sanma_rules == SANMA


def test_the_api_creates_an_event_with_sanma_rules_and_draws_a_table_of_three(
    client,
    token,
):
    answer = make_event(client, token, sanma_rules="club_sanma")
    for name in _names(7):
        call(client, "post", f"/events/{answer['id']}/checkins", {"player": name}, token=token)

    status, drawn = call(client, "post", f"/events/{answer['id']}/rounds", token=token)

    assert answer["sanma_rules"]["preset"] == "club_sanma"
    assert status == 201
    assert [len(table["seats"]) for table in drawn["tables"]] == [4, 3]


def test_the_event_page_and_the_wall_show_a_table_of_three(client):
    event = create_event(sanma_rules=SANMA)
    check_in_all(event, _names(7))
    event_round = service.draw_round(event.pk, actor=ACTOR)
    three = event_round.tables.get(number=2).session

    page = client.get(event.get_absolute_url()).content.decode()
    wall = client.get(reverse("event-seating", args=[event.pk]) + "?part=table").content.decode()

    assert "Tables of three under Club, three players" in page
    card = wall[wall.index("Table 2") :]
    assert card.count("35,000") == 3  # club_sanma starts each player at 35,000
    assert all(player.name in card for player in three.players())


def test_a_prescripted_plan_mixes_tables_of_four_and_three_under_the_sanma_rules():
    names = _names(7)
    plan = "round,table,east,south,west,north\n"
    plan += f"1,1,{','.join(names[:4])}\n1,2,{','.join(names[4:])},\n"  # north left empty
    event = create_event(seating="prescripted", prescript=plan, sanma_rules=SANMA)
    players = check_in_all(event, names)

    event_round = service.draw_round(event.pk, actor=ACTOR)

    assert _sizes_and_rules(event_round) == [(4, {"preset": "club"}), (3, SANMA)]
    three = event_round.tables.get(number=2).session
    assert [s.player for s in three.ordered_seats()] == players[4:]


def test_a_plan_with_a_table_of_three_is_refused_without_sanma_rules():
    names = _names(7)
    plan = f"1,1,{','.join(names[:4])}\n1,2,{','.join(names[4:])}\n"
    with pytest.raises(service.EventError, match="line 2"):
        create_event(seating="prescripted", prescript=plan)
