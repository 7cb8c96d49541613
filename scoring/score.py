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
import re
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from scoring.dora import DoraCount, count_dora
from scoring.errors import BadFlagsError, BadHandError, NoYakuError, TwoHanMinimumError
from scoring.fu import Fu, WinContext, fu
from scoring.hand import KOKUSHI, Hand, Reading, meld_block, read_counts, readings
from scoring.rules import Rules
from scoring.tiles import (
    EAST,
    NORTH,
    RED_FIVES,
    SOUTH,
    WEST,
    Meld,
    check_copies,
    kind,
    parse_tiles,
    tile_counts,
    tile_name,
)
from scoring.value import LIMIT_NAMES, STICK, HandValue, WinPayments, base_points, win_payments
from scoring.yaku import (
    YAKU,
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
YAKUMAN_BASE = 8000


class HandToScore(NamedTuple):
    """A winning hand with everything its score depends on (FORMATS.md section 2).

    Immutable named tuples (this, ``HandScore``, ``Situation``) rather than
    dataclasses: a batch makes several per hand, and tuples are cheaper to make.
    """

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
            raise BadHandError(f"a hand to score is a JSON object, not {data!r}")
        seat_wind, round_wind = _wind(data, "seat_wind"), _wind(data, "round_wind")
        situation = Situation.from_json(data, is_dealer=seat_wind == EAST)
        return cls(
            hand=_fast_hand(data) or Hand.from_json(data),
            situation=situation,
            context=WinContext(situation.tsumo, seat_wind, round_wind, situation.rinshan),
            dora=_indicators(data, "dora"),
            ura=_indicators(data, "ura"),
            honba=_count(data, "honba"),
            riichi_sticks=_count(data, "riichi_sticks"),
            rules=_rules(data.get("rules")),
        )


WIND_OF_LETTER = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}


def _wind(data: Mapping[str, Any], key: str) -> int:
    letter = data.get(key, "E")
    wind = WIND_OF_LETTER.get(letter) if type(letter) is str else None
    return WinContext.from_json({key: letter}).seat_wind if wind is None else wind


def _indicators(data: Mapping[str, Any], key: str) -> tuple[int, ...]:
    text = data.get(key, "")
    if not isinstance(text, str):
        raise BadHandError(f"{key} must be MPSZ indicator tiles, not {text!r}")
    tiles = _parse_cached(text) if text else ()
    if len(tiles) > MAX_INDICATORS:
        raise BadHandError(f"{key} has {len(tiles)} indicators; at most {MAX_INDICATORS}")
    return tiles


@functools.lru_cache(maxsize=4096)
def _parse_cached(text: str) -> tuple[int, ...]:
    return parse_tiles(text)


def _count(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key, 0)
    if type(value) is not int or value < 0:
        raise BadHandError(f"{key} must be a whole number 0 or more, not {value!r}")
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


# Speed: a batch parses thousands of hands, so valid input takes a short path
# (cached suit runs such as "406p", cached melds, no re-validation in
# Hand.__post_init__); anything unusual returns None and goes through
# Hand.from_json, which names the error.
_RUN = re.compile(r"[0-9]+[mps]|[1-7]+z")


@functools.lru_cache(maxsize=8192)
def _run_tiles(run: str) -> tuple[int, ...]:
    return parse_tiles(run)


def _fast_tiles(text: Any) -> tuple[int, ...] | None:
    if type(text) is not str:
        return None
    runs = _RUN.findall(text)
    if sum(map(len, runs)) != len(text):
        return None
    if len(runs) == 1:
        return _run_tiles(runs[0])
    return sum(map(_run_tiles, runs), ())


@functools.lru_cache(maxsize=1024)
def _cached_meld(meld_kind: str, tiles: str) -> Meld:
    return Meld.parse(meld_kind, tiles)


def _fast_hand(data: Mapping[str, Any]) -> Hand | None:
    get = data.get
    concealed, win, melds = _fast_tiles(get("hand")), _fast_tiles(get("win")), get("melds", ())
    if concealed is None or win is None or len(win) != 1 or type(melds) is not list:
        return None
    if len(melds) > 4 or len(concealed) != 14 - 3 * len(melds):
        return None
    if not all(
        type(meld) is dict and _are_texts(meld.get("kind"), meld.get("tiles")) for meld in melds
    ):
        return None
    meld_values = tuple([_cached_meld(meld["kind"], meld["tiles"]) for meld in melds])
    tiles = concealed + sum([meld.tiles for meld in meld_values], ()) if melds else concealed
    counts = tile_counts(tiles)
    if max(counts) > 4 or (max(tiles) >= RED_FIVES[0] and not _has_one_red_at_most(tiles)):
        return None
    (tile,) = win
    if tile not in concealed and not tile_counts(concealed)[kind(tile)]:
        return None
    return _trusted_hand(concealed, tile, meld_values)


