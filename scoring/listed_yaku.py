"""A win given as han/fu or a yakuman multiple may also list its yaku and dora
(FORMATS.md section 3 with the keys the ledger adds: ``yaku``, ``dora``): what the
table ticked on the checklist, kept for the statistics. The list must make the value
stated, as the checklist values it (``scoring.checklist``), the hand counted closed
or open: a win of 1 han cannot list riichi, pinfu and tanyao.
"""

from __future__ import annotations

from scoring.checklist import (
    NO_DORA,
    Checklist,
    ChecklistError,
    ChecklistValue,
    Refusal,
    checklist_value,
    refusal,
)
from scoring.outcome import Win
from scoring.rules import Rules


def listed_values(win: Win, *, tsumo: bool, rules: Rules) -> tuple[ChecklistValue, ...]:
    """Return what the win's yaku and dora make, closed and open (the ways a checklist
    accepts; none when no hand has them on such a win).

    >>> win = Win.from_json({"winner": 0, "han": 2, "fu": 30, "yaku": ["yakuhai_chun"]})
    >>> [value.han for value in listed_values(win, tsumo=False, rules=Rules())]
    [1, 1]
    """
    dora = NO_DORA if win.dora is None else win.dora
    values = []
    for is_closed in (True, False):
        try:
            values.append(checklist_value(Checklist(win.yaku, tsumo, is_closed, dora), rules))
        except ChecklistError:
            continue
    return tuple(values)


def agrees(win: Win, values: tuple[ChecklistValue, ...]) -> bool:
    """Return whether the win's han or yakuman are one of the listed values; without
    dora counts the dora are unknown, so a win may then have more han than its yaku.

    >>> win = Win.from_json({"winner": 0, "han": 3, "fu": 30, "yaku": ["riichi"]})
    >>> agrees(win, listed_values(win, tsumo=False, rules=Rules()))
    True
    """
    stated = win.value
    if stated is None:
        return True  # a hand given as tiles is scored from them
    for value in values:
        if value.yakuman or stated.yakuman:
            found = value.yakuman == stated.yakuman
        elif win.dora is None:
            found = stated.han >= value.han
        else:
            found = stated.han == value.han
        if found:
            return True
    return False


def listed_refusal(win: Win, *, tsumo: bool, rules: Rules) -> Refusal | None:
    """Return why no hand has the win's yaku and dora, counted closed (the checklist's
    refusal, for when ``listed_values`` finds none)."""
    dora = NO_DORA if win.dora is None else win.dora
    return refusal(Checklist(win.yaku, tsumo, True, dora), rules)
