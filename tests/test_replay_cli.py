"""``python -m scoring replay RECORD.json``: the replay result of FORMATS.md section 3."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.cli import main
from scoring.game import RecordError, replay
from scoring.score import score_hand

DATA = Path(__file__).parent / "data"
HANCHAN = DATA / "game_wrc_hanchan.json"


def _run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["replay", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _write(tmp_path, data) -> str:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_replay_prints_the_documented_result_of_a_whole_hanchan(capsys):
    status, out, _ = _run(capsys, str(HANCHAN))
    assert status == 0
    expected = json.loads((DATA / "game_wrc_hanchan_result.json").read_text(encoding="utf-8"))
    assert json.loads(out) == expected
    assert list(json.loads(out)) == ["rounds", "next", "finished", "ended_by", "final"]


def test_formats_example_first_round_under_wrc(capsys, tmp_path):
    record = {
        "rules": {"preset": "wrc"},
        "players": ["Aki", "Bo", "Chen", "Dai"],
        "rounds": [
            {
                "result": "ron",
                "loser": 2,
                "wins": [{"winner": 0, "han": 3, "fu": 40}],
                "riichi": [0],
            }
        ],
    }
    status, out, _ = _run(capsys, _write(tmp_path, record))
    assert status == 0
    assert json.loads(out) == {
        "rounds": [
            {
                "round": "E1",
                "honba": 0,
                "riichi_sticks": 0,
                "dealer": 0,
                "deltas": [7700, 0, -7700, 0],
                "scores": [37700, 30000, 22300, 30000],
            }
        ],
        "next": {"round": "E1", "honba": 1, "riichi_sticks": 0, "dealer": 0},
        "finished": False,
    }


def test_an_array_of_records_prints_an_array_of_results(capsys, tmp_path):
    record = json.loads(HANCHAN.read_text(encoding="utf-8"))
    status, out, _ = _run(capsys, _write(tmp_path, [record, {"rounds": []}]))
    assert status == 0
    results = json.loads(out)
    assert results[0]["ended_by"] == "last_round" and results[1]["next"]["round"] == "E1"


@pytest.mark.parametrize(
    ("rounds", "message"),
    [
        (
            [
                {"result": "draw"},
                {"result": "ron", "loser": 1, "wins": [{"winner": 1, "han": 1, "fu": 30}]},
            ],
            "round 2 (E2): winner 1 is also the discarder",
        ),
        (
            [{"result": "draw", "tenpai": [0], "riichi": [1]}],
            "round 1 (E1): riichi player 1 is missing from the tenpai list",
        ),
        (
            [{"result": "abort", "reason": "kyuushu_kyuuhai"}],
            "round 1 (E1): kyuushu_kyuuhai is not an abortive draw under these rules",
        ),
        (
            [{"result": "tsumo", "winner": 0, "han": 1, "fu": 30, "riichii": [0]}],
            "round 1 (E1): unknown key in a tsumo round: riichii",
        ),
        ([{"result": "skip"}], "round 1 (E1): result must be one of"),
        (
            [{"result": "chombo", "player": 1}, {"result": "draw"}],
            "round 2: the game has already ended",
        ),
    ],
)
def test_a_bad_round_exits_2_naming_the_round_and_the_problem(capsys, tmp_path, rounds, message):
    status, out, err = _run(capsys, _write(tmp_path, {"rules": "wrc", "rounds": rounds}))
    assert status == 2 and out == ""
    assert message in err


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"rules": {"preset": "wrc", "uma": [1]}, "rounds": []}, "rules: uma must be"),
        ({"players": ["A", "B"], "rounds": []}, "players must be a list of 4 names"),
        ({"rounds": [], "penalties": [{"player": 7, "points": 1}]}, "penalties:"),
        ([{"rounds": []}, {"rounds": "none"}], "record 2: rounds must be a list"),
    ],
)
def test_a_bad_record_exits_2(capsys, tmp_path, record, message):
    status, _, err = _run(capsys, _write(tmp_path, record))
    assert status == 2 and message in err


def test_a_file_that_is_not_json_exits_2(capsys, tmp_path):
    path = tmp_path / "record.json"
    path.write_text("{rounds", encoding="utf-8")
    status, _, err = _run(capsys, str(path))
    assert status == 2 and "is not valid JSON" in err
    status, _, err = _run(capsys, str(tmp_path / "missing.json"))
    assert status == 2 and "cannot read" in err


def test_records_that_cannot_be_read_exit_2_with_one_line(capsys, tmp_path):
    deep, huge, latin = (tmp_path / name for name in ("deep.json", "huge.json", "latin.json"))
    deep.write_text("[" * 100_000, encoding="utf-8")
    huge.write_text('{"rounds": [], "penalties": [{"player": 0, "points": ' + "9" * 5000 + "}]}")
    latin.write_bytes(b'{"rounds": [], "note": "\xff"}')

    for path, message in ((deep, "nests too deeply"), (huge, "cannot be read"), (latin, "UTF-8")):
        status, out, err = _run(capsys, str(path))
        assert (status, out) == (2, "") and message in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"rounds": [{"result": []}]}, "result must be one of"),
        ({"rounds": [{"result": {}}]}, "result must be one of"),
        ({"rules": {"uma": [[[[1]]]]}, "rounds": []}, "nests lists too deeply"),
        ({"rules": {"start_points": 10**30}, "rounds": []}, "from 100 to 1,000,000"),
        (
            {"rules": {"uma": [10**30, 0, 0, -(10**30)]}, "rounds": []},
            "uma must be from -1,000,000",
        ),
        ({"rounds": [], "penalties": [{"player": 0, "points": 10**400}]}, "penalty points"),
    ],
)
def test_numbers_and_shapes_beyond_any_game_exit_2(capsys, tmp_path, record, message):
    status, _, err = _run(capsys, _write(tmp_path, record))
    assert status == 2 and message in err


def test_replay_runs_as_a_module():
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "replay", str(HANCHAN)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert json.loads(done.stdout)["final"]["results"] == [27.8, -34.8, -13.7, 10.7]


def test_replay_api_gives_settlement_and_transfers():
    game = replay(json.loads(HANCHAN.read_text(encoding="utf-8")))
    assert game.players == ("Aki", "Bo", "Chen", "Dai")
    assert game.settlement is not None and game.settlement.places == (1, 4, 3, 2)
    assert game.settlement.players[1].penalty == -10000
    assert game.rounds[3].transfers[-1].payer is None  # the stick from the table
    with pytest.raises(RecordError):
        replay([])  # type: ignore[arg-type]


def test_a_round_won_with_tiles_lists_the_scored_hands(capsys, tmp_path):
    hand = {"hand": "234m456p789s22z", "win": "2z", "melds": [{"kind": "pon", "tiles": "777z"}]}
    wins = [{"winner": 1, "hand": hand}, {"winner": 3, "han": 1, "fu": 30}]
    record = {
        "rules": "tenhou",
        "rounds": [
            {"result": "ron", "loser": 2, "wins": wins, "riichi": []},
            {"result": "draw", "tenpai": []},
        ],
    }

    status, out, _ = _run(capsys, _write(tmp_path, record))

    assert status == 0
    first, draw_round = json.loads(out)["rounds"]
    scored, by_value = first["hands"]
    assert by_value is None
    assert scored == score_hand({**hand, "seat_wind": "S", "round_wind": "E", "rules": "tenhou"})
    assert scored["yaku"] == [{"name": "yakuhai_chun", "han": 1}]
    assert first["deltas"] == [0, 1000, -2000, 1000]
    assert "hands" not in draw_round
