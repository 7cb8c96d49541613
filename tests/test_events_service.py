"""Events through their one write path: check-ins, late arrivals, leaving, drawing rounds."""

from __future__ import annotations

import os
import random
from functools import partial

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from clubnights import service
from clubnights.models import Event, EventRound, EventTable
from clubnights.standings import event_standings, team_standings
from ledger import writes
from ledger.models import Player, Session
from tests.factories import create_player, ron
from tests.threads import run_together

ACTOR = writes.Actor(via="command")
ALL_NOTEN = {"result": "draw", "tenpai": [], "riichi": []}
NAMES = [f"Player {i:02}" for i in range(1, 13)]
HANCHAN_END = {"result": "chombo", "player": 0}


def create_event(**fields) -> Event:
    new = service.NewEvent(
        name=fields.pop("name", "Club night"), rules={"preset": "club"}, **fields
    )
    return service.create_event(new)


def check_in_all(event: Event, names=NAMES) -> list[Player]:
    return [service.check_in(event.pk, name=name).player for name in names]


def finish_round(event_round: EventRound) -> None:
    """End every table of the round after one drawn hand (a game with no rounds cannot end)."""
    for table in event_round.tables.all():
        writes.record_round(table.session.pk, ALL_NOTEN, actor=ACTOR)
        writes.finish_session(table.session.pk, actor=ACTOR, version=None)


@pytest.mark.django_db
def test_checking_in_by_name_finds_a_player_ignoring_case_or_makes_a_guest():
    aki = create_player(name="Aki")
    event = create_event()

    found = service.check_in(event.pk, name="aki")
    guest = service.check_in(event.pk, name="Newcomer")

    assert found.player == aki
    assert guest.player.name == "Newcomer"
    assert event.entries.count() == 2


@pytest.mark.django_db
def test_checking_in_twice_keeps_one_entry_and_undoes_leaving():
    event = create_event()
    player = check_in_all(event, ["Aki"])[0]
    service.check_out(event.pk, player.pk)

    again = service.check_in(event.pk, player=player)
    still = service.check_in(event.pk, player=player)

    assert event.entries.count() == 1
    assert again.entry.left_at is None and not again.already  # back after leaving
    assert still.already


@pytest.mark.django_db
def test_a_draw_starts_every_table_of_the_round_with_all_checked_in_players():
    event = create_event()
    players = check_in_all(event)

    event_round = service.draw_round(event.pk, actor=ACTOR, rng=random.Random(1))

    tables = list(event_round.tables.all())
    seated = [seat.player for table in tables for seat in table.session.seats.all()]
    assert len(tables) == 3
    assert sorted(p.pk for p in seated) == sorted(p.pk for p in players)
    assert Session.objects.filter(event_table__round=event_round).count() == 3
    assert event_round.sitting_out == []


@pytest.mark.django_db
def test_a_player_who_left_is_out_of_the_next_draw():
    event = create_event()
    players = check_in_all(event, NAMES[:9])
    first = service.draw_round(event.pk, actor=ACTOR, rng=random.Random(2))
    finish_round(first)
    service.check_out(event.pk, players[0].pk)

    second = service.draw_round(event.pk, actor=ACTOR, rng=random.Random(3))

    seated = {s.player_id for t in second.tables.all() for s in t.session.seats.all()}
    assert players[0].pk not in seated
    assert len(seated) == 8
    assert players[0].pk not in second.sitting_out


@pytest.mark.django_db
def test_a_late_arrival_is_in_the_next_draw():
    event = create_event()
    check_in_all(event, NAMES[:8])
    first = service.draw_round(event.pk, actor=ACTOR, rng=random.Random(4))
    late = service.check_in(event.pk, name="Late").player
    finish_round(first)

    second = service.draw_round(event.pk, actor=ACTOR, rng=random.Random(5))

    seated = {s.player_id for t in second.tables.all() for s in t.session.seats.all()}
    assert late.pk in seated or late.pk in second.sitting_out
    assert len(seated) + len(second.sitting_out) == 9


@pytest.mark.django_db
def test_no_round_is_drawn_while_tables_of_the_last_one_play():
    event = create_event()
    check_in_all(event, NAMES[:8])
    service.draw_round(event.pk, actor=ACTOR)

    with pytest.raises(service.StillPlaying, match="still playing"):
        service.draw_round(event.pk, actor=ACTOR)
    assert event.rounds.count() == 1


