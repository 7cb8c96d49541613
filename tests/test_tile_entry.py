"""Entering a winning hand as tiles on the table page: the fields the tile taps fill
build the hand object of FORMATS.md section 2, and the preview reads it."""

from __future__ import annotations

import html
import re

import pytest
from django.http import QueryDict
from django.urls import reverse
from django.utils import translation

from ledger.forms import RoundForm
from ledger.forms.tiles import format_melds, parse_melds
from ledger.words import run_words, tile_words
from tests.factories import NAMES, create_session, create_user, ron

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
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


def _hand(data):
    form = _form(data)
    assert form.is_valid(), form.errors
    return form.cleaned_data["outcome"]["wins"][0]["hand"]


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


# What the tile taps write into the fields (tiles.js writes MPSZ as the engine does:
# sorted, one suit letter per run, a red five before its plain fives), and the hand made.
TAPPED = [
    (
        {"tiles_1": "234m406p789s22z", "win_tile_1": "2z", "melds_1": "pon 777z", "dora": "1m"},
        {"hand": "234m406p789s22z", "win": "2z", "melds": [{"kind": "pon", "tiles": "777z"}],
         "dora": "1m"},
    ),
    (
        {"tiles_1": "55m789s222z", "win_tile_1": "5m", "melds_1": "chi 406p, chi 123m"},
        {"hand": "55m789s222z", "win": "5m",
         "melds": [{"kind": "chi", "tiles": "406p"}, {"kind": "chi", "tiles": "123m"}]},
    ),
    (
        {"tiles_1": "234m567p22z", "win_tile_1": "7p", "melds_1": "ankan 1111z, ankan 0555s",
         "dora": "3z9p", "ura": "1p", "flags_1": ["double_riichi"]},
        {"hand": "234m567p22z", "win": "7p",
         "melds": [{"kind": "ankan", "tiles": "1111z"}, {"kind": "ankan", "tiles": "0555s"}],
         "dora": "3z9p", "ura": "1p", "double_riichi": True, "riichi": False},
    ),
]  # fmt: skip


@pytest.mark.parametrize(("fields", "hand"), TAPPED)
def test_the_tapped_fields_build_the_hand_object(fields, hand):
    assert _hand({**FORMATS_HAND, **fields}) == hand


@pytest.mark.parametrize(
    "text", ["pon 777z", "chi 406p, chi 123m", "ankan 1111z, kan 0555s, kakan 9999m", ""]
)
def test_melds_text_round_trips(text):
    assert format_melds(parse_melds(text, "Bo")) == text


def test_melds_are_read_in_any_order_and_spacing_and_written_in_mpsz():
    melds = parse_melds(" PON 7z7z7z ; chi 3m1m2m ", "Bo")

    assert format_melds(melds) == "pon 777z, chi 123m"


@pytest.mark.parametrize(("fields", "hand"), TAPPED)
def test_a_stored_hand_fills_the_fields_that_build_it_again(fields, hand):
    outcome = {"result": "ron", "loser": 2, "wins": [{"winner": 1, "hand": hand}]}
    initial = RoundForm.initial_from(outcome)
    data = {key: value for key, value in initial.items() if value not in (None, "", [])}

    assert _hand({**data, "kind": "ron", "winners": ["1"], "loser": "2"}) == hand


def test_the_indicators_posted_from_several_tile_panels_are_the_first_given():
    data = QueryDict(mutable=True)
    data.update(FORMATS_HAND)
    data.setlist("winners", ["1"])
    data.setlist("dora", ["", "1m", "1m", ""])
    data.setlist("ura", ["", ""])

    hand = _hand(data)

    assert hand["dora"] == "1m" and "ura" not in hand


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
        ({"tiles_1": "234m406p789s2z"}, "Tiles of Bo: 10 of 11 tiles"),
        ({"tiles_1": "234x"}, 'Tiles of Bo: "234x": "x" is not a digit or a suit letter'),
        ({"win_tile_1": "5z"}, "Tiles of Bo: the winning tile (White dragon) is not among"),
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


def _page(client, session, **query):
    client.force_login(create_user())
    return client.get(reverse("session-table", args=[session.pk]), query).content.decode()


def test_the_table_page_carries_one_tile_picker_with_faces_named_in_words(client):
    page = _page(client, create_session(rules={"preset": "tenhou"}), kind="ron")

    assert page.count("data-tile-picker") == 1  # shared by the five tile panels
    assert page.count("data-tile-entry") == 5
    key = re.search(r'<button[^>]*data-tile="0p"[^>]*>.*?</button>', page).group()
    assert 'aria-label="red 5 of circles"' in key and "ledger/tiles/0p.svg" in key
    assert 'aria-label="White dragon"' in page and 'data-run="406p"' in page
    assert 'data-tile-mode="ankan"' in page and 'aria-pressed="true"' in page


def test_the_picker_has_no_red_fives_where_the_rules_play_none(client):
    page = _page(client, create_session(rules={"preset": "wrc"}))

    assert 'data-tile="5p"' in page and 'data-tile="0p"' not in page
    assert 'data-run="406p"' not in page


def test_each_tile_panel_fills_the_fields_the_form_reads(client):
    page = _page(client, create_session())

    for name in ("tiles_2", "win_tile_2", "melds_2", "tiles", "win_tile", "melds"):
        assert f'name="{name}"' in page
    assert page.count('name="dora"') == 5 and page.count('name="ura"') == 5


