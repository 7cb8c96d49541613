"""What the round form offers under a ruleset: the outcomes, the han and limit buttons,
the fu each han can have on a ron and on a tsumo (the seed's 符数表, ``scoring.value``),
the abort reasons, how many may win one discard, and the checklist's dora counters."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext, pgettext_lazy

from ledger import glossary
from ledger.forms.checklist import DORA_COUNTERS, checklist_choices
from scoring.rules import Rules
from scoring.value import VALID_FU, fu_choices

KINDS = tuple(glossary.OUTCOMES.items())
LIMIT_HAN = pgettext_lazy("limit with its han", "%(limit)s (%(han)s han)")


def _later(build: Callable[[], Any]) -> Any:
    """Return a label built when shown, so that it follows the active language."""
    return lazy(lambda: str(build()), str)()


def _limit(code: str, han: str) -> Any:
    return _later(lambda: LIMIT_HAN % {"limit": glossary.LIMITS[code], "han": han})


HAN_CHOICES = [
    ("", "—"),
    *[(str(h), _later(lambda h=h: glossary.han_fu(h))) for h in range(1, 14)],
    ("Y1", glossary.LIMITS["yakuman"]),
    ("Y2", glossary.LIMITS["double_yakuman"]),
    ("Y3", glossary.LIMITS["triple_yakuman"]),
]
# One tap for each limit: the han it stands for (the engine prices 6 and 7 han alike).
LIMIT_BUTTONS = (("mangan", "5"), ("haneman", "6"), ("baiman", "8"), ("sanbaiman", "11"),
                 ("yakuman", "Y1"))  # fmt: skip
MORE_YAKUMAN = (("double_yakuman", "Y2"), ("triple_yakuman", "Y3"))
FU_CHOICES = [
    ("", "—"),
    *[(str(f), _later(lambda f=f: gettext("%(fu)s fu") % {"fu": f})) for f in VALID_FU],
]


def allowed_kinds(rules: Rules) -> list[tuple[str, Any]]:
    """Return the outcomes the rules allow, as (value, label): abort only where some
    abortive draw is played, chombo only where it is penalised."""
    return [
        (kind, label)
        for kind, label in KINDS
        if (kind != "abort" or rules.abortive_draws)
        and (kind != "chombo" or rules.chombo != "none")
    ]


def _fu_table(*, tsumo: bool, rules: Rules) -> dict[Any, list[int]]:
    """Return the fu each han button can have; under aotenjou every value needs its fu
    (5 han and more, and each yakuman, at any fu a hand can have: 20 only on a tsumo)."""
    table: dict[Any, list[int]] = {
        h: list(fu_choices(h, tsumo=tsumo, rules=rules)) for h in range(1, 5)
    }
    if rules.aotenjou:
        no_limit = [fu for fu in VALID_FU[:11] if fu != 20 or tsumo or rules.open_pinfu_fu == 20]
        table.update({h: no_limit for h in (*range(5, 14), "Y1", "Y2", "Y3")})
    return table


def is_limit(han: str) -> bool:
    """Return whether a han button is a limit hand's: 5 han and up, or a yakuman."""
    return han.startswith("Y") or int(han) >= 5


def han_words(han: str) -> str:
    """Return a han button's value in words: "3 han", or "Double yakuman" for Y2."""
    return str(dict(HAN_CHOICES).get(han, han))


def round_choices(rules: Rules, names: list[str]) -> dict[str, Any]:
    """Return the buttons the round form offers under these rules: han and limits, the fu
    each han can have (on a ron, on a tsumo), the abort reasons, how many may win a ron."""
    most = {"paid": 3, "double_only": 2, "head_bump": 1}[rules.multiple_ron]
    max_winners = min(most, rules.players - 1)  # at a table of three, two at most
    # aotenjou has no limits: its 5 han and more are han buttons, each with its fu
    limits = [] if rules.aotenjou else [(v, glossary.LIMITS[name]) for name, v in LIMIT_BUTTONS]
    more = [str(h) for h in range(5, 14) if str(h) not in dict(limits)]  # one button a value
    return {
        "han": [(str(h), glossary.han_fu(h)) for h in range(1, 5)],
        "more_han": [(h, glossary.han_fu(int(h))) for h in more],  # 7 han, say: no limit's
        "limits": limits,
        "more_yakuman": [(value, glossary.LIMITS[name]) for name, value in MORE_YAKUMAN]
        if rules.multiple_yakuman
        else [],
        "fu": list(VALID_FU[:11]),
        "fu_ron": _fu_table(tsumo=False, rules=rules),
        "fu_tsumo": _fu_table(tsumo=True, rules=rules),
        "reasons": [(r, glossary.abort_reason(r)) for r in rules.abortive_draws],
        "max_winners": max_winners,
        "nagashi": rules.nagashi != "none",
        "riichi_noten": rules.riichi_noten,  # a riichi player noten at a draw: chombo or noten
        "pao": bool(rules.pao),
        "wareme": rules.wareme,  # each round may name the seat whose points double
        # whether a stacked hand's pao part is asked (else the liable player pays it all)
        "pao_part": bool(rules.pao)
        and rules.multiple_yakuman
        and rules.pao_stacked == "pao_yakuman",
        "seats": list(enumerate(names)),
        "checklist": checklist_choices(rules),
        "dora_counters": [c for c in DORA_COUNTERS if counts_dora(c, rules)],
    }


def counts_dora(counter: str, rules: Rules) -> bool:
    """Return whether the rules count a checklist's dora counter: red fives where they
    play them, nuki where sanma sets north tiles aside."""
    if counter == "aka":
        return rules.red_fives
    if counter == "nuki":
        return rules.players == 3 and rules.north == "nuki"
    return True
