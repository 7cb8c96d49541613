"""``python -m scoring points``: JSON out, one-line errors with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from scoring.cli import main


def _run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["points", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_points_prints_the_documented_json(capsys):
    status, out, _ = _run(capsys, "--han", "3", "--fu", "40")

    assert status == 0
    assert json.loads(out) == {
        "han": 3,
        "fu": 40,
        "yakuman": 0,
        "limit": "none",
        "base_points": 1280,
        "payments": {"ron": 5200},
        "total": 5200,
    }


def test_non_dealer_tsumo_with_honba_and_sticks(capsys):
    _, out, _ = _run(
        capsys, "--han", "4", "--fu", "30", "--tsumo", "--honba", "1", "--riichi-sticks", "2"
    )

    result = json.loads(out)
    assert result["payments"] == {"dealer": 4000, "non_dealer": 2100}
    assert result["total"] == 4000 + 2 * 2100 + 2000


def test_dealer_tsumo_lists_only_non_dealer_payments(capsys):
    _, out, _ = _run(capsys, "--han", "5", "--dealer", "--tsumo")

    result = json.loads(out)
    assert (result["limit"], result["payments"], result["total"]) == (
        "mangan",
        {"non_dealer": 4000},
        12000,
    )


def test_rules_preset_and_json_object_apply(capsys):
    _, by_name, _ = _run(capsys, "--han", "4", "--fu", "30", "--rules", "wrc")
    _, by_json, _ = _run(
        capsys, "--han", "4", "--fu", "30", "--rules", '{"preset": "wrc", "kiriage": false}'
    )

    assert json.loads(by_name)["payments"] == {"ron": 8000}
    assert json.loads(by_json)["payments"] == {"ron": 7700}


def test_yakuman_multiple(capsys):
    _, out, _ = _run(capsys, "--yakuman", "2")

    assert json.loads(out)["payments"] == {"ron": 64000}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--han", "1", "--fu", "20"], "1 han 20 fu is impossible"),
        (["--han", "2", "--fu", "20"], "20 fu ron is impossible"),
        (["--han", "2", "--fu", "25", "--tsumo"], "2 han 25 fu tsumo is impossible"),
        (["--han", "x"], "must be a whole number"),
        (["--han", "3"], "3 han needs its fu: under 5 han the fu set the points"),
        (["--han", "2", "--fu", "30", "--honba", "9" * 5000], "must be a whole number"),
        (["--yakuman", "99999999999"], "must be a whole number"),
        (["--han", "2", "--fu", "30", "--honba", "-1"], "from 0 to"),
        (["--han", "2", "--fu", "30", "--honba", "²"], "from 0 to"),
        (["--han", "2", "--fu", "30", "--rules", "nope"], "unknown rules preset"),
        (
            ["--han", "2", "--fu", "30", "--rules", '{"preset": "wrc", "bogus": 1}'],
            "unknown rule option: bogus",
        ),
        (["--han", "2", "--fu", "30", "--rules", "{"], "not valid JSON"),
        (
            ["--han", "2", "--fu", "30", "--rules", '{"kiriage": "yes"}'],
            "kiriage must be true or false",
        ),
    ],
)
def test_bad_arguments_exit_2_with_one_line(capsys, args, message):
    status, out, err = _run(capsys, *args)

    assert status == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1


def test_the_module_runs_from_the_shell():
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "points", "--han", "2", "--fu", "30", "--dealer"],
        capture_output=True,
        text=True,
        check=False,
    )
    failed = subprocess.run(
        [sys.executable, "-m", "scoring", "points", "--han", "0", "--fu", "30"],
        capture_output=True,
        text=True,
        check=False,
    )

    assert done.returncode == 0 and json.loads(done.stdout)["total"] == 2900
    assert failed.returncode == 2 and "Traceback" not in failed.stderr
