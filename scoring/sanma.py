"""Three-player games (sanma, 三麻; issue 20): the tiles in play and what a hand may hold.

A sanma set has 108 tiles: the manzu 2m-8m are taken out (1m and 9m stay), so there is
no chi, and a 1m dora indicator makes 9m dora (``Rules.sanma_1m_dora``, in
``scoring.dora``). North tiles
may be set aside as nuki dora (``Rules.north == "nuki"``, FORMATS.md section 2
``nuki``): each is a dora, and one more for each indicator that makes north dora; the
north set aside is not part of the hand, so it breaks no yaku. Seats, payments and
settlement for three are in ``scoring.state``, ``scoring.value`` and
``scoring.settlement``.
"""

from __future__ import annotations

from collections.abc import Iterable

from scoring.errors import BadHandError
from scoring.hand import Hand
from scoring.rules import Rules
from scoring.tiles import EAST, NORTH, kind, tile_name

OUT_OF_PLAY = frozenset(range(1, 8))  # the kinds of 2m-8m
SANMA_IMPOSSIBLE = ("sanshoku",)  # the same sequence in three suits: no 2m-8m for it
NINE_MAN = 8  # the kind of 9m, the dora of a 1m indicator in sanma (scoring.dora)


def check_sanma_hand(
    hand: Hand, indicators: tuple[int, ...], nuki: int, rules: Rules, seat_wind: int = EAST
) -> None:
    """Raise a ``BadHandError`` if the hand, its dora indicators, its nuki or its seat
    wind cannot be played under the rules' number of players (no North seat in sanma).

    >>> check_sanma_hand(Hand.parse("123p456p789s11z222z", "1z"), (), 2, Rules())
    Traceback (most recent call last):
    ...
    scoring.errors.BadHandError: nuki dora are set aside only in three-player games
    """
    check_nuki_count(nuki, rules)
    if rules.players == 4:
        return
    if seat_wind == NORTH:
        raise BadHandError("there is no North seat in three-player games")
    check_sanma_tiles(hand.all_tiles + indicators)
    if any(meld.kind == "chi" for meld in hand.melds):
        raise BadHandError("there is no chi in three-player games")
    norths = hand.all_counts[NORTH] + sum(kind(t) == NORTH for t in indicators)
    if norths + nuki > 4:
        raise BadHandError(
            f"{nuki} nuki and {norths} more north tiles make more than the four there are"
        )


def check_nuki_count(nuki: int, rules: Rules) -> None:
    """Raise a ``BadHandError`` unless ``nuki`` north tiles may be set aside (a win's
    count, given with its han): none outside sanma with nuki dora, at most four.

    >>> check_nuki_count(5, Rules.from_json("tenhou_sanma"))
    Traceback (most recent call last):
    ...
    scoring.errors.BadHandError: at most 4 north tiles can be set aside, not 5
    """
    if nuki and rules.players == 4:
        raise BadHandError("nuki dora are set aside only in three-player games")
    if nuki and rules.north != "nuki":
        raise BadHandError("these rules keep north tiles in the hand: no nuki dora")
    if nuki > 4:
        raise BadHandError(f"at most 4 north tiles can be set aside, not {nuki}")


def check_sanma_tiles(tiles: Iterable[int]) -> None:
    """Raise a ``BadHandError`` naming the first of 2m-8m among the tiles."""
    out = sorted({kind(t) for t in tiles} & OUT_OF_PLAY)
    if out:
        raise BadHandError(
            f"{tile_name(out[0])} is not in a three-player set (2m-8m are taken out)"
        )
