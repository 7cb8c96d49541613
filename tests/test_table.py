"""Recording rounds at the table: saved state, fragments, permissions and conflicts."""

from __future__ import annotations

import pytest
from django.urls import reverse

from ledger.models import AuditEntry, Round, Session
from tests.factories import create_session, create_user, draw, ron

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def member(client):
    client.force_login(create_user())
    return client


def _scores(session: Session) -> list[int]:
    rounds = session.replay()["rounds"]
    return rounds[-1]["scores"] if rounds else [30000] * 4


def test_ron_moves_points_from_loser_to_winner(member):
    session = create_session()
    url = reverse("round-record", args=[session.pk])
    data = {"kind": "ron", "winners": ["0"], "loser": "1", "han_0": "3", "fu_0": "30"}

    response = member.post(url, data, headers=HTMX)

    assert response.status_code == 200
    assert _scores(session)[:2] == [35800, 24200]
    assert b'id="table-main"' in response.content
    assert b"35,800" in response.content
    assert Round.objects.get(session=session).label == "E1"


def test_double_ron_with_riichi_is_recorded_as_the_engine_replays_it(member):
    session = create_session(rules={"preset": "ema"})
    data = {
        "kind": "ron",
        "winners": ["0", "2"],
        "loser": "1",
        "han_0": "2",
        "fu_0": "30",
        "han_2": "Y1",
        "riichi": ["2"],
    }

    member.post(reverse("round-record", args=[session.pk]), data)

    saved = Round.objects.get(session=session)
    assert saved.outcome["wins"] == [{"winner": 0, "han": 2, "fu": 30}, {"winner": 2, "yakuman": 1}]
    assert saved.deltas == session.replay()["rounds"][0]["deltas"]
    assert sum(saved.deltas) == 0


def test_draw_records_noten_payments(member):
    session = create_session()

    member.post(reverse("round-record", args=[session.pk]), {"kind": "draw", "tenpai": ["0", "2"]})

    assert Round.objects.get(session=session).deltas == [1500, -1500, 1500, -1500]


def test_a_form_error_saves_nothing_and_names_the_problem(member):
    session = create_session()
    data = {"kind": "ron", "winners": ["0"], "loser": "1", "han_0": "3"}

    response = member.post(reverse("round-record", args=[session.pk]), data, headers=HTMX)

    assert session.rounds.count() == 0
    assert b"Choose the fu of Aki" in response.content


def test_an_impossible_round_is_refused_with_the_engine_message(member):
    session = create_session()
    data = {"kind": "tsumo", "winner": "1", "han": "2", "fu": "25"}

    response = member.post(reverse("round-record", args=[session.pk]), data)

    assert session.rounds.count() == 0
    assert b"2 han 25 fu by tsumo is impossible: seven pairs by tsumo" in response.content


def test_nagashi_for_every_player_is_refused_in_the_tables_words(member):
    session = create_session(rules={"preset": "club"})
    data = {"kind": "draw", "nagashi": ["0", "1", "2", "3"]}

    response = member.post(reverse("round-record", args=[session.pk]), data)

    assert session.rounds.count() == 0
    assert b"Not every player can have nagashi mangan" in response.content


def test_preview_shows_payments_without_saving(client):
    session = create_session()
    data = {"kind": "tsumo", "winner": "1", "han": "3", "fu": "30"}

    response = client.post(reverse("round-preview", args=[session.pk]), data, headers=HTMX)

    assert session.rounds.count() == 0
    assert b'id="preview"' in response.content
    assert b"Aki pays Bo 2,000" in response.content and b"Chen pays Bo 1,000" in response.content


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "abort", "reason": "kyuushu_kyuuhai"},  # QA: the preview stayed blank
        {"kind": "draw"},  # all noten
        {"kind": "draw", "tenpai": ["0", "1", "2", "3"]},
    ],
)
def test_the_preview_of_a_round_without_payments_says_nobody_pays(client, data):
    session = create_session(rules={"preset": "club"})  # with abortive draws

    response = client.post(reverse("round-preview", args=[session.pk]), data, headers=HTMX)

    assert "Nobody pays." in response.content.decode()


def test_the_preview_of_a_correction_says_the_game_ends_only_at_its_last_round(client):
    rounds = [ron(1, 0), ron(2, 1), ron(3, 2), ron(0, 3)]
    session = create_session(rules={"preset": "wrc", "game_length": "east"}, rounds=rounds)
    data = {"kind": "ron", "winners": ["1"], "loser": "0", "han_1": "2", "fu_1": "30"}
    url = reverse("round-preview", args=[session.pk])
    last_data = {"kind": "ron", "winners": ["0"], "loser": "3", "han_0": "2", "fu_0": "30"}

    early = client.post(f"{url}?number=1", data, headers=HTMX).content.decode()
    last = client.post(f"{url}?number=4", last_data, headers=HTMX)

    assert "Bo 2,000" in early and "this ends the game" not in early
    assert "this ends the game" in last.content.decode()


