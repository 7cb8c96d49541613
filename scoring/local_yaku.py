"""Local yakuman a table may allow (``Rules.local_yakuman``; issue 20, from the local
yaku that peer scorers such as MahjongRepository/mahjong offer as options): daisharin
(大車輪: the pairs 22-88 of circles), its other-suit forms daichikurin (大竹林, bamboo)
and daisuurin (大数隣, characters), and daichisei (大七星: seven pairs of the seven
honors, a yakuman on top of its tsuuiisou). Each is a closed hand of seven pairs.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.tiles import EAST

LOCAL_YAKUMAN = ("daisharin", "daichikurin", "daisuurin", "daichisei")
SEVEN_PAIR_SUITS = {0: "daisuurin", 9: "daisharin", 18: "daichikurin"}  # suit's first kind


def local_yakuman(counts: Sequence[int], *, is_closed: bool) -> str:
    """Return the local yakuman the concealed tiles make ("" for none).

    >>> from scoring.hand import Hand
    >>> local_yakuman(Hand.parse("22334455667788p", "5p").counts, is_closed=True)
    'daisharin'
    >>> local_yakuman(Hand.parse("11223344556677z", "7z").counts, is_closed=True)
    'daichisei'
    """
    if not is_closed or sum(counts) != 14:
        return ""
    if all(count == 2 for count in counts[EAST : EAST + 7]):
        return "daichisei"
    for start, name in SEVEN_PAIR_SUITS.items():
        if all(count == 2 for count in counts[start + 1 : start + 8]):
            return name
    return ""