@pytest.mark.django_db
def test_a_draw_that_fails_starts_no_table(monkeypatch):
    event = create_event()
    check_in_all(event, NAMES[:8])
    real = writes.create_session
    calls = []

    def fail_on_the_second(new, **kwargs):
        calls.append(new)
        if len(calls) == 2:
            raise writes.WriteError("the second table could not start")
        return real(new, **kwargs)

    monkeypatch.setattr(writes, "create_session", fail_on_the_second)

    with pytest.raises(writes.WriteError):
        service.draw_round(event.pk, actor=ACTOR)
    assert len(calls) == 2
    assert Session.objects.count() == 0
    assert EventRound.objects.count() == 0
    assert EventTable.objects.count() == 0


@pytest.mark.django_db
def test_a_draw_needs_four_players_and_an_open_event():
    event = create_event()
    check_in_all(event, NAMES[:3])

    with pytest.raises(service.EventError, match="needs 4 players"):
        service.draw_round(event.pk, actor=ACTOR)
    service.finish_event(event.pk)
    with pytest.raises(service.EventError, match="finished"):
        service.check_in(event.pk, name="Late")


@pytest.mark.django_db
def test_an_event_of_two_hanchan_draws_no_third_round():
    event = create_event(hanchan_count=2)
    check_in_all(event, NAMES[:4])
    for _ in range(2):
        finish_round(service.draw_round(event.pk, actor=ACTOR))

    with pytest.raises(service.EventError, match="All 2 rounds"):
        service.draw_round(event.pk, actor=ACTOR)


@pytest.mark.django_db
def test_swiss_seats_the_leaders_of_the_event_together():
    event = create_event(seating="swiss")
    check_in_all(event, NAMES[:8])
    first = service.draw_round(event.pk, actor=ACTOR, rng=random.Random(6))
    for table in first.tables.all():
        writes.record_round(table.session.pk, HANCHAN_END, actor=ACTOR)  # East pays
        writes.finish_session(table.session.pk, actor=ACTOR, version=None)
    totals = {row.player_id: row.total for row in event_standings(event)}

    second = service.draw_round(event.pk, actor=ACTOR, rng=random.Random(7))

    top, rest = (second.tables.get(number=n).session for n in (1, 2))
    top_totals = [totals[seat.player_id] for seat in top.seats.all()]
    rest_totals = [totals[seat.player_id] for seat in rest.seats.all()]
    assert min(top_totals) >= max(rest_totals)
    assert max(top_totals) > min(rest_totals)


@pytest.mark.django_db
def test_prescripted_rounds_seat_the_plan_exactly():
    plan = "round,table,east,south,west,north\n1,1,Player 04,Player 03,Player 02,Player 01\n"
    event = create_event(seating="prescripted", prescript=plan)
    players = check_in_all(event, NAMES[:5])

    event_round = service.draw_round(event.pk, actor=ACTOR)

    table = event_round.tables.get()
    assert [s.player for s in table.session.ordered_seats()] == players[3::-1]
    assert event_round.sitting_out == [players[4].pk]


@pytest.mark.django_db
def test_a_plan_that_cannot_be_read_is_refused_when_the_event_is_made():
    with pytest.raises(service.EventError, match="line 1"):
        create_event(seating="prescripted", prescript="1,1,Aki,Bo")


@pytest.mark.django_db
def test_standings_sum_the_results_of_finished_games_and_teams_sum_their_players():
    event = create_event(has_teams=True)
    for index, name in enumerate(NAMES[:4]):
        service.check_in(event.pk, name=name, team="Red" if index % 2 else "Blue")
    event_round = service.draw_round(event.pk, actor=ACTOR)
    session = event_round.tables.get().session
    writes.record_round(session.pk, HANCHAN_END, actor=ACTOR)
    writes.finish_session(session.pk, actor=ACTOR, version=None)

    rows = event_standings(event)
    teams = team_standings(rows)

    results = {r.player.name: r.result for r in session.results.select_related("player")}
    assert {row.name: row.total for row in rows} == pytest.approx(results)
    assert rows[0].total == max(results.values())
    assert sum(row.total for row in teams) == pytest.approx(0, abs=0.2)
    assert {row.name for row in teams} == {"Red", "Blue"}


