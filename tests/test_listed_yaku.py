"""A win given as han/fu or yakuman may list its yaku and dora (the checklist's ticks,
kept for the statistics); the list must make the value stated, counted closed or open.
The engine's rule (``scoring.listed_yaku``) from the han of the yaku, and the write path
refusing a round or a correction in the players' words, storing nothing."""

from __future__ import annotations

import pytest
from django.utils import translation

from ledger import writes
from scoring.listed_yaku import agrees, listed_values
from scoring.outcome import Win
from scoring.rules import Rules
from tests.factories import create_session

NO_DORA = {"dora": 0, "aka": 0, "ura": 0}

# (yaku, dora, tsumo, han stated or yakuman as "Nx", agrees)
CASES = [
    (["riichi", "pinfu", "tanyao"], NO_DORA, False, 3, True),
    (["riichi", "pinfu", "tanyao"], NO_DORA, False, 1, False),  # 3 han listed
    (["riichi", "pinfu", "tanyao"], NO_DORA, False, 4, False),  # no dora to make 4
    (["riichi", "pinfu", "tanyao"], {**NO_DORA, "dora": 1}, False, 4, True),
    (["riichi", "pinfu", "tanyao"], None, False, 4, True),  # dora not counted: may be 1
    (["riichi", "pinfu", "tanyao"], None, False, 2, False),  # fewer than the yaku
    (["chanta"], NO_DORA, False, 2, True),  # closed
    (["chanta"], NO_DORA, False, 1, True),  # open: 1 han less
    (["chanta"], NO_DORA, False, 3, False),
    (["honitsu", "yakuhai_haku"], NO_DORA, False, 3, True),  # open 2 + 1
    (["riichi"], NO_DORA, True, 1, False),  # a closed tsumo counts menzen tsumo too
    (["riichi", "menzen_tsumo"], NO_DORA, True, 2, True),
    (["menzen_tsumo"], NO_DORA, False, 1, False),  # tsumo yaku on a ron
    (["daisangen"], None, False, "1x", True),
    (["daisangen"], None, False, "2x", False),
    (["daisangen", "tsuuiisou"], None, False, "2x", True),
    (["daisangen"], None, False, 13, False),  # a yakuman stated as han
]


def _win(yaku, dora, value):
    stated = {"yakuman": int(value[:-1])} if isinstance(value, str) else {"han": value, "fu": 30}
    data = {"winner": 0, **stated, "yaku": yaku}
    return Win.from_json(data if dora is None else {**data, "dora": dora})


@pytest.mark.parametrize(("yaku", "dora", "tsumo", "value", "expected"), CASES)
def test_listed_yaku_make_the_value_stated_closed_or_open(yaku, dora, tsumo, value, expected):
    win = _win(yaku, dora, value)

    assert agrees(win, listed_values(win, tsumo=tsumo, rules=Rules())) is expected


def test_without_open_tanyao_an_open_tanyao_makes_no_han():
    win = _win(["tanyao"], NO_DORA, 1)
    closed_only = Rules.from_json({"preset": "club", "open_tanyao": False})

    assert [value.han for value in listed_values(win, tsumo=False, rules=closed_only)] == [1]
    assert agrees(win, listed_values(win, tsumo=False, rules=closed_only))


RON = {"result": "ron", "loser": 1, "riichi": [0]}
CHEAP = {"winner": 0, "han": 1, "fu": 30, "yaku": ["riichi", "pinfu", "tanyao"], "dora": NO_DORA}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Aki’s hand is given as 1 han, but the yaku and dora listed with it make 3 han"),
        ("ja", "Akiの手牌は1翻とされていますが、挙げた役とドラでは3翻になります"),
        ("zh-hans", "Aki的手牌记为 1番，但所列的役和宝牌合计为 3番"),
    ],
)
def test_a_round_whose_yaku_make_another_value_is_refused_in_words(language, words):
    session = create_session()

    with translation.override(language), pytest.raises(writes.Refused) as refused:
        writes.record_round(session.pk, {**RON, "wins": [CHEAP]}, actor=writes.COMMAND)

    assert words in str(refused.value)
    assert "riichi" not in str(refused.value) and "yaku_" not in str(refused.value)
    assert session.rounds.count() == 0


@pytest.mark.django_db
def test_a_correction_whose_yaku_make_another_value_is_refused_and_changes_nothing():
    session = create_session(rounds=[{**RON, "wins": [{**CHEAP, "han": 3}]}])

    with pytest.raises(writes.Refused, match="make 3 han"):
        writes.replace_round(
            session.pk, 1, {**RON, "wins": [CHEAP]}, actor=writes.COMMAND, version=None
        )

    assert session.rounds.get().outcome["wins"][0]["han"] == 3


@pytest.mark.django_db
def test_a_list_no_hand_has_is_refused_with_the_checklist_reason():
    session = create_session()
    win = {"winner": 0, "han": 1, "fu": 30, "yaku": ["menzen_tsumo"], "dora": NO_DORA}

    with pytest.raises(
        writes.Refused, match="cannot be one hand: Menzen tsumo is won by tsumo, not by ron"
    ):
        writes.record_round(session.pk, {**RON, "riichi": [], "wins": [win]}, actor=writes.COMMAND)


@pytest.mark.django_db
def test_a_winner_who_declared_riichi_lists_it_among_the_yaku():
    session = create_session()
    win = {"winner": 0, "han": 2, "fu": 30, "yaku": ["pinfu", "tanyao"], "dora": NO_DORA}

    with pytest.raises(writes.Refused, match="Aki declared riichi, so Aki’s hand counts it"):
        writes.record_round(session.pk, {**RON, "wins": [win]}, actor=writes.COMMAND)

    assert session.rounds.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize(
    "win",
    [
        {"winner": 0, "han": 2, "fu": 30},
        {"winner": 0, "hand": {"hand": "234567m456p789s22z", "win": "2m"}},
    ],
    ids=["han and fu", "tiles"],
)
def test_a_riichi_winner_by_han_and_fu_or_by_tiles_is_recorded(win):
    session = create_session()

    writes.record_round(session.pk, {**RON, "wins": [win]}, actor=writes.COMMAND)

    assert session.rounds.count() == 1
    assert session.rounds.get().deltas[0] > 0
