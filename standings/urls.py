"""URLs of the standings pages (leaderboard, player statistics, exports)."""

from __future__ import annotations

from django.urls import path

from standings import views

urlpatterns = [
    path("standings/", views.leaderboard_page, name="leaderboard"),
    path("standings/leaderboard.csv", views.leaderboard_csv, name="leaderboard-csv"),
    path("standings/leaderboard.json", views.leaderboard_json, name="leaderboard-json"),
    path("standings/club/", views.club_page, name="club-page"),
    path("standings/print/", views.print_page, name="print-page"),
    path("standings/players/<int:pk>/", views.player_stats, name="player-stats"),
    path(
        "standings/players/<int:pk>/sessions.csv",
        views.player_sessions_csv,
        name="player-sessions-csv",
    ),
    path(
        "standings/players/<int:pk>/sessions.json",
        views.player_sessions_json,
        name="player-sessions-json",
    ),
    path("standings/seasons/", views.season_list, name="season-list"),
    path("standings/seasons/<int:pk>/close/", views.season_close, name="season-close"),
    path("standings/rating/", views.rating_choice, name="rating-choice"),
]
