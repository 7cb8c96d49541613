"""Imported game records meet the limits the API sets on a round (a win's hand holds only
the keys the engine reads, a note is short), and the commands say what they did in words."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from ledger import writes
from ledger.models import ApiToken, Player, Session
from ledger.online_logs.model import replay_fingerprint
from ledger.records import RecordError, import_records
from tests.factories import create_session, create_user, draw
from tests.test_api import call

pytestmark = pytest.mark.django_db
HAND = {"hand": "234m406p789s22z", "win": "2z", "melds": [{"kind": "pon", "tiles": "777z"}]}
PLAYERS = ["Aki", "Bo", "Chen", "Dai"]


def _record(round_: dict, **extra) -> dict:
    return {"rules": {"preset": "club"}, "players": PLAYERS, "rounds": [round_], **extra}


def _ron(hand: dict, **extra) -> dict:
    return {"result": "ron", "loser": 2, "wins": [{"winner": 0, "hand": hand}], **extra}


JUNK_HAND = {**HAND, "junk": "J" * 2_000_000}
JUNK_MELD = {**HAND, "melds": [{"kind": "pon", "tiles": "777z", "extra": "x"}]}


@pytest.mark.parametrize(
    ("hand", "said"),
    [
        (JUNK_HAND, "Aki’s hand has unknown keys: junk."),
        (JUNK_MELD, "A meld of Aki’s hand has unknown keys: extra."),
    ],
)
def test_the_api_refuses_unknown_keys_in_a_hand_or_its_melds_when_recording_or_correcting(
    client, hand, said
):
    token = ApiToken.issue(create_user(username="keeper"), "scripts")[1]
    session = create_session()
    rounds = f"/sessions/{session.pk}/rounds"

    refused = call(client, "post", rounds, {"round": _ron(hand, riichi=[])}, token=token)
    version = call(client, "post", rounds, {"round": _ron(HAND, riichi=[])}, token=token)[1]
    body = {"round": _ron(hand, riichi=[]), "version": version["version"]}
    corrected = call(client, "put", f"{rounds}/1", body, token=token)

    assert refused[0] == corrected[0] == 422, (refused, corrected)
    assert refused[1]["error"]["message"] == f"Round 1: {said}"
    assert corrected[1]["error"]["message"] == f"Round 1 (East 1): {said}"
    assert session.rounds.get().outcome["wins"][0]["hand"] == HAND


def test_a_stored_hand_with_an_unknown_key_still_replays_and_play_goes_on():
    session = create_session(rounds=[_ron(HAND, riichi=[])])
    session.rounds.update(outcome=_ron(JUNK_MELD, riichi=[]))  # kept from before the check

    writes.record_round(session.pk, draw(0), actor=writes.COMMAND)

    assert len(session.replay()["rounds"]) == session.rounds.count() == 2


@pytest.mark.parametrize(
    ("record", "said"),
    [
        (_record(_ron(JUNK_HAND)), "Round 1: Aki’s hand has unknown keys: junk."),
        (_record(_ron(JUNK_MELD)), "Round 1: A meld of Aki’s hand has unknown keys: extra."),
        (
            _record(_ron({**HAND, "rules": "J" * 5_000})),
            "Round 1: A win’s hand does not give rules",
        ),
        (
            _record(_ron(HAND, note="n" * 1_000_000)),
            "Round 1: A round’s note holds at most 200 characters, not 1,000,000.",
        ),
        (
            _record(
                _ron(HAND), penalties=[{"player": 1, "points": -1000, "reason": "r" * 100_000}]
            ),
            "The reason of penalty 1 holds at most 200 characters, not 100,000.",
        ),
    ],
)
def test_an_import_over_the_apis_limits_is_refused_naming_the_round(record, said):
    with pytest.raises(RecordError) as refused:
        import_records([_record(_ron(HAND)), record])

    assert str(refused.value).startswith(f"Record 2: {said}"), str(refused.value)
    assert not Session.objects.exists() and not Player.objects.exists()


def test_a_record_within_the_limits_is_imported():
    record = _record(_ron(HAND, note="n" * 200), penalties=[{"player": 1, "points": -1000}])

    assert len(import_records(record).sessions) == 1


def test_the_import_command_says_its_refusal_in_one_sentence(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_record({"result": "ron", "loser": 2, "wins": [
        {"winner": 0, "han": 3, "fu": 41}]})))  # fmt: skip

    with pytest.raises(CommandError) as refused:
        call_command("import_sessions", str(path))

    assert str(refused.value).endswith("not 41. Nothing was imported."), str(refused.value)


def test_the_import_command_says_when_every_record_was_already_there(tmp_path):
    path = tmp_path / "games.json"
    path.write_text(json.dumps(_record(_ron(HAND))))
    call_command("import_sessions", str(path), stdout=io.StringIO())
    out = io.StringIO()

    call_command("import_sessions", str(path), stdout=out)

    assert out.getvalue().splitlines()[-1] == "Nothing was imported: every game is already here."
    assert "imported 0" not in out.getvalue()


def test_import_logs_names_a_date_that_is_no_day(tmp_path):
    with pytest.raises(CommandError) as refused:
        call_command("import_logs", str(tmp_path / "game.xml"), "--date", "2026-99-01")

    message = str(refused.value)
    assert "YYYY-MM-DD" in message and "2026-99-01" in message, message
    assert "fromisoformat" not in message


def test_generated_sessions_carry_their_fingerprint_and_are_skipped_on_import_again(tmp_path):
    call_command("generate_club", players=8, sessions=3, stdout=io.StringIO())
    path = tmp_path / "club.json"
    call_command("export_sessions", "-o", str(path))

    out = io.StringIO()
    call_command("import_sessions", str(path), stdout=out)

    sessions = Session.objects.prefetch_related("seats__player", "rounds")
    assert all(s.fingerprint == replay_fingerprint(s.game()) for s in sessions)
    assert Session.objects.count() == 3, out.getvalue()
    assert out.getvalue().splitlines()[-1] == "Nothing was imported: every game is already here."
