"""The table words the ledger shows, each once, translated with gettext.

The engine speaks in stable codes ("E1", "ron", "yakuhai_chun", "mangan"); the pages
show them through this module, so that every term has one translation per language
(荣和 in Chinese, ロン in Japanese, wherever the ledger says "Ron").
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

WINDS = {
    "E": pgettext_lazy("wind", "East"),
    "S": pgettext_lazy("wind", "South"),
    "W": pgettext_lazy("wind", "West"),
    "N": pgettext_lazy("wind", "North"),
}
SEAT_WINDS = {  # the one-letter wind on a player's box
    "E": pgettext_lazy("seat wind", "E"),
    "S": pgettext_lazy("seat wind", "S"),
    "W": pgettext_lazy("seat wind", "W"),
    "N": pgettext_lazy("seat wind", "N"),
}
ROUNDS = {
    "E1": _("East 1"),
    "E2": _("East 2"),
    "E3": _("East 3"),
    "E4": _("East 4"),
    "S1": _("South 1"),
    "S2": _("South 2"),
    "S3": _("South 3"),
    "S4": _("South 4"),
    "W1": _("West 1"),
    "W2": _("West 2"),
    "W3": _("West 3"),
    "W4": _("West 4"),
    "N1": _("North 1"),
    "N2": _("North 2"),
    "N3": _("North 3"),
    "N4": _("North 4"),
}
OUTCOMES = {
    "ron": pgettext_lazy("outcome", "Ron"),
    "tsumo": pgettext_lazy("outcome", "Tsumo"),
    "draw": pgettext_lazy("outcome", "Draw"),
    "abort": pgettext_lazy("outcome", "Abort"),
    "chombo": pgettext_lazy("outcome", "Chombo"),
}
LIMITS = {
    "mangan": _("Mangan"),
    "haneman": _("Haneman"),
    "baiman": _("Baiman"),
    "sanbaiman": _("Sanbaiman"),
    "yakuman": _("Yakuman"),
    "counted_yakuman": _("Counted yakuman"),
    "double_yakuman": _("Double yakuman"),
    "triple_yakuman": _("Triple yakuman"),
}
YAKU = {
    "riichi": _("Riichi"),
    "double_riichi": _("Double riichi"),
    "open_riichi": _("Open riichi"),
    "open_double_riichi": _("Open double riichi"),
    "ippatsu": _("Ippatsu"),
    "menzen_tsumo": _("Menzen tsumo"),
    "pinfu": _("Pinfu"),
    "iipeikou": _("Iipeikou"),
    "tanyao": _("Tanyao"),
    "yakuhai_haku": _("Yakuhai: haku"),
    "yakuhai_hatsu": _("Yakuhai: hatsu"),
    "yakuhai_chun": _("Yakuhai: chun"),
    "yakuhai_seat_wind": _("Yakuhai: seat wind"),
    "yakuhai_round_wind": _("Yakuhai: round wind"),
    "haitei": _("Haitei raoyue"),
    "houtei": _("Houtei raoyui"),
    "rinshan": _("Rinshan kaihou"),
    "chankan": _("Chankan"),
    "chanta": _("Chanta"),
    "ittsu": _("Ittsu"),
    "sanshoku": _("Sanshoku doujun"),
    "sanshoku_doukou": _("Sanshoku doukou"),
    "toitoi": _("Toitoi"),
    "sanankou": _("Sanankou"),
    "sankantsu": _("Sankantsu"),
    "chiitoitsu": _("Chiitoitsu"),
    "honroutou": _("Honroutou"),
    "shousangen": _("Shousangen"),
    "honitsu": _("Honitsu"),
    "junchan": _("Junchan"),
    "ryanpeikou": _("Ryanpeikou"),
    "chinitsu": _("Chinitsu"),
    "renhou": _("Renhou"),
    "kokushi": _("Kokushi musou"),
    "kokushi_13": _("Kokushi musou, 13-sided wait"),
    "suuankou": _("Suuankou"),
    "suuankou_tanki": _("Suuankou tanki"),
    "daisangen": _("Daisangen"),
    "shousuushii": _("Shousuushii"),
    "daisuushii": _("Daisuushii"),
    "tsuuiisou": _("Tsuuiisou"),
    "ryuuiisou": _("Ryuuiisou"),
    "chinroutou": _("Chinroutou"),
    "chuuren": _("Chuuren poutou"),
    "chuuren_9": _("Junsei chuuren poutou"),
    "suukantsu": _("Suukantsu"),
    "tenhou": _("Tenhou"),
    "chiihou": _("Chiihou"),
    "renhou_yakuman": _("Renhou (yakuman)"),
    "open_riichi_yakuman": _("Dealt into open riichi (yakuman)"),
    "daisharin": _("Daisharin"),
    "daichikurin": _("Daichikurin"),
    "daisuurin": _("Daisuurin"),
    "daichisei": _("Daichisei"),
}
ABORT_REASONS = {
    "kyuushu_kyuuhai": _("Nine different terminals and honors (kyuushu kyuuhai)"),
    "suufon_renda": _("Four winds discarded (suufon renda)"),
    "suucha_riichi": _("Four riichi (suucha riichi)"),
    "suukaikan": _("Four kans by several players (suukaikan)"),
    "sanchahou": _("Triple ron (sanchahou)"),
}
ENDINGS = {  # completes "The game ended because …"
    "last_round": _("the last round was played"),
    "tobi": _("a player went bust"),
    "agari_yame": _("the dealer stopped in first place after a win"),
    "tenpai_yame": _("the dealer stopped in first place after a tenpai draw"),
    "sudden_death": _("a player reached the target in the extension"),
    "chombo": _("a chombo ended the game"),
    "all_draw": _("the extension ended with nobody at the target"),
    "agreement": _("the table agreed to end it"),  # ended early at the table
    "time_limit": _("the time was up"),
}
PRESETS = {  # the rule sets of scoring.presets by name
    "club": _("Club (Kanto general rule)"),
    "tenhou": pgettext_lazy("online site", "Tenhou"),  # alone, "Tenhou" is the yakuman
    "mahjongsoul": _("Mahjong Soul"),
    "wrc": _("WRC (World Riichi Championship)"),
    "ema": _("EMA (European Mahjong Association)"),
    "ema2016": _("EMA 2016"),
    "mleague": _("M.League"),
    "jpml_a": _("JPML A rules"),
    "club_sanma": _("Club, three players"),
    "tenhou_sanma": _("Tenhou, three players"),
    "mahjongsoul_sanma": _("Mahjong Soul, three players"),
}
GAME_LENGTHS = {
    "east": _("East only (tonpuusen)"),
    "east_south": _("East and South (hanchan)"),
    "four_winds": _("All four winds (iichan)"),
    "east_north": _("East and North"),
    "east_east": _("East twice"),
    "one_round": _("One hand, then settle"),
}
NONE = pgettext_lazy("rule option", "none")
OPTION_VALUES = {  # (rule option, value) → words; yaku and abortive draws come from above
    ("ties", "split"): _("split between the tied players"),
    ("ties", "seat"): _("ranked by seat order"),
    ("rounding", "none"): NONE,
    ("rounding", "tenhou_old"): _("Tenhou's old rounding"),
    ("leftover_sticks", "first"): _("to first place"),
    ("leftover_sticks", "split_first"): _("split between tied first places"),
    ("leftover_sticks", "lost"): _("lost"),
    ("leftover_sticks", "returned"): _("returned to their owners"),
    ("tobi", "none"): NONE,
    ("tobi", "below_zero"): _("below zero"),
    ("tobi", "zero_or_below"): _("at zero or below"),
    ("extension_end", "stand"): _("the scores stand"),
    ("extension_end", "all_draw"): _("everyone draws"),
    ("renchan", "tenpai"): _("dealer tenpai or win"),
    ("renchan", "win"): _("dealer win only"),
    ("multiple_ron", "paid"): _("each winner is paid"),
    ("multiple_ron", "double_only"): _("double ron only (triple ron aborts)"),
    ("multiple_ron", "head_bump"): _("head bump: the nearest winner only"),
    ("multiple_ron_honba", "nearest"): _("to the nearest winner"),
    ("multiple_ron_honba", "each"): _("to each winner"),
    ("multiple_ron_sticks", "nearest"): _("to the nearest winner"),
    ("multiple_ron_sticks", "own_back"): _("each winner takes back their own"),
    ("nagashi", "none"): NONE,
    ("nagashi", "draw"): _("paid as a draw"),
    ("chombo", "deduction"): _("point deduction"),
    ("chombo", "reverse_mangan"): _("reverse mangan"),
    ("chombo", "none"): NONE,
    ("pao_stacked", "pao_yakuman"): _("the liable player pays for the pao yakuman only"),
    ("pao_stacked", "whole_hand"): _("the liable player pays for the whole hand"),
    ("pao_honba", "discarder"): _("paid by the discarder"),
    ("pao_honba", "liable"): _("paid by the liable player"),
    ("sanma_tsumo", "loss"): _("lost (tsumo loss)"),
    ("sanma_tsumo", "north_split"): _("split between the two who pay"),
    ("north", "nuki"): _("set aside as nuki dora"),
    ("north", "kept"): _("kept in the hand"),
    ("sanma_1m_dora", "9m"): _("9m"),
    ("sanma_1m_dora", "2m"): _("no dora (2m is not in play)"),
    ("renhou", "none"): NONE,
    ("renhou", "mangan"): LIMITS["mangan"],
    ("renhou", "cumulative"): _("5 han added to the other yaku"),
    ("renhou", "yakuman"): LIMITS["yakuman"],
    ("open_riichi", "none"): NONE,
    ("open_riichi", "two_han"): _("2 han (open double riichi 3)"),
    ("open_riichi", "deal_in_yakuman"): _(
        "2 han, and a deal-in by a player not in riichi pays a yakuman"
    ),
    ("riichi_noten", "chombo"): _("a chombo"),
    ("riichi_noten", "noten"): _("an ordinary noten player"),
}
SESSION_STATUS = {"in_progress": _("in progress"), "finished": _("finished")}
AUDIT_ACTIONS = {  # the change log's stored actions and ways in (ledger.writes)
    "start": _("start"),
    "import": _("import"),
    "finish": _("end the game"),
    "resume": _("take back the end"),
    "record": _("record"),
    "undo": _("undo"),
    "riichi": _("riichi declared"),
    "riichi back": _("riichi taken back"),
    "edit": _("edit"),
    "delete": _("delete"),
    "delete session": _("delete session"),
    "restore session": _("restore session"),
    "new table link": _("new table link"),
    "member login": _("member login"),
    "table link": _("table link"),
    "API token": _("API token"),
    "command": _("command"),
}
TERMS = {  # words used alone: counters, badges, column heads
    "honba": _("Honba"),
    "riichi": _("Riichi"),
    "dealer": _("dealer"),
    "tenpai": _("Tenpai"),
    "nagashi": _("Nagashi mangan"),
    "pao": _("Pao"),
    "han": _("Han"),
    "fu": _("Fu"),
    "dora": _("Dora indicators"),
    "ura": _("Ura dora indicators"),
    "uma": _("Uma"),
    "oka": _("Oka"),
    "tobi": _("Tobi"),
    "yakitori": _("Yakitori"),
}


def _term(table: dict[str, Any], code: str, fallback: str | None = None) -> str:
    word = table.get(code)
    return str(word) if word is not None else (fallback or code.replace("_", " "))


def labelled(label: str, text: str) -> str:
    """Return a text after its label: "Round 2: Draw" (2局目：流局), as the templates' label
    separator writes it."""
    return label + pgettext("label separator", ": ") + text


def round_name(label: str) -> str:
    """Return a round label in words: "East 1" (东一局, 東1局) for "E1"."""
    if not label:
        return ""
    if label in ROUNDS:
        return str(ROUNDS[label])
    return f"{_term(WINDS, label[0], label[0])} {label[1:]}"


def round_title(label: str, honba: int) -> str:
    """Return the round with its honba counter: "East 2, 1 honba" (东二局 1本场)."""
    name = round_name(label)
    if not honba:
        return name
    return ngettext("%(round)s, %(honba)s honba", "%(round)s, %(honba)s honba", honba) % {
        "round": name,
        "honba": honba,
    }


def seat_wind(code: str) -> str:
    return _term(SEAT_WINDS, code, code)


def outcome_name(kind: str) -> str:
    return _term(OUTCOMES, kind, kind)


def yaku_name(name: str) -> str:
    """Return a yaku in words: "Yakuhai: chun" (役牌 中) for "yakuhai_chun"."""
    return _term(YAKU, name)


def limit_name(name: str) -> str:
    return _term(LIMITS, name)


def abort_reason(code: str) -> str:
    return _term(ABORT_REASONS, code)


def ending(code: str) -> str:
    return _term(ENDINGS, code)


def preset_name(code: str) -> str:
    """Return a preset's name: "Tenhou, three players" (天凤三麻, 天鳳三麻) for tenhou_sanma."""
    return _term(PRESETS, code)


