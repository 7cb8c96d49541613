"""Rounds and hands in words, as the history and the table's preview show them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext

from ledger import glossary


def describe_outcome(
    outcome: Mapping[str, Any], names: Sequence[str], hands: Sequence[Mapping[str, Any] | None] = ()
) -> str:
    """Return a round's outcome in words: "Ron: Aki (3 han 40 fu) from Chen"; a hand
    entered as tiles is described by its scored hand in ``hands`` (one per win)."""
    kind = outcome.get("result")
    describe = OUTCOME_WORDS.get(str(kind))
    return describe(outcome, names, hands) if describe else str(kind)


def _ron(outcome: Mapping[str, Any], names: Sequence[str], hands: Sequence[Any]) -> str:
    wins = gettext(", ").join(
        gettext("%(name)s (%(value)s)") % {"name": names[w["winner"]], "value": value_text(w, hand)}
        for w, hand in zip(outcome["wins"], hands or [None] * len(outcome["wins"]))
    )
    return gettext("Ron: %(wins)s from %(loser)s") % {
        "wins": wins,
        "loser": names[outcome["loser"]],
    }


def _tsumo(outcome: Mapping[str, Any], names: Sequence[str], hands: Sequence[Any]) -> str:
    return gettext("Tsumo: %(name)s (%(value)s)") % {
        "name": names[outcome["winner"]],
        "value": value_text(outcome, hands[0] if hands else None),
    }


def _draw(outcome: Mapping[str, Any], names: Sequence[str], hands: Sequence[Any]) -> str:
    comma = gettext(", ")
    tenpai = comma.join(names[s] for s in outcome.get("tenpai", [])) or gettext("nobody")
    text = gettext("Draw, tenpai: %(names)s") % {"names": tenpai}
    if nagashi := outcome.get("nagashi"):
        text += gettext("; nagashi mangan: %(names)s") % {
            "names": comma.join(names[s] for s in nagashi)
        }
    return text


def _abort(outcome: Mapping[str, Any], names: Sequence[str], hands: Sequence[Any]) -> str:
    reason = glossary.abort_reason(outcome.get("reason", ""))
    return gettext("Abortive draw: %(reason)s") % {"reason": reason}


def _chombo(outcome: Mapping[str, Any], names: Sequence[str], hands: Sequence[Any]) -> str:
    return gettext("Chombo by %(name)s") % {"name": names[outcome["player"]]}


OUTCOME_WORDS = {"ron": _ron, "tsumo": _tsumo, "draw": _draw, "abort": _abort, "chombo": _chombo}


def value_text(win: Mapping[str, Any], hand: Mapping[str, Any] | None = None) -> str:
    """Return a win's value in words: "3 han 40 fu", "mangan", "yakuman"."""
    if hand is not None:
        return hand_text(hand)
    if win.get("yakuman"):
        return glossary.yakuman_count(win["yakuman"]).lower()
    if "fu" in win and win.get("han", 0) < 5:
        return glossary.han_fu(win["han"], win["fu"])
    if "han" in win:
        return limit_text(win["han"])
    return gettext("hand from tiles")


def hand_text(hand: Mapping[str, Any]) -> str:
    """Return a scored hand in words: "3 han 30 fu: Riichi, Pinfu, dora 1"."""
    parts = [glossary.yaku_name(yaku["name"]) for yaku in hand["yaku"]]
    dora = sum(hand["dora"].values())
    if dora and not hand["yakuman"]:
        parts.append(gettext("dora %(count)s") % {"count": dora})
    return gettext("%(value)s: %(yaku)s") % {
        "value": value_text(hand),
        "yaku": gettext(", ").join(parts),
    }


LIMIT_HAN = (
    (13, "counted_yakuman"),
    (11, "sanbaiman"),
    (8, "baiman"),
    (6, "haneman"),
    (5, "mangan"),
)
ONE_TAP_HAN = {5, 6, 8, 11}  # the han the limit buttons record


def limit_text(han: int) -> str:
    """Return a limit hand given by its han in words: "mangan", "haneman (7 han)"."""
    name = next((limit for least, limit in LIMIT_HAN if han >= least), "")
    if not name:
        return glossary.han_fu(han)
    words = str(glossary.LIMITS[name]).lower()
    return words if han in ONE_TAP_HAN else f"{words} ({glossary.han_fu(han)})"
