"""``python -m bench``: runs the named benchmarks only, and names the real ones when a
name is wrong."""

from __future__ import annotations

import subprocess
import sys

from bench.__main__ import benchmarks, run_all


def test_benchmarks_are_the_modules_with_a_main() -> None:
    names = benchmarks()
    assert "scoring_vs_mahjong" in names and "writes" in names
    assert "hands" not in names  # a helper module, no main()
    assert names == sorted(names)


def test_an_unknown_name_runs_nothing_and_lists_the_benchmarks(capsys) -> None:
    assert run_all(["scoring_vs_mahjong", "nope"]) == 2
    out, err = capsys.readouterr()
    assert out == ""  # nothing ran
    assert "no benchmark named nope" in err and "scoring_vs_mahjong" in err


def test_the_command_line_exits_2_on_an_unknown_name() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench", "nope"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert "no benchmark named nope" in done.stderr


def test_named_benchmarks_run_alone_in_the_order_given(monkeypatch, capsys) -> None:
    ran = []

    def run(command, cwd):
        ran.append(command[-1])
        return subprocess.CompletedProcess(command, 0)

    monkeypatch.setattr("bench.__main__.subprocess.run", run)
    assert run_all(["writes", "seating"]) == 0
    assert ran == ["bench.writes", "bench.seating"]
    assert capsys.readouterr().out == "== bench.writes\n== bench.seating\n"
