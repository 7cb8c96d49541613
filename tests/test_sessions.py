"""Starting sessions, players' pages, the home page and error pages."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from ledger import writes
from ledger.models import Player, Ruleset, Session
from tests.factories import create_session, create_user, draw, ron

pytestmark = pytest.mark.django_db
FOUR = {"east": "Aki", "south": "Bo", "west": "Chen", "north": "Dai"}


@pytest.fixture
def member(client):
    client.force_login(create_user())
    return client


def test_starting_a_session_creates_new_players_and_copies_the_rules(member):
    Player.objects.create(name="Aki")
    data = {
        **FOUR,
        "east": "aki",
        "seating": "in_order",
        "rules_choice": "preset:wrc",
        "options": '{"kiriage": false}',
    }

    response = member.post(reverse("session-new"), data)

    session = Session.objects.get()
    assert response.status_code == 302 and response["Location"] == session.get_absolute_url()
    assert [p.name for p in session.players()] == ["Aki", "Bo", "Chen", "Dai"]
    assert session.rules == {"preset": "wrc", "kiriage": False}
    assert Player.objects.count() == 4


def test_drawing_seat_winds_seats_the_same_four_players(member):
    data = {**FOUR, "seating": "draw", "rules_choice": "preset:tenhou"}

    member.post(reverse("session-new"), data)

    assert sorted(p.name for p in Session.objects.get().players()) == ["Aki", "Bo", "Chen", "Dai"]


def test_a_club_ruleset_is_copied_so_later_edits_do_not_change_the_game(member):
    ruleset = Ruleset.objects.create(name="Friday", rules={"preset": "tenhou", "kiriage": True})
    data = {**FOUR, "seating": "in_order", "rules_choice": f"ruleset:{ruleset.pk}"}

    member.post(reverse("session-new"), data)
    ruleset.rules = {"preset": "ema"}
    ruleset.save()

    session = Session.objects.get()
    assert session.rules == {"preset": "tenhou", "kiriage": True}
    assert session.ruleset == ruleset


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"north": "Aki"}, "four different people"),
        ({"options": "{nope"}, "Adjust options (JSON) is not valid JSON (line 1, character 2)."),
        ({"north": "Jose\u0301", "east": "José"}, "four different people"),
        ({"north": "Aki\u200b"}, "four different people"),
        ({"west": "\u200b"}, "This field is required"),
        ({"north": "Aki\t\x01"}, "four different people"),  # control characters dropped
        ({"west": "\x1b\x7f"}, "This field is required"),
        ({"west": "e\u0301" * 61}, "at most 60 characters (it has 61)"),  # é, typed apart
        ({"options": "[" * 100_000}, "nests too deeply"),
        ({"options": '{"x\\ud800": 1}'}, "valid Unicode text"),
        ({"options": '{"pao": ["\\ud800"]}'}, "valid Unicode text"),
        ({"options": '{"pao": ["\\u0000"]}'}, "without NUL"),
        ({"options": '{"start_points": ' + "9" * 5000 + "}"}, "number too long"),
        ({"options": "[1]"}, "must be a JSON object"),
        ({"options": '{"bogus": 1}'}, "Unknown rule option: bogus"),
        ({"options": '{"start_points": -5}'}, "start_points"),
        ({"rules_choice": "preset:nope"}, "Select a valid choice"),
        ({"east": ""}, "This field is required"),
    ],
)
def test_bad_new_session_input_is_explained_and_nothing_is_created(member, change, message):
    data = {**FOUR, "seating": "in_order", "rules_choice": "preset:wrc", **change}

    response = member.post(reverse("session-new"), data)

    assert response.status_code == 400
    assert message in response.content.decode()
    assert Session.objects.count() == 0


def test_a_name_is_measured_as_it_is_stored(member):
    long_name = "e\u0301" * 60  # 120 characters typed, 60 once each accent is composed
    data = {**FOUR, "west": long_name, "seating": "in_order", "rules_choice": "preset:wrc"}

    response = member.post(reverse("session-new"), data)

    assert response.status_code == 302
    assert Session.objects.get().players()[2].name == "\u00e9" * 60


def test_starting_a_session_needs_a_member(client):
    data = {**FOUR, "seating": "in_order", "rules_choice": "preset:wrc"}

    assert client.post(reverse("session-new"), data).status_code == 403
    assert Session.objects.count() == 0


def test_home_lists_sessions_in_progress_and_finished(client):
    create_session()
    create_session(
        names=("E", "F", "G", "H"),
        rules={"preset": "wrc", "game_length": "one_round"},
        rounds=[ron(0, 1)],
    )

    page = client.get("/").content.decode()

    assert "Aki, Bo, Chen, Dai" in page
    assert "E, F, G, H" in page


def test_player_page_lists_their_sessions_with_results(client):
    session = create_session(rules={"preset": "wrc", "game_length": "one_round"}, rounds=[draw(1)])
    player = session.players()[1]

    page = client.get(reverse("player-detail", args=[player.pk])).content.decode()

    assert reverse("session-history", args=[session.pk]) in page
    assert "31,000" in page or "32,000" in page or "+" in page


def test_players_list(client):
    create_session()

    page = client.get(reverse("player-list")).content.decode()

    assert all(name in page for name in ("Aki", "Bo", "Chen", "Dai"))


@pytest.mark.parametrize(
    "url", ["/sessions/999/", "/sessions/999/history/", "/players/999/", "/nowhere/"]
)
def test_missing_pages_are_friendly_404s(client, url):
    response = client.get(url)

    assert response.status_code == 404
    assert b"Not found" in response.content


def test_admin_lists_every_model(admin_client):
    page = admin_client.get("/admin/").content.decode()

    for name in (
        "Players",
        "Rulesets",
        "Seasons",
        "Sessions",
        "Rounds",
        "Results",
        "Audit entries",
    ):
        assert name.lower() in page.lower()


def _panel(client, choice: str) -> dict[str, object]:
    """Return the options panel's fields as a browser would post them, unchanged."""
    from ledger.forms import rules_of_choice
    from ledger.forms.rules import RulesOptionsForm
    from scoring.rules import Rules

    form = RulesOptionsForm(base=Rules.from_json(rules_of_choice(choice)[1]))
    data: dict[str, object] = {"opt-for": choice}
    for name, field in form.fields.items():
        value = form.initial[name]
        if field.widget.input_type == "checkbox" and not isinstance(value, list):
            if value:
                data[f"opt-{name}"] = "on"
        elif value is not None:
            data[f"opt-{name}"] = value
    return data


