"""URLs of the standings pages (leaderboard, player statistics, exports)."""

from __future__ import annotations

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