def _are_texts(*values: Any) -> bool:
    return all(type(value) is str for value in values)


def _has_one_red_at_most(tiles: tuple[int, ...]) -> bool:
    reds = [tile for tile in tiles if tile >= RED_FIVES[0]]
    return len(reds) == len(set(reds))


def _trusted_hand(concealed: tuple[int, ...], win: int, melds: tuple[Meld, ...]) -> Hand:
    """Return a Hand whose checks already passed, without running them again."""
    hand = object.__new__(Hand)
    object.__setattr__(hand, "concealed", concealed)
    object.__setattr__(hand, "win", win)
    object.__setattr__(hand, "melds", melds)
    return hand


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
        return {
            "han": self.value.han,
            "fu": self.fu.total,
            "fu_items": [{"name": item.name, "fu": item.fu} for item in self.fu.items],
            "yaku": [{"name": name, "han": han} for name, han in self.yaku],
            "dora": self.dora.to_json(),
            "yakuman": self.value.yakuman,
            "limit": self.limit,
            "base_points": self.base_points,
            "payments": self.payments.to_json(),
            "total": self.total,
            "wait": self.wait,
        }


def score_hand(data: Mapping[str, Any]) -> dict[str, Any]:
    """Return the result object of a FORMATS.md section 2 hand object.

    >>> result = score_hand({"hand": "234m406p789s22z", "win": "2z",
    ...     "melds": [{"kind": "pon", "tiles": "777z"}], "seat_wind": "S", "dora": "9s"})
    >>> result["han"], result["fu"], result["yaku"], result["dora"], result["payments"]
    (2, 30, [{'name': 'yakuhai_chun', 'han': 1}], {'dora': 0, 'aka': 1, 'ura': 0}, {'ron': 2000})
    """
    return score(HandToScore.from_json(data)).to_json()


def score(request: HandToScore) -> HandScore:
    """Return the best score among the hand's readings.

    >>> from scoring.hand import Hand
    >>> hand = Hand.parse("111222333m55p789s", "3m")
    >>> best = score(HandToScore(hand, Situation(tsumo=True), WinContext(tsumo=True)))
    >>> [y.name for y in best.yaku], best.value.han
    (['menzen_tsumo', 'sanankou'], 3)
    """
    hand, rules, melds = request.hand, request.rules, request.hand.melds
    counts = tile_counts(hand.concealed)
    all_tiles = hand.all_tiles if melds else hand.concealed
    all_counts = tile_counts(all_tiles) if melds else counts
    win = kind(hand.win)
    found = read_counts(counts, win, tuple(meld_block(m) for m in melds)) or readings(hand)
    quads = sum(1 for meld in melds if meld.is_kan) if melds else 0
    _check(request, found, all_counts, quads)
    shape = hand_shape(all_tiles, counts, win, quads)
    dora = _dora(request, all_tiles, all_counts)
    options = [option for reading in found for option in _options(request, reading, shape, dora)]
    minimum = rules.two_han_minimum_honba
    if options and minimum and request.honba >= minimum:
        options = [option for option in options if _meets_two_han(option)]
        if not options:
            raise TwoHanMinimumError(
                f"at {request.honba} honba these rules need 2 han without dora"
            )
    if not options:
        raise NoYakuError(_no_yaku_message(hand, dora))
    best = options[0] if len(options) == 1 else max(options, key=lambda o: _rank(request, o))
    return _hand_score(request, best)


class _Option(NamedTuple):
    """One way to score the hand: a reading's yaku and fu, with the dora that count."""

    yaku: tuple[YakuHan, ...]
    fu: Fu
    dora: DoraCount
    wait: str


def _yaku_han(yaku: tuple[YakuHan, ...]) -> int:
    return sum([han for _, han in yaku])


def _meets_two_han(option: _Option) -> bool:
    return _yaku_han(option.yaku) >= 2


def _value(option: _Option, rules: Rules) -> HandValue:
    yaku, total_fu = option.yaku, option.fu.total
    han = _yaku_han(yaku)
    if YAKU[yaku[0].name].is_yakuman:
        multiple = han // YAKUMAN_HAN if rules.multiple_yakuman else 1
        return HandValue(han=YAKUMAN_HAN * multiple, fu=total_fu, yakuman=multiple)
    return HandValue(han=han + option.dora.han, fu=total_fu)


def _rank(request: HandToScore, option: _Option) -> tuple[int, int, int]:
    """Return what decides between readings: the payment, then han, then fu."""
    value, situation = _value(option, request.rules), request.situation
    payments = _priced(value, situation.is_dealer, situation.tsumo, request.honba, request.rules)[0]
    return (payments.total(), value.han, value.fu)


