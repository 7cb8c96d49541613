from __future__ import annotations

import pytest
from django.utils import translation


@pytest.mark.django_db
def test_home_page_says_what_the_app_does(client):
    response = client.get("/")

    assert response.status_code == 200
    assert b"Score ledger for live riichi mahjong" in response.content
    assert b"htmx" in response.content


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "zh-hans", "ja"])
@pytest.mark.parametrize("path", ["/sessions/999999/", "/players/999999/", "/no/such/page/"])
def test_a_page_not_found_says_so_in_the_readers_language(client, language, path):
    client.cookies["django_language"] = language

    response = client.get(path)

    text = response.content.decode()
    assert response.status_code == 404
    assert (
        "matches the given query" not in text and "Resolver404" not in text and "tried" not in text
    )
    with translation.override(language):
        assert translation.gettext("There is nothing at this address.") in text


@pytest.mark.django_db
def test_a_table_link_that_leads_nowhere_keeps_its_own_message(client):
    response = client.get("/join/" + "x" * 43 + "/")

    assert response.status_code == 404
    assert "There is no table at this link." in response.content.decode()


@pytest.mark.django_db
def test_a_form_with_an_old_security_token_says_what_to_do():
    from django.test import Client

    client = Client(enforce_csrf_checks=True)

    response = client.post("/login/", {"username": "a", "password": "b"})

    text = response.content.decode()
    assert response.status_code == 403
    assert "This form is out of date" in text and "DEBUG" not in text


@pytest.mark.django_db
def test_a_forms_address_opened_as_a_page_says_what_to_do(client):
    from tests.factories import create_session

    session = create_session()

    response = client.get(f"/sessions/{session.pk}/undo/")

    assert response.status_code == 405 and response["Allow"] == "POST"
    assert "only takes a form sent from its page" in response.content.decode()
    assert "Content-Security-Policy" in response


@pytest.mark.django_db
def test_the_api_keeps_its_json_for_a_method_it_does_not_take(client):
    response = client.put("/api/v1/standings")

    assert response.status_code == 405 and response.json()["error"]["code"] == "method_not_allowed"
