"""One player per name ignoring case in every script, the same in SQLite and PostgreSQL
(``Player.name_key``), and the migration that gives the players stored before their keys."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from ledger.models import Player
from ledger.players import player_named, players_named

BEFORE = [("ledger", "0014_player_names_in_any_case")]
AFTER = [("ledger", "0016_player_name_key_unique")]
BEFORE_WIDTH = [("ledger", "0017_words_for_the_admin")]
AFTER_WIDTH = [("ledger", "0018_player_name_key_width_and_spaces")]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("first", "again"),
    [("Émile", "émile"), ("ÉMILE", "émile"), ("Ölçer", "ÖLÇER"), ("Straße", "STRASSE"),
     ("Παύλος", "ΠΑΎΛΟΣ"), ("Дмитрий", "дмитрий"), ("Ann", "ann"),
     ("Ann Lee", "Ann  Lee"), ("Ann Lee", "ann\tlee"), ("Ann Lee", "Ann\u00a0Lee"),
     ("山田 花子", "山田\u3000花子"), ("Kinachi 0", "Ｋｉｎａｃｈｉ　０")],
)  # fmt: skip
def test_a_name_typed_in_another_case_is_the_same_player(first, again):
    player = player_named(first)

    assert player_named(again) == player
    assert players_named([again])[0].name == first
    assert Player.objects.count() == 1
    with pytest.raises(IntegrityError):
        Player.objects.create(name=again)


@pytest.mark.django_db
def test_a_renamed_player_keeps_a_key_of_the_new_name():
    player = player_named("Émile")
    player.name = "Zoé"
    player.save(update_fields=["name"])

    assert player_named("ZOÉ") == player
    assert player_named("émile") != player


@pytest.mark.django_db
def test_the_admin_refuses_a_name_another_player_has_in_another_case():
    player_named("Émile")
    other = player_named("Bo")
    admin = get_user_model().objects.create_superuser("root", "r@x.org", "pw-for-tests-1")
    client = Client()
    client.force_login(admin)

    response = client.post(f"/admin/ledger/player/{other.pk}/change/", {"name": "ÉMILE"})

    assert response.status_code == 200
    assert "A player with this name already exists" in response.content.decode()
    assert Player.objects.get(pk=other.pk).name == "Bo"


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


@pytest.mark.django_db(transaction=True)
def test_players_stored_before_whose_names_share_a_key_stay_apart_and_the_first_keeps_it():
    _migrate(BEFORE)
    old = (
        MigrationExecutor(connection)
        .loader.project_state(BEFORE)
        .apps.get_model("ledger", "Player")
    )
    first = old.objects.create(name="Straße")
    second = old.objects.create(name="STRASSE")  # lower() differs: both could be stored
    other = old.objects.create(name="Bo")

    _migrate(AFTER)

    assert Player.objects.get(pk=first.pk).name_key == "strasse"
    assert Player.objects.get(pk=second.pk).name_key == f"strasse#{second.pk}"
    assert Player.objects.get(pk=other.pk).name_key == "bo"
    assert player_named("strasse").pk == first.pk
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.mark.django_db
@pytest.mark.parametrize("search", ["émile", "ÉMILE", "strasse", "STRASSE", "ωmega"])
def test_the_admin_finds_a_player_by_a_name_in_any_case(search):
    for name in ("Émile", "Straße", "Ωmega", "Bo"):
        player_named(name)
    admin = get_user_model().objects.create_superuser("root", "r@x.org", "pw-for-tests-1")
    client = Client()
    client.force_login(admin)

    page = client.get("/admin/ledger/player/", {"q": search}).content.decode()

    assert "1 result" in page and ">Bo<" not in page


@pytest.mark.django_db
def test_a_name_is_stored_with_single_spaces():
    assert player_named("  Ann \u3000\t Lee ").name == "Ann Lee"


FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # one emoji: three joined


@pytest.mark.django_db
def test_a_name_keeps_the_joiners_of_an_emoji_and_finds_its_older_spelling():
    older = Player.objects.create(name="\U0001f468\U0001f469\U0001f467 Fam")  # joiners lost

    assert player_named(f"{FAMILY} Fam") == older
    assert player_named(f"{FAMILY} Kid").name == f"{FAMILY} Kid"


@pytest.mark.django_db(transaction=True)
def test_players_whose_names_differ_in_width_or_spaces_stay_apart_and_the_first_keeps_it():
    _migrate(BEFORE_WIDTH)
    old = (
        MigrationExecutor(connection)
        .loader.project_state(BEFORE_WIDTH)
        .apps.get_model("ledger", "Player")
    )
    made = {}
    for name, key in [("Ann Lee", "ann lee"), ("Ann  Lee", "ann  lee"), ("Ｋｉｎａ", "ｋｉｎａ"),
                      ("Kina", "kina"), ("Solo  Name", "solo  name")]:  # fmt: skip
        made[name] = old.objects.create(name=name, name_key=key).pk

    _migrate(AFTER_WIDTH)

    found = {each.pk: (each.name, each.name_key) for each in Player.objects.all()}
    assert found[made["Ann Lee"]] == ("Ann Lee", "ann lee")
    assert found[made["Ann  Lee"]] == ("Ann  Lee", f"ann lee#{made['Ann  Lee']}")
    assert found[made["Ｋｉｎａ"]] == ("Ｋｉｎａ", "kina")
    assert found[made["Kina"]] == ("Kina", f"kina#{made['Kina']}")
    assert found[made["Solo  Name"]] == ("Solo Name", "solo name")
    assert player_named("KINA").pk == made["Ｋｉｎａ"]
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.mark.django_db
def test_an_older_namesake_keeps_its_own_key_when_saved_again():
    first = player_named("Kina")
    Player.objects.bulk_create([Player(name="Ｋｉｎａ", name_key="placeholder")])  # no save()
    second = Player.objects.get(name="Ｋｉｎａ")
    Player.objects.filter(pk=second.pk).update(name_key=f"kina#{second.pk}")  # as migrated
    second.refresh_from_db()
    second.user = get_user_model().objects.create_user("kina2", password="pw-for-tests-1")

    second.save()

    assert Player.objects.get(pk=second.pk).name_key == f"kina#{second.pk}"
    assert player_named("kina") == first


@pytest.mark.django_db
def test_the_player_list_puts_kana_names_in_gojuon_order_whatever_the_script(client):
    for name in ("さとう", "サイトウ", "ゴトウ", "あべ", "Bo", "ｲﾏｲ"):
        player_named(name)
    client.force_login(get_user_model().objects.create_user("member", password="pw-for-tests-1"))

    page = client.get("/players/").content.decode()

    names = ["Bo", "あべ", "ｲﾏｲ", "ゴトウ", "サイトウ", "さとう"]  # a, i, ko, sa-i, sa-to
    assert sorted(names, key=page.index) == names
