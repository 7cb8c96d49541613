"""Rounds and hands in words, as the history and the table's preview show them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from ledger import glossary
from scoring.value import limit_name


def describe_outcome(
    outcome: Mapping[str, Any], names: Sequence[str], hands: Sequence[Mapping[str, Any] | None] = ()
) -> str:
    """Return a round's outcome in words: "Ron: Aki (3 han 40 fu) from Chen"; a hand
    entered as tiles is described by its scored hand in ``hands`` (one per win)."""
    kind = outcome.get("result")
    describe = OUTCOME_WORDS.get(str(kind))
    words = describe(outcome, names, hands) if describe else str(kind)
    if liable := _pao_names(outcome, names):
        words = gettext("%(outcome)s; pao: %(names)s") % {"outcome": words, "names": liable}
    wareme = outcome.get("wareme")
    if isinstance(wareme, int) and 0 <= wareme < len(names):
        words = gettext("%(outcome)s; wareme: %(name)s") % {"outcome": words, "name": names[wareme]}
    return words


def describe_round(outcome: Mapping[str, Any], names: Sequence[str]) -> str:
    """Return a round in words as the history lists it: its outcome, then who declared
    riichi in its hand ("Draw, tenpai: Chen · Riichi: Chen")."""
    words = describe_outcome(outcome, names)
    riichi = outcome.get("riichi")
    seats = (
        [s for s in riichi if type(s) is int and 0 <= s < len(names)]
        if isinstance(riichi, list)
        else []
    )
    if not seats:
        return words
    declared = pgettext("list separator", ", ").join(names[seat] for seat in seats)
    said = glossary.labelled(str(glossary.TERMS["riichi"]), declared)
    return f"{words} · {said}"


def _pao_names(outcome: Mapping[str, Any], names: Sequence[str]) -> str:
    """Return who pays for a win as liable (pao), in words: "" when nobody does."""
    wins = outcome.get("wins") if outcome.get("result") == "ron" else [outcome]
    seats = [win.get("pao") for win in wins or [] if isinstance(win, Mapping)]
    liable = sorted({seat for seat in seats if isinstance(seat, int) and 0 <= seat < len(names)})
    return gettext(", ").join(names[seat] for seat in liable)


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
    if not hand["yakuman"]:
        parts += dora_words(hand["dora"])
    return gettext("%(value)s: %(yaku)s") % {
        "value": value_text(hand),
        "yaku": gettext(", ").join(parts),
    }


def dora_words(counts: Mapping[str, int]) -> list[str]:
    """Return a hand's dora in words, as the engine counts them (FORMATS.md ``dora``):
    dora, red fives and ura together ("dora 2"), then sanma's north tiles set aside
    ("nuki 1"), each left out when there are none."""
    dora = sum(count for name, count in counts.items() if name != "nuki")
    nuki = counts.get("nuki", 0)
    words = [gettext("dora %(count)s") % {"count": dora}] if dora else []
    if nuki:
        words.append(gettext("nuki %(count)s") % {"count": nuki})
    return words


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


def hand_reading(hand: Mapping[str, Any]) -> str:
    """Return the engine's reading of a hand from tiles, for the preview:
    "Riichi + Tanyao + dora 1 = 3 han 30 fu", "Daisangen = yakuman"; in sanma the north
    tiles set aside are named apart: "Riichi + dora 1 + nuki 2 = 4 han 30 fu"."""
    parts = [glossary.yaku_name(yaku["name"]) for yaku in hand["yaku"]]
    if hand["yakuman"]:
        value = glossary.yakuman_count(hand["yakuman"]).lower()
    else:  # a limit hand from a checklist has no fu
        parts += dora_words(hand["dora"])
        value = glossary.han_fu(hand["han"], hand["fu"] or None)
        limit = "counted_yakuman" if hand["limit"] == "yakuman" else hand["limit"]
        if limit != "none":
            value = gettext("%(value)s, %(limit)s") % {
                "value": value,
                "limit": glossary.limit_name(limit).lower(),
            }
    return gettext("%(yaku)s = %(value)s") % {"yaku": " + ".join(parts), "value": value}


CHECKLIST_REFUSALS = {  # scoring.checklist.REASONS in the players' words
    "replaces": _("%(other)s replaces %(yaku)s: tick only %(other)s."),
    "seven_pairs": _("%(other)s is seven pairs, with no sets for %(yaku)s."),
    "no_triplets": _("%(other)s has no triplets or kans, which %(yaku)s needs."),
    "no_sequences": _("%(other)s has no sequences, which %(yaku)s needs."),
    "simples": _("%(other)s has no terminals or honors, which %(yaku)s needs."),
    "no_honors": _("%(other)s has no honor tiles, which %(yaku)s needs."),
    "too_many_sets": _("%(yaku)s and %(other)s together need more than four sets."),
    "exclusive": _("%(yaku)s and %(other)s cannot happen in one win."),
    "closed_only": _("%(yaku)s needs a closed hand (no chi, pon or open kan)."),
    "needs_riichi": _("%(yaku)s needs riichi or double riichi."),
    "tsumo_only": _("%(yaku)s is won by tsumo, not by ron."),
    "ron_only": _("%(yaku)s is won by ron, not by tsumo."),
    "yakuman_alone": _("%(other)s is a yakuman: it counts alone, without %(yaku)s."),
    "not_offered": _("%(yaku)s is not a yaku under these rules."),
    "no_red_fives": _("These rules play without red fives."),
    "no_yaku": _("Dora are not a yaku: tick at least one yaku."),
    "no_nuki": _("These rules set no north tiles aside as nuki dora."),
    "needs_menzen_tsumo": _("A closed hand’s tsumo counts %(yaku)s: tick it too."),
}
COUNTER_WORDS = {"ura": _("Ura dora"), "aka": _("Red fives"), "nuki": _("Nuki dora")}
# the steppers' labels
COUNTER_LABELS = {"dora": _("Dora"), "aka": _("Aka"), "ura": _("Ura"), "nuki": _("Nuki")}


def checklist_problem(refusal: Any) -> str:
    """Return why a yaku checklist is no hand (a ``scoring.checklist.Refusal``) in words."""

    def word(name: str) -> str:
        return str(COUNTER_WORDS[name]) if name in COUNTER_WORDS else glossary.yaku_name(name)

    words = CHECKLIST_REFUSALS[refusal.reason]
    return str(words) % {"yaku": word(refusal.yaku), "other": word(refusal.other)}


def checklist_reading(value: Any, rules: Any, fu: int = 0) -> str:
    """Return a checklist's value as the preview reads it: "Riichi + Pinfu + dora 1 =
    3 han 30 fu"; without its fu while they are still to be chosen ("2 han")."""
    hand_value = value.hand_value(fu) if fu or not value.needs_fu else None
    hand = {
        "yaku": [{"name": yaku.name} for yaku in value.yaku],
        "dora": value.dora.to_json(),
        "yakuman": value.yakuman,
        "han": value.han,
        "fu": hand_value.fu if hand_value else 0,
        "limit": "none",
    }
    if hand_value is not None and not value.yakuman:
        hand["limit"] = limit_name(hand_value, rules)
    return hand_reading(hand)


