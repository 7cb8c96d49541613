"""The engine offline, on the server's side: the scoring package the browser runs is zipped
from the repository's scoring/ (never a stale copy), Pyodide is served from our own static
files, the record the engine plays on, and scoring.pending against the ledger's own replay."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from ledger import writes
from ledger.forms import RoundForm
from ledger.views import offline
from scoring.pending import entered_round, play_on
from scoring.rules import Rules
from tests.factories import NAMES, create_session

pytestmark = pytest.mark.django_db
SCORING = Path(__file__).resolve().parent.parent / "scoring"


def _config(client) -> dict:
    body = client.get(reverse("service-worker")).content.decode()
    return json.loads(body.split("\n", 1)[0].removeprefix("const CONFIG = ").rstrip(";"))


def test_the_scoring_bundle_holds_exactly_the_repositorys_scoring_sources(client):
    response = client.get(reverse("scoring-bundle"))
    bundle = zipfile.ZipFile(io.BytesIO(response.content))
    sources = {f"scoring/{path.name}": path.read_bytes() for path in SCORING.glob("*.py")}

    assert response["Content-Type"] == "application/zip"
    assert "no-cache" in response["Cache-Control"]
    assert {name: bundle.read(name) for name in bundle.namelist()} == sources
    assert "scoring/pending.py" in sources


def test_the_scoring_bundle_follows_a_changed_source(tmp_path, monkeypatch):
    copy = tmp_path / "scoring"
    copy.mkdir()
    for path in SCORING.glob("*.py"):
        (copy / path.name).write_bytes(path.read_bytes())
    before = offline.build_scoring_bundle()
    monkeypatch.setattr(offline, "ENGINE_SOURCE", copy)
    (copy / "value.py").write_text("# changed\n", encoding="utf-8")

    after = zipfile.ZipFile(io.BytesIO(offline.build_scoring_bundle()))

    assert after.read("scoring/value.py") == b"# changed\n"
    assert offline.build_scoring_bundle() != before


def test_the_service_worker_keeps_the_bundle_with_the_app_and_pyodide_apart(client):
    config = _config(client)

    assert reverse("scoring-bundle") in config["files"]
    assert config["engineCache"] == "ledger-engine-0.27.7"
    assert config["engine"] == [f"/static/pyodide/{name}" for name in offline.PYODIDE_FILES]
    for name in offline.PYODIDE_FILES:  # unpacked by `make pyodide`, served as static files
        assert finders.find(f"pyodide/{name}"), name


def test_only_the_engines_worker_may_compile_webassembly_and_nothing_may_eval(client):
    session = create_session(rules={"preset": "tenhou"})
    worker = client.get(reverse("engine-worker"))
    page = client.get(reverse("session-table", args=[session.pk]))

    def script_src(response) -> list[str]:
        policy = response["Content-Security-Policy"].split(";")
        return next(part for part in policy if part.strip().startswith("script-src")).split()

    assert worker["Content-Type"] == "text/javascript; charset=utf-8"
    assert "'wasm-unsafe-eval'" in script_src(worker) and "'unsafe-eval'" not in script_src(worker)
    assert "'wasm-unsafe-eval'" not in script_src(page)
    assert reverse("engine-worker") in _config(client)["files"]


def test_the_record_for_the_engine_has_the_version_and_the_declared_riichi(client):
    session = create_session(
        rules={"preset": "tenhou"}, rounds=[{"result": "draw", "tenpai": [0], "riichi": []}]
    )
    writes.declare_riichi(session.pk, 2, actor=writes.COMMAND, version=None)

    data = client.get(reverse("session-record", args=[session.pk])).json()

    assert data["version"] == 2 and data["riichi"] == [2]
    assert data["record"]["rounds"] == [{"result": "draw", "tenpai": [0], "riichi": []}]
    assert data["record"]["players"] == ["Aki", "Bo", "Chen", "Dai"]


@pytest.mark.parametrize(
    ("preset", "names"),
    [("tenhou", ("Aki", "Bo", "Chen", "Dai")), ("tenhou_sanma", ("Aki", "Bo", "Chen"))],
)
def test_the_engine_plays_the_queue_on_as_the_ledger_records_it(preset, names):
    ron = {"result": "ron", "loser": 1, "wins": [{"winner": 0, "han": 3, "fu": 30}], "riichi": []}
    tsumo = {"result": "tsumo", "winner": 2, "han": 5, "riichi": []}
    session = create_session(rules={"preset": preset}, names=names)
    record = session.to_record()
    writes.declare_riichi(session.pk, 2, actor=writes.COMMAND, version=None)
    writes.record_round(session.pk, ron, actor=writes.COMMAND)
    writes.declare_riichi(session.pk, 1, actor=writes.COMMAND, version=None)
    writes.record_round(session.pk, tsumo, actor=writes.COMMAND)
    game = session.game()

    pending = [{"riichi": 2, "on": True}, {"round": ron}, {"riichi": 1, "on": True}]
    table = play_on(record, [], pending, preview=tsumo)
    after = play_on(record, [], [*pending, {"round": tsumo}])

    assert table["preview"]["deltas"] == list(game.rounds[1].deltas)
    assert after["table"]["scores"] == list(game.state.scores)
    assert after["table"]["round"] == game.state.label and after["played"] == 2
    assert len(after["table"]["winds"]) == len(names)


# A win entered by its tiles or its yaku checklist: the round form's fields, and the round
# static/ledger/engine.js makes of the same fields for the engine offline.
ENTERED = [
    (
        {"kind": "tsumo", "winner": "1", "tiles": "234m406p789s 22z", "win_tile": "2z",
         "melds": "PON 777z", "flags": ["haitei"], "dora": "1m"},
        {"result": "tsumo", "winner": 1, "riichi": [], "tiles": {
            "tiles": "234m406p789s 22z", "win_tile": "2z", "melds": "PON 777z",
            "flags": ["haitei"], "nuki": "", "dora": "1m", "ura": ""}},
    ),
    (
        {"kind": "ron", "winners": ["0", "3"], "loser": "2", "riichi": ["3"],
         "tiles_0": "234m406p789s22z", "win_tile_0": "2z", "melds_0": "pon 777z",
         "tiles_3": "123m456p789234s77z", "win_tile_3": "7z", "ura": "9s"},
        {"result": "ron", "loser": 2, "riichi": [3], "wins": [
            {"winner": 0, "tiles": {"tiles": "234m406p789s22z", "win_tile": "2z",
                                    "melds": "pon 777z", "ura": "9s"}},
            {"winner": 3, "tiles": {"tiles": "123m456p789234s77z", "win_tile": "7z",
                                    "ura": "9s"}}]},
    ),
    (
        {"kind": "tsumo", "winner": "1", "by": "yaku",
         "yaku": ["riichi", "menzen_tsumo", "pinfu"], "yaku_dora": "1", "yaku_ura": "2"},
        {"result": "tsumo", "winner": 1, "riichi": [], "checklist": {
            "yaku": ["riichi", "menzen_tsumo", "pinfu"], "open": False,
            "dora": {"dora": 1, "aka": 0, "ura": 2, "nuki": 0}, "fu": ""}},
    ),
    (
        {"kind": "ron", "winners": ["2"], "loser": "0", "by_2": "yaku", "yaku_2": ["tanyao"],
         "open_2": "on", "fu_2": "30", "yaku_aka_2": "1"},
        {"result": "ron", "loser": 0, "riichi": [], "wins": [{"winner": 2, "checklist": {
            "yaku": ["tanyao"], "open": True, "dora": {"dora": 0, "aka": 1, "ura": 0, "nuki": 0},
            "fu": "30"}}]},
    ),
    (
        {"kind": "tsumo", "winner": "0", "by": "yaku", "yaku": ["daisuushii"], "pao": "3",
         "pao_whole": "on"},
        {"result": "tsumo", "winner": 0, "riichi": [], "pao": 3, "pao_whole": True,
         "checklist": {"yaku": ["daisuushii"], "open": True, "dora": {}, "fu": ""}},
    ),
]  # fmt: skip


@pytest.mark.parametrize(("fields", "entered"), ENTERED)
def test_a_win_entered_by_tiles_or_yaku_is_the_round_the_form_records(fields, entered):
    rules = Rules.from_json({"preset": "tenhou"})
    form = RoundForm(fields, names=list(NAMES), rules=rules)
    assert form.is_valid(), form.errors

    assert entered_round(entered, rules) == form.cleaned_data["outcome"]


def test_queued_wins_entered_by_tiles_and_yaku_score_as_the_ledger_records_them():
    session = create_session(rules={"preset": "tenhou"})
    record, rules = session.to_record(), session.game().rules
    for fields, _ in ENTERED[:4]:  # through the round form, as the server records them
        form = RoundForm(fields, names=list(NAMES), rules=rules)
        assert form.is_valid(), form.errors
        writes.record_round(session.pk, form.cleaned_data["outcome"], actor=writes.COMMAND)
    game = session.game()

    after = play_on(record, [], [{"round": entered} for _, entered in ENTERED[:4]])

    assert after["played"] == 4 and after["table"]["scores"] == list(game.state.scores)


def test_a_queued_checklist_no_hand_can_have_stops_the_replay_there():
    session = create_session(rules={"preset": "tenhou"})
    refused = {"result": "ron", "loser": 0, "riichi": [], "wins": [{"winner": 1, "checklist": {
        "yaku": ["pinfu", "toitoi"], "open": False, "dora": {}, "fu": "30"}}]}  # fmt: skip

    after = play_on(session.to_record(), [], [{"round": ENTERED[0][1]}, {"round": refused}])

    assert after["played"] == 1 and "toitoi" in after["refused"]


@pytest.mark.parametrize(
    ("wins", "refusal"),
    [
        (5, "wins must be a list of wins, not 5"),
        ({"winner": 1}, "wins must be a list of wins"),
        ([5], "a win must be a JSON object, not 5"),
        ([{"winner": 1, "han": 2, "fu": 30, "yaku": 5}], "yaku"),
    ],
)
def test_a_queued_ron_with_malformed_wins_is_refused_in_the_engines_words(wins, refusal):
    session = create_session(rules={"preset": "tenhou"})
    broken = {"result": "ron", "loser": 0, "riichi": [], "wins": wins}

    after = play_on(session.to_record(), [], [{"round": broken}])
    preview = play_on(session.to_record(), [], [], preview=broken)["preview"]

    assert after["played"] == 0 and refusal in after["refused"]
    assert refusal in preview["error"]
