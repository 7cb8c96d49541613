"""What the write path checks of a round it records or corrects, beyond what the replay
checks: its riichi sticks agree with its hands (a chombo lists none, a winner whose hand
counts riichi put one down), and the yaku and dora a win lists make the han or yakuman
it states (``scoring.listed_yaku``). A round the replay would refuse anyway (a riichi
list that is not seats, a win that is no win) passes here and is refused there in words.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, pgettext

from ledger import glossary
from ledger.models import Session
from ledger.words import checklist_problem
from ledger.write_errors import Refused
from scoring.checklist import ChecklistValue
from scoring.errors import ScoringError
from scoring.listed_yaku import agrees, listed_refusal, listed_values
from scoring.outcome import Outcome
from scoring.outcome_fields import wins_of
from scoring.value import HandValue


def check_round(session: Session, outcome: Any) -> None:
    """Refuse a round whose riichi sticks or listed yaku disagree with its hands."""
    check_riichi_sticks(session, outcome)
    check_listed_yaku(session, outcome)


def is_seat_list(riichi: Any) -> bool:
    """Whether a round's riichi is a list of seat numbers (the replay refuses, in words,
    any other riichi, and says which seats there are)."""
    return isinstance(riichi, list) and all(type(seat) is int for seat in riichi)


def check_riichi_sticks(session: Session, outcome: Any) -> None:
    """Refuse a round whose riichi list and hands disagree: a chombo lists none (its
    sticks go back), and a winner whose hand counts riichi paid its stick."""
    riichi = outcome.get("riichi", [])
    if not is_seat_list(riichi):
        return  # the replay refuses it in words
    if outcome.get("result") == "chombo" and riichi:
        raise Refused(gettext(
            "A chombo lists no riichi: the hand is played again and its riichi sticks go "
            "back to their players."
        ))  # fmt: skip
    for win in wins_of(outcome):
        if _counts_riichi(win) and win.get("winner") not in riichi:
            raise Refused(gettext(
                "%(name)s’s hand counts riichi, so %(name)s must be among the round’s riichi "
                "(who put down 1,000 points)."
            ) % {"name": _name(session, win.get("winner"))})  # fmt: skip


def _counts_riichi(win: Any) -> bool:
    """Whether a win counts riichi: its hand's flags, or the yaku its checklist ticked."""
    if not isinstance(win, dict):
        return False
    hand, yaku = win.get("hand"), win.get("yaku")
    if isinstance(hand, dict) and (hand.get("riichi") or hand.get("double_riichi")):
        return True
    return isinstance(yaku, list) and any(name in ("riichi", "double_riichi") for name in yaku)


def check_listed_yaku(session: Session, outcome: Any) -> None:
    """Refuse a win whose listed yaku and dora do not make the han or yakuman it states."""
    try:
        played = Outcome.from_json(outcome)
    except ScoringError:
        return  # the replay refuses it in words
    rules, tsumo = session.engine_rules(), played.result == "tsumo"
    for win in played.wins:
        if not win.yaku or win.value is None:
            continue
        values = listed_values(win, tsumo=tsumo, rules=rules)
        if not agrees(win, values):
            name = _name(session, win.winner)
            if not values:
                problem = listed_refusal(win, tsumo=tsumo, rules=rules)
                raise Refused(gettext(
                    "The yaku listed with %(name)s’s hand cannot be one hand: %(problem)s"
                ) % {"name": name, "problem": checklist_problem(problem)})  # fmt: skip
            raise Refused(_value_problem(name, win.value, values))


def _value_problem(name: str, stated: HandValue, values: tuple[ChecklistValue, ...]) -> str:
    """Return in words that the listed yaku make another value than the one stated."""
    listed = _value_words(values[0].han, values[0].yakuman)  # closed
    other = _value_words(values[-1].han, values[-1].yakuman)  # open
    if other != listed:
        listed = pgettext("one value or another", "%(one)s or %(other)s") % {
            "one": listed,
            "other": other,
        }
    return gettext(
        "%(name)s’s hand is given as %(value)s, but the yaku and dora listed with it make "
        "%(listed)s: correct the value or the yaku."
    ) % {"name": name, "value": _value_words(stated.han, stated.yakuman), "listed": listed}  # fmt: skip


def _value_words(han: int, yakuman: int) -> str:
    return glossary.yakuman_count(yakuman) if yakuman else glossary.han_fu(han)


def _name(session: Session, seat: Any) -> str:
    """Return the name of the player in a starting seat (the seat itself if none is)."""
    names = [player.name for player in session.players()]
    return names[seat] if type(seat) is int and 0 <= seat < len(names) else str(seat)
