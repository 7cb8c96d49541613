"""Hand analysis speed: decomposition + fu of complete hands, waits of 13-tile hands.

The per-suit tables fill as hands are read; the first pass over the set shows the
cold speed, the best of the later passes the speed with the tables filled.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bench.hands import complete_hands, tenpai_hands
from scoring.fu import WinContext, fu
from scoring.hand import readings
from scoring.rules import Rules
from scoring.waits import analyse_waits

HANDS = 20_000
PASSES = 5


def main() -> None:
    """Print hands per second for decomposition + fu and for wait analysis."""
    hands = complete_hands(HANDS, seed=1)
    contexts = [WinContext(tsumo=i % 2 == 0) for i in range(HANDS)]
    rules = Rules()

    def read_and_count() -> None:
        for hand, context in zip(hands, contexts, strict=True):
            for reading in readings(hand):
                fu(reading, context, rules)

    waiting = tenpai_hands(HANDS, seed=2)

    def find_waits() -> None:
        for concealed, melds in waiting:
            analyse_waits(concealed, melds)

    _report("decomposition + fu", read_and_count)
    _report("waits (13-tile hands)", find_waits)


def _report(label: str, work: Callable[[], None]) -> None:
    times = []
    for _ in range(PASSES):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    cold, warm = HANDS / times[0], HANDS / min(times[1:])
    print(f"{label}: {warm:,.0f} hands/s ({cold:,.0f} hands/s cold) over {HANDS:,} hands")


if __name__ == "__main__":
    main()
