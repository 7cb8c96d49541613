"""A hand's value (han, fu, yakuman) and what it pays: the seed's 番数计算 (base points
and limits), its score tables and 本場 (honba).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from scoring.errors import LARGEST, InvalidHandError
from scoring.rules import Rules

# The most fu a hand can have: closed ron 20 + 10, four closed honor kans 4 x 32, a
# double-wind pair 4 and tanki 2 make 164, rounded to 170. The seed's table stops at
# 110 fu, but its formula (fu x 2^(han+2)) holds for every value.
MAX_FU = 170
VALID_FU = (20, 25, *range(30, MAX_FU + 10, 10))
LIMITS = ((13, 8000, "yakuman"), (11, 6000, "sanbaiman"), (8, 4000, "baiman"), (6, 3000, "haneman"))
LIMIT_NAMES = {2000: "mangan", 3000: "haneman", 4000: "baiman", 6000: "sanbaiman"}
MANGAN = 2000
YAKUMAN_HAN = 13  # the han of a counted yakuman; under counted_yakuman_stacks, per multiple
STICK = 1000
DEFAULT_RULES = Rules()
# Under aotenjou the base points have no limit; past this a payment is more than a
# ledger can keep (a score is a 64-bit number): about 37 han at the most fu.
AOTENJOU_MOST_BASE = 10**15


@dataclass(frozen=True)
class HandValue:
    """A winning hand's value: han and fu, or a yakuman multiple.

    ``fu`` may be 0 for a limit hand of 5 han or more, where fu do not count.
    """

    han: int = 0
    fu: int = 0
    yakuman: int = 0  # multiple: 1 yakuman, 2 double yakuman

    def __post_init__(self) -> None:
        if self.yakuman < 0:
            raise InvalidHandError(f"yakuman must be 0 or more, not {self.yakuman}")
        if max(self.han, self.yakuman) > LARGEST:
            raise InvalidHandError(f"han and yakuman must be {LARGEST:,} or less")
        if self.yakuman:
            return
        if self.han < 1:
            raise InvalidHandError(f"a winning hand has at least 1 han, not {self.han}")
        if self.fu == 0 and self.han >= 5:
            return
        if self.fu == 0:
            raise InvalidHandError(
                f"{self.han} han needs its fu: under 5 han the fu set the points"
            )
        if self.fu not in VALID_FU:
            raise InvalidHandError(
                f"fu must be 20, 25 or a multiple of 10 from 30 to {MAX_FU}, not {self.fu}"
            )
        if self.han == 1 and self.fu == 25:
            raise InvalidHandError("1 han 25 fu is impossible: 25 fu is chiitoitsu (2 han)")

    def check_win(self, *, tsumo: bool, rules: Rules | None = None) -> None:
        """Raise if no hand of this value can win this way (the seed's missing table cells).

        Under ``Rules.open_pinfu_fu == 20`` an open pinfu-shaped ron keeps its 20 fu, so 20 fu
        ron wins exist (1 han too); under ``Rules.aotenjou`` every hand needs its fu.

        >>> HandValue(han=2, fu=20).check_win(tsumo=False)
        Traceback (most recent call last):
        ...
        scoring.errors.InvalidHandError: 20 fu ron is impossible: an open pinfu-shaped ron counts 30 fu
        >>> HandValue(han=1, fu=20).check_win(tsumo=False, rules=Rules(open_pinfu_fu=20))
        """
        rules = rules or DEFAULT_RULES
        if rules.aotenjou and not self.fu:
            raise InvalidHandError(
                "under aotenjou every hand counts its fu: give the han (13 for each yakuman) "
                "and the fu"
            )
        if self.yakuman or self.han >= 5:
            return
        open_ron_20 = not tsumo and rules.open_pinfu_fu == 20
        if self.fu == 20 and self.han == 1 and not open_ron_20:
            raise InvalidHandError("1 han 20 fu is impossible: 20 fu needs pinfu tsumo (2 han)")
        if not tsumo and self.fu == 20 and not open_ron_20:
            raise InvalidHandError("20 fu ron is impossible: an open pinfu-shaped ron counts 30 fu")
        if tsumo and self.fu == 25 and self.han == 2:
            raise InvalidHandError(
                "2 han 25 fu tsumo is impossible: chiitoitsu tsumo has menzen tsumo too (3 han)"
            )
        if tsumo and self.han == 1 and self.fu == 110:
            raise InvalidHandError(
                "1 han 110 fu tsumo is impossible: no 1-han tsumo reaches 110 fu"
            )


def base_points(value: HandValue, rules: Rules) -> int:
    """Return the hand's base points, capped at its limit.

    >>> base_points(HandValue(han=3, fu=30), Rules())
    960
    >>> base_points(HandValue(han=13), Rules(counted_yakuman=False))
    6000
    """
    if rules.aotenjou:
        return aotenjou_base_points(value)
    if value.yakuman:
        multiple = value.yakuman if rules.multiple_yakuman else 1
        return 8000 * multiple
    if value.han >= 2 * YAKUMAN_HAN and _counts_stacked(rules):
        return 8000 * (value.han // YAKUMAN_HAN)  # 26 han: a double yakuman, 39: triple
    for min_han, limit, _ in LIMITS:
        if value.han >= min_han:
            return rules.cap_counted_yakuman(limit)
    if value.han == 5:
        return MANGAN
    points = value.fu * 2 ** (value.han + 2)
    return MANGAN if points >= MANGAN or _is_kiriage(value, rules) else points


def aotenjou_base_points(value: HandValue) -> int:
    """Return the base points with no limit (aotenjou, riichi.wiki "Aotenjou"): fu x
    2^(han + 2), each yakuman counted as 13 han.

    >>> aotenjou_base_points(HandValue(han=8, fu=30)) * 4  # 16,000 with limits
    122880
    """
    han = value.han + YAKUMAN_HAN * value.yakuman
    points: int = value.fu * 2 ** min(han + 2, 64)  # 2^64 is past the bound: never larger
    if points > AOTENJOU_MOST_BASE:
        raise InvalidHandError(
            f"{han} han {value.fu} fu under aotenjou pays more than a ledger can keep"
        )
    return points


def _counts_stacked(rules: Rules) -> bool:
    return rules.counted_yakuman_stacks and rules.counted_yakuman and rules.multiple_yakuman


def _is_kiriage(value: HandValue, rules: Rules) -> bool:
    return rules.kiriage and (value.han, value.fu) in ((4, 30), (3, 60))


def limit_name(value: HandValue, rules: Rules) -> str:
    """Return the limit the hand reaches: none, mangan, ..., yakuman.

    >>> limit_name(HandValue(han=4, fu=40), Rules())
    'mangan'
    """
    points = base_points(value, rules)
    if rules.aotenjou:
        return "none"  # no limits
    if points >= 8000:
        return "yakuman"
    return LIMIT_NAMES.get(points, "none")


def round_up_100(points: int) -> int:
    """Return points rounded up to the next hundred.

    >>> round_up_100(7680)
    7700
    """
    return -(-points // 100) * 100


@dataclass(frozen=True)
class WinPayments:
    """What each payer gives the winner, honba included (FORMATS.md ``payments``).

    On ron only ``ron`` is set; on tsumo ``dealer`` (for a non-dealer winner) and
    ``non_dealer``. ``players`` is 3 in sanma, where one non-dealer fewer pays.
    """

    ron: int = 0
    dealer: int = 0
    non_dealer: int = 0
    players: int = 4

    def to_json(self) -> dict[str, int]:
        """Return the payments as FORMATS.md writes them."""
        if self.ron:
            return {"ron": self.ron}
        if self.dealer:
            return {"dealer": self.dealer, "non_dealer": self.non_dealer}
        return {"non_dealer": self.non_dealer}

    def total(self) -> int:
        """Return what the winner collects from the players (sticks not included)."""
        non_dealers = self.players - 1 - (1 if self.dealer else 0)
        return self.ron or self.dealer + self.non_dealer * non_dealers


def ron_payment(value: HandValue, *, is_dealer: bool, rules: Rules, honba: int = 0) -> int:
    """Return what the discarder pays: 6x base to the dealer, else 4x, plus honba.

    >>> ron_payment(HandValue(han=3, fu=40), is_dealer=False, rules=Rules(), honba=1)
    5500
    """
    multiplier = 6 if is_dealer else 4
    return round_up_100(base_points(value, rules) * multiplier) + rules.honba_value * honba


def tsumo_payments(
    value: HandValue, *, is_dealer: bool, rules: Rules, honba: int = 0
) -> WinPayments:
    """Return each player's share of a tsumo: 2x base from the dealer, 1x from others.

    A dealer's tsumo takes 2x base from each of the others. In sanma the missing
    player's share is lost (``sanma_tsumo="loss"``, ツモ損), or split in half between the
    two who pay (``"north_split"``, 北家折半), honba included (each share rounded up to
    100: no table has a 50-point stick).

    >>> tsumo_payments(HandValue(han=1, fu=30), is_dealer=False, rules=Rules())
    WinPayments(ron=0, dealer=500, non_dealer=300, players=4)
    >>> sanma = Rules(players=3, sanma_tsumo="north_split", uma=(15000, 0, -15000))
    >>> tsumo_payments(HandValue(han=1, fu=30), is_dealer=False, rules=sanma)
    WinPayments(ron=0, dealer=600, non_dealer=400, players=3)
    """
    base = base_points(value, rules)
    players = rules.players
    split = players == 3 and rules.sanma_tsumo == "north_split"
    # Split, the missing player's honba is halved too, rounded up as the points are.
    per_honba = (
        round_up_100(rules.honba_value * honba // 2) if split else rules.honba_value * honba // 3
    )
    missing = (2 if is_dealer else 1) * base // 2 if split else 0  # base is always even
    if is_dealer:
        each = round_up_100(2 * base + missing) + per_honba
        return WinPayments(non_dealer=each, players=players)
    return WinPayments(
        dealer=round_up_100(2 * base + missing) + per_honba,
        non_dealer=round_up_100(base + missing) + per_honba,
        players=players,
    )


def win_payments(
    value: HandValue, *, is_dealer: bool, tsumo: bool, rules: Rules, honba: int = 0
) -> WinPayments:
    """Return the payments of a win after checking that the value can win this way."""
    value.check_win(tsumo=tsumo, rules=rules)
    if tsumo:
        return tsumo_payments(value, is_dealer=is_dealer, rules=rules, honba=honba)
    return WinPayments(ron=ron_payment(value, is_dealer=is_dealer, rules=rules, honba=honba))


@dataclass(frozen=True, slots=True)
class Price:
    """A hand value and what it pays one way: the win's payments, honba included, its
    base points, the limit it reaches and what the payments add up to."""

    value: HandValue
    payments: WinPayments
    base_points: int
    limit: str
    total: int


@functools.lru_cache(maxsize=4096)
def price(
    han: int, fu: int, yakuman: int, is_dealer: bool, tsumo: bool, honba: int, rules: Rules
) -> Price:
    """Return the value of han, fu and yakuman and what it pays (values are few, so each
    price is worked out once).

    >>> price(3, 40, 0, False, True, 0, Rules()).payments
    WinPayments(ron=0, dealer=2600, non_dealer=1300, players=4)
    """
    value = HandValue(han=han, fu=fu, yakuman=yakuman)
    payments = win_payments(value, is_dealer=is_dealer, tsumo=tsumo, rules=rules, honba=honba)
    return Price(
        value, payments, base_points(value, rules), limit_name(value, rules), payments.total()
    )


# The fu a real hand can have at 1-4 han, from the seed's 符数表 and its list of the
# combinations that "因特殊原因並不存在": 20 fu is a pinfu tsumo (2 han at least), 25 fu a
# chiitoitsu (2 han; 3 as a tsumo), and no 1 han tsumo reaches 110 fu. Past the highest fu
# listed (3 han 70 fu, 4 han 40 fu) a hand is a mangan.
FU_RANGES = {  # (han, tsumo): (the fu below 30 it may have, its highest fu below mangan)
    (1, False): ((), 110),
    (1, True): ((), 100),
    (2, False): ((25,), 110),
    (2, True): ((20,), 110),
    (3, False): ((25,), 60),
    (3, True): ((20, 25), 60),
    (4, False): ((25,), 30),
    (4, True): ((20, 25), 30),
}


def fu_choices(han: int, *, tsumo: bool, rules: Rules | None = None) -> tuple[int, ...]:
    """Return the fu a hand of 1-4 han can have on a ron or a tsumo (below mangan); a
    ron may have 20 fu under ``Rules.open_pinfu_fu == 20``.

    >>> fu_choices(1, tsumo=False), fu_choices(2, tsumo=True)
    ((30, 40, 50, 60, 70, 80, 90, 100, 110), (20, 30, 40, 50, 60, 70, 80, 90, 100, 110))
    >>> fu_choices(3, tsumo=False), fu_choices(4, tsumo=True), fu_choices(5, tsumo=True)
    ((25, 30, 40, 50, 60), (20, 25, 30), ())
    >>> fu_choices(1, tsumo=False, rules=Rules(open_pinfu_fu=20))[:2]
    (20, 30)
    """
    if (han, tsumo) not in FU_RANGES:
        return ()
    below_30, highest = FU_RANGES[han, tsumo]
    if not tsumo and (rules or DEFAULT_RULES).open_pinfu_fu == 20:
        below_30 = (20, *below_30)
    return (*below_30, *range(30, highest + 10, 10))