def test_anonymous_visitors_can_view_but_not_record(client):
    session = create_session()

    view = client.get(reverse("session-table", args=[session.pk]))
    post = client.post(reverse("round-record", args=[session.pk]), {"kind": "draw"})

    assert view.status_code == 200 and b"Save round" not in view.content
    assert post.status_code == 403
    assert session.rounds.count() == 0


def test_the_table_link_lets_a_phone_record(client):
    session = create_session()

    client.get(reverse("join-table", args=[session.token]))
    client.post(reverse("round-record", args=[session.pk]), {"kind": "draw", "tenpai": ["1"]})

    assert session.rounds.count() == 1
    assert AuditEntry.objects.get(action="record").via == "table link"


def test_a_replaced_table_link_stops_working(member, client):
    session = create_session()
    old = session.token
    member.post(reverse("new-table-link", args=[session.pk]))
    member.logout()

    client.get(reverse("join-table", args=[old]))

    assert client.get(reverse("join-table", args=[old])).status_code == 404
    assert (
        client.post(reverse("round-record", args=[session.pk]), {"kind": "draw"}).status_code == 403
    )


def test_a_round_recorded_by_another_device_is_a_conflict(member):
    session = create_session(rounds=[draw(0)])
    data = {"kind": "draw", "tenpai": ["1"], "expected_number": "1"}

    response = member.post(reverse("round-record", args=[session.pk]), data, headers=HTMX)

    assert response.status_code == 409
    assert b"recorded round 1" in response.content and b"Nothing was saved" in response.content
    assert session.rounds.count() == 1


def test_undo_removes_the_last_round(member):
    session = create_session(rounds=[ron(0, 1), draw(2)])

    member.post(reverse("round-undo", args=[session.pk]))

    assert session.outcomes() == [ron(0, 1)]
    assert AuditEntry.objects.get(action="undo").before == draw(2)


def test_table_shows_winds_dealer_counters_and_gaps(client):
    session = create_session(rounds=[draw(1, riichi=(1,))])

    page = client.get(reverse("session-table", args=[session.pk])).content.decode()

    assert 'id="round-label">East 2<' in page and 'id="honba">1<' in page
    assert 'id="sticks">1<' in page
    assert 'class="dealer-mark">dealer<' in page
    gaps = page.split('data-seat="0"')[1].split('class="gaps"')[1].split("</ul>")[0]
    assert "Bo" in gaps and "−3,000" in gaps  # Aki 24,000 after paying noten, Bo 27,000


def test_finishing_the_game_stores_results(member):
    session = create_session(rules={"preset": "wrc", "game_length": "one_round"})

    member.post(
        reverse("round-record", args=[session.pk]),
        {"kind": "ron", "winners": ["1"], "loser": "0", "han_1": "5"},
    )

    session.refresh_from_db()
    assert session.is_finished and session.ended_by == "last_round"
    results = {r.seat: (r.place, r.score) for r in session.results.all()}
    assert results == {0: (4, 22000), 1: (1, 38000), 2: (2, 30000), 3: (2, 30000)}


def test_recording_after_the_end_is_refused(member):
    session = create_session(
        rules={"preset": "wrc", "game_length": "one_round"}, rounds=[ron(1, 0)]
    )

    response = member.post(reverse("round-record", args=[session.pk]), {"kind": "draw"})

    assert session.rounds.count() == 1
    assert response.status_code == 422
    assert b"The game is over" in response.content


def test_a_retried_request_returns_the_first_result_and_records_once(member):
    session = create_session()
    data = {"kind": "draw", "tenpai": ["1"], "expected_number": "1", "request_id": "abc-123"}
    url = reverse("round-record", args=[session.pk])

    first = member.post(url, data, headers=HTMX)
    retry = member.post(url, data, headers=HTMX)

    assert (first.status_code, retry.status_code) == (200, 200)
    assert session.rounds.count() == 1
    assert AuditEntry.objects.filter(action="record").count() == 1


def test_a_retry_answered_after_its_round_was_undone_names_no_round(member):
    session = create_session(rounds=[ron(0, 1)])
    data = {"kind": "draw", "tenpai": ["1"], "expected_number": "2", "request_id": "abc-123"}
    url = reverse("round-record", args=[session.pk])
    member.post(url, data, headers=HTMX)
    member.post(reverse("round-undo", args=[session.pk]), headers=HTMX)

    retry = member.post(url, data, headers=HTMX)

    assert retry.status_code == 200 and "Round 2 saved" in retry.content.decode()
    assert "Draw" not in retry.content.decode().split("Round 2 saved")[1].split("</p>")[0]
    assert session.outcomes() == [ron(0, 1)]


def test_a_request_id_is_kept_per_session_and_validated(member):
    session = create_session()
    url = reverse("round-record", args=[session.pk])

    bad = member.post(url, {"kind": "draw", "request_id": "<script>"}, headers=HTMX)

    assert bad.status_code == 400
    assert b"request id may hold only" in bad.content
    assert session.rounds.count() == 0