def _check(
    request: HandToScore, found: tuple[Reading, ...], all_counts: Sequence[int], quads: int
) -> None:
    hand, situation = request.hand, request.situation
    melds = hand.melds
    check_situation(
        situation,
        is_closed=found[0].is_closed,
        has_melds=bool(melds),
        has_kan=quads > 0,
    )
    if situation.chankan:
        _check_chankan(hand, situation, found, request.rules, all_counts)
    indicators = request.dora + request.ura
    if indicators and _may_hold_extra_copies(indicators, all_counts):
        check_copies(hand.all_tiles + indicators)


def _may_hold_extra_copies(indicators: tuple[int, ...], counts: Sequence[int]) -> bool:
    """Return whether indicators might be a fifth copy or a second red five (checked fully)."""
    kinds = [kind(tile) for tile in indicators]
    return any(
        counts[k] + kinds.count(k) > 4 or tile in RED_FIVES for k, tile in zip(kinds, indicators)
    )


def _check_chankan(
    hand: Hand,
    situation: Situation,
    found: tuple[Reading, ...],
    rules: Rules,
    all_counts: Sequence[int],
) -> None:
    win = kind(hand.win)
    if all_counts[win] != 1:
        raise BadFlagsError(
            f"chankan robs the fourth {tile_name(win)}, so the hand holds no other copy"
        )
    if situation.robbed_kan == "ankan":
        if found[0].form != KOKUSHI:
            raise BadFlagsError("only kokushi may rob a closed kan")
        if not rules.kokushi_robs_closed_kan:
            raise BadFlagsError("these rules do not let kokushi rob a closed kan")


def _dora(request: HandToScore, tiles: tuple[int, ...], counts: Sequence[int]) -> DoraCount:
    has_red = request.rules.red_fives and max(tiles) >= RED_FIVES[0]
    aka = sum(1 for tile in tiles if tile >= RED_FIVES[0]) if has_red else 0
    has_ura = request.situation.has_riichi and request.ura
    return DoraCount(
        dora=count_dora(counts, request.dora) if request.dora else 0,
        aka=aka,
        ura=count_dora(counts, request.ura) if has_ura else 0,
    )


def _options(
    request: HandToScore, reading: Reading, shape: HandShape, dora: DoraCount
) -> list[_Option]:
    situation, context, rules = request.situation, request.context, request.rules
    yaku = find_yaku(reading, shape, situation, context, rules)
    renhou = situation.renhou and rules.renhou == "mangan"
    if not yaku and not renhou:
        return []
    points = fu(reading, context, rules)
    found = [_Option(yaku, points, dora, reading.wait)] if yaku else []
    if renhou:
        found.append(_Option(RENHOU_MANGAN, points, NO_DORA, reading.wait))
    return found


def _hand_score(request: HandToScore, best: _Option) -> HandScore:
    rules, situation = request.rules, request.situation
    value = _value(best, rules)
    payments, points, limit = _priced(
        value, situation.is_dealer, situation.tsumo, request.honba, rules
    )
    return HandScore(
        value=value,
        fu=best.fu,
        yaku=best.yaku,
        dora=best.dora,
        wait=best.wait,
        payments=payments,
        total=payments.total() + STICK * request.riichi_sticks,
        limit=limit,
        base_points=points,
    )


# Speed: han/fu/yakuman values are few, so their payments are looked up like a score
# table. Keyed by the rules' id; each entry keeps its rules alive and is checked
# against them, so an id is never mistaken for another rules value.
Priced = tuple[WinPayments, int, str]  # payments, base points, limit name
_PRICES: dict[tuple[int, int, int, bool, bool, int, int], tuple[Rules, Priced]] = {}


def _priced(value: HandValue, is_dealer: bool, tsumo: bool, honba: int, rules: Rules) -> Priced:
    key = (value.han, value.fu, value.yakuman, is_dealer, tsumo, honba, id(rules))
    entry = _PRICES.get(key)
    if entry is None or entry[0] is not rules:
        if len(_PRICES) > 8192:
            _PRICES.clear()
        payments = win_payments(value, is_dealer=is_dealer, tsumo=tsumo, rules=rules, honba=honba)
        points = base_points(value, rules)
        limit = LIMIT_NAMES.get(points, "yakuman" if points >= YAKUMAN_BASE else "none")
        entry = _PRICES[key] = (rules, (payments, points, limit))
    return entry[1]


def _no_yaku_message(hand: Hand, dora: DoraCount) -> str:
    where = f"the hand won on {tile_name(hand.win)}"
    if dora.han:
        return f"no yaku in {where}: its {dora.han} dora do not make a yaku"
    return f"no yaku in {where}"
