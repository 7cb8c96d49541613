"""Entering a winning hand as tiles on the table page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from ledger.forms import RoundForm
from tests.factories import NAMES, create_session, create_user

pytestmark = pytest.mark.django_db
FORMATS_HAND = {
    "kind": "ron",
    "winners": ["1"],
    "loser": "2",
    "tiles_1": "234m406p789s22z",
    "win_tile_1": "2z",
    "melds_1": "pon 777z",
}


def _form(data):
    form = RoundForm(data, names=list(NAMES))
    form.is_valid()
    return form


def test_tiles_become_the_hand_object_of_the_record():
    form = _form({**FORMATS_HAND, "dora": "1m", "flags_1": ["haitei"]})

    assert form.cleaned_data["outcome"]["wins"] == [
        {
            "winner": 1,
            "hand": {
                "hand": "234m406p789s22z",
                "win": "2z",
                "melds": [{"kind": "pon", "tiles": "777z"}],
                "dora": "1m",
                "haitei": True,
            },
        }
    ]


def test_double_riichi_does_not_also_claim_riichi():
    form = _form(
        {
            **FORMATS_HAND,
            "melds_1": "",
            "tiles_1": "234m406p789s22777z",
            "flags_1": ["double_riichi"],
        }
    )

    hand = form.cleaned_data["outcome"]["wins"][0]["hand"]
    assert hand["double_riichi"] is True and hand["riichi"] is False


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"tiles_1": "234m406p789s2z"}, "Tiles of Bo"),
        ({"tiles_1": "234x"}, "Tiles of Bo"),
        ({"win_tile_1": "5z"}, "Tiles of Bo"),
        ({"win_tile_1": " "}, "Enter the winning tile of Bo."),
        ({"melds_1": "pon 778z"}, "Melds of Bo"),
        ({"melds_1": "triple 777z"}, "Melds of Bo"),
        ({"dora": "9q"}, "Tiles of Bo"),
    ],
)
def test_bad_tiles_are_explained(change, message):
    form = _form({**FORMATS_HAND, **change})

    assert not form.is_valid()
    assert message in " ".join(form.non_field_errors())


def test_a_hand_entered_as_tiles_is_scored_when_recorded(client):
    client.force_login(create_user())
    session = create_session(rules={"preset": "tenhou"})

    client.post(reverse("round-record", args=[session.pk]), FORMATS_HAND)

    assert session.rounds.get().deltas == [0, 2000, -2000, 0]


def test_the_table_page_offers_the_tile_picker(client):
    client.force_login(create_user())
    session = create_session()

    page = client.get(reverse("session-table", args=[session.pk])).content.decode()

    assert "Enter the hand as tiles instead" in page
    assert 'data-tile="0m"' in page and 'data-tile="7z"' in page


def test_a_double_riichi_hand_recorded_with_the_round_riichi_scores(client):
    client.force_login(create_user())
    session = create_session(rules={"preset": "tenhou"})
    data = {
        **FORMATS_HAND,
        "melds_1": "",
        "tiles_1": "234m406p789s22777z",
        "flags_1": ["double_riichi"],
        "riichi": ["1"],
    }

    response = client.post(reverse("round-record", args=[session.pk]), data)

    assert response.status_code == 302, response.content.decode()[-800:]
    round_ = session.rounds.get()
    assert round_.deltas[1] > 0 and round_.deltas[2] < 0


def test_the_two_han_minimum_does_not_count_dora_for_hands_from_tiles():
    from scoring.errors import ScoringError
    from scoring.game import replay

    hand = {"hand": "234m406p789s22777z", "win": "2z", "dora": "1z"}  # 1 han chun + dora
    rounds = [{"result": "draw", "tenpai": [0], "riichi": []}] * 2 + [
        {"result": "ron", "loser": 2, "wins": [{"winner": 1, "hand": hand}], "riichi": []}
    ]
    rules = {"preset": "tenhou", "two_han_minimum_honba": 2}

    with pytest.raises(ScoringError, match="2 han"):
        replay({"rules": rules, "rounds": rounds})
    assert replay({"rules": {**rules, "two_han_minimum_honba": 0}, "rounds": rounds})
