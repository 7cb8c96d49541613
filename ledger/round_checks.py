"""What the write path checks of a round it records or corrects, beyond what the replay
checks: a win's hand and its melds hold only the keys the engine reads (it ignores others,
which would be stored and exported as they came), its riichi sticks agree with its hands
(a chombo lists none, a winner whose hand counts riichi put one down), and the yaku and
dora a win lists make the han or yakuman it states (``scoring.listed_yaku``). Imported
records pass the hands' check too (``ledger.records``). A round the replay would refuse
anyway (a riichi list that is not seats, a win that is no win) passes here and is refused
there in words.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext, pgettext

from ledger import glossary
from ledger.engine_words import round_prefix
from ledger.models import Session
from ledger.words import checklist_problem
from ledger.write_errors import Refused
from scoring.checklist import ChecklistValue
from scoring.errors import ScoringError, cut
from scoring.listed_yaku import agrees, listed_refusal, listed_values
from scoring.outcome import Outcome
from scoring.outcome_fields import wins_of
from scoring.situation import ALL_FLAGS
from scoring.value import HandValue

# The keys of a win's hand: FORMATS.md section 2's, and what the engine reads besides (open
# riichi, which kan a chankan robbed, the discarder's riichi); and those of each meld.
HAND_KEYS = frozenset(
    [
        *("hand", "win", "melds", *ALL_FLAGS, "robbed_kan", "seat_wind", "round_wind"),
        *("dora", "ura", "honba", "riichi_sticks", "rules", "nuki"),
    ]
)
MELD_KEYS = frozenset(("kind", "tiles"))
# What the game fills in a win's hand from the round and the table (scoring.game.score_hand):
# FORMATS.md section 3 gives a hand "without winds and counters".
FILLED_BY_THE_GAME = ("seat_wind", "round_wind", "honba", "riichi_sticks", "tsumo",
                      "discarder_riichi", "rules")  # fmt: skip
NOTE_LENGTH = 200  # as the table's form takes


def check_round(session: Session, outcome: Any, number: int, label: str | None = None) -> None:
    """Refuse round ``number`` (named ``label``, "E3", when known) if its hands hold
    unknown keys, or its riichi sticks or listed yaku disagree with its hands; the refusal
    names the round, as the replay's do."""
    try:
        check_hand_keys(outcome, [player.name for player in session.players()])
        check_riichi_sticks(session, outcome)
        check_listed_yaku(session, outcome)
    except Refused as refusal:
        raise Refused(round_prefix(str(number), label) + refusal.message) from None


def is_seat_list(riichi: Any) -> bool:
    """Whether a round's riichi is a list of seat numbers (the replay refuses, in words,
    any other riichi, and says which seats there are)."""
    return isinstance(riichi, list) and all(type(seat) is int for seat in riichi)


def check_hand_keys(outcome: Any, names: list[str]) -> None:
    """Refuse a win whose hand, or a meld of it, has keys the engine does not read."""
    for win in wins_of(outcome) if isinstance(outcome, dict) else []:
        hand = win.get("hand") if isinstance(win, dict) else None
        if not isinstance(hand, dict):
            continue  # a win by han and fu; or the replay refuses it in words
        name = seat_name(names, win.get("winner"))
        if unknown := _unknown(hand, HAND_KEYS):
            raise Refused(gettext("%(name)s’s hand has unknown keys: %(keys)s.")
                          % {"name": name, "keys": unknown})  # fmt: skip
        if unknown := _unknown(_meld_keys(hand), MELD_KEYS):
            raise Refused(gettext("A meld of %(name)s’s hand has unknown keys: %(keys)s.")
                          % {"name": name, "keys": unknown})  # fmt: skip


def check_filled_keys(outcome: dict[str, Any]) -> None:
    """Refuse a win's hand that gives what the game fills in from the round and the table."""
    for win in wins_of(outcome):
        hand = win.get("hand") if isinstance(win, dict) else None
        given = [key for key in FILLED_BY_THE_GAME if isinstance(hand, dict) and key in hand]
        if given:
            raise Refused(gettext(
                "A win’s hand does not give %(keys)s: the game fills them in from the round "
                "and the table."
            ) % {"keys": ", ".join(given)})  # fmt: skip


def check_note(outcome: dict[str, Any]) -> None:
    """Refuse a round's note longer than the table's form takes."""
    note = outcome.get("note", "")
    if isinstance(note, str) and len(note) > NOTE_LENGTH:
        raise Refused(gettext(
            "A round’s note holds at most %(count)s characters, not %(length)s."
        ) % {"count": NOTE_LENGTH, "length": f"{len(note):,}"})  # fmt: skip


def _unknown(keys: Iterable[Any], allowed: frozenset[str]) -> str:
    """Return the keys that are not allowed, as a message lists them ("" when none is)."""
    return cut(", ".join(sorted({str(key) for key in keys} - allowed)))


def _meld_keys(hand: dict[str, Any]) -> list[Any]:
    """Return the keys of a hand's melds (the replay refuses melds that are no objects)."""
    melds = hand.get("melds")
    if not isinstance(melds, list):
        return []
    return [key for meld in melds if isinstance(meld, dict) for key in meld]


def check_riichi_sticks(session: Session, outcome: Any) -> None:
    """Refuse a round whose riichi list and hands disagree: a chombo lists none (its
    sticks go back), a winner whose hand counts riichi paid its stick, and a winner who
    paid one lists riichi among the yaku a checklist gives (tiles count it from the list;
    a value given as han and fu says nothing of its yaku)."""
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
        if _lists_yaku(win) and not _counts_riichi(win) and win.get("winner") in riichi:
            raise Refused(gettext(
                "%(name)s declared riichi, so %(name)s’s hand counts it: tick Riichi (or "
                "Double riichi) for the hand."
            ) % {"name": _name(session, win.get("winner"))})  # fmt: skip


def _lists_yaku(win: Any) -> bool:
    """Whether a win lists its yaku (a checklist's; a hand given as tiles counts the
    riichi of the round's list itself)."""
    return isinstance(win, dict) and bool(win.get("yaku"))


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
    return seat_name([player.name for player in session.players()], seat)


def seat_name(names: list[str], seat: Any) -> str:
    """Return the name of the player in a starting seat (the seat itself if none is)."""
    return names[seat] if type(seat) is int and 0 <= seat < len(names) else cut(str(seat))
