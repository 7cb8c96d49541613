"""Changes at the same moment never lose or double a confirmed round, and never fail.

Each thread has its own database connection. On PostgreSQL the session row is locked
(select_for_update) and rounds are read under the lock; on SQLite writers take the
lock when their transaction begins. Every test repeats its race, since one run may not
interleave the threads; every answer a device got must match what is stored at the end.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db import transaction
from django.utils import timezone

from ledger import log_imports, writes
from ledger.models import Player, Season, Session
from ledger.players import players_named
from ledger.records import import_records
from ledger.seasons import close_season
from standings.models import PlayerGame, Rating, Standing
from standings.rebuild import rebuild_everything, rebuild_pending
from tests.factories import NAMES, create_session, draw, ron
from tests.threads import run_together

pytestmark = pytest.mark.django_db(transaction=True)
DRAW = {"result": "draw", "tenpai": [0], "riichi": []}
ACTOR = writes.Actor(via="table link")
RACES = 8
ONE_ROUND = {"preset": "wrc", "game_length": "one_round"}


def _unexpected(results: list[object]) -> list[object]:
    """Return answers that are neither a change nor a refusal in the player's words."""
    return [r for r in results if not isinstance(r, writes.Change | writes.Stale)]


def test_two_devices_recording_the_same_round_one_wins_the_other_conflicts():
    session = create_session()

    def record(index: int) -> object:
        return writes.record_round(
            session.pk, DRAW, actor=ACTOR, expected_number=1, request_id=f"device-{index}"
        )

    results = run_together(2, record)

    assert not _unexpected(results), results
    assert sorted(type(r).__name__ for r in results) == ["Change", "Stale"]
    assert session.rounds.count() == 1


def test_the_same_request_sent_twice_at_once_records_once():
    session = create_session()

    def record(_: int) -> object:
        return writes.record_round(
            session.pk, DRAW, actor=ACTOR, expected_number=1, request_id="same"
        )

    results = run_together(2, record)

    assert not _unexpected(results), results
    assert sorted(r.is_new for r in results) == [False, True]
    assert {r.round_number for r in results} == {1}
    assert session.rounds.count() == 1


def test_many_devices_appending_without_expectations_leave_no_gaps():
    session = create_session()

    def record(index: int) -> object:
        return writes.record_round(session.pk, DRAW, actor=ACTOR, request_id=f"r{index}")

    results = run_together(6, record)

    assert not _unexpected(results), results
    assert list(session.rounds.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]
    assert Session.objects.get(pk=session.pk).replay()["next"]["honba"] == 6


def _race_a_correction_with_the_next_round(correction) -> None:
    """Race ``correction(session, version)`` against the recording of round 4, RACES times;
    every change answered as made must be in the stored rounds."""
    for _ in range(RACES):
        session = create_session(rounds=[draw(0), draw(1), draw(2)])
        version = Session.objects.get(pk=session.pk).version
        new_round = ron(3, 1, han=1, fu=30)

        def work(index: int, session=session, version=version, new_round=new_round) -> object:
            if index == 0:
                return correction(session, version)
            return writes.record_round(session.pk, new_round, actor=ACTOR, expected_number=4)

        corrected, recorded = run_together(2, work)

        assert not _unexpected([corrected, recorded]), (corrected, recorded)
        outcomes = Session.objects.get(pk=session.pk).outcomes()
        if isinstance(recorded, writes.Change):
            assert new_round in outcomes, "a confirmed round was lost"
        if isinstance(corrected, writes.Change):
            assert corrected.version <= Session.objects.get(pk=session.pk).version
        assert isinstance(corrected, writes.Change) or isinstance(recorded, writes.Change)


def test_an_edit_racing_the_next_round_loses_neither():
    edited = ron(0, 2, han=2, fu=30)

    def edit(session: Session, version: int) -> object:
        return writes.replace_round(session.pk, 1, edited, actor=ACTOR, version=version)

    _race_a_correction_with_the_next_round(edit)


def test_a_delete_racing_the_next_round_loses_neither():
    def delete(session: Session, version: int) -> object:
        return writes.delete_round(session.pk, 2, actor=ACTOR, version=version)

    _race_a_correction_with_the_next_round(delete)