def test_special_wins_are_chips_for_the_way_the_hand_won(client):
    page = _page(client, create_session())
    ron_panel = page[page.index('name="flags_1"') - 2000 : page.index('name="tiles_1"')]
    tsumo_panel = page[page.index('name="flags"') - 2000 : page.index('name="tiles"')]

    assert 'value="houtei"' in ron_panel and 'value="haitei"' not in ron_panel
    assert 'value="haitei"' in tsumo_panel and 'value="houtei"' not in tsumo_panel
    assert 'class="choice"><input type="checkbox" name="flags_1"' in page


def test_the_edit_page_has_the_table_page_tile_panels(client):
    client.force_login(create_user())
    session = create_session(rounds=[ron(1, 2)])

    page = client.get(reverse("round-edit", args=[session.pk, 1])).content.decode()

    assert page.count("data-tile-picker") == 1 and page.count('name="dora"') == 5
    assert "ledger/tiles.css" in page


def _preview(client, session, **change):
    url = reverse("round-preview", args=[session.pk])
    response = client.post(url, {**FORMATS_HAND, **change}, headers=HTMX)
    return re.sub(r"\s+", " ", response.content.decode())


def test_a_correction_preview_names_the_later_round_it_makes_impossible(client):
    south_only = {
        "hand": "23455m456p789s",
        "win": "2m",
        "melds": [{"kind": "pon", "tiles": "222z"}],
    }
    rounds = [ron(1, 0), {"result": "ron", "loser": 3, "wins": [{"winner": 2, "hand": south_only}],
                          "riichi": []}]  # fmt: skip  # East 2: south is Chen's seat wind
    session = create_session(rules={"preset": "tenhou"}, rounds=rounds)
    dealer_wins = {"kind": "ron", "winners": ["0"], "loser": "1", "tiles_0": "234m406p789s22z",
                   "win_tile_0": "2z", "melds_0": "pon 777z"}  # fmt: skip
    url = reverse("round-preview", args=[session.pk])

    response = client.post(f"{url}?number=1", dealer_wins, headers=HTMX)

    # Aki keeps the deal: round 2 is East 1 again, where Chen sits west and has no yaku
    preview = html.unescape(re.sub(r"\s+", " ", response.content.decode()))
    assert "After this change, round 2 (East 1): This hand has no yaku" in preview
    assert "Aki:" not in preview
    assert session.outcomes() == rounds


def test_the_preview_reads_a_hand_entered_as_tiles(client):
    session = create_session(rules={"preset": "tenhou"})

    preview = _preview(client, session, dora="1m")

    assert "Chen pays Bo 3,900" in preview
    assert "Bo: Yakuhai: chun + dora 2 = 3 han 30 fu" in preview


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"tiles_1": "234m406p789s23z", "win_tile_1": "3z"},
         "Bo: Not a winning hand: the tiles are not four sets and a pair"),
        ({"melds_1": "chi 789p", "tiles_1": "234m406p789s22z"},
         "Bo: Not a winning hand: it has no yaku"),
        ({"flags_1": ["ippatsu"]}, "Bo: Ippatsu needs riichi or double riichi."),
        ({"tiles_1": "234m406p78s"}, "Tiles of Bo: 8 of 11 tiles"),
        ({"win_tile_1": ""}, "Enter the winning tile of Bo."),
    ],
)  # fmt: skip
def test_the_preview_says_why_tiles_are_not_a_winning_hand(client, change, reason):
    session = create_session(rules={"preset": "tenhou"})

    preview = _preview(client, session, **change)

    assert f'class="errorlist">{reason}' in preview
    assert session.rounds.count() == 0


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("en", ["3 of circles", "red 5 of bamboo", "East wind", "White dragon", "4-red 5-6 of circles"]),
        ("zh-hans", ["3筒", "红5条", "东风", "白板", "4-红5-6筒"]),
        ("ja", ["3筒", "赤5索", "東", "白", "4-赤5-6筒"]),
    ],
)  # fmt: skip
def test_tiles_are_named_in_words_in_each_language(language, names):
    with translation.override(language):
        shown = [tile_words(t) for t in ("3p", "0s", "1z", "5z")] + [run_words("406p")]

    assert shown == names


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


def test_tiles_are_named_as_their_drawn_faces_are_titled():
    import xml.etree.ElementTree as ET
    from pathlib import Path

    faces = Path(__file__).resolve().parents[1] / "static" / "ledger" / "tiles"
    codes = [f"{d}{suit}" for suit in "mps" for d in "0123456789"] + [f"{d}z" for d in "1234567"]

    for code in codes:
        title = ET.parse(faces / f"{code}.svg").find("{http://www.w3.org/2000/svg}title").text
        assert title == f"{tile_words(code)} ({code})"


def test_a_double_riichi_ticked_on_the_hand_alone_puts_down_the_winners_stick():
    form = _form(
        {
            **FORMATS_HAND,
            "melds_1": "",
            "tiles_1": "234m406p789s22777z",
            "flags_1": ["double_riichi"],
        }
    )

    assert form.cleaned_data["outcome"]["riichi"] == [1]
