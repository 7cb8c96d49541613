"""The end of a game says where the last riichi sticks went, in the same words on the table
page and in the history, and names a riichi that the early end of the game left unpaid."""

from __future__ import annotations

import pytest

from ledger import writes
from tests.factories import create_session, draw, ron

pytestmark = pytest.mark.django_db

EAST_FIRST = {"preset": "wrc", "game_length": "east", "leftover_sticks": "first"}
# three rons, then the dealer is noten at the draw with Aki's stick down: the east game ends
LAST_DRAW = [ron(1, 0), ron(2, 1), ron(3, 2), draw(0, riichi=(0,))]


def _pages(client, session):
    table = client.get(f"/sessions/{session.pk}/").content.decode()
    history = client.get(f"/sessions/{session.pk}/history/").content.decode()
    return table, history


def test_the_table_and_the_history_say_who_took_the_last_sticks_in_the_same_words(client):
    session = create_session(rules=EAST_FIRST, rounds=LAST_DRAW)

    for page in _pages(client, session):
        assert "Riichi sticks left on the table at the end: 1" in page
        assert "Dai +1,000 from riichi sticks" in page
        assert "sticks)" not in page


def test_sticks_no_player_takes_are_called_lost(client):
    session = create_session(rules={**EAST_FIRST, "leftover_sticks": "lost"}, rounds=LAST_DRAW)

    for page in _pages(client, session):
        assert "Riichi sticks left on the table at the end: 1 · lost" in page
        assert "from riichi sticks" not in page


def test_a_riichi_in_the_hand_an_early_end_cut_short_is_named_as_unpaid(client):
    session = create_session(rules={"preset": "wrc"}, rounds=[ron(1, 0)])
    writes.declare_riichi(session.pk, 2, actor=writes.COMMAND, version=None)
    writes.finish_session(session.pk, actor=writes.COMMAND, version=None)
    session.refresh_from_db()

    unpaid = "Chen declared riichi in a hand the game ended during"
    for page in _pages(client, session):
        assert unpaid in page
    final = session.game().settlement
    assert final.players[2].points == 30000  # the stick stayed with Chen (wrc starts at 30,000)
    assert final.leftover_riichi_sticks == 0


def test_a_riichi_in_play_is_not_called_unpaid_before_the_game_ends(client):
    session = create_session(rules={"preset": "wrc"}, rounds=[ron(1, 0)])
    writes.declare_riichi(session.pk, 2, actor=writes.COMMAND, version=None)

    for page in _pages(client, session):
        assert "declared riichi in a hand the game ended during" not in page


def test_the_history_settlement_shows_the_sticks_a_player_took_so_the_row_adds_up(client):
    session = create_session(rules=EAST_FIRST, rounds=LAST_DRAW)

    page = client.get(f"/sessions/{session.pk}/history/").content.decode()
    settlement = page[page.index('id="settlement"') : page.index("</table>")]

    assert '<th class="num">Riichi sticks</th>' in settlement
    assert 'data-label="Riichi sticks">+1,000</td>' in settlement


def test_no_sticks_column_when_nobody_took_sticks(client):
    session = create_session(rules={**EAST_FIRST, "leftover_sticks": "lost"}, rounds=LAST_DRAW)

    page = client.get(f"/sessions/{session.pk}/history/").content.decode()

    assert "Riichi sticks</th>" not in page
