"""``bench.scoring_instructions``: reads callgrind's summary right, and says why it
counts nothing when valgrind is missing."""

from __future__ import annotations

import pytest

from bench import scoring_instructions
from bench.scoring_instructions import Counts, parse_counts

# The tail of a real ``valgrind --tool=callgrind --branch-sim=yes`` run's stderr.
REPORT = """\
==7057== Events    : Ir Bc Bcm Bi Bim
==7057== Collected : 1542845872 208265790 16071849 42638853 15055817
==7057==
==7057== I   refs:      1,542,845,872
"""


def test_the_summary_gives_instructions_and_both_kinds_of_mispredicted_branch() -> None:
    assert parse_counts(REPORT) == Counts(1_542_845_872, 16_071_849 + 15_055_817)


def test_a_report_without_counts_stops_the_benchmark_and_shows_the_report() -> None:
    with pytest.raises(SystemExit, match="callgrind printed no counts:\n==1== error"):
        parse_counts("==1== error: no such program\n")


def test_without_valgrind_it_says_so_and_runs_nothing(monkeypatch, capsys) -> None:
    monkeypatch.setattr(scoring_instructions.shutil, "which", lambda name: None)
    monkeypatch.setattr(scoring_instructions, "one_pass", pytest.fail)
    scoring_instructions.main()
    assert "valgrind is not installed" in capsys.readouterr().out
