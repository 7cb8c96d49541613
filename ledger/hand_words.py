"""The engine's refusals of a hand given as tiles, in the players' words.

A win entered by its tiles on the table page, or given as a ``hand`` in an import or the
API (FORMATS.md section 2), is read and scored by the engine, which refuses bad tiles,
melds, flags and counters in English, naming them by their JSON keys. These are the
patterns ``ledger.engine_words.explain`` words them with (a pattern as
``engine_words`` writes them: the engine's text, the table's sentence and how to show
each named part); tiles are named as written (1m, 5z).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from django.utils.translation import gettext_lazy as _

from ledger import glossary
from scoring.situation import ALL_FLAGS


class HandPattern(NamedTuple):
    """A refusal of a hand: the engine's text, the table's sentence, how to show its parts."""

    regex: str
    message: Any  # a lazy translation with %(name)s fields
    fields: dict[str, Callable[[str], str]]


def _hand(regex: str, message: Any, **fields: Callable[[str], str]) -> HandPattern:
    return HandPattern(regex, message, fields)


def _words(table: dict[str, Any]) -> Callable[[str], str]:
    """Return the function that shows a JSON key in the table's words."""
    return lambda key: str(table[key])


def _flag(name: str) -> str:
    """Return a flag of a hand (FORMATS.md section 2) as the table calls it."""
    if name == "tsumo":
        return glossary.outcome_name(name)
    if name == "discarder_riichi":
        return str(_("Discarder in riichi"))
    return glossary.yaku_name(name)


INDICATORS = {"dora": _("The dora indicators"), "ura": _("The ura dora indicators")}
COUNTERS = {
    "honba": _("The honba count"),
    "riichi_sticks": _("The count of riichi sticks"),
    "nuki": _("The count of north tiles set aside (nuki)"),
}
TILE_TEXTS = {
    "hand": _("A hand’s tiles"),
    "win": _("The winning tile"),
    "tiles": _("A meld’s tiles"),
}
WIND_KEYS = {"seat_wind": _("The seat wind"), "round_wind": _("The round wind")}
_FLAG = "(?P<flag>" + "|".join(ALL_FLAGS) + ")"
_FIRST_TURN = r"(?P<first>tenhou|chiihou|renhou)"


