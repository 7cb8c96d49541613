"""Rule options that contradict each other: a set of rules under which some round could
be neither recorded nor refused sensibly (a triple ron that is not paid but may not
abort either), or an option that these rules make meaningless (honba to each winner
where only one winner is paid).

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
        lambda r: r.multiple_ron == "double_only" and "sanchahou" not in r.abortive_draws,
        "multiple_ron double_only aborts a triple ron, but sanchahou is not in abortive_draws",
    ),
    Check(
        "triple_ron_paid_and_aborted",
        ("multiple_ron", "abortive_draws"),
        lambda r: r.multiple_ron == "paid" and "sanchahou" in r.abortive_draws,
        "multiple_ron paid pays a triple ron, but abortive_draws makes it abort (sanchahou)",
    ),
    Check(
        "head_bump_honba_to_each",
        ("multiple_ron", "multiple_ron_honba"),
        lambda r: r.multiple_ron == "head_bump" and r.multiple_ron_honba == "each",
        "multiple_ron head_bump pays one winner, but multiple_ron_honba gives honba to each",
    ),
    Check(
        "head_bump_sticks_back",
        ("multiple_ron", "multiple_ron_sticks"),
        lambda r: r.multiple_ron == "head_bump" and r.multiple_ron_sticks == "own_back",
        "multiple_ron head_bump pays one winner, but multiple_ron_sticks gives sticks back",
    ),
    Check(
        "sudden_death_without_extension",
        ("sudden_death", "extension_winds"),
        lambda r: r.sudden_death and not r.extension_winds,
        "sudden_death ends an extension, but extension_winds is 0",
    ),
    Check(
        "all_draw_without_extension",
        ("extension_end", "extension_winds"),
        lambda r: r.extension_end == "all_draw" and not r.extension_winds,
        "extension_end all_draw ends an extension, but extension_winds is 0",
    ),
    Check(
        "tenpai_yame_without_tenpai_renchan",
        ("tenpai_yame", "renchan"),
        lambda r: r.tenpai_yame and r.renchan == "win",
        "tenpai_yame lets a tenpai dealer stop, but renchan win passes the deal anyway",
    ),
    Check(
        "double_patterns_not_counted",
        ("double_yakuman", "multiple_yakuman"),
        lambda r: bool(r.double_yakuman) and not r.multiple_yakuman,
        "double_yakuman lists patterns worth double, but multiple_yakuman is off",
    ),
    Check(
        "tobi_bonus_without_tobi",
        ("tobi_bonus", "tobi"),
        lambda r: bool(r.tobi_bonus) and r.tobi == "none",
        "tobi_bonus pays for a bust, but tobi is none",
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