def test_options_changed_in_the_panel_are_kept_with_the_session(member):
    data = {
        **FOUR,
        "seating": "in_order",
        "rules_choice": "preset:wrc",
        **_panel(member, "preset:wrc"),
        "opt-start_points": "25000",
        "opt-game_length": "east",
    }
    data.pop("opt-kiriage")

    response = member.post(reverse("session-new"), data)

    assert response.status_code == 302
    assert Session.objects.get().rules == {
        "preset": "wrc",
        "start_points": 25000,
        "game_length": "east",
        "kiriage": False,
    }


def test_an_unchanged_panel_keeps_the_preset_as_it_is(member):
    data = {
        **FOUR,
        "seating": "in_order",
        "rules_choice": "preset:mleague",
        **_panel(member, "preset:mleague"),
    }

    member.post(reverse("session-new"), data)

    assert Session.objects.get().rules == {"preset": "mleague"}


def test_a_panel_shown_for_other_rules_is_ignored(member):
    data = {
        **FOUR,
        "seating": "in_order",
        "rules_choice": "preset:tenhou",
        **_panel(member, "preset:wrc"),
    }

    member.post(reverse("session-new"), data)

    assert Session.objects.get().rules == {"preset": "tenhou"}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"opt-uma": "a lot"}, "one number per place"),
        ({"opt-start_points": "-5"}, "Starting points must be from 100 to 1,000,000"),
        ({"opt-game_length": "forever"}, "Select a valid choice"),
        ({"opt-floating_uma": "[" * 100_000}, "at most 400 characters"),
        ({"opt-start_points": "9" * 5000}, "Enter a whole number"),
        ({"opt-floating_uma": "[[Infinity, 0, 0, 0]]"}, "JSON rows of one number per place"),
        ({"opt-floating_uma": "[[1e400, 0, 0, 0]]"}, "JSON rows of one number per place"),
        (  # the WRC returns at 30,000: first place would pay the oka
            {"opt-start_points": "50000"},
            "“Return points (target)” is below “Starting points”, so first place would pay",
        ),
    ],
)
def test_bad_panel_options_are_explained(member, change, message):
    data = {
        **FOUR,
        "seating": "in_order",
        "rules_choice": "preset:wrc",
        **_panel(member, "preset:wrc"),
        **change,
    }

    response = member.post(reverse("session-new"), data)

    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Session.objects.exists()