def test_each_table_page_carries_a_fresh_request_id_and_the_next_number(member):
    session = create_session(rounds=[draw(0)])
    url = reverse("session-table", args=[session.pk])

    first, second = member.get(url).content.decode(), member.get(url).content.decode()

    assert 'name="expected_number" value="2"' in first
    ids = [page.split('name="request_id" value="')[1][:32] for page in (first, second)]
    assert ids[0] != ids[1]


def test_a_retried_undo_undoes_only_once(member):
    session = create_session(rounds=[ron(0, 1), draw(2)])
    url = reverse("round-undo", args=[session.pk])

    member.post(url, {"number": "2"})
    member.post(url, {"number": "2"})

    assert session.outcomes() == [ron(0, 1)]


@pytest.mark.parametrize("number", ["²", "-1", "2x", " 2", "9" * 5000])
def test_an_undo_naming_no_round_undoes_nothing(member, number):
    session = create_session(rounds=[ron(0, 1), draw(2)])

    response = member.post(reverse("round-undo", args=[session.pk]), {"number": number})

    assert response.status_code == 302
    assert session.outcomes() == [ron(0, 1), draw(2)]
    assert "the form named no round" in member.get(response["Location"]).content.decode()


def test_a_finished_game_can_be_changed_only_by_a_member(client):
    rules = {"preset": "wrc", "game_length": "one_round"}
    session = create_session(rules=rules, rounds=[ron(1, 0)])
    client.get(reverse("join-table", args=[session.token]))

    undo = client.post(reverse("round-undo", args=[session.pk]), {"number": "1"})
    edit = client.post(reverse("round-edit", args=[session.pk, 1]), {"kind": "draw"})
    delete = client.post(reverse("round-delete", args=[session.pk, 1]))

    assert (undo.status_code, edit.status_code, delete.status_code) == (403, 403, 403)
    assert session.outcomes() == [ron(1, 0)]


def test_the_table_polls_its_version_and_answers_with_only_its_fragment(client):
    session = create_session(rounds=[draw(1)])
    url = reverse("session-table", args=[session.pk])

    page = client.get(url).content.decode()
    version = client.get(reverse("session-version", args=[session.pk])).json()
    fragment = client.get(url, {"part": "table"}, headers=HTMX).content.decode()

    assert f'data-version-url="{reverse("session-version", args=[session.pk])}"' in page
    assert version == {"version": session.version, "rounds": 1}
    assert fragment.lstrip().startswith('<section id="table"')
    assert f'data-version="{session.version}"' in fragment
    assert "<html" not in fragment and "East 2" in fragment


@pytest.mark.parametrize("language", ["en", "zh-hans", "ja"])
@pytest.mark.parametrize("reason", ["agreement", "time_limit"])
def test_a_game_ended_early_says_why_in_words(client, language, reason):
    from django.utils import translation

    from ledger import glossary, writes

    session = create_session(rounds=[draw(0)])
    writes.finish_session(session.pk, actor=writes.COMMAND, version=None, reason=reason)
    client.cookies["django_language"] = language

    page = client.get(reverse("session-table", args=[session.pk])).content.decode()
    history = client.get(reverse("session-history", args=[session.pk])).content.decode()

    with translation.override(language):
        words = str(glossary.ENDINGS[reason])
    assert words in page and words in history
    assert f"because {reason}" not in page and f": {reason}<" not in history


@pytest.mark.parametrize("version", ["abc", "9" * 20, "-1"])
def test_an_undo_from_a_form_whose_version_cannot_be_read_is_refused(member, version):
    session = create_session(rounds=[draw(0), draw(0)])

    response = member.post(
        reverse("round-undo", args=[session.pk]), {"version": version}, follow=True
    )

    assert "version of the game cannot be read" in response.content.decode()
    assert session.rounds.count() == 2


def test_undoing_a_round_never_recorded_says_there_is_none(member):
    session = create_session(rounds=[draw(0)])

    response = member.post(reverse("round-undo", args=[session.pk]), {"number": "99"}, follow=True)

    assert "There is no round 99 to undo." in response.content.decode()
    assert session.rounds.count() == 1


def test_the_final_result_says_what_is_left_on_the_table_and_links_its_working(client):
    """The last dealer noten at the draw ends an east game with Aki's riichi stick down."""
    rounds = [ron(1, 0), ron(2, 1), ron(3, 2), draw(0, riichi=(0,))]
    session = create_session(rules={"preset": "wrc", "game_length": "east"}, rounds=rounds)

    page = client.get(reverse("session-table", args=[session.pk])).content.decode()

    assert "Final result" in page
    assert "Riichi sticks left on the table at the end: 1" in page
    assert f'href="/sessions/{session.pk}/history/#settlement"' in page
