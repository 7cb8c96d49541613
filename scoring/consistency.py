"""Rule options that contradict each other: a set of rules under which some round could
be neither recorded nor refused (a triple ron that is not paid but may not abort
either), or could be recorded two ways (a triple ron paid that may also abort), or an
option switched on that another option rules out (counted double yakuman without
counted or double yakuman), a noten penalty that the players in and out of tenpai
cannot share in whole hundreds of points, or return points below the starting points
with no oka given (the oka, players x (return - start), would be taken from first place).

An option that merely has no effect under the others (honba to each winner under head
bump, sudden death without extension winds, tenpai-yame under win-only renchan, double
yakuman patterns with multiple yakuman off, a bust bonus without bust) is not refused:
presets set such values, and a table changing one option should not have to change its
idle neighbours too.

``contradictions(rules)`` names every contradiction; ``check_consistent(rules)`` raises a
``ContradictoryRules`` error listing them. Rules are checked when they are read
(``Rules.from_json``, ``Rules.with_options``); every preset is consistent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scoring.errors import RulesError

if TYPE_CHECKING:
    from scoring.rules import Rules

FOUR_PLAYER_ABORTS = ("suufon_renda", "suucha_riichi", "sanchahou")  # four winds, riichi, rons


@dataclass(frozen=True)
class Contradiction:
    """Options that contradict each other: ``code`` names the kind, ``options`` the
    options involved (keys), ``text`` says it in the engine's words."""

    code: str
    options: tuple[str, ...]
    text: str


class ContradictoryRules(RulesError):
    """Rules whose options contradict each other; ``contradictions`` lists them."""

    def __init__(self, found: tuple[Contradiction, ...]) -> None:
        super().__init__("contradictory rules: " + "; ".join(c.text for c in found))
        self.contradictions = found


@dataclass(frozen=True)
class Check:
    """One kind of contradiction: the options it involves and when it holds."""

    code: str
    options: tuple[str, ...]
    holds: Callable[[Rules], bool]
    text: str


CHECKS = (
    Check(
        "triple_ron_cannot_abort",
        ("multiple_ron", "abortive_draws"),
        lambda r: (
            r.players == 4
            and r.multiple_ron == "double_only"
            and "sanchahou" not in r.abortive_draws
        ),
        "multiple_ron double_only aborts a triple ron, but sanchahou is not in abortive_draws",
    ),
    Check(
        "triple_ron_paid_and_aborted",
        ("multiple_ron", "abortive_draws"),
        lambda r: r.multiple_ron == "paid" and "sanchahou" in r.abortive_draws,
        "multiple_ron paid pays a triple ron, but abortive_draws makes it abort (sanchahou)",
    ),
    Check(
        "four_player_abort_in_sanma",
        ("players", "abortive_draws"),
        lambda r: r.players == 3 and bool(set(r.abortive_draws) & set(FOUR_PLAYER_ABORTS)),
        "three players cannot make suufon renda, suucha riichi or sanchahou, but "
        "abortive_draws lists one",
    ),
    Check(
        "counted_stacks_not_counted",
        ("counted_yakuman_stacks", "counted_yakuman"),
        lambda r: r.counted_yakuman_stacks and not r.counted_yakuman,
        "counted_yakuman_stacks counts 26 han as a double, but counted_yakuman is off",
    ),
    Check(
        "counted_stacks_without_multiples",
        ("counted_yakuman_stacks", "multiple_yakuman"),
        lambda r: r.counted_yakuman_stacks and not r.multiple_yakuman,
        "counted_yakuman_stacks counts 26 han as a double, but multiple_yakuman is off",
    ),
    Check(  # 1-3 noten players (1-2 in sanma) share it, and 1-3 (1-2) tenpai receive it
        "noten_penalty_shares",
        ("noten_penalty", "players"),
        lambda r: r.noten_penalty % (600 if r.players == 4 else 200) > 0,
        "noten_penalty must split into whole hundreds for any number in tenpai: a multiple "
        "of 600 with four players, of 200 with three",
    ),
    Check(  # first place would pay the others: the oka is players x (return - start)
        "return_below_start",
        ("return_points", "oka", "start_points"),  # first and last: named by the table
        lambda r: r.oka is None and r.return_points < r.start_points,
        "return_points below start_points makes the oka negative (first place pays it): "
        "set return_points at or above start_points, or give the oka",
    ),
    Check(  # a draw with a noten riichi player could be neither a draw nor a chombo
        "noten_riichi_chombo_without_chombo",
        ("riichi_noten", "chombo"),
        lambda r: r.riichi_noten == "chombo" and r.chombo == "none",
        "riichi_noten chombo makes a riichi player noten at a draw a chombo, but chombo is none",
    ),
)


def contradictions(rules: Rules) -> tuple[Contradiction, ...]:
    """Return every contradiction between the options of ``rules`` (empty when none).

    >>> from scoring.rules import Rules
    >>> [c.code for c in contradictions(Rules(abortive_draws=()))]
    ['triple_ron_cannot_abort']
    """
    return tuple(
        Contradiction(check.code, check.options, check.text)
        for check in CHECKS
        if check.holds(rules)
    )


def check_consistent(rules: Rules) -> Rules:
    """Return ``rules`` if no options contradict each other; else raise
    ``ContradictoryRules`` naming every contradiction."""
    found = contradictions(rules)
    if found:
        raise ContradictoryRules(found)
    return rules
