"""A hand's value given as a yaku checklist on the round form: the chips the rules offer
(by han, yakuman last), the dora counters, and the fields a stored win fills again; the
engine's scoring.checklist values and checks the ticks."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from ledger import glossary
from scoring.checklist import RIICHI_YAKU, checklist_groups
from scoring.outcome_fields import wins_of
from scoring.rules import Rules
from scoring.yaku import han_table

# the checklist's steppers: yaku_dora, yaku_aka, yaku_ura, and yaku_nuki in sanma
DORA_COUNTERS = ("dora", "aka", "ura", "nuki")


def checklist_riichi(outcome: dict[str, Any]) -> list[int]:
    """Return the winners whose checklist ticks riichi: they declared it (and paid)."""
    wins = wins_of(outcome)
    declared = set(RIICHI_YAKU)
    return [win["winner"] for win in wins if declared & set(win.get("yaku", []))]


def checklist_initial(win: dict[str, Any], suffix: str) -> dict[str, Any]:
    """Return the checklist fields of a win given by its yaku; the hand was open when its
    yaku and dora, counted closed, do not make the han stored."""
    if "yaku" not in win:
        return {}
    dora = win.get("dora", {})
    closed = han_table(True, (), False)
    han = sum(closed[name].han for name in win["yaku"]) + sum(dora.values())
    initial = {f"yaku_{counter}{suffix}": dora.get(counter, 0) for counter in DORA_COUNTERS}
    is_open = not win.get("yakuman") and han != win.get("han") and win.get("han", 0) < han
    return {
        **initial,
        f"yaku{suffix}": win["yaku"],
        f"by{suffix}": "yaku",
        f"open{suffix}": is_open,
    }


CHECKLIST_TITLES = {
    "both": _("%(name)s: %(closed)s han closed, %(open)s han open"),
    "closed": _("%(name)s: %(closed)s han, closed hands only"),
}


def checklist_choices(rules: Rules) -> list[dict[str, Any]]:
    """Return the checklist's yaku by group (their han, yakuman last), each with its
    name, its label, its value as the chip shows it ("2/1", "1/–", "×2") and in words."""
    groups = []
    for han, yaku in checklist_groups(rules):
        is_yakuman = han == 13
        legend = glossary.LIMITS["yakuman"] if is_yakuman else glossary.han_fu(han)
        groups.append({"legend": str(legend), "is_yakuman": is_yakuman,
                       "yaku": [_checklist_chip(y) for y in yaku]})  # fmt: skip
    return groups


def _checklist_chip(yaku: Any) -> dict[str, str]:
    label = glossary.yaku_name(yaku.name)
    if yaku.is_yakuman:
        value, title = f"×{yaku.closed}", f"{label}: {glossary.yakuman_count(yaku.closed)}"
    else:
        value = f"{yaku.closed}/{yaku.open or '–'}"
        words = CHECKLIST_TITLES["both" if yaku.open else "closed"]
        title = str(words) % {"name": label, "closed": yaku.closed, "open": yaku.open}
    return {"name": yaku.name, "label": label, "value": value, "title": title}
