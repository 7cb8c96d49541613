"""Session history: rounds, settlement, chart; editing and deleting past rounds."""

from __future__ import annotations

import html
import re
from itertools import pairwise

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from ledger.charts import FONT, score_chart, text_width
from ledger.models import AuditEntry, Round
from tests.factories import create_session, create_user, draw, ron

pytestmark = pytest.mark.django_db


@pytest.fixture
def member(client):
    client.force_login(create_user())
    return client


def test_history_lists_every_round_with_scores_and_a_chart(client):
    session = create_session(rounds=[ron(0, 2), draw(1, 3, riichi=(1,)), ron(3, 1, han=2, fu=30)])

    page = client.get(reverse("session-history", args=[session.pk])).content.decode()

    assert page.count("<tr>") >= 4
    assert "Ron: Aki (3 han 40 fu) from Chen" in page
    assert "Draw, tenpai: Bo, Dai" in page
    assert "<polyline" in page and page.count("<polyline") == 4
    assert "East 2" in page


def test_history_describes_hands_entered_as_tiles_by_their_scored_yaku(client):
    double_riichi = {"hand": "12223m406p234789s", "win": "4s", "double_riichi": True}
    tsumo = {"hand": "123m123p123s11z", "win": "1m", "melds": [{"kind": "ankan", "tiles": "5555z"}]}
    rounds = [
        {
            "result": "ron",
            "loser": 2,
            "wins": [{"winner": 1, "hand": double_riichi}],
            "riichi": [1],
        },
        {"result": "tsumo", "winner": 2, "hand": {**tsumo, "rinshan": True}, "riichi": []},
    ]
    session = create_session(rules={"preset": "tenhou"}, rounds=rounds)

    page = client.get(reverse("session-history", args=[session.pk])).content.decode()

    assert "Ron: Bo (4 han 30 fu: Double riichi, Pinfu, dora 1) from Chen" in page
    assert (
        "Tsumo: Chen (haneman (7 han): Menzen tsumo, Rinshan kaihou, Yakuhai: haku, "
        "Chanta, Sanshoku doujun)" in page
    )


def test_history_queries_do_not_grow_with_rounds(client):
    short = create_session(rounds=[draw(0)] * 2)
    long = create_session(names=("E", "F", "G", "H"), rounds=[draw(0)] * 12)

    with CaptureQueriesContext(connection) as few:
        client.get(reverse("session-history", args=[short.pk]))
    with CaptureQueriesContext(connection) as many:
        client.get(reverse("session-history", args=[long.pk]))

    assert len(many) == len(few)


def test_finished_history_shows_the_settlement(client):
    session = create_session(
        rules={"preset": "wrc", "game_length": "one_round"}, rounds=[ron(1, 0)]
    )

    page = client.get(reverse("session-history", args=[session.pk])).content.decode()

    assert "Settlement" in page
    assert "+20.2" in page  # 35,200 points: +5.2 and +15 uma
    assert "\u221220.2" in page  # 24,800 points: -5.2 and -15 uma


def test_editing_a_past_round_replays_the_later_ones(member):
    session = create_session(rounds=[ron(0, 2), ron(1, 3)])
    data = {"kind": "ron", "winners": ["0"], "loser": "3", "han_0": "3", "fu_0": "40"}

    response = member.post(reverse("round-edit", args=[session.pk, 1]), data)

    assert response.status_code == 302
    rounds = list(Round.objects.filter(session=session))
    assert rounds[0].deltas == [7700, 0, 0, -7700]
    assert rounds[1].honba == 1 and rounds[1].deltas == [0, 5200 + 300, 0, -5500]
    audit = AuditEntry.objects.get(action="edit")
    assert audit.before == ron(0, 2) and audit.after["loser"] == 3


def test_an_edit_that_makes_a_later_round_impossible_is_refused(member):
    rules = {"preset": "wrc", "game_length": "east"}
    rounds = [draw(0), draw(), draw(), draw(), draw()]  # E1, E1-1 (dealer kept), E2, E3, E4
    session = create_session(rules=rules, rounds=rounds)
    data = {"kind": "draw"}  # dealer noten in round 1: the game would end before round 5

    response = member.post(reverse("round-edit", args=[session.pk, 1]), data)

    assert response.status_code == 422
    assert b"nothing was saved" in response.content
    assert session.outcomes() == rounds