def test_choosing_other_rules_refreshes_the_panel(client):
    response = client.get(
        reverse("session-new"),
        {"part": "rules-options", "rules_choice": "preset:ema"},
        headers={"HX-Request": "true"},
    )

    page = response.content.decode()
    assert page.lstrip().startswith('<details id="rules-options"')
    assert 'name="opt-for" value="preset:ema"' in page
    assert 'name="opt-start_points"' in page and 'value="30000"' in page


@pytest.mark.parametrize(
    "choice", ["ruleset:²", "ruleset:999", "ruleset:", "nonsense", "ruleset:" + "9" * 5000]
)
def test_a_panel_for_unknown_rules_shows_the_club_rules(client, choice):
    response = client.get(
        reverse("session-new"),
        {"part": "rules-options", "rules_choice": choice},
        headers={"HX-Request": "true"},
    )

    assert response.status_code == 200
    assert 'name="opt-start_points"' in response.content.decode()


def test_player_page_pages_through_many_sessions(client, django_assert_max_num_queries):
    from ledger.views.players import SESSIONS_PER_PAGE

    for _ in range(SESSIONS_PER_PAGE + 3):
        session = create_session(rules={"preset": "wrc", "game_length": "one_round"})
    player = session.players()[0]

    with django_assert_max_num_queries(20):
        first = client.get(reverse("player-detail", args=[player.pk])).content.decode()
    second = client.get(reverse("player-detail", args=[player.pk]), {"page": "2"}).content.decode()
    wrong = client.get(reverse("player-detail", args=[player.pk]), {"page": "x"})

    assert "Page 1 of 2" in first and "Older sessions" in first
    assert "Page 2 of 2" in second and second.count("<tr>") >= 3
    assert wrong.status_code == 200


@pytest.mark.parametrize(
    ("language", "name"),
    [("en", "Tenhou, three players"), ("zh-hans", "天凤三麻"), ("ja", "天鳳三麻")],
)
def test_the_rules_choices_name_each_preset_in_words(member, language, name):
    member.cookies["django_language"] = language

    page = member.get(reverse("session-new")).content.decode()

    assert name in page and "tenhou_sanma<" not in page


def test_the_new_session_form_sent_twice_starts_one_session(member):
    page = member.get(reverse("session-new")).content.decode()
    request_id = re.search(r'name="request_id" value="([0-9a-f]+)"', page)[1]
    data = {**FOUR, "seating": "in_order", "rules_choice": "preset:wrc", "request_id": request_id}

    first = member.post(reverse("session-new"), data)
    again = member.post(reverse("session-new"), data)
    other = member.post(reverse("session-new"), {**data, "request_id": "another-form"})

    assert first["Location"] == again["Location"] != other["Location"]
    assert Session.objects.count() == 2


def test_the_new_session_form_sent_again_with_another_name_makes_no_new_player(member):
    data = {**FOUR, "seating": "in_order", "rules_choice": "preset:wrc", "request_id": "form-1"}

    first = member.post(reverse("session-new"), data)
    again = member.post(reverse("session-new"), {**data, "north": "Newcomer"})

    assert first["Location"] == again["Location"]
    assert not Player.objects.filter(name="Newcomer").exists()


def test_a_start_the_write_path_refuses_is_explained_on_the_form(member, monkeypatch):
    def refuse(*args, **kwargs):
        raise writes.Refused("These rules are for 3 players, not 4.")

    monkeypatch.setattr(writes, "create_session", refuse)
    data = {**FOUR, "seating": "in_order", "rules_choice": "preset:wrc", "request_id": "form-1"}

    response = member.post(reverse("session-new"), data)

    assert response.status_code == 400
    assert "These rules are for 3 players, not 4." in response.content.decode()
    assert Session.objects.count() == 0
