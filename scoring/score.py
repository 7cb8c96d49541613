"""The full score of a hand to score (FORMATS.md section 2): yaku, fu, dora, payments.

Every reading of the hand is scored; the best is the one that pays the most, then
the one with more han, then more fu. Its pinfu, wait and fu are the reading's own.
Dora add han to a hand with a yaku and never make one. A yakuman hand scores its
yakuman only (13 han per multiple; one multiple when ``Rules.multiple_yakuman`` is
off). Under ``Rules.renhou == "mangan"`` renhou is 5 han that combine with nothing
(no other yaku, no dora): the hand scores the better of renhou and its normal value.
"""

from __future__ import annotations

import functools
import json
import operator
from collections.abc import Mapping
from typing import Any, NamedTuple

from scoring.dora import DORA_OF_TILE, SHARED_COUNTS, DoraCount, dora_count
from scoring.errors import (
    LARGEST,
    BadFlagsError,
    BadHandError,
    NoYakuError,
    TwoHanMinimumError,
    shown,
)
from scoring.fu import Fu, FuItem, WinContext, fu, read_wind
from scoring.hand import Hand, Reading, readings
from scoring.rules import Rules
from scoring.sets import KOKUSHI
from scoring.tiles import (
    EAST,
    KINDS,
    RED,
    RED_FIVES,
    check_copies,
    kind,
    parse_tiles,
    tile_bits,
    tile_name,
)
from scoring.value import LIMIT_NAMES, STICK, HandValue, WinPayments, base_points, win_payments
from scoring.yaku import (
    YAKUMAN_HAN,
    HandShape,
    Situation,
    YakuHan,
    check_situation,
    find_yaku,
    hand_shape,
)

CLUB_RULES = Rules()
MAX_INDICATORS = 5  # the first dora indicator and four kan dora
RENHOU_MANGAN = (YakuHan("renhou", 5),)
NO_DORA = DoraCount()
_new_tuple = tuple.__new__
_new_object = object.__new__
YAKUMAN_BASE = 8000


class HandToScore(NamedTuple):
    """A winning hand with everything its score depends on (FORMATS.md section 2)."""

    hand: Hand
    situation: Situation = Situation()
    context: WinContext = WinContext()
    dora: tuple[int, ...] = ()  # indicators
    ura: tuple[int, ...] = ()  # indicators, counted only with riichi
    honba: int = 0
    riichi_sticks: int = 0
    rules: Rules = CLUB_RULES

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandToScore:
        """Return the hand of a FORMATS.md section 2 object.

        >>> hand = {"hand": "123m456p789s11z222z", "win": "1z", "seat_wind": "S"}
        >>> HandToScore.from_json(hand).situation.is_dealer
        False
        """
        if not isinstance(data, Mapping):
            raise BadHandError(f"a hand to score is a JSON object, not {shown(data)}")
        seat_wind, round_wind = read_wind(data, "seat_wind"), read_wind(data, "round_wind")
        situation = Situation.from_json(data, is_dealer=seat_wind == EAST)
        context = WinContext(situation.tsumo, seat_wind, round_wind, situation.rinshan)
        return cls(
            Hand.from_json(data),
            situation,
            context,
            _indicators(data.get("dora", ""), "dora"),
            _indicators(data.get("ura", ""), "ura"),
            _count(data.get("honba", 0), "honba"),
            _count(data.get("riichi_sticks", 0), "riichi_sticks"),
            _rules(data.get("rules")),
        )


def _indicators(text: Any, key: str) -> tuple[int, ...]:
    if type(text) is not str:
        raise BadHandError(f"{key} must be MPSZ indicator tiles, not {shown(text)}")
    tiles = parse_tiles(text)
    if len(tiles) > MAX_INDICATORS:
        raise BadHandError(f"{key} has {len(tiles)} indicators; at most {MAX_INDICATORS}")
    return tiles


def _count(value: Any, key: str) -> int:
    if type(value) is not int or not 0 <= value <= LARGEST:
        raise BadHandError(
            f"{key} must be a whole number from 0 to {LARGEST:,}, not {shown(value)}"
        )
    return value


def _rules(data: Any) -> Rules:
    if data is None or isinstance(data, str):
        return _preset_rules(data)
    return _rules_of_text(json.dumps(data, sort_keys=True))


@functools.lru_cache(maxsize=64)
def _preset_rules(name: str | None) -> Rules:
    return Rules.from_json(name)


