"""Random and hostile input to every mutating endpoint: never a 500, and a refusal
(4xx) leaves the database exactly as it was."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.models import AuditEntry, Player, Result, Round, Session
from tests.factories import create_session, create_user, draw, ron

pytestmark = pytest.mark.django_db
HOSTILE = [
    "",
    "-1",
    "4",
    "99999999999999999999999",
    "1e309",
    "NaN",
    "0x10",
    " 1 ",
    "１",
    "'; DROP TABLE ledger_round; --",
    "<script>alert(1)</script>",
    "\x00",
    "Y99",
    "Y0",
    "ron",
    "tsumo",
    "draw",
    "abort",
    "chombo",
    "kyuushu_kyuuhai",
    "preset:wrc",
    "ruleset:999",
    "ruleset:¹",
    "²",
    '{"preset": "wrc"}',
    '{"kiriage": "yes"}',
    "[]",
    "null",
    "ｐｏｎ 777z",
    "pon 777z",
    "123m456p789s11z",
    "5z",
    "🀄",
    "a" * 300,
]
FIELDS = [
    "kind",
    "loser",
    "winner",
    "winners",
    "chombo_player",
    "reason",
    "riichi",
    "tenpai",
    "nagashi",
    "note",
    "han",
    "fu",
    "pao",
    "dora",
    "ura",
    "expected_number",
    "request_id",
    "number",
    *[
        f"{name}_{seat}"
        for name in ("han", "fu", "pao", "tiles", "win_tile", "melds", "flags")
        for seat in (-1, 0, 1, 3, 4)
    ],
    "tiles",
    "win_tile",
    "melds",
    "flags",
    "east",
    "south",
    "west",
    "north",
    "seating",
    "rules_choice",
    "options",
    "season",
    "table_name",
    "username",
    "password",
    "bogus",
]
values = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=40), st.integers().map(str))
forms = st.dictionaries(
    st.sampled_from(FIELDS), st.one_of(values, st.lists(values, max_size=5)), max_size=14
)
RECORD_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10) | st.sampled_from(HOSTILE),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "rules",
                    "players",
                    "rounds",
                    "result",
                    "wins",
                    "winner",
                    "loser",
                    "han",
                    "fu",
                    "yakuman",
                    "hand",
                    "riichi",
                    "tenpai",
                    "penalties",
                    "player",
                    "points",
                    "preset",
                    "reason",
                    "pao",
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=20,
)
FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def _snapshot() -> tuple:
    return (
        list(Session.objects.order_by("pk").values_list("pk", "status", "deleted_at", "token")),
        list(Round.objects.order_by("pk").values_list("pk", "number", "outcome", "deltas")),
        Player.objects.count(),
        Result.objects.count(),
        AuditEntry.objects.count(),
    )


def _check(response, before: tuple) -> None:
    assert response.status_code < 500
    if response.status_code >= 400:
        assert response.content.strip(), "a refusal says why"
        assert _snapshot() == before


@pytest.fixture
def table(client):
    client.force_login(create_user())
    session = create_session(rules={"preset": "tenhou"}, rounds=[ron(0, 1), draw(2)])
    return client, session


def _urls(session: Session) -> list[str]:
    pk = session.pk
    return [
        reverse("round-record", args=[pk]),
        reverse("round-preview", args=[pk]),
        reverse("round-undo", args=[pk]),
        reverse("round-edit", args=[pk, 1]),
        reverse("round-edit", args=[pk, 2]),
        reverse("round-delete", args=[pk, 2]),
        reverse("session-new"),
        reverse("new-table-link", args=[pk]),
        reverse("login"),
    ]


@FUZZ
@given(data=forms, which=st.integers(min_value=0, max_value=8), htmx=st.booleans())
def test_random_forms_never_break_an_endpoint(table, data, which, htmx):
    client, session = table
    before = _snapshot()
    headers = {"HX-Request": "true"} if htmx else {}

    response = client.post(_urls(session)[which], data, headers=headers)

    _check(response, before)


@FUZZ
@given(body=st.binary(max_size=200), which=st.integers(min_value=0, max_value=8))
def test_raw_bytes_and_bad_encodings_are_refused_cleanly(table, body, which):
    client, session = table
    before = _snapshot()

    response = client.generic(
        "POST", _urls(session)[which], body, content_type="application/x-www-form-urlencoded"
    )

    _check(response, before)


@FUZZ
@given(record=RECORD_JSON)
def test_random_game_records_are_rejected_whole(table, record):
    client, _ = table
    before = _snapshot()
    upload = SimpleUploadedFile("record.json", json.dumps(record).encode())

    response = client.post(reverse("session-import"), {"file": upload})

    _check(response, before)


@pytest.mark.parametrize("which", range(9))
def test_a_megabyte_string_is_refused(table, which):
    client, session = table
    before = _snapshot()

    response = client.post(
        _urls(session)[which], {"note": "x" * 1_000_000, "tiles_0": "1" * 1_000_000}
    )

    _check(response, before)


@pytest.mark.parametrize(
    "path",
    [
        "/sessions/-1/",
        "/sessions/99999999999999999999999/",
        "/sessions/1/rounds/0/edit/",
        "/sessions/1/rounds/99999999999/edit/",
        "/join/%00/",
        "/join/" + "a" * 2000 + "/",
        "/players/abc/",
        "/sessions/1/export.json?x=%ff",
    ],
)
def test_hostile_urls_are_clean_4xx(table, path):
    client, _ = table

    assert client.get(path).status_code in (200, 404)