def test_two_edits_of_different_rounds_at_once_one_is_refused():
    for _ in range(RACES):
        session = create_session(rounds=[draw(0), draw(1), draw(2)])
        version = Session.objects.get(pk=session.pk).version
        edits = {1: draw(0, 1), 3: draw(2, 3)}

        def edit(index: int, session=session, version=version, edits=edits) -> object:
            number = (1, 3)[index]
            return writes.replace_round(
                session.pk, number, edits[number], actor=ACTOR, version=version
            )

        results = run_together(2, edit)

        assert not _unexpected(results), results
        made = [r for r in results if isinstance(r, writes.Change)]
        assert len(made) == 1, results
        outcomes = Session.objects.get(pk=session.pk).outcomes()
        assert outcomes[made[0].round_number - 1] == edits[made[0].round_number]


GAME = [draw(0), ron(0, 1, han=13, fu=30)]  # then a dealer yakuman busts Bo: game over


def test_games_sharing_a_player_finishing_at_once_both_count():
    for race in range(RACES // 2):
        tables = [
            create_session(
                names=("Aki", f"B{race}{t}", f"C{race}{t}", f"D{race}{t}"),
                rules={"preset": "club"},
                rounds=GAME[:1],
            )
            for t in range(2)
        ]

        def finish(index: int, tables=tables) -> object:
            return writes.record_round(tables[index].pk, GAME[1], actor=ACTOR, expected_number=2)

        results = run_together(2, finish)

        assert all(isinstance(r, writes.Change) for r in results), results
        assert all(Session.objects.get(pk=t.pk).is_finished for t in tables)
    rebuild_pending()
    incremental = _standings()
    rebuild_everything()
    assert incremental == _standings()
    assert PlayerGame.objects.filter(player__name="Aki").count() == RACES


def _standings() -> tuple[list[tuple], list[tuple], list[tuple]]:
    standings = sorted(Standing.objects.values_list("scope", "player_id", "games", "total"))
    ratings = sorted(Rating.objects.values_list("player_id", "mu", "sigma", "tenhou_r", "games"))
    games = sorted(PlayerGame.objects.values_list("session_id", "player_id", "mu", "number"))
    return standings, ratings, games


def test_the_same_new_player_named_twice_at_once_is_one_player():
    for race in range(RACES):
        name = f"Newcomer {race}"

        results = run_together(
            2, lambda index, name=name: players_named([name.upper() if index else name])
        )

        assert all(isinstance(r, list) for r in results), results
        assert results[0][0].pk == results[1][0].pk
        assert Player.objects.filter(name__iexact=name).count() == 1


def test_two_sessions_started_at_once_with_the_same_new_names_share_the_players():
    names = ["New A", "New B", "New C", "New D"]

    def start(index: int) -> object:
        new = writes.NewSession(players=players_named(names), rules={"preset": "club"})
        return writes.create_session(new, actor=ACTOR)

    results = run_together(2, start)

    assert all(isinstance(r, Session) for r in results), results
    assert Player.objects.filter(name__startswith="New ").count() == 4


def test_two_sessions_started_at_once_naming_new_players_in_opposite_orders_both_start():
    """Each request creates the new players it names; created in seat order, one would
    hold A and wait for D while the other holds D and waits for A (PostgreSQL ends one
    as a deadlock)."""
    for race in range(RACES):
        names = [f"Order {race} {letter}" for letter in "ABCD"]

        def start(index: int, names=names) -> object:
            seated = names if index else names[::-1]
            with transaction.atomic():  # as the API starts a session: players and all
                new = writes.NewSession(players=players_named(seated), rules={"preset": "club"})
                return writes.create_session(new, actor=ACTOR)

        results = run_together(2, start)

        assert all(isinstance(r, Session) for r in results), results
        assert Player.objects.filter(name__startswith=f"Order {race} ").count() == 4


def test_the_same_log_imported_twice_at_once_makes_one_session():
    """A log without a game id is known by its fingerprint alone: the database refuses
    the second session of the same game."""
    sample = Path(__file__).resolve().parent / "data" / "logs" / "samples" / "tenhou-triple-ron.xml"
    files = [("triple-ron.xml", sample.read_bytes())]
    for _ in range(RACES // 2):
        Session.objects.all().delete()

        def import_it(_: int) -> object:
            games = log_imports.read_upload(files)
            return log_imports.import_games(games, {}, actor=writes.COMMAND)

        results = run_together(2, import_it)

        refused = [error.code for done in results for _, error in done.refused]
        assert sum(len(done.sessions) for done in results) == 1, results
        assert refused in ([], ["already_imported"]), refused
        assert Session.objects.count() == 1


def test_the_same_record_imported_twice_at_once_makes_one_session():
    record = create_session(rounds=[ron(0, 1), draw(0)]).export_record()
    del record["session"]  # found by its players, rounds and scores
    for _ in range(RACES // 2):
        Session.objects.all().delete()

        results = run_together(2, lambda _: import_records(record, actor=ACTOR))

        assert all(not isinstance(r, Exception) for r in results), results
        assert sorted(len(r.skipped) for r in results) == [0, 1], results
        assert Session.objects.count() == 1


def test_the_same_new_session_sent_twice_at_once_starts_one():
    players = players_named(["Eri", "Fumi", "Gen", "Hana"])  # known: nothing else to wait on
    for race in range(RACES):

        def start(_: int, race=race) -> object:
            new = writes.NewSession(
                players=players, rules={"preset": "club"}, request_id=f"tap-{race}"
            )
            return writes.create_session(new, actor=ACTOR)

        results = run_together(2, start)

        assert all(isinstance(r, Session) for r in results), results
        assert results[0].pk == results[1].pk


def test_a_season_closed_while_tables_play_holds_only_finished_games():
    today = timezone.localdate()
    new = writes.NewSession(players=players_named(["Eve", "Fay", "Gus", "Hal"]), rules=ONE_ROUND)
    for race in range(RACES):
        season = Season.objects.create(name=f"Race {race}", starts_on=today)
        playing = writes.create_session(writes.NewSession(
            players=players_named(list(NAMES)), rules=ONE_ROUND), actor=ACTOR)  # fmt: skip

        def work(index: int, season: Season = season, playing: Session = playing) -> object:
            if index == 0:
                return close_season(Season.objects.get(pk=season.pk))
            if index == 1:  # the last round of a game of the season
                return writes.record_round(playing.pk, ron(1, 0), actor=ACTOR)
            return writes.create_session(new, actor=ACTOR)  # a game starting in it

        results = run_together(3, work)

        assert not [r for r in results if isinstance(r, Exception)], results
        in_season = Session.objects.filter(season=season)
        assert not in_season.exclude(status=Session.Status.FINISHED).exists()
        assert Session.objects.get(pk=playing.pk).is_finished
        games = PlayerGame.objects.filter(season=season).values_list("session_id", flat=True)
        assert set(games) == set(in_season.values_list("pk", flat=True))


def test_two_phones_putting_back_an_undone_round_at_once_put_it_back_once():
    session = create_session(rounds=[ron(0, 1), draw(2)])
    for _ in range(RACES):
        change = writes.undo_round(session.pk, actor=ACTOR, version=None)

        def put_back(index: int, version: int = change.version) -> object:
            return writes.put_back_round(
                session.pk, actor=ACTOR, version=version, request_id=f"phone-{index}-{version}"
            )

        results = run_together(2, put_back)

        assert not _unexpected(results), results
        assert sorted(type(r).__name__ for r in results) == ["Change", "Stale"]
        assert session.outcomes() == [ron(0, 1), draw(2)]


def test_a_put_back_racing_the_next_round_stores_one_of_them():
    session = create_session(rounds=[ron(0, 1), draw(2)])
    for _ in range(RACES):
        change = writes.undo_round(session.pk, actor=ACTOR, version=None)

        def either(index: int, version: int = change.version) -> object:
            if index == 0:
                return writes.put_back_round(session.pk, actor=ACTOR, version=version)
            return writes.record_round(session.pk, DRAW, actor=ACTOR, expected_number=2)

        results = run_together(2, either)

        assert not _unexpected(results), results
        stored = session.outcomes()
        assert len(stored) == 2 and stored[1] in (draw(2), DRAW)
        assert [type(r).__name__ for r in results].count("Change") == 1
        writes.replace_round(session.pk, 2, draw(2), actor=ACTOR, version=None)