@functools.lru_cache(maxsize=64)
def _rules_of_text(text: str) -> Rules:
    return Rules.from_json(json.loads(text))


KIND_OF_TILE = tuple(kind(tile) for tile in range(KINDS + len(RED_FIVES)))


class HandScore(NamedTuple):
    """A scored hand: its value, the reading's fu and yaku, dora and payments."""

    value: HandValue
    fu: Fu
    yaku: tuple[YakuHan, ...]
    dora: DoraCount
    wait: str
    payments: WinPayments
    total: int
    limit: str
    base_points: int

    def to_json(self) -> dict[str, Any]:
        """Return the result object of FORMATS.md section 2."""
        return result_json(self)


# A HandScore's fields, as an exact tuple: what the scorer makes (an exact tuple is
# made in one step and unpacks by the interpreter's quick path); score() names it.
ScoreFields = tuple[HandValue, Fu, tuple[YakuHan, ...], DoraCount, str, WinPayments, int, str, int]


def result_json(fields: ScoreFields) -> dict[str, Any]:
    """Return the result object of FORMATS.md section 2 of a score's fields."""
    # Speed: fields unpacked, not read by name; plain loops, not list comprehensions
    # (each a function call in Python 3.11). The JSON of each fu item, yaku and dora
    # count is made once and kept (they are few), and copied into each result: a
    # copy takes less than a new dict, and no two results share an object.
    value, fu, yaku, dora, wait, payments, total, limit, points = fields
    fu_items = []
    for item in fu[1]:
        try:
            fu_items.append(_FU_ITEM_JSON[item].copy())
        except KeyError:
            fu_items.append(_kept_json(_FU_ITEM_JSON, item, {"name": item[0], "fu": item[1]}))
    yaku_items = []
    for each in yaku:
        try:
            yaku_items.append(_YAKU_JSON[each].copy())
        except KeyError:
            yaku_items.append(_kept_json(_YAKU_JSON, each, {"name": each[0], "han": each[1]}))
    try:
        dora_json = _DORA_JSON[dora].copy()
    except KeyError:
        dora_json = _kept_json(_DORA_JSON, dora, dora.to_json())
    return {
        "han": value.han,
        "fu": fu[0],
        "fu_items": fu_items,
        "yaku": yaku_items,
        "dora": dora_json,
        "yakuman": value.yakuman,
        "limit": limit,
        "base_points": points,
        "payments": payments.to_json(),
        "total": total,
        "wait": wait,
    }


# The JSON of each fu item, yaku and dora count seen (keyed by value: the keys are
# immutable named tuples of strings and ints, as the scorer makes them; a float or
# bool in a hand-built HandScore would be written as the equal int), copied into
# each result.
_FU_ITEM_JSON: dict[FuItem, dict[str, Any]] = {}
_YAKU_JSON: dict[YakuHan, dict[str, Any]] = {}
_DORA_JSON: dict[DoraCount, dict[str, int]] = {}


def _kept_json(kept: dict[Any, dict[str, Any]], key: Any, json_object: dict[str, Any]) -> Any:
    """Return a copy of ``json_object``, the JSON of ``key``, kept (while ``kept``
    holds fewer than 1,024)."""
    if len(kept) < 1024:
        kept[key] = json_object
    return json_object.copy()


def score_hand(data: Mapping[str, Any]) -> dict[str, Any]:
    """Return the result object of a FORMATS.md section 2 hand object.

    >>> result = score_hand({"hand": "234m406p789s22z", "win": "2z",
    ...     "melds": [{"kind": "pon", "tiles": "777z"}], "seat_wind": "S", "dora": "9s"})
    >>> result["han"], result["fu"], result["yaku"], result["dora"], result["payments"]
    (2, 30, [{'name': 'yakuhai_chun', 'han': 1}], {'dora': 0, 'aka': 1, 'ura': 0}, {'ron': 2000})
    """
    return result_json(_best_score(HandToScore.from_json(data)))


def score(request: HandToScore) -> HandScore:
    """Return the best score among the hand's readings.

    >>> from scoring.hand import Hand
    >>> hand = Hand.parse("111222333m55p789s", "3m")
    >>> best = score(HandToScore(hand, Situation(tsumo=True), WinContext(tsumo=True)))
    >>> [y.name for y in best.yaku], best.value.han
    (['menzen_tsumo', 'sanankou'], 3)
    """
    return _new_tuple(HandScore, _best_score(request))


