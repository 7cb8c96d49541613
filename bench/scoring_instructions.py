"""Machine instructions per scored hand, ours against the PyPI ``mahjong`` library,
counted by valgrind's callgrind (issue 23).

``bench.scoring_vs_mahjong`` times both sides in CPU seconds, and its ratio moves with
the machine: the same code gave a paired median of 2.7-3.1x on one machine and 2.2x on
another (an AMD EPYC), and its pairs span 2x to 4x within one run. Callgrind counts the
instructions each side runs instead: the same count on every run of the same Python on
the same hands, whatever else the machine is doing. It also simulates the branch
predictor, whose misses (per instruction, ours are more than the peer's) explain most
of why the time ratio falls short of the instruction ratio.

Each side scores ``HANDS`` of the benchmark's hands (same seed) in a process of its own
under callgrind, once with one pass and once with two; the difference is one warm pass,
so process start, imports and the tables a first pass fills are left out. Needs
``valgrind`` on PATH (Debian's package) and the peer (the ``bench`` extra); prints why
when either is missing. Takes about three minutes.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

from bench.mahjong_peer import load_peer
from bench.scoring_vs_mahjong import SEED, generate_hands

HANDS = 1_000
GOAL = 3.0
ROOT = Path(__file__).resolve().parent.parent

# Scores the hands of a JSON file ``passes`` times: ours or the peer's, as the timed
# benchmark calls them.
SCORE = """
import json, sys
from bench.mahjong_peer import load_peer, score_theirs
from bench.scoring_vs_mahjong import score_ours
side, path, passes = sys.argv[1], sys.argv[2], int(sys.argv[3])
hands = json.loads(open(path).read())
peer = load_peer()
for _ in range(passes):
    if side == "ours":
        [score_ours(hand) for hand in hands]
    else:
        [score_theirs(peer, hand) for hand in hands]
"""

# callgrind's summary line: "Collected : <Ir> ..." with --branch-sim=yes the events are
# Ir Bc Bcm Bi Bim (instructions, conditional branches and their misses, indirect ones).
COLLECTED = re.compile(r"Collected : ([\d ]+)")


class Counts(NamedTuple):
    """What one pass over the hands ran: instructions and mispredicted branches."""

    instructions: int
    mispredicted: int


def main() -> None:
    """Print each side's instructions and mispredicted branches per hand, and the ratio."""
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind): no instruction counts")
        return
    if load_peer() is None:
        print("mahjong is not installed (.venv/bin/pip install mahjong): no comparison")
        return
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.json"
        path.write_text(json.dumps(generate_hands(HANDS, SEED)))
        ours = one_pass("ours", path)
        theirs = one_pass("theirs", path)
    for name, counts in (("scoring.score_hand", ours), ("mahjong", theirs)):
        print(
            f"{name}: {counts.instructions / HANDS:,.0f} instructions per hand, "
            f"{counts.mispredicted / HANDS:,.0f} mispredicted branches "
            f"({counts.mispredicted / counts.instructions:.2%} of instructions)"
        )
    ratio = theirs.instructions / ours.instructions
    met = "met" if ratio >= GOAL else "NOT met"
    print(f"instruction ratio: {ratio:.2f}x (goal {GOAL:.0f}x: {met}), {HANDS:,} hands")
    print(f"mispredicted-branch ratio: {theirs.mispredicted / ours.mispredicted:.2f}x")


def one_pass(side: str, path: Path) -> Counts:
    """Return what one warm pass of a side over the hands runs: two passes less one."""
    two, one = _counted(side, path, 2), _counted(side, path, 1)
    return Counts(two.instructions - one.instructions, two.mispredicted - one.mispredicted)


def _counted(side: str, path: Path, passes: int) -> Counts:
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--branch-sim=yes",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            SCORE,
            side,
            str(path),
            str(passes),
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": "0"},  # the same dict layouts on every run
        capture_output=True,
        text=True,
        check=True,
    )
    return parse_counts(done.stderr)


def parse_counts(report: str) -> Counts:
    """Return the instructions and mispredicted branches of callgrind's summary.

    >>> parse_counts("==7== Events : Ir Bc Bcm Bi Bim\\n==7== Collected : 100 20 3 10 4\\n")
    Counts(instructions=100, mispredicted=7)
    """
    found = COLLECTED.search(report)
    if found is None:
        raise SystemExit(f"callgrind printed no counts:\n{report[-2000:]}")
    instructions, _, conditional_missed, _, indirect_missed = map(int, found[1].split())
    return Counts(instructions, conditional_missed + indirect_missed)


if __name__ == "__main__":
    main()
