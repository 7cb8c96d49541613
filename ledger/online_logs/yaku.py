"""The situational yaku of a win, as the logs name them, turned into hand flags.

A hand's tiles say most of what it is worth; what they cannot say (riichi, ippatsu,
the last tile, a kan's replacement tile, a robbed kan, a first-turn win) the log
says by listing the yaku. mjlog's AGARI lists yaku ids (``yaku="1,1,0,1"``: id, han
pairs; ``yakuman="39"``: ids), tenhou.net/6 JSON their Japanese names with the han
(``"立直(1飜)"``, ``"大三元(役満)"``). Mahjong Soul converters write Mahjong Soul's
own names, which differ for a few yaku; both spellings are listed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ledger.online_logs.model import EntryError, shown

# Tenhou's yaku ids (0 menzen tsumo, 1 riichi, ... 52 dora, 53 ura, 54 aka) that are
# situations, by the hand flag they set (FORMATS.md section 2).
FLAG_OF_ID = {
    1: "riichi",
    2: "ippatsu",
    3: "chankan",
    4: "rinshan",
    5: "haitei",
    6: "houtei",
    21: "double_riichi",
    37: "tenhou",
    38: "chiihou",
}
FLAG_OF_NAME = {
    "立直": "riichi",
    "一発": "ippatsu",
    "槍槓": "chankan",
    "搶槓": "chankan",
    "嶺上開花": "rinshan",
    "海底摸月": "haitei",
    "河底撈魚": "houtei",
    "両立直": "double_riichi",
    "ダブル立直": "double_riichi",
    "ダブルリーチ": "double_riichi",
    "天和": "tenhou",
    "地和": "chiihou",
}
SITUATIONS = (
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
)
YAKU_TEXT = re.compile(r"^(?P<name>.+?)\((?:(?P<han>[0-9]{1,2})飜|(?P<yakuman>役満))\)$")


def flags_of_ids(ids: Iterable[int]) -> set[str]:
    """Return the hand flags a mjlog yaku id list sets.

    >>> sorted(flags_of_ids([1, 2, 0, 52]))
    ['ippatsu', 'riichi']
    """
    return {FLAG_OF_ID[i] for i in ids if i in FLAG_OF_ID}


def read_yaku_text(text: str) -> tuple[str, int, bool]:
    """Return a tenhou.net/6 yaku entry's name, its han, and whether it is a yakuman.

    >>> read_yaku_text("立直(1飜)"), read_yaku_text("大三元(役満)")
    (('立直', 1, False), ('大三元', 0, True))
    """
    match = YAKU_TEXT.match(text)
    if match is None:
        raise EntryError(f"{shown(text)} is not a yaku")
    if match["yakuman"]:
        return match["name"], 0, True
    return match["name"], int(match["han"]), False


def flags_of_names(names: Iterable[str]) -> set[str]:
    """Return the hand flags a list of yaku names sets.

    >>> sorted(flags_of_names(["両立直", "一発", "平和"]))
    ['double_riichi', 'ippatsu']
    """
    return {FLAG_OF_NAME[name] for name in names if name in FLAG_OF_NAME}


def hand_flags(flags: set[str], *, in_riichi: bool) -> dict[str, bool]:
    """Return the flags a hand object carries: riichi when the winner's riichi was
    accepted (a double riichi says so instead), then the situational ones.

    >>> hand_flags({"ippatsu", "riichi"}, in_riichi=True)
    {'riichi': True, 'ippatsu': True}
    >>> hand_flags({"double_riichi"}, in_riichi=True)
    {'double_riichi': True}
    """
    data: dict[str, bool] = {}
    if in_riichi and "double_riichi" not in flags:
        data["riichi"] = True
    for name in SITUATIONS:
        if name in flags:
            data[name] = True
    return data