def _best_score(request: HandToScore) -> ScoreFields:
    """Return the fields of the best score among the hand's readings."""
    # Speed: the request is unpacked here only (score_hand's is an exact tuple), and
    # its helpers take the fields they need.
    hand, situation, context, indicators, ura, honba, sticks, rules = request
    found = readings(hand)
    _check(hand, situation, indicators + ura, rules, found)
    dora = _dora(hand, situation, indicators, ura, rules)
    terms = situation, honba, sticks, rules
    scores = _scores(found, hand_shape(hand), dora, context, terms)
    if len(scores) == 1:
        return scores[0]
    if not scores:
        raise NoYakuError(_no_yaku_message(hand.win, sum(dora)))  # Speed: no han property
    return max(scores, key=_rank)


# The terms a reading is paid on besides its han and fu: the situation, honba, riichi
# sticks and rules. Speed: an exact tuple, which unpacks by the interpreter's quick path.
Terms = tuple[Situation, int, int, Rules]


def _scores(
    found: tuple[Reading, ...],
    shape: HandShape,
    dora: DoraCount,
    context: WinContext,
    terms: Terms,
) -> list[ScoreFields]:
    """Return the score of each way to score the hand: each reading with yaku (and,
    under ``Rules.renhou == "mangan"``, each reading as renhou)."""
    situation, honba, _, rules = terms
    renhou = situation.renhou and rules.renhou == "mangan"
    minimum = rules.two_han_minimum_honba
    needs_two_han = 0 < minimum <= honba  # a minimum of 0: never
    scores = []
    too_cheap = False  # a reading had yaku, but under 2 han where 2 are needed
    # Speed: each reading is priced straight into its score, with no option value
    # in between.
    for reading in found:
        yaku = find_yaku(reading, shape, situation, context, rules)
        wait = reading.wait
        if yaku:
            if needs_two_han and sum(map(_HAN, yaku)) < 2:
                too_cheap = True
            else:
                scores.append(_hand_score(terms, yaku, fu(reading, context, rules), dora, wait))
        if renhou:
            scores.append(
                _hand_score(terms, RENHOU_MANGAN, fu(reading, context, rules), NO_DORA, wait)
            )
    if too_cheap and not scores:
        raise TwoHanMinimumError(f"at {honba} honba these rules need 2 han without dora")
    return scores


_HAN = operator.itemgetter(1)


def _hand_score(
    terms: Terms, yaku: tuple[YakuHan, ...], fu: Fu, dora: DoraCount, wait: str
) -> ScoreFields:
    """Return the score of a reading's yaku and fu with the dora that count."""
    situation, honba, sticks, rules = terms
    han = 0
    for each in yaku:
        han += each[1]
    if yaku[0][1] >= YAKUMAN_HAN:  # Speed: a yakuman's han, 13 per multiple, not YAKU's flag
        multiple = han // YAKUMAN_HAN if rules.multiple_yakuman else 1
        han, yakuman = YAKUMAN_HAN * multiple, multiple
    else:
        han, yakuman = han + sum(dora), 0  # Speed: sum, not the han property's call
    # Speed: the price table is read here; _priced is called for a new entry only.
    key = (han, fu[0], yakuman, situation.is_dealer, situation.tsumo, honba, id(rules))
    try:
        entry = _PRICES[key]  # Speed: a subscript, quicker than get; almost always kept
    except KeyError:
        entry = _priced(key, rules)
    if entry[0] is not rules:  # kept for another rules value that had this id
        entry = _priced(key, rules)
    value, payments, points, limit, paid = entry[1]
    total = paid + STICK * sticks if sticks else paid  # Speed: no new int without sticks
    return (value, fu, yaku, dora, wait, payments, total, limit, points)


def _rank(score: ScoreFields) -> tuple[int, int, int]:
    """Return what decides between readings: the payment, then han, then fu (the
    riichi sticks in ``total`` are the same for every reading)."""
    value, _, _, _, _, _, total, _, _ = score
    return (total, value.han, value.fu)