def test_a_round_a_correction_puts_past_the_end_is_named_by_its_number_alone(member):
    session = create_session(rules={"preset": "club"}, rounds=[draw(), draw(), draw()])
    assert [row.label for row in Round.objects.filter(session=session)] == ["E1", "E2", "E3"]
    bust = {"kind": "ron", "winners": ["2"], "loser": "1", "han_2": "Y1", "fu_2": ""}

    response = member.post(reverse("round-edit", args=[session.pk, 1]), bust)

    page = html.unescape(response.content.decode())
    assert response.status_code == 422
    # Round 2 is East 2 in the history; the game would end in East 1, so no name fits it
    assert "After this change, round 2: The game is over (a player went bust)" in page
    assert "East 1" not in page.split("After this change", 1)[1].split(".", 1)[0]


def test_a_later_round_a_correction_refuses_is_named_as_the_change_would_make_it(member):
    rounds = [draw(0, 1, riichi=(1,)), draw(0, 1, riichi=(1,))]  # East 1, then East 1 again
    session = create_session(rules={"preset": "club"}, rounds=rounds)
    data = {"kind": "ron", "winners": ["2"], "loser": "1", "han_2": "11", "fu_2": "30",
            "riichi": ["1"]}  # fmt: skip  # Bo pays 24,000 and a stick: 0 points left

    response = member.post(reverse("round-edit", args=[session.pk, 1]), data)

    page = html.unescape(response.content.decode())
    assert response.status_code == 422
    assert "After this change, round 2 (East 2): Bo cannot declare riichi with 0 points" in page
    assert session.outcomes() == rounds


def test_a_round_a_deletion_moves_up_and_refuses_is_named_as_it_would_be(member):
    rounds = [
        ron(2, 1, han=11, fu=30, riichi=[1]),  # Bo pays a stick and 24,000: 0 points
        ron(1, 2, han=3, fu=30),  # Bo +3,900
        draw(1, riichi=(1,)),  # Bo declares riichi
    ]
    session = create_session(rules={"preset": "club"}, rounds=rounds)

    # without round 2, round 3 moves up and Bo declares riichi with 0 points
    response = member.post(reverse("round-delete", args=[session.pk, 2]), follow=True)

    page = html.unescape(response.content.decode())
    assert "Round 2 was not deleted: After this change, round 2 (East 2): Bo cannot" in page
    assert session.outcomes() == rounds


def test_an_edit_refused_in_the_edited_round_names_it_as_the_history_does(member):
    rounds = [ron(2, 1, han=11, fu=30, riichi=[1]), draw()]  # Bo has 0 points in round 2
    session = create_session(rules={"preset": "club"}, rounds=rounds)
    data = {"kind": "draw", "tenpai": ["1"], "riichi": ["1"]}

    response = member.post(reverse("round-edit", args=[session.pk, 2]), data)

    page = html.unescape(response.content.decode())
    assert response.status_code == 422
    assert "Round 2 (East 2): Bo cannot declare riichi with 0 points" in page
    assert "After this change" not in page
    assert session.outcomes() == rounds


def test_a_rounds_note_is_shown_and_kept_through_the_edit_page(member):
    session = create_session(rounds=[ron(0, 2, note="Table 3 dispute, agreed")])
    history = member.get(reverse("session-history", args=[session.pk])).content.decode()
    page = member.get(reverse("round-edit", args=[session.pk, 1])).content.decode()

    assert "Table 3 dispute, agreed" in history
    field = re.search(r'<input type="text" name="note"[^>]*>', page).group(0)
    assert 'value="Table 3 dispute, agreed"' in field
    data = {"kind": "ron", "winners": ["0"], "loser": "2", "han_0": "4", "fu_0": "30"}
    member.post(reverse("round-edit", args=[session.pk, 1]), {**data, "note": "Agreed"})

    assert Round.objects.get(session=session).outcome["note"] == "Agreed"


def test_a_round_with_a_note_longer_than_the_form_takes_is_corrected_keeping_it(member):
    long_note = "Imported with the log: " + "x" * 280  # a record or log may carry one
    session = create_session(rounds=[ron(0, 2, note=long_note)])
    data = {"kind": "ron", "winners": ["0"], "loser": "2", "han_0": "4", "fu_0": "30"}

    response = member.post(reverse("round-edit", args=[session.pk, 1]), {**data, "note": long_note})
    longer = member.post(
        reverse("round-edit", args=[session.pk, 1]), {**data, "note": long_note + "y"}
    )

    assert response.status_code == 302
    assert Round.objects.get(session=session).outcome == ron(0, 2, han=4, fu=30, note=long_note)
    assert "at most 303 characters" in longer.content.decode()  # refused, in words