# A tile in words: "3 of circles", "red 5 of bamboo", "East wind" (三筒, 赤5索, 東).
SUIT_WORDS = {
    "m": _("%(number)s of characters"),
    "p": _("%(number)s of circles"),
    "s": _("%(number)s of bamboo"),
}
HONOR_WORDS = {
    "1": _("East wind"),
    "2": _("South wind"),
    "3": _("West wind"),
    "4": _("North wind"),
    "5": _("White dragon"),
    "6": _("Green dragon"),
    "7": _("Red dragon"),
}
RED_FIVE = _("red %(number)s")


def tile_words(code: str) -> str:
    """Return one tile of MPSZ notation in words: "red 5 of bamboo" for "0s"."""
    digit, suit = code[0], code[1]
    if suit == "z":
        return str(HONOR_WORDS[digit])
    number = str(RED_FIVE) % {"number": 5} if digit == "0" else digit
    return str(SUIT_WORDS[suit]) % {"number": number}


def run_words(tiles: str) -> str:
    """Return a run of one suit in words: "4-red 5-6 of circles" for "406p"."""
    digits, suit = tiles[:-1], tiles[-1]
    numbers = "-".join(str(RED_FIVE) % {"number": 5} if d == "0" else d for d in digits)
    return str(SUIT_WORDS[suit]) % {"number": numbers}


# Why tiles are not a winning hand, by the engine's error code (its own words otherwise).
TILE_PROBLEMS = {
    "not_a_winning_hand": _(
        "Not a winning hand: the tiles are not four sets and a pair, seven pairs or "
        "thirteen orphans."
    ),
    "no_yaku": _("Not a winning hand: it has no yaku (dora alone are not a yaku)."),
    "two_han_minimum": _(
        "Not a winning hand here: with this many honba the rules ask for 2 han without dora."
    ),
}


def tile_problem(error: Exception) -> str | None:
    """Return why the engine refused a hand from tiles, in words, when it is no winning
    hand here; None for a refusal the engine's own words say (``engine_words.explain``)."""
    code = getattr(error, "code", "")
    return str(TILE_PROBLEMS[code]) if code in TILE_PROBLEMS else None