def _check(
    hand: Hand,
    situation: Situation,
    indicators: tuple[int, ...],
    rules: Rules,
    found: tuple[Reading, ...],
) -> None:
    """Raise if the flags, the robbed kan or the dora and ura indicators (all of them)
    cannot go with the hand."""
    # A quick test before the full one: flags cannot clash when none is set but tsumo
    # and riichi, and riichi only on a closed hand. (Chankan is a rare flag.)
    is_closed = found[0].is_closed
    if situation.has_rare_flag or (situation.riichi and not is_closed):
        check_situation(
            situation,
            is_closed=is_closed,
            has_melds=bool(hand.melds),
            has_kan=hand.quads > 0,
        )
        if situation.chankan:
            _check_chankan(hand, situation, found, rules)
    # Indicators that might be a fifth copy or a second red five are checked in full: a
    # red five, or a kind the hand and the indicators hold more than four of. Speed:
    # written out, not a call (a hand has one or two indicators).
    counts = hand.all_counts
    for tile in indicators:
        if tile >= FIRST_RED or counts[tile] + indicators.count(tile) > 4:
            check_copies(hand.all_tiles + indicators)
            break


def _check_chankan(
    hand: Hand, situation: Situation, found: tuple[Reading, ...], rules: Rules
) -> None:
    win = kind(hand.win)
    if hand.all_counts[win] != 1:
        raise BadFlagsError(
            f"chankan robs the fourth {tile_name(win)}, so the hand holds no other copy"
        )
    if situation.robbed_kan == "ankan":
        if found[0].form != KOKUSHI:
            raise BadFlagsError("only kokushi may rob a closed kan")
        if not rules.kokushi_robs_closed_kan:
            raise BadFlagsError("these rules do not let kokushi rob a closed kan")


def _dora(
    hand: Hand,
    situation: Situation,
    indicators: tuple[int, ...],
    ura: tuple[int, ...],
    rules: Rules,
) -> DoraCount:
    """Return the hand's dora, red fives and (with riichi) ura dora."""
    counts = hand.all_counts
    # Speed: the dora counts and dora_count written out (a hand has one or two
    # indicators, so the calls cost more than the loops).
    dora = aka = found_ura = 0
    for tile in indicators:
        dora += counts[DORA_OF_TILE[tile]]
    if tile_bits(hand.all_tiles) & RED and rules.red_fives:
        tiles = hand.all_tiles
        aka = tiles.count(RED_M) + tiles.count(RED_P) + tiles.count(RED_S)  # faster than a loop
    if ura and (situation.riichi or situation.double_riichi):  # Speed: not has_riichi's call
        for tile in ura:
            found_ura += counts[DORA_OF_TILE[tile]]
    try:
        return SHARED_COUNTS[dora, aka, found_ura]  # Speed: a subscript, quicker than get
    except KeyError:
        return dora_count(dora, aka, found_ura)


RED_M, RED_P, RED_S = RED_FIVES
FIRST_RED = RED_M  # every red five's code is at least this


# Speed: han/fu/yakuman values are few, so their payments are looked up like a score
# table. Keyed by the rules' id; each entry keeps its rules alive and is checked
# against them, so an id is never mistaken for another rules value.
# value, payments, base points, limit name, what the payments add up to
Priced = tuple[HandValue, WinPayments, int, str, int]
PriceKey = tuple[int, int, int, bool, bool, int, int]  # han, fu, yakuman, dealer, tsumo,
# honba, id of the rules
_PRICES: dict[PriceKey, tuple[Rules, Priced]] = {}


def _priced(key: PriceKey, rules: Rules) -> tuple[Rules, Priced]:
    """Return the price table's entry for a key, made and kept."""
    han, fu, yakuman, is_dealer, tsumo, honba, _ = key
    if len(_PRICES) > 8192:
        _PRICES.clear()
    value = HandValue(han=han, fu=fu, yakuman=yakuman)
    payments = win_payments(value, is_dealer=is_dealer, tsumo=tsumo, rules=rules, honba=honba)
    points = base_points(value, rules)
    limit = LIMIT_NAMES.get(points, "yakuman" if points >= YAKUMAN_BASE else "none")
    entry = _PRICES[key] = (rules, (value, payments, points, limit, payments.total()))
    return entry


# Speed: a fifth of a batch's hands have no yaku; their messages (a winning tile and
# a dora count) are few, so each is written once.
@functools.lru_cache(maxsize=1024)
def _no_yaku_message(win: int, dora: int) -> str:
    where = f"the hand won on {tile_name(win)}"
    if dora:
        return f"no yaku in {where}: its {dora} dora do not make a yaku"
    return f"no yaku in {where}"