def test_edit_page_is_prefilled_from_the_stored_round(member):
    session = create_session(rounds=[ron(2, 1, han=4, fu=30)])

    page = member.get(reverse("round-edit", args=[session.pk, 1])).content.decode()

    assert 'name="winners" value="2" checked' in page
    assert 'name="loser" value="1" checked' in page
    assert 'name="han_2" value="4" checked' in page and 'name="fu_2" value="30" checked' in page


@pytest.mark.parametrize(
    ("rules", "han", "shown_as", "more_open"),
    [
        ({"preset": "club"}, 11, "Sanbaiman", False),
        ({"preset": "club"}, 5, "Mangan", False),
        ({"preset": "club"}, 7, "7 han", True),
        ({"preset": "club", "aotenjou": True}, 11, "11 han", True),
    ],
)
def test_the_edit_page_ticks_a_stored_han_on_one_button(member, rules, han, shown_as, more_open):
    session = create_session(rules=rules, rounds=[ron(2, 1, han=han, fu=30)])

    page = member.get(reverse("round-edit", args=[session.pk, 1])).content.decode()

    ticked = re.findall(rf'name="han_2" value="{han}" checked><span>([^<]*)<', page)
    assert ticked == [shown_as]  # two ticked radios of one name: the browser shows neither
    seat_2 = page.split('name="han_2"', 1)[1]  # Chen's buttons, then Chen's "More han"
    more = re.search(r'<details class="extra more-han"( open)?>', seat_2)
    assert bool(more[1]) is more_open


def test_editing_a_missing_round_is_a_404(member):
    session = create_session()

    assert member.get(reverse("round-edit", args=[session.pk, 3])).status_code == 404


def test_deleting_a_round_moves_later_rounds_up(member):
    session = create_session(rounds=[draw(0), ron(1, 3), draw(2)])

    member.post(reverse("round-delete", args=[session.pk, 1]))

    assert session.outcomes() == [ron(1, 3), draw(2)]
    assert [r.number for r in Round.objects.filter(session=session)] == [1, 2]


def test_anonymous_cannot_edit_or_delete(client):
    session = create_session(rounds=[draw(0)])

    assert client.get(reverse("round-edit", args=[session.pk, 1])).status_code == 403
    assert client.post(reverse("round-delete", args=[session.pk, 1])).status_code == 403
    assert session.rounds.count() == 1


# --- the score chart ---------------------------------------------------------------------
# E1: Aki (dealer) rons Chen 7,700 and keeps the deal; E1 1 honba: Bo and Dai tenpai, the
# dealer noten passes it; E2 2 honba: Dai rons Bo 2,000 + 600. Scores from 30,000: Aki 36,200,
# Bo 28,900, Chen 20,800, Dai 34,100; the lowest 20,800, the highest 37,700 (Aki after E1).
THREE_ROUNDS = [ron(0, 2), draw(1, 3), ron(3, 1, han=2, fu=30)]


def axis(page: str, which: str) -> list[str]:
    """Return the texts of one axis of the score chart: x (round names) or y (scores)."""
    part = page.split(f'<g class="axis {which}"', 1)[1].split("</g>", 1)[0]
    return re.findall(r"<text [^>]*>([^<]+)</text>", part)


def test_the_chart_has_a_score_axis_and_the_round_names_under_it(client):
    session = create_session(rounds=THREE_ROUNDS)

    page = client.get(reverse("session-history", args=[session.pk])).content.decode()

    assert axis(page, "y") == ["20,000", "25,000", "30,000", "35,000"]
    assert axis(page, "x") == ["East 1", "East 2"]  # each name once, however many rounds
    assert "<title>Dai after round 3 (East 2, 2 honba): 34,100</title>" in page
    assert re.findall(r'<text class="end" [^>]*>([^<]+)</text>', page) == [
        "36,200",
        "28,900",
        "20,800",
        "34,100",
    ]


def test_the_chart_speaks_the_pages_language(client):
    session = create_session(rounds=THREE_ROUNDS)

    url = reverse("session-history", args=[session.pk])
    page = client.get(url, headers={"accept-language": "ja"}).content.decode()

    assert axis(page, "x") == ["東1局", "東2局"]
    assert axis(page, "y") == ["20,000", "25,000", "30,000", "35,000"]
    assert "<title>3局目（東2局 2本場）後のDai：34,100</title>" in page


