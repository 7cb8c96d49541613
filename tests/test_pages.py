from __future__ import annotations

import pytest


@pytest.mark.django_db
def test_home_page_says_what_the_app_does(client):
    response = client.get("/")

    assert response.status_code == 200
    assert b"Score ledger for live riichi mahjong" in response.content
    assert b"htmx" in response.content
