"""``python -m scoring waits`` and ``fu``: JSON out, one-line errors with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from scoring.cli import main


def _run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_waits_prints_the_documented_json(capsys):
    status, out, _ = _run(capsys, "waits", "345m456p567s4446z")

    assert status == 0
    assert json.loads(out) == {
        "shanten": 0,
        "tenpai": True,
        "waits": [{"tile": "6z", "shapes": ["tanki"], "remaining": 3}],
        "karaten": False,
        "self_karaten": False,
    }


def test_waits_counts_visible_tiles(capsys):
    _, out, _ = _run(capsys, "waits", "23456m456p789s11z", "--visible", "11m7m")

    waits = json.loads(out)["waits"]
    assert [(w["tile"], w["remaining"]) for w in waits] == [("1m", 2), ("4m", 3), ("7m", 3)]


def test_waits_takes_melds(capsys):
    _, out, _ = _run(capsys, "waits", "345m456p567s6z", "--meld", "pon:666z")

    assert json.loads(out)["tenpai"] is False
    assert json.loads(out)["self_karaten"] is True


def test_a_hand_that_is_not_tenpai_reports_its_shanten(capsys):
    _, out, _ = _run(capsys, "waits", "1358m2469p1288s3z")

    assert json.loads(out) == {
        "shanten": 4,
        "tenpai": False,
        "waits": [],
        "karaten": False,
        "self_karaten": False,
    }


def test_fu_prints_every_reading_with_its_items(capsys):
    hand = {
        "hand": "234m406p789s22z",
        "win": "2z",
        "melds": [{"kind": "pon", "tiles": "777z"}],
        "seat_wind": "S",
        "rules": "tenhou",
    }
    status, out, _ = _run(capsys, "fu", json.dumps(hand))

    assert status == 0
    (reading,) = json.loads(out)["readings"]
    assert reading["fu"] == 30
    assert reading["wait"] == "tanki"
    assert reading["fu_items"] == [
        {"name": "base", "fu": 20},
        {"name": "open_pon_honor", "fu": 4},
        {"name": "pair_seat_wind", "fu": 2},
        {"name": "tanki", "fu": 2},
    ]


def test_fu_answers_each_json_line_on_stdin_in_order(capsys, monkeypatch):
    import io

    hand = {"hand": "111222333m456p55z", "win": "3m"}
    lines = [json.dumps(hand), "", "[1]", json.dumps({**hand, "tsumo": True})]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))

    status, out, _ = _run(capsys, "fu")
    answers = [json.loads(line) for line in out.splitlines()]

    assert status == 0 and len(answers) == 3  # the blank line is skipped, as `hand` does
    assert answers[0] == json.loads(_run(capsys, "fu", json.dumps(hand))[1])
    assert answers[1]["error"]["code"] == "bad_hand"
    assert sorted(r["fu"] for r in answers[2]["readings"]) == [30, 40]  # ron: 40 and 50


def test_fu_lists_each_place_of_the_winning_tile(capsys):
    _, out, _ = _run(capsys, "fu", '{"hand": "111222333m456p55z", "win": "3m"}')

    readings = json.loads(out)["readings"]
    assert sorted((r["wait"], r["fu"]) for r in readings) == [("penchan", 40), ("shanpon", 50)]


def test_fu_follows_rule_options(capsys):
    hand = {
        "hand": "1199m1155p99s1177z",
        "win": "7z",
        "rules": {"preset": "club", "chiitoitsu_50_fu": True},
    }
    _, out, _ = _run(capsys, "fu", json.dumps(hand))

    assert json.loads(out)["readings"][0]["fu"] == 50


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("waits", "11m"), "13 concealed tiles"),
        (("waits", "12x"), "unknown character"),
        (("waits", "11111m23p456p789s1z"), "more than four copies"),
        (("waits", "345m456p567s6z", "--meld", "pon"), 'pon:777z, not "pon"'),
        (("waits", "345m456p567s6z", "--meld", "chi:135m"), "consecutive"),
        (("fu", "not json"), "not valid JSON"),
        (("fu", "[1, null]"), "JSON object, not [1, null]"),
        (("fu", '{"hand": "234m456p789s22z", "win": "2z"}'), "14 concealed tiles"),
        (("fu", '{"hand": "234m456p789s22z77z1m", "win": "2z"}'), "not four sets and a pair"),
        (("fu", '{"hand": "234m456p789s22777z", "win": "1p"}'), "not in the hand"),
        (("fu", '{"hand": "234m456p789s22777z", "win": "2z", "rules": "nope"}'), "preset"),
        (("fu", '{"hand": "234m456p789s22777z", "win": "2z", "seat_wind": "X"}'), 'N, not "X"'),
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, args, words):
    status, out, err = _run(capsys, *args)

    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert words in err


def test_the_module_runs_from_the_shell():
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "waits", "3456m456p789s555z"],
        capture_output=True,
        text=True,
        check=False,
    )

    assert done.returncode == 0
    assert [w["tile"] for w in json.loads(done.stdout)["waits"]] == ["3m", "6m"]


def test_an_error_from_the_shell_is_one_line_and_status_2():
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "fu", '{"hand": "1m", "win": "1m"}'],
        capture_output=True,
        text=True,
        check=False,
    )

    assert done.returncode == 2
    assert done.stderr.startswith("error: ")
    assert "Traceback" not in done.stderr
