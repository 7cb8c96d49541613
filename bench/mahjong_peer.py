"""The peer the scoring benchmarks compare with: the PyPI ``mahjong`` library
(MahjongRepository/mahjong), called through its own conversion of our hand JSON to its
136-tile ids, melds and ``HandConfig``. ``load_peer`` returns None when the library is
not installed (it comes with the ``bench`` extra).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

PLAIN_FIVES = (4, 13, 22)  # the kinds of 5m, 5p and 5s, whose copy 0 is the red five


def load_peer() -> dict[str, Any] | None:
    try:
        from importlib.metadata import version

        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
        from mahjong.meld import Meld
    except ImportError:
        return None
    options = OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=True)
    variant_options = OptionalRules(
        has_open_tanyao=False,
        has_aka_dora=False,
        has_double_yakuman=False,
        kazoe_limit=HandConstants.KAZOE_SANBAIMAN,
        kiriage=True,
    )
    meld_kinds = {
        "chi": Meld.CHI,
        "pon": Meld.PON,
        "kan": Meld.KAN,
        "ankan": Meld.KAN,
        "kakan": Meld.SHOUMINKAN,
    }
    return {
        "version": version("mahjong"),
        "estimate": _peer_estimate(HandCalculator),
        "config": HandConfig,
        "options": options,
        "variant_options": variant_options,
        "meld": Meld,
        "meld_kinds": meld_kinds,
    }


def _peer_estimate(calculator: Any) -> Callable[..., Any]:
    """Return the peer's estimate_hand_value taking ``ura_dora_indicators``, for both of
    its API generations: 2.x has a static method with that argument; 1.x (the ``bench``
    extra allows ``mahjong>=1.2``) has an instance method and reads ura indicators
    among the dora indicators."""
    import inspect

    estimate = calculator.estimate_hand_value
    parameters = inspect.signature(estimate).parameters
    if "self" in parameters:
        estimate = calculator().estimate_hand_value
    if "ura_dora_indicators" in parameters:
        return estimate

    def with_ura(
        *args: Any, dora_indicators: list[int], ura_dora_indicators: Any, **rest: Any
    ) -> Any:
        return estimate(
            *args, dora_indicators=dora_indicators + (ura_dora_indicators or []), **rest
        )

    return with_ura


SUIT_OFFSETS = {"m": 0, "p": 9, "s": 18, "z": 27}
PEER_WINDS = {"E": 27, "S": 28, "W": 29, "N": 30}


def _peer_tiles(text: str) -> list[tuple[int, bool]]:
    """Return (kind, is red) of each tile of an MPSZ string."""
    tiles: list[tuple[int, bool]] = []
    digits: list[int] = []
    for char in text:
        if char in SUIT_OFFSETS:
            offset = SUIT_OFFSETS[char]
            tiles.extend((offset + (4 if d == 0 else d - 1), d == 0) for d in digits)
            digits = []
        else:
            digits.append(int(char))
    return tiles


def score_theirs(peer: dict[str, Any], hand: dict[str, Any], options: Any = None) -> dict[str, Any]:
    tiles, win, melds = _peer_hand(peer, hand)
    config = peer["config"](
        is_tsumo=hand["tsumo"],
        is_riichi=hand["riichi"],
        is_ippatsu=hand["ippatsu"],
        player_wind=PEER_WINDS[hand["seat_wind"]],
        round_wind=PEER_WINDS[hand["round_wind"]],
        tsumi_number=hand["honba"],
        kyoutaku_number=hand["riichi_sticks"],
        options=options or peer["options"],
    )
    result = peer["estimate"](
        tiles,
        win,
        melds=melds,
        dora_indicators=[k * 4 for k, _ in _peer_tiles(hand["dora"])],
        ura_dora_indicators=[k * 4 for k, _ in _peer_tiles(hand["ura"])] or None,
        config=config,
    )
    if result.error:
        return {"error": result.error}
    return {
        "han": result.han,
        "fu": result.fu,
        "total": result.cost["total"],
        "yaku": [str(yaku) for yaku in result.yaku],
    }


def _peer_hand(peer: dict[str, Any], hand: dict[str, Any]) -> tuple[list[int], int, list[Any]]:
    """Return 136-ids of all tiles, the winning tile's id and the melds (a red five is
    id 4*kind, the plain copies of a five start at 4*kind + 1)."""
    taken: dict[int, int] = {}

    def take(tile_kind: int, is_red: bool) -> int:
        if is_red:
            return tile_kind * 4
        index = taken.get(tile_kind, 1 if tile_kind in PLAIN_FIVES else 0)
        taken[tile_kind] = index + 1
        return tile_kind * 4 + index

    tiles: list[int] = []
    melds = []
    for meld in hand["melds"]:
        ids = [take(k, red) for k, red in _peer_tiles(meld["tiles"])]
        tiles.extend(ids)
        melds.append(
            peer["meld"](peer["meld_kinds"][meld["kind"]], ids, opened=meld["kind"] != "ankan")
        )
    concealed = [take(k, red) for k, red in _peer_tiles(hand["hand"])]
    tiles.extend(concealed)
    ((win_kind, win_red),) = _peer_tiles(hand["win"])
    same = [tile for tile in concealed if tile // 4 == win_kind]
    red_id = win_kind * 4 if win_kind in PLAIN_FIVES else -1
    win = next((tile for tile in same if (tile == red_id) == win_red), same[0])
    return tiles, win, melds
