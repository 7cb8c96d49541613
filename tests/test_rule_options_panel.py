"""Rule options added for issue 20, through the new-session form's rules panel: each is
shown with its label and help, a change is kept with the session and read back by the
engine, and a bad value is explained in the form (never a server error)."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.urls import reverse

from ledger.models import Session
from scoring.rules import Rules
from tests.factories import create_user
from tests.test_sessions import FOUR, _panel

pytestmark = pytest.mark.django_db

# option, a value to choose in the panel (None: a checkbox left unticked), what is stored
OPTIONS = [
    ("pao_stacked", "whole_hand", "whole_hand"),
    ("leftover_sticks", "returned", "returned"),
    ("renhou", "cumulative", "cumulative"),
    ("haitei_tsumo_fu", None, False),
    ("pinfu_tsumo_fu", "on", True),
    ("all_last_draw_renchan", "on", True),
    ("counted_yakuman_stacks", "on", True),
    ("local_yakuman", ["daisharin", "daichisei"], ["daisharin", "daichisei"]),
    ("open_pinfu_fu", "20", 20),
    ("aotenjou", "on", True),
    ("open_riichi", "deal_in_yakuman", "deal_in_yakuman"),
    ("riichi_noten", "noten", "noten"),
    ("paarenchan", "on", True),
]
BAD = [
    ("pao_stacked", "all"),
    ("leftover_sticks", "owners"),
    ("renhou", "5"),
    ("local_yakuman", ["daisharin", "shiisanbudou"]),
    ("open_pinfu_fu", "25"),
    ("open_riichi", "yakuman"),
    ("riichi_noten", "penalty"),
]


@pytest.fixture
def member(client):
    client.force_login(create_user())
    return client


def _post(member, **changes):
    data = {**FOUR, "seating": "in_order", "rules_choice": "preset:club"}
    data.update(_panel(member, "preset:club"))
    for name, value in changes.items():
        if value is None:
            data.pop(f"opt-{name}", None)
        else:
            data[f"opt-{name}"] = value
    return member.post(reverse("session-new"), data)


@pytest.mark.parametrize(("name", "chosen", "stored"), OPTIONS)
def test_an_option_chosen_in_the_panel_is_kept_and_read_back(member, name, chosen, stored):
    response = _post(member, **{name: chosen})

    assert response.status_code == 302
    rules = Session.objects.get().rules
    assert rules == {"preset": "club", name: stored}
    assert Rules.from_json(rules).to_json()[name] == stored


@pytest.mark.parametrize(("name", "bad"), BAD)
def test_a_bad_option_value_is_explained_in_the_form(member, name, bad):
    response = _post(member, **{name: bad})

    assert response.status_code == 400
    assert 'class="errorlist"' in response.content.decode()
    assert not Session.objects.exists()


@pytest.mark.parametrize(("name", "chosen", "stored"), OPTIONS)
def test_the_panel_shows_the_option_with_its_label_and_help(client, name, chosen, stored):
    from ledger.forms.rules import HELP, LABELS

    page = client.get(reverse("session-new")).content.decode()

    assert f'name="opt-{name}"' in page
    assert str(LABELS[name]) in page
    if name in HELP:
        assert str(HELP[name]) in page


def test_pao_on_a_hand_without_a_pao_yakuman_is_explained_with_names():
    from ledger.engine_words import explain
    from scoring.outcome import Outcome, OutcomeError, Win
    from scoring.payments import round_transfers
    from scoring.state import GameState
    from scoring.value import HandValue

    outcome = Outcome.ron(0, Win(1, HandValue(yakuman=1), pao=3))
    hand = {"yaku": [{"name": "tsuuiisou", "han": 13}]}
    with pytest.raises(OutcomeError) as refused:
        round_transfers(
            GameState(scores=(25000,) * 4), outcome, (HandValue(yakuman=1),), Rules(), [hand]
        )

    words = explain(refused.value, ["Aki", "Bo", "Chen", "Dai"])
    assert words == (
        "Pao needs one of the yakuman these rules make liable (Daisangen, Daisuushii), "
        "and Bo’s hand has none."
    )


def test_contradictory_options_in_the_panel_are_named_by_their_labels(member):
    response = _post(member, abortive_draws=["kyuushu_kyuuhai"])

    page = response.content.decode()
    assert response.status_code == 400
    assert (
        "“Multiple ron” says a triple ron aborts, but “Abortive draws allowed” leaves out "
        "that abortive draw."
    ) in page
    assert "multiple_ron" not in page.split("errorlist", 1)[1][:300]
    assert not Session.objects.exists()


ROWS = [[0, 0, 0, 0], [12000, -1000, -3000, -8000], [8000, 4000, -4000, -8000],
        [8000, 3000, 1000, -12000], [0, 0, 0, 0]]  # fmt: skip
FLOATING = json.dumps(ROWS)


def _post_with_json(member, options: str, **changes):
    data = {**FOUR, "seating": "in_order", "rules_choice": "preset:club", "options": options}
    data.update(_panel(member, "preset:club"))
    data.update({f"opt-{name}": value for name, value in changes.items()})
    return member.post(reverse("session-new"), data)


def test_an_option_set_one_way_in_the_panel_and_another_in_the_json_box_is_refused(member):
    # QA: the JSON box won unseen (kiriage ticked in the panel, {"kiriage": false} typed)
    response = _post_with_json(member, '{"kiriage": false}', kiriage="on")

    page = html.unescape(response.content.decode())
    assert response.status_code == 400
    assert "“Kiriage mangan” is set one way in the rule options and another in the JSON box" in page
    assert not Session.objects.exists()


@pytest.mark.parametrize(
    ("options", "changes", "stored"),
    [
        ('{"kiriage": true}', {"kiriage": "on"}, {"kiriage": True}),  # the same both ways
        ('{"open_tanyao": false}', {}, {"open_tanyao": False}),  # the box alone
        # review: rows chosen in the panel read as tuples, typed as lists: never "differ"
        (f'{{"floating_uma": {FLOATING}}}', {"floating_uma": FLOATING}, {"floating_uma": ROWS}),
    ],
)
def test_the_json_box_agreeing_with_the_panel_is_taken(member, options, changes, stored):
    response = _post_with_json(member, options, **changes)

    assert response.status_code == 302
    assert Session.objects.get().rules == {"preset": "club", **stored}


def test_contradictory_rules_sent_to_the_api_are_a_clear_4xx(client):
    import json

    from ledger.models import ApiToken

    token = ApiToken.issue(create_user(username="keeper"), "scripts")[1]
    body = {
        "players": ["Aki", "Bo", "Chen", "Dai"],
        "rules": {"preset": "club", "abortive_draws": []},
    }
    response = client.post(
        "/api/v1/sessions",
        data=json.dumps(body),
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )

    assert response.status_code in (400, 422)
    error = response.json()["error"]
    assert error["code"] == "bad_rules"
    assert "Abortive draws allowed" in error["message"]  # the option, by its label


@pytest.mark.parametrize(
    ("whole", "deltas", "pao_yakuman"),
    [(False, [0, 64000, -16000, -48000], None), (True, [0, 64000, -32000, -32000], 2)],
)
def test_the_round_form_asks_whether_the_pao_yakuman_is_the_whole_hand(
    member, whole, deltas, pao_yakuman
):
    from ledger.models import Round
    from tests.factories import create_session

    session = create_session(rules={"preset": "club"})
    data = {"kind": "ron", "winners": ["1"], "loser": "3", "han_1": "Y2", "pao_1": "2"}
    if whole:
        data["pao_whole_1"] = "on"

    member.post(reverse("round-record", args=[session.pk]), data)

    saved = Round.objects.get(session=session)
    assert saved.outcome["wins"][0].get("pao_yakuman") == pao_yakuman
    assert saved.deltas == deltas


def test_the_table_offers_the_pao_part_only_where_it_matters(member):
    from tests.factories import create_session

    club = create_session(rules={"preset": "club"})
    tenhou = create_session(rules={"preset": "tenhou"})

    assert 'name="pao_whole_1"' in member.get(club.get_absolute_url()).content.decode()
    assert 'name="pao_whole_1"' not in member.get(tenhou.get_absolute_url()).content.decode()


@pytest.mark.parametrize(
    ("name", "bad", "said"),
    [
        ("start_points", "25050", "Starting points must be a positive multiple of 100"),
        ("noten_penalty", "1000", "must be a multiple of 300"),
        ("honba_value", "100", "must be a multiple of 3"),
    ],
)
def test_a_refused_option_value_is_explained_beside_its_option(member, name, bad, said):
    page = _post(member, **{name: bad}).content.decode()

    field = re.search(rf'name="opt-{name}".*?(?=name="opt-)', page, re.S).group(0)
    assert said in field  # beside the option, not above the panel
    assert f"Rules: {said}" not in page
    assert not Session.objects.exists()


def test_a_noten_penalty_that_splits_into_fifties_is_refused_in_the_tables_words(member):
    response = _post(member, noten_penalty="900")

    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    assert "“Noten penalty (total)” must split into whole hundreds" in page
    assert not Session.objects.exists()
