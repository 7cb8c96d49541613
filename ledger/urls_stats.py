"""URLs of the club's statistics pages (leaderboard, player statistics, exports)."""

from __future__ import annotations

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
