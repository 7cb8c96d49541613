"""Seeded random hands for benchmarks and tests: complete hands and tenpai hands."""

from __future__ import annotations

import random

from scoring.hand import Hand
from scoring.melds import Meld
from scoring.tiles import KINDS, RED_FIVES, TERMINALS_AND_HONORS


def complete_hand(rng: random.Random, *, melds: int | None = None) -> Hand:
    """Return a random winning hand: mostly four sets and a pair, some seven pairs and
    thirteen orphans; ``melds`` sets are called (random 0-2 when None).

    >>> complete_hand(random.Random(1)).concealed == complete_hand(random.Random(1)).concealed
    True
    """
    roll = rng.random()
    if melds is None and roll < 0.04:
        return _seven_pairs(rng)
    if melds is None and roll < 0.05:
        return _thirteen_orphans(rng)
    called = rng.choice((0, 0, 0, 1, 1, 2)) if melds is None else melds
    while True:
        hand = _regular(rng, called)
        if hand is not None:
            return hand


def _regular(rng: random.Random, called: int) -> Hand | None:
    counts = [0] * KINDS
    sets = []
    for _ in range(4):
        tile = rng.randrange(KINDS)
        run = tile < 27 and tile % 9 <= 6 and rng.random() < 0.6
        kinds = [tile, tile + 1, tile + 2] if run else [tile] * 3
        sets.append(kinds)
        for k in kinds:
            counts[k] += 1
    pair = rng.randrange(KINDS)
    counts[pair] += 2
    if max(counts) > 4:
        return None
    meld_list = [_meld(rng, kinds, counts) for kinds in sets[:called]]
    concealed = [k for kinds in sets[called:] for k in kinds] + [pair, pair]
    tiles = _redden(rng, concealed)
    return Hand.of(tuple(tiles), rng.choice(tiles), meld_list)


def _meld(rng: random.Random, kinds: list[int], counts: list[int]) -> Meld:
    if kinds[0] != kinds[1]:
        return Meld("chi", tuple(kinds))
    if counts[kinds[0]] == 3 and rng.random() < 0.2:
        counts[kinds[0]] += 1
        return Meld(rng.choice(("kan", "ankan", "kakan")), (kinds[0],) * 4)
    return Meld("pon", tuple(kinds))


def _redden(rng: random.Random, tiles: list[int]) -> list[int]:
    """Return the tiles with, sometimes, one five of a suit made red."""
    for red, five in zip(RED_FIVES, (4, 13, 22), strict=True):
        if five in tiles and rng.random() < 0.3:
            tiles = tiles.copy()
            tiles[tiles.index(five)] = red
    return tiles


def _seven_pairs(rng: random.Random) -> Hand:
    kinds = rng.sample(range(KINDS), 7)
    tiles = [k for k in kinds for _ in range(2)]
    return Hand.of(tuple(tiles), rng.choice(tiles))


def _thirteen_orphans(rng: random.Random) -> Hand:
    tiles = [*TERMINALS_AND_HONORS, rng.choice(TERMINALS_AND_HONORS)]
    return Hand.of(tuple(tiles), rng.choice(tiles))


def complete_hands(count: int, seed: int = 2024) -> list[Hand]:
    """Return ``count`` random winning hands from a seeded generator."""
    rng = random.Random(seed)
    return [complete_hand(rng) for _ in range(count)]


def tenpai_hands(count: int, seed: int = 2024) -> list[tuple[tuple[int, ...], tuple[Meld, ...]]]:
    """Return ``count`` tenpai hands (concealed tiles, melds): winning hands less one tile."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        hand = complete_hand(rng)
        tiles = list(hand.concealed)
        tiles.remove(rng.choice(tiles))
        found.append((tuple(tiles), hand.melds))
    return found