def han_fu(han: int, fu: int | None = None) -> str:
    """Return "3 han 40 fu" (3番40符, 3翻40符), or "5 han" without fu."""
    if fu is None:
        return gettext("%(han)s han") % {"han": han}
    return gettext("%(han)s han %(fu)s fu") % {"han": han, "fu": fu}


def yakuman_count(multiple: int) -> str:
    """Return "yakuman", "double yakuman" or "3× yakuman" in words."""
    if multiple == 1:
        return str(LIMITS["yakuman"])
    if multiple == 2:
        return str(LIMITS["double_yakuman"])
    if multiple == 3:
        return str(LIMITS["triple_yakuman"])
    return gettext("%(count)s× yakuman") % {"count": multiple}


_HAND_LABEL = re.compile(r"^(?:(?P<limit>[a-z]+), )?(?P<han>\d+) han(?: (?P<fu>\d+) fu)?$")
_YAKUMAN_LABEL = re.compile(r"^(?:(?P<count>\d+)× )?yakuman$")


def hand_label(label: str) -> str:
    """Return a stored hand label ("mangan, 5 han 30 fu", "haneman, 6 han", "2× yakuman")
    in words; a limit hand entered by its han alone has no fu (older labels say "0 fu")."""
    if match := _YAKUMAN_LABEL.match(label):
        return yakuman_count(int(match["count"] or 1))
    if match := _HAND_LABEL.match(label):
        fu = int(match["fu"] or 0)
        words = han_fu(int(match["han"]), fu or None)
        if not match["limit"]:
            return words
        # a limit hand and its value: "Haneman, 6 han", "Mangan, 3 han 70 fu"
        return gettext("%(limit)s, %(value)s") % {
            "limit": limit_name(match["limit"]),
            "value": words,
        }
    return label


def option_value(option: str, value: str) -> str:
    """Return a rule option's value in words ("east_south" → "East and South (hanchan)")."""
    if option == "game_length":
        return _term(GAME_LENGTHS, value)
    if option in ("double_yakuman", "pao", "local_yakuman"):
        return yaku_name(value)
    if option == "abortive_draws":
        return abort_reason(value)
    return _term({k[1]: v for k, v in OPTION_VALUES.items() if k[0] == option}, value)


def choices(table: dict[str, Any]) -> list[tuple[str, Any]]:
    """Return a glossary table as form choices (labels translated when shown)."""
    return list(table.items())
