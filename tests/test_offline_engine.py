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
from ledger.views import offline
from scoring.pending import play_on
from tests.factories import create_session

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