HAND_PATTERNS = (
    # the hand object's keys (scoring/request.py, situation.py, fu.py, hand.py)
    _hand(r"a hand to score is a JSON object, not (?P<value>.+)",
          _("A win’s hand must be a JSON object, not %(value)s.")),
    _hand(r"(?P<key>dora|ura) must be MPSZ indicator tiles, not (?P<value>.+)",
          _("%(key)s must be tiles written in MPSZ (such as 3m5z), not %(value)s."),
          key=_words(INDICATORS)),
    _hand(r"(?P<key>dora|ura) has (?P<count>\d+) indicators; at most (?P<most>\d+)",
          _("%(key)s are at most %(most)s tiles (the first and one for each kan), "
            "not %(count)s."),
          key=_words(INDICATORS)),
    _hand(r"(?P<key>honba|riichi_sticks|nuki) must be a whole number from 0 to "
          r"(?P<most>[\d,]+), not (?P<value>.+)",
          _("%(key)s must be a whole number from 0 to %(most)s, not %(value)s."),
          key=_words(COUNTERS)),
    _hand(r"(?P<key>seat_wind|round_wind) must be one of E, S, W, N, not (?P<value>.+)",
          _("%(key)s must be E, S, W or N, not %(value)s."), key=_words(WIND_KEYS)),
    _hand(_FLAG + r" must be true or false, not (?P<value>.+)",
          _("A hand’s “%(flag)s” must be true or false, not %(value)s."), flag=_flag),
    _hand(r"robbed_kan must be kakan or ankan, not (?P<value>.+)",
          _("The robbed kan must be kakan (a kan added to a pon) or ankan (a closed kan), "
            "not %(value)s.")),
    _hand(r"melds must be a list of \{kind, tiles\} objects",
          _("A hand’s melds must be a list of objects, each with its kind and its tiles.")),
    _hand(r"kind must be a string of MPSZ tiles, not (?P<value>.+)",
          _("A meld’s kind must be text (chi, pon, kan, ankan or kakan), not %(value)s.")),
    _hand(r"(?P<key>hand|win|tiles) must be a string of MPSZ tiles, not (?P<value>.+)",
          _("%(key)s must be text in MPSZ (such as 123m55z), not %(value)s."),
          key=_words(TILE_TEXTS)),
    _hand(r"expected one tile, not (?P<value>.+)",
          _("The winning tile must be one tile (such as 5z), not %(value)s.")),
    # tiles and melds in MPSZ (scoring/tiles.py, melds.py)
    _hand(r"tiles must be MPSZ text, not (?P<value>.+)",
          _("Tiles must be text in MPSZ (such as 123m55z), not %(value)s.")),
    _hand(r"(?P<value>.+) is not a tile code \(0 to \d+\)", _("%(value)s is not a tile.")),
    _hand(r"digits without a suit letter at the end of (?P<text>.+)",
          _("%(text)s: the last digits have no suit letter (m, p, s or z) after them.")),
    _hand(r"suit letter (?P<suit>.+) without digits in (?P<text>.+)",
          _("%(text)s: the suit letter %(suit)s has no digits before it.")),
    _hand(r"unknown character (?P<char>.+) in tiles (?P<text>.+)",
          _("%(text)s: %(char)s is not a digit or a suit letter (m, p, s, z).")),
    _hand(r"no honor tile (?P<digit>\d)z in (?P<text>.+) \(1z-7z\)",
          _("%(text)s: there is no honor tile %(digit)sz (honors are 1z to 7z).")),
    _hand(r"more than four copies of (?P<tiles>.+)",
          _("More than four copies of %(tiles)s: a tile exists four times.")),
    _hand(r"more than one red five (?P<tiles>.+)", _("More than one red five %(tiles)s.")),
    _hand(r"unknown meld kind (?P<kind>.+); known: .*", _("%(kind)s is not a kind of meld")),
    _hand(r"a (?P<kind>\w+) has (?P<size>\d) tiles, not (?P<meld>.+)",
          _("%(meld)s: a %(kind)s has %(size)s tiles")),
    _hand(r"a chi is three consecutive tiles of one suit, not (?P<meld>.+)",
          _("%(meld)s: a chi is three tiles in a row of one suit")),
    _hand(r"a (?P<kind>\w+) is (?P<size>\d) copies of one tile, not (?P<meld>.+)",
          _("%(meld)s: a %(kind)s is %(size)s copies of one tile")),
    # the hand as a whole (scoring/hand.py, waits.py; not a winning shape: KIND_WORDS)
    _hand(r"the winning tile (?P<tile>\w+) is not in the hand",
          _("The winning tile %(tile)s is not among the hand’s tiles.")),
    _hand(r"a winning hand with 0 melds has 14 concealed tiles, not (?P<count>\d+)",
          _("A winning hand with no melds has 14 tiles, not %(count)s: count the tiles "
            "again.")),
    _hand(r"a winning hand with (?P<melds>[1-4]) melds has (?P<expected>\d+) concealed "
          r"tiles, not (?P<count>\d+)",
          _("Beside its melds (%(melds)s), a winning hand has %(expected)s tiles, not "
            "%(count)s: count the tiles again.")),
    _hand(r"a winning hand with (?P<melds>\d+) melds has \d+ concealed tiles, not \d+",
          _("A hand has at most 4 melds, not %(melds)s.")),
    _hand(r"a hand waiting to win has 13 concealed tiles, or 10/7/4/1 beside called sets, "
          r"not (?P<count>\d+)",
          _("A hand waiting to win has 13 tiles, or 10, 7, 4 or 1 beside its called sets, "
            "not %(count)s.")),
    _hand(r"(?P<count>\d+) concealed tiles go with (?P<called>\d) melds, not (?P<melds>\d+)",
          _("%(count)s tiles in hand go with %(called)s called sets, not %(melds)s.")),
    # how the hand won: flags that cannot go together or with the hand (scoring/situation.py)
    _hand(r"riichi and double_riichi are exclusive",
          _("A hand has riichi or double riichi, not both.")),
    _hand(r"riichi needs a closed hand \(no chi, pon or open kan\)",
          _("Riichi needs a closed hand (no chi, pon or open kan).")),
    _hand(r"open_riichi needs riichi or double_riichi",
          _("Open riichi needs riichi or double riichi.")),
    _hand(r"discarder_riichi belongs to a ron",
          _("Only a ron has a discarder in riichi: a tsumo has no discarder.")),
    _hand(r"ippatsu needs riichi or double_riichi", _("Ippatsu needs riichi or double riichi.")),
    _hand(r"ippatsu ends with the winner's own kan, so no rinshan",
          _("Ippatsu ends with the winner’s own kan, so it never goes with rinshan.")),
    _hand(r"haitei is a tsumo on the last tile; use houtei for ron",
          _("Haitei is a tsumo on the last tile; a ron on the last discard is houtei.")),
    _hand(r"houtei is a ron on the last discard; use haitei for tsumo",
          _("Houtei is a ron on the last discard; a tsumo on the last tile is haitei.")),
    _hand(r"rinshan is a tsumo on a kan's replacement tile",
          _("Rinshan is a tsumo on a kan’s replacement tile, never a ron.")),
    _hand(r"rinshan needs a kan among the melds", _("Rinshan needs a kan among the melds.")),
    _hand(r"a win on the replacement tile of the last draw is rinshan, not haitei",
          _("A win on the replacement tile of the last draw is rinshan, not haitei.")),
    _hand(r"chankan is a ron on a tile added to a kan",
          _("Chankan is a ron on a tile added to a kan, never a tsumo.")),
    _hand(r"chankan and houtei are exclusive \(no kan on the last tile\)",
          _("Chankan and houtei never go together: there is no kan on the last tile.")),
    _hand(r"tenhou, chiihou and renhou are exclusive",
          _("A hand has only one of tenhou, chiihou and renhou.")),
    _hand(r"tenhou is the dealer's tsumo on the first draw",
          _("Tenhou is the dealer’s tsumo on the first draw.")),
    _hand(r"chiihou is a non-dealer's tsumo on the first draw",
          _("Chiihou is a non-dealer’s tsumo on their first draw.")),
    _hand(r"renhou is a non-dealer's ron before the first draw",
          _("Renhou is a non-dealer’s ron before their first draw.")),
    _hand(_FIRST_TURN + r" needs a hand with no melds",
          _("%(first)s needs a hand with no melds (no chi, pon or kan)."),
          first=glossary.yaku_name),
    _hand(_FIRST_TURN + r" excludes riichi, ippatsu, rinshan, chankan, haitei and houtei",
          _("%(first)s never goes with riichi, ippatsu, rinshan, chankan, haitei or houtei."),
          first=glossary.yaku_name),
    _hand(r"robbed_kan needs chankan", _("A robbed closed kan (ankan) needs chankan.")),
    # a robbed kan (scoring/score.py)
    _hand(r"chankan robs the fourth (?P<tile>\w+), so the hand holds no other copy",
          _("A chankan robs the fourth %(tile)s, so the hand holds no other %(tile)s.")),
    _hand(r"only kokushi may rob a closed kan",
          _("Only thirteen orphans (kokushi) may rob a closed kan.")),
    _hand(r"these rules do not let kokushi rob a closed kan",
          _("These rules do not let thirteen orphans (kokushi) rob a closed kan.")),
    # a yaku checklist's fu (scoring/checklist.py; its refusals: ledger.words)
    _hand(r"(?P<han>\d+) han with these yaku has (?P<allowed>[\d, ]+) fu, not (?P<fu>.+)",
          _("%(han)s han with these yaku has %(allowed)s fu, not %(fu)s.")),
    # three players (scoring/sanma.py)
    _hand(r"(?P<tile>\w+) is not in a three-player set \(2m-8m are taken out\)",
          _("%(tile)s is not played by three: the three-player set has no 2m to 8m.")),
    _hand(r"there is no chi in three-player games", _("There is no chi in three-player games.")),
    _hand(r"(?P<nuki>\d+) nuki and (?P<norths>\d+) more north tiles make more than the four "
          r"there are",
          _("%(nuki)s north tiles set aside and %(norths)s more make more than the four there "
            "are.")),
    _hand(r"these rules keep north tiles in the hand: no nuki dora",
          _("These rules set no north tiles aside as nuki dora.")),
    _hand(r"there is no North seat in three-player games",
          _("There is no North seat in three-player games.")),
    _hand(r"at most 4 north tiles can be set aside, not (?P<count>\d+)",
          _("At most 4 north tiles can be set aside, not %(count)s.")),
    _hand(r"nuki dora are set aside only in three-player games",
          _("Nuki dora are set aside only in three-player games.")),
)  # fmt: skip
