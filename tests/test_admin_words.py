"""The admin speaks the staff's language: every name it shows of our models, their fields,
columns and apps is marked for translation, and every page of it opens in Japanese."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.admin.utils import label_for_field
from django.contrib.auth import get_user_model
from django.db.models import Model
from django.test import RequestFactory
from django.urls import reverse
from django.utils.functional import Promise

from clubnights import service
from ledger import writes
from ledger.models import ApiToken, OnlineName, Ruleset, Season
from tests.factories import create_session, create_user, ron

OUR_APPS = ("ledger", "clubnights", "standings")
REGISTERED = [model for model in admin.site._registry if model._meta.app_label in OUR_APPS]
INLINED = [inline.model for model in REGISTERED for inline in admin.site._registry[model].inlines]
SHOWN = list(dict.fromkeys([*REGISTERED, *INLINED]))  # every model of ours the admin shows
ONE_ROUND = {"preset": "wrc", "game_length": "one_round"}


def _label(model: type[Model]) -> str:
    return model._meta.label


def _unmarked(*words: tuple[str, Any]) -> list[str]:
    """Return the names of the words that are not lazy translations."""
    return [name for name, text in words if not isinstance(text, Promise)]


@pytest.fixture
def superuser() -> Any:
    return get_user_model().objects.create_superuser("boss", password="pw-for-tests-1")


@pytest.fixture
def ja_client(client, superuser):
    client.force_login(superuser)
    client.cookies["django_language"] = "ja"
    return client


@pytest.fixture
def every_row() -> None:
    """Make a row of every model the admin registers (a finished game, its seats, rounds,
    results and audit trail; an event with a drawn round; a ruleset, season, online name
    and API token)."""
    game = create_session(rules=ONE_ROUND, rounds=[ron(1, 0)])
    Ruleset.objects.create(name="Club", rules={"preset": "club"})
    Season.objects.create(name="Spring", starts_on="2026-03-01")
    OnlineName.objects.create(site="tenhou", name="aki_t", player=game.players()[0])
    ApiToken.issue(create_user(), "laptop")
    event = service.create_event(service.NewEvent(name="Friday", rules={"preset": "club"}))
    for name in ("Aki", "Bo", "Chen", "Dai"):
        service.check_in(event.pk, name=name)
    service.draw_round(event.pk, actor=writes.Actor(via="command"), rng=random.Random(1))


@pytest.mark.parametrize("model", SHOWN, ids=_label)
def test_every_name_the_admin_shows_of_a_model_is_marked_for_translation(model):
    opts = model._meta
    fields = [field for field in opts.concrete_fields if not field.auto_created]
    words = [
        ("verbose_name", opts.verbose_name),
        ("verbose_name_plural", opts.verbose_name_plural),
        *((field.name, field.verbose_name) for field in fields),
        *((f"{field.name} help_text", field.help_text) for field in fields if field.help_text),
    ]

    assert _unmarked(*words) == []


@pytest.mark.parametrize("model", REGISTERED, ids=_label)
def test_every_column_header_of_the_admin_is_marked_for_translation(model):
    model_admin = admin.site._registry[model]
    columns = [name for name in model_admin.list_display if name != "__str__"]
    words = [(name, label_for_field(name, model, model_admin)) for name in columns]

    assert _unmarked(*words) == []


@pytest.mark.parametrize("label", OUR_APPS)
def test_our_app_names_are_marked_for_translation(label):
    assert isinstance(apps.get_app_config(label).verbose_name, Promise)


@pytest.mark.django_db
def test_the_admin_index_opens_in_japanese(ja_client):
    page = ja_client.get(reverse("admin:index"))

    assert page.status_code == 200
    assert 'lang="ja"' in page.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("model", REGISTERED, ids=_label)
def test_every_admin_page_of_a_model_opens_in_japanese(ja_client, superuser, every_row, model):
    opts = model._meta
    name = f"admin:{opts.app_label}_{opts.model_name}"
    request = RequestFactory().get("/admin/")
    request.user = superuser
    row = model._default_manager.first()
    assert row is not None  # made by every_row

    changelist = ja_client.get(reverse(f"{name}_changelist"))
    change = ja_client.get(reverse(f"{name}_change", args=[row.pk]))
    add = ja_client.get(reverse(f"{name}_add"))

    assert changelist.status_code == 200
    assert 'lang="ja"' in changelist.content.decode()
    assert change.status_code == 200
    may_add = admin.site._registry[model].has_add_permission(request)
    assert add.status_code == (200 if may_add else 403)


@pytest.mark.django_db
def test_the_admin_index_no_longer_says_audit_entrys(ja_client):
    japanese = ja_client.get(reverse("admin:index")).content.decode()
    ja_client.cookies["django_language"] = "en"
    english = ja_client.get(reverse("admin:index")).content.decode()

    assert "Audit entrys" not in japanese and "Api tokens" not in japanese
    assert "Audit entries" in english and "API tokens" in english


@pytest.mark.django_db
def test_a_seasons_fields_are_named_in_plain_words(ja_client):
    ja_client.cookies["django_language"] = "en"

    page = ja_client.get(reverse("admin:ledger_season_add")).content.decode()

    assert "Games needed to be listed" in page and "Starts on" in page
    assert "Min games" not in page and "Is closed" not in page


@pytest.mark.django_db
def test_results_and_changes_have_readable_titles():
    from ledger.models import AuditEntry, Result
    from tests.factories import create_session, ron

    session = create_session(rules={"preset": "wrc", "game_length": "one_round"},
                             rounds=[ron(1, 0)])  # fmt: skip

    assert str(Result.objects.filter(session=session).first()).endswith(str(session))
    assert str(AuditEntry.objects.filter(session=session).first()) == f"{session} #1"
    assert "object (" not in str(Result.objects.first())


@pytest.mark.django_db
def test_rows_are_titled_in_the_staffs_language(every_row):
    from django.utils import translation

    from clubnights.models import EventRound, EventTable
    from ledger.models import Round, SessionSeat

    with translation.override("ja"):
        titles = [
            str(Round.objects.first()),
            str(SessionSeat.objects.order_by("seat").first()),
            str(EventRound.objects.first()),
            str(EventTable.objects.first()),
        ]

    assert titles[0] == "1局目 (東1局)"
    assert titles[1].endswith("(東)")
    assert titles[2] == "Friday · 第1回戦"
    assert titles[3] == "Friday · 第1回戦 · 卓1"
    assert not any(word in " ".join(titles) for word in ("round", "seat", "table"))
