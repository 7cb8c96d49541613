"""The full score of a hand to score (FORMATS.md section 2): read, value, choose,
price, write.

Every reading of the hand is valued (its yaku, its fu, the hand's dora); the best is
the one that pays the most, then the one with more han, then more fu, and its pinfu,
wait and fu are the reading's own (the seed's 最高點數原則). Dora add han to a hand with
a yaku and never make one. A yakuman hand scores its yakuman only (13 han per
multiple; one multiple when ``Rules.multiple_yakuman`` is off). Under
``Rules.renhou == "mangan"`` renhou is 5 han that combine with nothing (no other
yaku, no dora): the hand scores the better of renhou and its normal value. From
``Rules.two_han_minimum_honba`` honba on, a win needs 2 han without dora (the seed's
本場 note). Under ``Rules.aotenjou`` nothing is capped: a yakuman counts 13 han (26 a
double) beside the other yaku it does not imply, and the dora.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import Any, NamedTuple

from scoring.dora import DoraCount, hand_dora
from scoring.errors import BadFlagsError, NoYakuError, TwoHanMinimumError
from scoring.fu import Fu, fu
from scoring.hand import Hand, Reading, readings
from scoring.request import HandToScore
from scoring.sanma import check_sanma_hand
from scoring.sets import KOKUSHI
from scoring.shape import HandShape, hand_shape
from scoring.situation import check_situation
from scoring.tiles import KIND_OF, check_copies, is_red, kind, tile_name
from scoring.value import STICK, HandValue, WinPayments, price
from scoring.yaku import YAKU, YAKUMAN_HAN, YakuHan, find_yaku

__all__ = ["HandScore", "HandToScore", "score", "score_hand"]

RENHOU_MANGAN = (YakuHan("renhou", 5),)


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
            "yaku": [{"name": each.name, "han": each.han} for each in self.yaku],
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

    >>> from scoring.fu import WinContext
    >>> from scoring.hand import Hand
    >>> from scoring.situation import Situation
    >>> hand = Hand.parse("111222333m55p789s", "3m")
    >>> best = score(HandToScore(hand, Situation(tsumo=True), WinContext(tsumo=True)))
    >>> [y.name for y in best.yaku], best.value.han
    (['menzen_tsumo', 'sanankou'], 3)
    """
    found = readings(request.hand)
    _check(request, found)
    dora = hand_dora(
        request.hand,
        request.dora,
        request.ura,
        riichi=request.situation.has_riichi,
        rules=request.rules,
        nuki=request.nuki,
    )
    scores = _scores(request, found, hand_shape(request.hand), dora)
    if not scores:
        raise NoYakuError(_no_yaku_message(request.hand.win, dora.han))
    return max(scores, key=RANK)


def _scores(
    request: HandToScore, found: tuple[Reading, ...], shape: HandShape, dora: DoraCount
) -> list[HandScore]:
    """Return the score of each way to score the hand: each reading with yaku (and,
    under ``Rules.renhou == "mangan"``, each reading as renhou)."""
    situation, context, rules = request.situation, request.context, request.rules
    minimum = rules.two_han_minimum_honba
    needs_two_han = 0 < minimum <= request.honba  # a minimum of 0: never
    renhou = situation.renhou and rules.renhou == "mangan"
    scores = []
    too_cheap = False  # a reading had yaku, but under 2 han where 2 are needed
    for reading in found:
        yaku = find_yaku(reading, shape, situation, context, rules)
        if yaku and needs_two_han and _han(yaku) < 2:
            too_cheap = True
        elif yaku:
            scores.append(_hand_score(request, yaku, fu(reading, context, rules), dora, reading))
        if renhou:
            renhou_fu = fu(reading, context, rules)
            scores.append(_hand_score(request, RENHOU_MANGAN, renhou_fu, DoraCount(), reading))
    if too_cheap and not scores:
        raise TwoHanMinimumError(f"at {request.honba} honba these rules need 2 han without dora")
    return scores


def _han(yaku: tuple[YakuHan, ...]) -> int:
    """Return the han of the yaku, added up."""
    han = 0
    for each in yaku:
        han += each.han
    return han


def _hand_score(
    request: HandToScore, yaku: tuple[YakuHan, ...], fu: Fu, dora: DoraCount, reading: Reading
) -> HandScore:
    """Return the score of a reading's yaku and fu with the dora that count."""
    rules, situation = request.rules, request.situation
    han = _han(yaku)
    if rules.aotenjou:  # no limits: a yakuman is 13 han beside the other yaku and dora
        han, yakuman = han + dora.han, 0
    elif YAKU[yaku[0].name].is_yakuman:  # then every yaku is a yakuman
        multiple = han // YAKUMAN_HAN if rules.multiple_yakuman else 1
        han, yakuman = YAKUMAN_HAN * multiple, multiple
    else:
        han, yakuman = han + dora.han, 0
    paid = price(han, fu.total, yakuman, situation.is_dealer, situation.tsumo, request.honba, rules)
    total = paid.total + STICK * request.riichi_sticks
    return HandScore(
        paid.value, fu, yaku, dora, reading.wait, paid.payments, total, paid.limit, paid.base_points
    )


# What decides between readings: the payment, then han, then fu (the riichi sticks in
# ``total`` are the same for every reading).
RANK = operator.attrgetter("total", "value.han", "value.fu")


def _check(request: HandToScore, found: tuple[Reading, ...]) -> None:
    """Raise if the flags, the robbed kan or the dora and ura indicators (all of them,
    among the copies of each tile) cannot go with the hand."""
    hand, situation = request.hand, request.situation
    check_situation(
        situation,
        is_closed=found[0].is_closed,
        has_melds=bool(hand.melds),
        has_kan=hand.quads > 0,
    )
    if situation.open_riichi and request.rules.open_riichi == "none":
        raise BadFlagsError("these rules have no open riichi")
    if situation.chankan:
        _check_chankan(request, found)
    indicators = request.dora + request.ura
    _check_indicators(hand, indicators)
    if request.nuki or request.rules.players == 3:  # four players and no nuki: nothing to check
        check_sanma_hand(hand, indicators, request.nuki, request.rules, request.context.seat_wind)


def _check_indicators(hand: Hand, indicators: tuple[int, ...]) -> None:
    """Raise if the indicators and the hand hold a fifth copy of a kind or two red fives
    of a suit (an indicator is a tile too): an indicator makes one when the hand and the
    indicators hold more than four of its kind, or when it is a red five."""
    for tile in indicators:
        if is_red(tile) or hand.all_counts[KIND_OF[tile]] + indicators.count(tile) > 4:
            check_copies(hand.all_tiles + indicators)  # names every kind at fault


def _check_chankan(request: HandToScore, found: tuple[Reading, ...]) -> None:
    win = kind(request.hand.win)
    if request.hand.all_counts[win] != 1:
        raise BadFlagsError(
            f"chankan robs the fourth {tile_name(win)}, so the hand holds no other copy"
        )
    if request.situation.robbed_kan == "ankan":
        if found[0].form != KOKUSHI:
            raise BadFlagsError("only kokushi may rob a closed kan")
        if not request.rules.kokushi_robs_closed_kan:
            raise BadFlagsError("these rules do not let kokushi rob a closed kan")


def _no_yaku_message(win: int, dora: int) -> str:
    where = f"the hand won on {tile_name(win)}"
    if dora:
        return f"no yaku in {where}: its {dora} dora do not make a yaku"
    return f"no yaku in {where}"