def test_round_names_of_a_long_game_are_thinned_so_that_none_touches_the_next():
    rounds = [(f"{wind}{n}", 0) for wind in "ES" for n in range(1, 5) for _ in range(5)]
    series = [[30_000 + 100 * i * (p - 1) for i in range(41)] for p in range(4)]

    with translation.override("en"):
        chart = score_chart(["Aki", "Bo", "Chen", "Dai"], series, rounds)

    names = [tick.text for tick in chart.x_ticks]
    assert names[0] == "East 1" and 3 <= len(names) < 8
    edges = [(t.at - text_width(t.text) / 2, t.at + text_width(t.text) / 2) for t in chart.x_ticks]
    assert all(right < next_left for (_, right), (next_left, _) in pairwise(edges))
    assert edges[0][0] >= 0 and edges[-1][1] <= chart.width
    assert len(chart.x_marks) == 8  # a line where each round name begins


def test_final_scores_that_are_equal_are_written_apart():
    series = [[30_000, 33_000], [30_000, 33_000], [30_000, 27_000], [30_000, 27_000]]

    chart = score_chart(["Aki", "Bo", "Chen", "Dai"], series, [("E1", 0)])

    baselines = sorted(line.end_baseline for line in chart.lines)
    assert all(b - a >= FONT for a, b in pairwise(baselines))
    assert [line.end_text for line in chart.lines] == ["33,000", "33,000", "27,000", "27,000"]


def test_a_game_reopened_by_a_correction_keeps_the_time_it_ended():
    """The dealer tenpai at a draw of the last round plays it again (renchan): the game
    is open again until the correction is taken back, and keeps the evening it was
    played in."""
    import datetime as dt

    from ledger import writes
    from ledger.models import Session
    from tests.factories import create_session, draw, ron

    rounds = [ron(1, 0), ron(2, 1), ron(3, 2), ron(0, 3)]
    session = create_session(rules={"preset": "wrc", "game_length": "east"}, rounds=rounds)
    played = dt.datetime(2026, 4, 12, 20, 0, tzinfo=dt.UTC)
    Session.objects.filter(pk=session.pk).update(finished_at=played)

    writes.replace_round(session.pk, 4, draw(3), actor=writes.COMMAND, version=None)
    reopened = Session.objects.get(pk=session.pk)
    writes.replace_round(session.pk, 4, ron(0, 3), actor=writes.COMMAND, version=None)
    ended = Session.objects.get(pk=session.pk)

    assert not reopened.is_finished and "finished" not in reopened.to_record()
    assert ended.is_finished and ended.finished_at == played


def test_the_change_log_says_what_a_correction_changed(client):
    from ledger import writes
    from tests.factories import create_session, draw, ron

    session = create_session(rounds=[ron(1, 0), draw(0)])
    writes.replace_round(session.pk, 1, ron(2, 0), actor=writes.COMMAND, version=None)
    writes.delete_round(session.pk, 2, actor=writes.COMMAND, version=None)

    page = client.get(reverse("session-history", args=[session.pk])).content.decode()

    log = page[page.index("Change log") :]
    assert "was: Ron: Bo (3 han 40 fu) from Aki; now: Ron: Chen (3 han 40 fu) from Aki" in log
    assert "was: Draw" in log


def test_the_change_log_names_a_riichi_declared_and_taken_back_in_the_pages_language(client):
    from ledger import writes

    session = create_session()
    writes.declare_riichi(session.pk, 2, actor=writes.COMMAND, version=None)
    writes.withdraw_riichi(session.pk, 2, actor=writes.COMMAND, version=None)

    for language, declared, taken_back in [
        ("en", "riichi declared", "riichi taken back"),
        ("ja", "リーチ宣言", "リーチ取り消し"),
    ]:
        page = client.get(
            reverse("session-history", args=[session.pk]), HTTP_ACCEPT_LANGUAGE=language
        ).content.decode()
        log = page[page.index('<details class="card">') :]
        assert f"· {declared} ·" in log and f"· {taken_back} ·" in log
        assert "Chen" in log  # the riichi player


def test_the_only_round_of_a_game_ended_early_cannot_be_deleted(member):
    from ledger import writes

    session = create_session(rounds=[draw(0)])
    writes.finish_session(session.pk, actor=writes.COMMAND, version=None, reason="time_limit")
    session.refresh_from_db()

    response = member.post(
        reverse("round-delete", args=[session.pk, 1]), {"version": session.version}, follow=True
    )

    assert session.rounds.count() == 1
    assert "take back the end first" in html.unescape(response.content.decode())
