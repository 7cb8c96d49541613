"""The engine's refusals in the players' words, in the active language.

The engine (``scoring``) names seats by number, rule options by their keys and endings by
their codes, in English: right for its JSON users, wrong for a table. ``explain`` turns a
refusal into a sentence with the players' names, the options' labels and the table's own
words (the patterns below, one per kind of refusal the pages can meet; a hand given as
tiles has its own, in ``ledger.hand_words``); a refusal no pattern knows keeps the
engine's text, with its seat numbers replaced by names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ledger import glossary
from ledger.hand_words import HAND_PATTERNS
from ledger.words import checklist_problem
from scoring.checklist import ChecklistError
from scoring.consistency import ContradictoryRules


def _points(text: str) -> str:
    from ledger.templatetags.ledger_tags import points

    digits = text.replace(",", "")
    if not digits.lstrip("-").isdigit():  # a number cut short ("123…"): shown as it came
        return text
    return points(int(digits))


def _option(key: str) -> str:
    from ledger.forms.rules import option_label

    return option_label(key)


@dataclass(frozen=True)
class Pattern:
    """A refusal the engine words one way, and how the table words it."""

    regex: re.Pattern[str]
    message: Any  # a lazy translation with %(name)s fields
    fields: dict[str, Callable[[str], str]]
    # the words when the refusal met a correction of the rounds (an edit, a deletion),
    # if what to do then differs: None, the same words
    correction: Any = None

    def render(self, match: re.Match[str], names: Sequence[str], *, correcting: bool) -> str:
        message = self.correction if correcting and self.correction is not None else self.message
        values = {}
        for key, value in match.groupdict().items():
            if key.startswith("seat"):
                values[key] = _name(value, names)
            elif key == "last" and names:  # the table's last seat: 2 at a table of three
                values[key] = str(min(int(value), len(names) - 1))
            else:
                values[key] = self.fields.get(key, str)(value)
        return str(message) % values


def _name(seat: str, names: Sequence[str]) -> str:
    index = int(seat)
    return names[index] if 0 <= index < len(names) and names[index] else f"#{index + 1}"


def _pattern(
    regex: str, message: Any, correction: Any = None, **fields: Callable[[str], str]
) -> Pattern:
    return Pattern(re.compile(regex), message, fields, correction)


ROUND_PARTS = {  # what a round of one result cannot have (scoring.outcome's fields)
    "wins": _("winners"),
    "loser": _("player who dealt in"),
    "tenpai": _("tenpai players"),
    "nagashi": _("nagashi mangan"),
    "reason": _("reason for an abortive draw"),
    "player": _("player who committed a chombo"),
}


def _round_part(name: str) -> str:
    return str(ROUND_PARTS.get(name, name))


# a list of seats that names one seat twice, the seat caught as ``seat``
_TWICE = r" names a player twice: \[(?:\d+, )*(?P<seat>\d+), (?:\d+, )*(?P=seat)(?:, \d+)*\]"


PATTERNS = (
    # a hand given as tiles first: its keys ("seat_wind must be one of ...") read like
    # the rule options' below
    *(_pattern(hand.regex, hand.message, **hand.fields) for hand in HAND_PATTERNS),
    _pattern(r"the game has already ended \((?P<ended_by>\w+)\)",
             _("The game is over (%(ended_by)s): nothing more can be recorded."),
             ended_by=glossary.ending),
    _pattern(r"player (?P<seat>\d) (?:declared|cannot declare) riichi with (?P<points>[\d,-]+) points.*",
             _("%(seat)s cannot declare riichi with %(points)s points (under 1,000)."),
             points=_points),
    _pattern(r"triple ron is not paid under these rules.*",
             _("Under these rules a triple ron is not paid: record an abortive draw "
               "(three players ron) instead.")),
    _pattern(r"\d winners on one discard, but under head bump only the nearest wins",
             _("Under these rules only the winner nearest the discarder is paid (head bump): "
               "choose one winner.")),
    _pattern(r"pao is named but these rules have no pao",
             _("These rules have no pao (liability).")),
    _pattern(r"pao needs a yakuman, but player (?P<seat>\d)'s win is not one",
             _("Pao needs a yakuman, and %(seat)s’s hand is not one.")),
    _pattern(r"pao needs one of the pao yakuman \((?P<yakuman>[\w, ]+)\), but player (?P<seat>\d)'s hand has none",
             _("Pao needs one of the yakuman these rules make liable (%(yakuman)s), and %(seat)s’s hand has none."),
             yakuman=lambda names: ", ".join(glossary.yaku_name(n) for n in names.split(", "))),
    _pattern(r"pao_yakuman must be from 1 to the hand's (?P<count>\d+) yakuman, not (?P<value>.+)",
             _("The liable player answers for 1 to %(count)s yakuman of this hand, not %(value)s.")),
    _pattern(r"pao player (?P<seat>\d) is the winner", _("%(seat)s cannot be liable for their own win.")),
    _pattern(r"nagashi mangan is named but these rules do not pay it",
             _("These rules do not pay nagashi mangan.")),
    _pattern(r"every player cannot have nagashi mangan: .*",
             _("Not every player can have nagashi mangan: the wall has too few terminals and honors for all their discards.")),
    _pattern(r"(?P<reason>\w+) is not an abortive draw under these rules",
             _("%(reason)s is not an abortive draw under these rules."),
             reason=glossary.abort_reason),
    _pattern(r"suucha_riichi needs all four players in the riichi list",
             _("Four riichi needs all four players in riichi.")),
    _pattern(r"riichi player (?P<seat>\d) is missing from the tenpai list.*",
             _("%(seat)s declared riichi but is not ticked as tenpai: under these rules a "
               "riichi player found noten at the draw is a chombo. Tick them as tenpai, or "
               "record a chombo by %(seat)s.")),
    _pattern(r"player (?P<seat>\d) dealt in from riichi, so player (?P<seat2>\d)'s open riichi is not paid as a yakuman",
             _("%(seat)s dealt in from riichi, so %(seat2)s’s open riichi is not paid as a yakuman: "
               "untick that yakuman.")),
    _pattern(r"these rules have no open riichi", _("These rules have no open riichi.")),
    _pattern(r"under aotenjou every hand counts its fu.*",
             _("Under aotenjou every hand counts its fu: choose the han (13 for each yakuman) "
               "and the fu.")),
    _pattern(r"(?P<han>\d+) han (?P<fu>\d+) fu under aotenjou pays more than a ledger can keep",
             _("%(han)s han %(fu)s fu under aotenjou pays more than this ledger can keep.")),
    _pattern(r"winner (?P<seat>\d) is also the discarder",
             _("%(seat)s cannot both win and deal in.")),
    _pattern(r"a hand holds at most (?P<most>\d+) yakuman, not (?P<count>\d+)",
             _("A hand holds at most %(most)s yakuman, not %(count)s.")),
    _pattern(r"a game record holds at most (?P<most>\d+) rounds, not (?P<count>\d+)",
             _("A game holds at most %(most)s rounds, not %(count)s.")),
    _pattern(r"(?:rule option )?(?P<option>[a-z_]+) must be from (?P<low>[-\d,]+) to (?P<high>[-\d,]+), not (?P<value>[-\d,]+…?)",
             _("%(option)s must be from %(low)s to %(high)s, not %(value)s."),
             option=_option, low=_points, high=_points, value=_points),
    _pattern(r"(?P<option>[a-z_]+) must be a multiple of (?P<step>\d+), not (?P<value>[-\d,]+)",
             _("%(option)s must be a multiple of %(step)s, not %(value)s."),
             option=_option, step=_points, value=_points),
    _pattern(r"(?P<option>[a-z_]+) must be (?P<first>\d+) or (?P<second>\d+), not (?P<value>[-\d,]+)",
             _("%(option)s must be %(first)s or %(second)s, not %(value)s."), option=_option),
    # a game record's own fields (an import, the API), named by their JSON keys
    _pattern(r"the game already ended \((?P<ended_by>\w+)\); it cannot end early too",
             _("This game ends by itself (%(ended_by)s), so it cannot also have been ended "
               "early: leave ended_early out of the record."),
             _("After this change the game ends by itself (%(ended_by)s), but it was already "
               "ended at the table. Undo the end of the game first (a club member can, with "
               "Undo on the table page), then make this change again."),
             ended_by=glossary.ending),
    _pattern(r"tenpai" + _TWICE, _("Tenpai lists %(seat)s twice.")),
    _pattern(r"riichi" + _TWICE, _("Riichi lists %(seat)s twice.")),
    _pattern(r"nagashi" + _TWICE, _("Nagashi mangan lists %(seat)s twice.")),
    _pattern(r"winners" + _TWICE, _("%(seat)s is named twice as a winner of this ron.")),
    _pattern(r"missing winner", _("A win needs its winner.")),
    _pattern(r"missing loser|a ron needs the loser \(the discarder\)",
             _("A ron needs the player who dealt in.")),
    _pattern(r"missing player|a chombo needs the player who committed it",
             _("A chombo needs the player who committed it.")),
    _pattern(r"a tsumo has exactly 1 winner, not (?P<count>\d+)",
             _("A tsumo has exactly one winner, not %(count)s.")),
    _pattern(r"an? (?P<result>\w+) round has no (?P<part>\w+)",
             _("A round of this kind (%(result)s) has no %(part)s."),
             result=glossary.outcome_name, part=_round_part),
    _pattern(r"a win gives either han/fu/yakuman or hand, not both",
             _("A win is given either as its han and fu (or yakuman) or as the hand’s tiles, "
               "not both.")),
    _pattern(r"a win gives either han and fu or a yakuman multiple, not both",
             _("A win is given as either han and fu or a yakuman, not both.")),
    _pattern(r"yaku and dora go with han/fu or yakuman, not with a hand",
             _("Ticked yaku and counted dora go with a win given as han and fu (or yakuman), "
               "not with a hand given as tiles: its tiles say them.")),
    _pattern(r"hand must be an object, not (?P<value>.+)",
             _("A win’s hand must be a JSON object, not %(value)s.")),
    _pattern(r"pao_yakuman needs the liable player \(pao\)",
             _("Only a win with a liable player (pao) says how many yakuman they answer for.")),
    _pattern(r"pao_yakuman belongs to a win given as a yakuman multiple",
             _("The liable player answers for yakuman only on a win given as yakuman.")),
    _pattern(r"wins must be a list of wins, not (?P<value>.+)",
             _("A ron’s wins must be a list, not %(value)s.")),
    _pattern(r"a round must be a JSON object, not (?P<value>.+)",
             _("A round must be a JSON object, not %(value)s.")),
    _pattern(r"a win must be a JSON object, not (?P<value>.+)",
             _("A win must be a JSON object, not %(value)s.")),
    _pattern(r"a dora count must be a JSON object, not (?P<value>.+)",
             _("A win’s dora count must be a JSON object, not %(value)s.")),
    _pattern(r"a game record must be a JSON object, not \w+",
             _("A game record must be a JSON object.")),
    _pattern(r"unknown key in a win: (?P<keys>.+)", _("A win has unknown keys: %(keys)s.")),
    _pattern(r"unknown key in a dora count: (?P<keys>.+)",
             _("A win’s dora count has unknown keys: %(keys)s.")),
    _pattern(r"yaku must be a list of yaku names, not (?P<value>.+)",
             _("The yaku must be a list of yaku names, not %(value)s.")),
    _pattern(r"unknown yaku: (?P<names>.+)", _("Unknown yaku: %(names)s.")),
    _pattern(r"dora counts must be 0 or more, not (?P<value>.+)",
             _("Dora counts must be 0 or more, not %(value)s.")),
    _pattern(r"note must be text, not (?P<value>.+)",
             _("A round’s note must be text, not %(value)s.")),
    _pattern(r"reason must be text, not (?P<value>.+)",
             _("An abortive draw’s reason must be text, not %(value)s.")),
    _pattern(r"(?P<option>wareme) is named but these rules do not use wareme",
             _("This round names a wareme seat, but these rules have no “%(option)s”: leave "
               "the wareme seat out."),
             option=_option),
    _pattern(r"player (?P<seat>\d) won with (?P<han>\d+) han at (?P<honba>\d+) honba; "
             r"these rules need 2 han from (?P<minimum>\d+) honba",
             _("%(seat)s won with %(han)s han at %(honba)s honba, but from %(minimum)s honba "
               "these rules need at least 2 han.")),
    _pattern(r"these rules are for (?P<count>\d) players, but the table has (?P<given>\d)",
             _("These rules are for %(count)s players, but the table has %(given)s.")),
    _pattern(r"players must be a list of names, not (?P<value>.+)",
             _("The players must be a list of names, not %(value)s.")),
    _pattern(r"rounds must be a list", _("A game record’s rounds must be a list.")),
    _pattern(r"(?:penalties: )?a penalty is \{player, points, reason\}, not (?P<value>.+)",
             _("A penalty is an object with a player, points and a reason, not %(value)s.")),
    _pattern(r"(?:penalties: )?penalty reason must be text, not (?P<value>.+)",
             _("A penalty’s reason must be text, not %(value)s.")),
    _pattern(r"penalties: player (?P<value>\d) is not at this table of (?P<count>\d) \(players 0-(?P<last>\d)\)",
             _("A penalty names seat %(value)s, but this table of %(count)s players has seats 0 to %(last)s.")),
    _pattern(r"rules must be a preset name or an object, not (?P<value>.+)",
             _("The rules must be a preset’s name or an object of options, not %(value)s.")),
    _pattern(r"preset must be a name, not (?P<value>.+)",
             _("The preset must be given by its name, not %(value)s.")),
    _pattern(r"rule option names must be strings, not (?P<value>.+)",
             _("Rule options must be named by text, not %(value)s.")),
    _pattern(r"rule option (?P<option>[a-z_]+) nests lists too deeply",
             _("%(option)s holds lists inside lists inside lists: too deep."), option=_option),
    _pattern(r"result must be one of (?P<choices>[\w, ]+), not (?P<value>.+)",
             _("A round’s result must be one of %(choices)s, not %(value)s.")),
    _pattern(r"abort reason must be one of (?P<choices>[\w, ]+), not (?P<value>.+)",
             _("An abortive draw’s reason must be one of %(choices)s, not %(value)s.")),
    _pattern(r"ended_early must be one of (?P<choices>[\w, ]+), not (?P<value>.+)",
             _("ended_early must be one of %(choices)s, not %(value)s.")),
    _pattern(r"(?:penalties: )?penalty player must be a seat 0-(?P<last>\d), not (?P<value>.+)",
             _("A penalty’s player must be a seat from 0 to %(last)s, not %(value)s.")),
    _pattern(r"(?:penalties: )?penalty points must be a whole number from (?P<low>[-\d,]+) to (?P<high>[-\d,]+), not (?P<value>.+)",
             _("A penalty’s points must be a whole number from %(low)s to %(high)s, not %(value)s."),
             low=_points, high=_points),
    _pattern(r"penalties must be a list", _("penalties must be a list.")),
    _pattern(r"(?P<key>[a-z_]+) must be a seat 0-(?P<last>\d), not (?P<value>.+)",
             _("%(key)s must be a seat from 0 to %(last)s, not %(value)s.")),
    _pattern(r"(?P<key>[a-z_]+) must be a list of seats, not (?P<value>.+)",
             _("%(key)s must be a list of seats, not %(value)s.")),
    _pattern(r"(?P<key>[a-z_]+) must be a whole number, not (?P<value>.+)",
             _("%(key)s must be a whole number, not %(value)s.")),
    _pattern(r"(?P<key>[a-z_]+) must be 0 or more, not (?P<value>.+)",
             _("%(key)s must be 0 or more, not %(value)s.")),
    _pattern(r"(?P<han>\d) han needs its fu: under 5 han the fu set the points",
             _("%(han)s han needs its fu too: under 5 han, the fu set the points.")),
    _pattern(r"fu must be 20, 25 or a multiple of 10 from 30 to (?P<most>\d+), not (?P<value>.+)",
             _("The fu must be 20, 25 or a multiple of 10 from 30 to %(most)s, not %(value)s.")),
    _pattern(r"han and yakuman must be (?P<most>[\d,]+) or less",
             _("Han and yakuman must be %(most)s or less."), most=_points),
    _pattern(r"a ron has 1 to (?P<most>\d) winners, not (?P<count>\d+)",
             _("A ron has 1 to %(most)s winners, not %(count)s.")),
    _pattern(r"win of player (?P<seat>\d) needs han/fu, yakuman or a hand",
             _("The win of %(seat)s needs its han and fu, a yakuman or the hand’s tiles.")),
    _pattern(r"a winning hand has at least 1 han, not (?P<han>.+)",
             _("A winning hand has at least 1 han, not %(han)s.")),
    _pattern(r"unknown key in an? (?P<kind>\w+) round: (?P<keys>.+)",
             _("A round (%(kind)s) has unknown keys: %(keys)s.")),
    _pattern(r"(?P<option>[a-z_]+) must be one of (?P<choices>[\w, ]+), not (?P<value>.+)",
             _("%(option)s: choose one of the listed values (not %(value)s)."), option=_option),
    _pattern(r"unknown rule option: (?P<options>.+)", _("Unknown rule option: %(options)s.")),
    _pattern(r"rule option (?P<option>[a-z_]+) must be true or false, not (?P<value>.+)",
             _("%(option)s is on or off (true or false), not %(value)s."), option=_option),
    _pattern(r"rule option (?P<option>[a-z_]+) must be a whole number, not (?P<value>.+)",
             _("%(option)s must be a whole number, not %(value)s."), option=_option),
    _pattern(r"rule option (?P<option>[a-z_]+) must be a list, not (?P<value>.+)",
             _("%(option)s must be a list, not %(value)s."), option=_option),
    _pattern(r"rule option (?P<option>[a-z_]+) must be (?P<most>[\d,]+) or less, not (?P<value>.+)",
             _("%(option)s must be %(most)s or less, not %(value)s."),
             option=_option, most=_points),
    _pattern(r"rule option (?P<option>[a-z_]+) must be text, not (?P<value>.+)",
             _("%(option)s must be text, not %(value)s."), option=_option),
    _pattern(r"(?P<option>[a-z_]+) must be a list of names, not (?P<value>.+)",
             _("%(option)s must be a list of names, not %(value)s."), option=_option),
    _pattern(r"(?P<option>[a-z_]+) has unknown values: (?P<values>.+)",
             _("%(option)s: unknown values %(values)s."), option=_option),
    _pattern(r"uma must be whole points, not (?P<value>.+)",
             _("The uma must be whole points, not %(value)s.")),
    _pattern(r"(?P<option>floating_uma) must be lists of whole points, not (?P<value>.+)",
             _("%(option)s must be lists of whole points, not %(value)s."), option=_option),
    _pattern(r"uma must be from -(?P<most>[\d,]+) to [\d,]+ points per place",
             _("The uma of a place must be from −%(most)s to %(most)s points."), most=_points),
    _pattern(r"(?P<option>floating_uma) needs (?P<rows>\d) rows: .*",
             _("%(option)s needs %(rows)s rows: one for each number of players at or above "
               "the return points, from none to all."), option=_option),
    _pattern(r"a one_round game has no extension: (?P<option>extension_winds) must be 0",
             _("A one-round game has no extension: %(option)s must be 0."), option=_option),
    _pattern(r"(?P<option>floating_uma) must be (?P<count>\d) multiples of 100 that sum to 0, not (?P<value>.+)",
             _("%(option)s: each row must be %(count)s amounts in steps of 100 that add up to 0, not %(value)s."),
             option=_option),
    _pattern(r"(?P<option>floating_uma) must be from -(?P<most>[\d,]+) to [\d,]+ points per place",
             _("%(option)s: each row must be from −%(most)s to %(most)s points a place."),
             option=_option, most=_points),
    _pattern(r"uma must be (?P<count>\d) multiples of 100 that sum to 0, not (?P<value>.+)",
             _("The uma must be %(count)s amounts in steps of 100 that add up to 0, not %(value)s.")),
    _pattern(r"(?P<option>start_points) must be a positive multiple of 100, not (?P<value>[-\d,]+)",
             _("%(option)s must be a positive multiple of 100, not %(value)s."),
             option=_option, value=_points),
    _pattern(r"unknown rules preset (?P<value>.+); known: (?P<known>.+)",
             _("There is no preset of rules called %(value)s; the presets are: %(known)s.")),
    _pattern(r"return_points and oka must be multiples of 100",
             _("The return points and the oka must be multiples of 100.")),
    _pattern(r"1 han 25 fu is impossible: .*",
             _("1 han 25 fu is impossible: 25 fu is seven pairs (chiitoitsu), which is 2 han.")),
    _pattern(r"1 han 20 fu is impossible: .*",
             _("1 han 20 fu is impossible: 20 fu needs pinfu by tsumo (2 han).")),
    _pattern(r"20 fu ron is impossible: .*",
             _("20 fu on a ron is impossible: an open pinfu-shaped ron counts 30 fu.")),
    _pattern(r"2 han 25 fu tsumo is impossible: .*",
             _("2 han 25 fu by tsumo is impossible: seven pairs by tsumo has menzen tsumo too (3 han).")),
    _pattern(r"1 han 110 fu tsumo is impossible: .*",
             _("1 han 110 fu by tsumo is impossible: no 1-han tsumo reaches 110 fu.")),
    _pattern(r"player (?P<value>\d) is not at this table of (?P<count>\d) \(players 0-(?P<last>\d)\)",
             _("Seat %(value)s is not at this table of %(count)s players (seats 0 to %(last)s).")),
    _pattern(r"these rules are [a-z() -]+: players must be a list of (?P<count>\d) names, not (?P<given>\d+)",
             _("These rules are for %(count)s players, not %(given)s.")),
)  # fmt: skip
CONTRADICTION_WORDS = {  # scoring.consistency codes; first and second: the options' labels
    "triple_ron_cannot_abort": _(
        "“%(first)s” says a triple ron aborts, but “%(second)s” leaves out that abortive draw."
    ),
    "triple_ron_paid_and_aborted": _(
        "“%(first)s” pays a triple ron, but “%(second)s” makes it an abortive draw."
    ),
    "four_player_abort_in_sanma": _(
        "“%(first)s” is three, but “%(second)s” lists an abortive draw only four players can make."
    ),
    "counted_stacks_not_counted": _(
        "“%(first)s” needs 13+ han to count as yakuman (“%(second)s”)."
    ),
    "counted_stacks_without_multiples": _(
        "“%(first)s” needs double yakuman to count (“%(second)s”)."
    ),
    "noten_penalty_shares": _(
        "“%(first)s” must split into whole hundreds for any number in tenpai: a multiple "
        "of 600 with four players, of 200 with three (“%(second)s”)."
    ),
    "return_below_start": _(
        "“%(first)s” is below “%(second)s”, so first place would pay the oka: raise "
        "“%(first)s” to at least “%(second)s”, or give the oka."
    ),
    "noten_riichi_chombo_without_chombo": _(
        "“%(first)s” makes a noten riichi a chombo, but “%(second)s” has no chombo."
    ),
}
ROUND_PREFIX = re.compile(
    r"round (?P<number>\d+)(?: \((?P<label>[ESWN]\d+)\))?: (?P<rest>.*)", re.S
)
RULES_PREFIX = "rules: "  # scoring.game.replay: the record's rules were refused
KIND_WORDS = {  # the engine's error codes whose own text is too technical for the table
    "no_yaku": _("This hand has no yaku (dora are not yaku)."),
    "not_a_winning_hand": _("These tiles are not a winning hand."),
    "wrong_tile_count": _("A winning hand has 14 tiles (one more per kan): count the tiles again."),
    "two_han_minimum": _("From this many honba a win needs two han without dora."),
}


def explain(error: Exception, names: Sequence[str] = (), changed: int | None = None) -> str:
    """Return an engine refusal as the table reads it, in the active language.

    ``changed`` is the last round a correction leaves in its place (the edited round, or
    the one before a deleted round): a refused round after it is named as it would be
    after the change, which may differ from its number and name in the history (a
    deleted round moves later ones up; a kept deal shifts their names). A refusal whose
    way through differs after a correction (an early end to undo first) says that way.
    """
    text = str(error)
    prefix = ""
    if found := ROUND_PREFIX.fullmatch(text):
        later = changed is not None and int(found["number"]) > changed
        prefix = round_prefix(found["number"], found["label"], later=later)
        text = found["rest"]
    sentence = _sentence(error, text.removeprefix(RULES_PREFIX), names, changed is not None)
    if text.startswith(RULES_PREFIX):  # a record's rules, refused by the replay
        sentence = gettext("Rules: %(error)s") % {"error": sentence}
    return prefix + sentence


def round_prefix(number: str, label: str | None = None, *, later: bool = False) -> str:
    """Return the words a refusal of a round starts with: "Round 3 (East 3): ", or
    "Round 3: " without its name; "After this change, round 3 …" for a later round."""
    words = {"number": number, "round": glossary.round_name(label) if label else ""}
    if label is None:  # a round past the game's end has no name
        after = gettext("After this change, round %(number)s: ")
        return (after if later else gettext("Round %(number)s: ")) % words
    if later:
        return gettext("After this change, round %(number)s (%(round)s): ") % words
    return gettext("Round %(number)s (%(round)s): ") % words


def _sentence(error: Exception, text: str, names: Sequence[str], correcting: bool) -> str:
    inner = innermost(error)
    for kind, words in REFUSAL_WORDS.items():
        if isinstance(inner, kind):
            return words(inner)
    for pattern in PATTERNS:
        if match := pattern.regex.fullmatch(text):
            return pattern.render(match, names, correcting=correcting)
    code = getattr(innermost(error), "code", "")
    if code in KIND_WORDS:
        return str(KIND_WORDS[code])
    return re.sub(r"\bplayer (\d)\b", lambda m: _name(m[1], names), text)


def _contradictions(error: Any) -> str:
    return " ".join(_contradiction(c.code, c.options) for c in error.contradictions)


def _contradiction(code: str, options: tuple[str, ...]) -> str:
    """Return one contradiction of rule options in words, naming the options' labels."""
    labels = {"first": _option(options[0]), "second": _option(options[-1])}
    words = CONTRADICTION_WORDS.get(code)
    if words is None:  # a kind this table has no words for yet: name the options
        return gettext("These options contradict each other: %(options)s.") % {
            "options": ", ".join(_option(name) for name in options)
        }
    return str(words) % labels


# Refusals that carry their parts beside their text: worded from the parts
REFUSAL_WORDS: dict[type[Exception], Callable[[Any], str]] = {
    ContradictoryRules: _contradictions,  # rule options that contradict each other
    ChecklistError: lambda error: checklist_problem(error.refusal),  # a yaku checklist
}


def refused_round(error: Exception) -> int | None:
    """Return the number of the round a replay refused, or None when it names none."""
    found = ROUND_PREFIX.fullmatch(str(error))
    return int(found["number"]) if found else None


def innermost(error: Exception) -> BaseException:
    """Return the refusal a record error wraps (the replay names the round around it)."""
    inner: BaseException = error
    while inner.__context__ is not None and getattr(inner, "code", "") == "bad_record":
        inner = inner.__context__
    return inner