@pytest.mark.django_db
@hypothesis_settings(max_examples=15, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    count=st.integers(min_value=4, max_value=17),
    leaving=st.lists(st.integers(min_value=0, max_value=16), max_size=4),
    method=st.sampled_from(["random", "swiss", "fewest_repeats"]),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_every_checked_in_player_is_seated_once_or_sits_out(count, leaving, method, seed):
    Session.objects.all().delete()
    Event.objects.all().delete()
    event = create_event(seating=method)
    players = check_in_all(event, [f"P{i}" for i in range(count)])
    for index in leaving:
        if index < count and count - len(set(leaving)) >= 4:
            service.check_out(event.pk, players[index].pk)
    present = set(event.entries.filter(left_at__isnull=True).values_list("player_id", flat=True))

    for number in range(2):
        event_round = service.draw_round(event.pk, actor=ACTOR, rng=random.Random(seed + number))
        seats = [s.player_id for t in event_round.tables.all() for s in t.session.seats.all()]
        assert len(seats) == len(set(seats))
        assert set(seats) | set(event_round.sitting_out) == present
        assert not set(seats) & set(event_round.sitting_out)
        assert len(event_round.sitting_out) == len(present) % 4
        finish_round(event_round)


ON_POSTGRES = os.environ.get("DATABASE_URL", "").startswith("postgres")


@pytest.mark.skipif(not ON_POSTGRES, reason="row locks need PostgreSQL (DATABASE_URL)")
@pytest.mark.django_db(transaction=True)
def test_two_staff_drawing_at_once_start_one_round():
    for race in range(5):
        event = create_event(name=f"Race {race}")
        check_in_all(event, [f"R{race} {name}" for name in NAMES])

        pk = event.pk
        results = run_together(2, lambda _, pk=pk: service.draw_round(pk, actor=ACTOR))

        kinds = sorted(type(r).__name__ for r in results)
        assert kinds == ["EventRound", "StillPlaying"], results
        assert event.rounds.count() == 1
        assert Session.objects.filter(event_table__round__event=event).count() == 3


@pytest.mark.django_db
def test_a_player_playing_at_another_events_table_is_not_drawn_again():
    first, second = create_event(name="Monday league"), create_event(name="Open night")
    check_in_all(first, NAMES[:4])
    check_in_all(second, NAMES[3:7])  # Player 04 is in both
    playing = service.draw_round(first.pk, actor=ACTOR)

    with pytest.raises(service.StillPlaying) as refused:
        service.draw_round(second.pk, actor=ACTOR)

    assert refused.value.message == (
        "Player 04 is playing at table 1 of Monday league. Check them out of this event, "
        "or draw when that game has ended."
    )
    assert not second.rounds.exists()
    finish_round(playing)
    assert service.draw_round(second.pk, actor=ACTOR).tables.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("seating", ["random", "fewest_repeats"])
def test_a_team_event_seats_teammates_at_different_tables(seating):
    event = create_event(has_teams=True, seating=seating)
    for index, name in enumerate(NAMES[:8]):
        service.check_in(event.pk, name=name, team=f"Team {index % 4}")  # four pairs

    for seed in range(4):
        drawn = service.draw_round(event.pk, actor=ACTOR, rng=random.Random(seed))
        teams_at = [
            [seat.player.event_entries.get(event=event).team.name for seat in t.session.seats.all()]
            for t in drawn.tables.all()
        ]
        assert all(len(set(teams)) == len(teams) for teams in teams_at), teams_at
        finish_round(drawn)


def _two_events_sharing_a_player(*, ended_early: bool):
    """Return event G's game, over (by its one hand, or ended early), and event H's game
    now playing; Player 04 sits at both."""
    rules = {"preset": "club"} if ended_early else {"preset": "wrc", "game_length": "one_round"}
    first = service.create_event(service.NewEvent(name="G night", rules=rules))
    second = create_event(name="H night")
    check_in_all(first, NAMES[:4])
    check_in_all(second, NAMES[3:7])
    game = service.draw_round(first.pk, actor=ACTOR).tables.get().session
    if ended_early:  # a hanchan's first hand, then the end by agreement
        writes.record_round(game.pk, ALL_NOTEN, actor=ACTOR)
        writes.finish_session(game.pk, actor=ACTOR, version=None)
    else:
        writes.record_round(game.pk, ron(1, 0, han=1, fu=30), actor=ACTOR)
    assert Session.objects.get(pk=game.pk).is_finished
    playing = service.draw_round(second.pk, actor=ACTOR).tables.get().session
    return game, playing


SECOND_TABLE = (
    "Player 04 is playing at table 1 of H night, so this game cannot go on until that one "
    "has ended."
)


@pytest.mark.django_db
@pytest.mark.parametrize("ended_early", [False, True])
def test_a_game_cannot_come_back_into_play_while_its_player_sits_at_another_table(ended_early):
    game, playing = _two_events_sharing_a_player(ended_early=ended_early)

    with pytest.raises(service.StillPlaying) as refused:
        writes.undo_round(game.pk, actor=ACTOR, version=None)  # the last round, or the end

    assert refused.value.message == SECOND_TABLE
    assert Session.objects.get(pk=game.pk).is_finished
    writes.record_round(playing.pk, HANCHAN_END, actor=ACTOR)  # H's game over
    writes.finish_session(playing.pk, actor=ACTOR, version=None)
    writes.undo_round(game.pk, actor=ACTOR, version=None)
    assert not Session.objects.get(pk=game.pk).is_finished


@pytest.mark.django_db
def test_a_deleted_game_in_play_is_not_restored_while_its_player_sits_at_another_table():
    first, second = create_event(name="G night"), create_event(name="H night")
    check_in_all(first, NAMES[:4])
    check_in_all(second, NAMES[3:7])
    game = service.draw_round(first.pk, actor=ACTOR).tables.get().session
    writes.delete_session(game.pk, actor=ACTOR, version=None)
    service.draw_round(second.pk, actor=ACTOR)

    with pytest.raises(service.StillPlaying) as refused:
        writes.restore_session(game.pk, actor=ACTOR)

    assert refused.value.message == SECOND_TABLE
    assert Session.objects.get(pk=game.pk).deleted_at is not None


@pytest.mark.django_db
def test_a_deleted_game_of_another_event_does_not_hold_its_players():
    first, second = create_event(name="Monday league"), create_event(name="Open night")
    check_in_all(first, NAMES[:4])
    check_in_all(second, NAMES[:4])
    session = service.draw_round(first.pk, actor=ACTOR).tables.get().session
    writes.delete_session(session.pk, actor=ACTOR, version=None)

    assert service.draw_round(second.pk, actor=ACTOR).tables.count() == 1


@pytest.mark.skipif(not ON_POSTGRES, reason="row locks need PostgreSQL (DATABASE_URL)")
@pytest.mark.django_db(transaction=True)
def test_two_events_drawing_the_same_players_at_once_seat_them_once():
    for race in range(5):
        names = [f"R{race} {name}" for name in NAMES[:4]]
        events = [create_event(name=f"Race {race} {side}") for side in "AB"]
        for event in events:
            check_in_all(event, names)

        results = run_together(
            2, lambda i, events=events: service.draw_round(events[i].pk, actor=ACTOR)
        )

        kinds = sorted(type(r).__name__ for r in results)
        assert kinds == ["EventRound", "StillPlaying"], results
        assert Session.objects.filter(seats__player__name=names[0]).count() == 1


@pytest.mark.django_db
def test_a_draw_starts_each_table_in_a_dozen_queries(django_assert_max_num_queries):
    event = create_event(seating="fewest_repeats")
    check_in_all(event, [f"Player {i:02}" for i in range(1, 25)])
    finish_round(service.draw_round(event.pk, actor=ACTOR))

    with django_assert_max_num_queries(14 + 12 * 6):  # the event's reads, then 6 tables
        event_round = service.draw_round(event.pk, actor=ACTOR)

    assert event_round.tables.count() == 6


@pytest.mark.django_db
@pytest.mark.parametrize("spellings", [("Red", "RED", "red"), ("Équipe", "ÉQUIPE", "équipe")])
def test_a_team_named_in_another_case_is_the_same_team_in_every_script(spellings):
    event = create_event(has_teams=True)
    for index, team in enumerate(spellings):
        service.check_in(event.pk, name=NAMES[index], team=team)

    assert [team.name for team in event.teams.all()] == [spellings[0]]
    assert event.entries.filter(team__name=spellings[0]).count() == 3


def teams_event_after_one_round() -> Event:
    """Return an event in teams whose first round (Player 01-04) has finished."""
    event = create_event(has_teams=True)
    for index, name in enumerate(NAMES[:4]):
        service.check_in(event.pk, name=name, team="Green" if index % 2 else "Red")
    session = service.draw_round(event.pk, actor=ACTOR).tables.get().session
    writes.record_round(session.pk, HANCHAN_END, actor=ACTOR)
    writes.finish_session(session.pk, actor=ACTOR, version=None)
    return event


def team_totals(event: Event) -> dict[str, float]:
    return {row.name: row.total for row in team_standings(event_standings(event))}


@pytest.mark.django_db
def test_a_player_who_has_played_keeps_their_team_and_is_told_so():
    event = teams_event_after_one_round()
    totals = team_totals(event)

    with pytest.raises(service.TeamKept) as refused:
        service.check_in(event.pk, name="player 02", team="Blue Wind")

    assert refused.value.message == (
        "Player 02 plays for Green: a player’s team stays once they have played."
    )
    assert refused.value.status == 409
    assert event.entries.get(player__name="Player 02").team.name == "Green"
    assert team_totals(event) == totals
    assert not event.teams.filter(name="Blue Wind").exists()


@pytest.mark.django_db
def test_a_player_who_played_without_a_team_gets_none_afterwards():
    event = create_event(has_teams=True)
    check_in_all(event, NAMES[:4])
    finish_round(service.draw_round(event.pk, actor=ACTOR))

    with pytest.raises(service.TeamKept, match="Player 01 has played without a team"):
        service.check_in(event.pk, name="Player 01", team="Green")
    assert event.entries.get(player__name="Player 01").team is None


@pytest.mark.django_db
def test_a_player_who_has_played_checks_in_again_with_their_team_or_none():
    event = teams_event_after_one_round()
    player = Player.objects.get(name="Player 02")
    service.check_out(event.pk, player.pk)

    back = service.check_in(event.pk, player=player)
    same = service.check_in(event.pk, player=player, team=" GREEN ")

    assert back.entry.left_at is None and back.entry.team.name == "Green"
    assert same.already and same.entry.team.name == "Green"


@pytest.mark.django_db
def test_a_player_changes_team_until_they_have_played():
    event = create_event(has_teams=True)
    for name in NAMES[:5]:
        service.check_in(event.pk, name=name, team="Green")
    event_round = service.draw_round(event.pk, actor=ACTOR)
    [sitting_out] = event_round.sitting_out

    moved = service.check_in(event.pk, player=Player.objects.get(pk=sitting_out), team="Blue")

    assert moved.entry.team.name == "Blue"


@pytest.mark.django_db
def test_an_event_is_not_finished_while_a_table_plays():
    event = create_event()
    check_in_all(event, NAMES[:8])
    event_round = service.draw_round(event.pk, actor=ACTOR)
    first = event_round.tables.get(number=1).session
    finish_round_of([first])

    with pytest.raises(service.StillPlaying) as refused:
        service.finish_event(event.pk)

    assert refused.value.message == "Table 2 of round 1 is still playing."
    assert not Event.objects.get(pk=event.pk).is_finished
    finish_round_of([event_round.tables.get(number=2).session])
    assert service.finish_event(event.pk).is_finished


def _event_of_one_table(rules: dict | None = None) -> tuple[Event, Session]:
    """Return a club night of four players and its one table's game, just drawn."""
    new = service.NewEvent(name="Club night", rules=rules or {"preset": "club"})
    event = service.create_event(new)
    check_in_all(event, NAMES[:4])
    return event, service.draw_round(event.pk, actor=ACTOR).tables.get().session


ONE_ROUND = {"preset": "wrc", "game_length": "one_round"}
FINISHED = "Club night has finished, so its games cannot come back into play."


@pytest.mark.django_db
def test_an_event_whose_playing_table_was_deleted_can_be_finished():
    event, session = _event_of_one_table()
    writes.delete_session(session.pk, actor=ACTOR)

    assert service.finish_event(event.pk).is_finished


@pytest.mark.django_db
def test_a_finished_events_deleted_game_is_not_restored_into_play():
    event, session = _event_of_one_table()
    writes.delete_session(session.pk, actor=ACTOR)
    service.finish_event(event.pk)

    with pytest.raises(service.EventFinished) as refused:
        writes.restore_session(session.pk, actor=ACTOR)

    assert refused.value.message == FINISHED
    assert Session.objects.get(pk=session.pk).deleted_at is not None


@pytest.mark.django_db
@pytest.mark.parametrize("ended_early", [False, True])
def test_a_finished_events_game_does_not_come_back_into_play(ended_early):
    event, session = _event_of_one_table(
        None if ended_early else ONE_ROUND
    )  # a hanchan, or one hand
    if ended_early:
        finish_round_of([session])
    else:
        writes.record_round(session.pk, ron(1, 0, han=1, fu=30), actor=ACTOR)
    service.finish_event(event.pk)
    rounds = Session.objects.get(pk=session.pk).outcomes()

    with pytest.raises(service.EventFinished, match="cannot come back into play"):
        writes.undo_round(session.pk, actor=ACTOR, version=None)  # the last round, or the end

    after = Session.objects.get(pk=session.pk)
    assert after.is_finished and after.outcomes() == rounds


@pytest.mark.django_db
def test_a_finished_events_game_keeps_its_corrections_that_leave_it_over():
    event, session = _event_of_one_table(ONE_ROUND)
    writes.record_round(session.pk, ron(1, 0, han=1, fu=30), actor=ACTOR)
    service.finish_event(event.pk)

    writes.replace_round(session.pk, 1, ron(2, 0, han=1, fu=30), actor=ACTOR, version=None)

    assert Session.objects.get(pk=session.pk).is_finished


def finish_round_of(sessions: list[Session]) -> None:
    for session in sessions:
        writes.record_round(session.pk, ALL_NOTEN, actor=ACTOR)
        writes.finish_session(session.pk, actor=ACTOR, version=None)


PLAN_OF_ONE_ROUND = "1,1,Player 01,Player 02,Player 03,Player 04\n"


@pytest.mark.django_db
def test_a_plan_with_fewer_rounds_than_the_event_is_refused_when_the_event_is_made():
    with pytest.raises(service.EventError) as refused:
        create_event(seating="prescripted", prescript=PLAN_OF_ONE_ROUND, hanchan_count=3)

    assert refused.value.message == (
        "This event has 3 rounds, but the seating plan stops after round 1."
    )
    assert not Event.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("hanchan_count", [1, None])
def test_a_plan_with_a_round_for_each_hanchan_or_an_open_ended_event_is_accepted(hanchan_count):
    event = create_event(
        seating="prescripted", prescript=PLAN_OF_ONE_ROUND, hanchan_count=hanchan_count
    )

    assert event.hanchan_count == hanchan_count


def _take_back_or_draw(game: int, event: int, index: int) -> object:
    if index == 0:
        return writes.undo_round(game, actor=ACTOR, version=None)
    return service.draw_round(event, actor=ACTOR)


@pytest.mark.skipif(not ON_POSTGRES, reason="row locks need PostgreSQL (DATABASE_URL)")
@pytest.mark.django_db(transaction=True)
def test_a_draw_and_a_game_taken_back_at_once_seat_a_player_once():
    for race in range(5):
        rules = {"preset": "club"}
        first = service.create_event(service.NewEvent(name=f"G {race}", rules=rules))
        second = create_event(name=f"H {race}")
        names = [f"R{race} {name}" for name in NAMES[:7]]
        check_in_all(first, names[:4])
        check_in_all(second, names[3:7])
        game = service.draw_round(first.pk, actor=ACTOR).tables.get().session
        writes.record_round(game.pk, ALL_NOTEN, actor=ACTOR)
        writes.finish_session(game.pk, actor=ACTOR, version=None)

        results = run_together(2, partial(_take_back_or_draw, game.pk, second.pk))

        assert sorted(isinstance(r, service.StillPlaying) for r in results) == [False, True]
        playing = Session.objects.filter(seats__player__name=names[3]).exclude(status="finished")
        assert playing.count() == 1, results


@pytest.mark.django_db
def test_the_table_page_says_why_the_end_of_the_game_is_not_taken_back(client, host):
    game, _ = _two_events_sharing_a_player(ended_early=True)

    page = client.post(f"/sessions/{game.pk}/undo/", follow=True).content.decode()

    assert f"Nothing was undone: {SECOND_TABLE}" in page
    assert Session.objects.get(pk=game.pk).is_finished


@pytest.mark.django_db
def test_the_event_form_says_what_teams_change(client, host):
    page = client.get("/events/").content.decode()

    assert "random and fewest-repeats seating keep teammates at different tables" in page
