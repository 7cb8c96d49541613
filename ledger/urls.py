"""URLs of the ledger: each named after its view, with hyphens."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, re_path

from ledger.api import api, not_found
from ledger.views import (
    account,
    console,
    history,
    imports,
    offline,
    players,
    sessions,
    table,
    table_link,
    take_back,
)

urlpatterns = [
    path("", sessions.home, name="home"),
    path("service-worker.js", offline.service_worker, name="service-worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("offline/scoring.zip", offline.scoring_bundle_zip, name="scoring-bundle"),
    path("offline/engine-worker.js", offline.engine_worker, name="engine-worker"),
    path("players/", players.player_list, name="player-list"),
    path("players/<int:pk>/", players.player_detail, name="player-detail"),
    path("sessions/new/", sessions.session_new, name="session-new"),
    path("sessions/import/", sessions.session_import, name="session-import"),
    path("sessions/import/logs/", imports.log_import, name="log-import"),
    path(
        "sessions/import/logs/<str:token>/", imports.log_import_confirm, name="log-import-confirm"
    ),
    path("sessions/deleted/", sessions.sessions_deleted, name="sessions-deleted"),
    path("sessions/<int:pk>/delete/", sessions.session_delete, name="session-delete"),
    path("sessions/<int:pk>/restore/", sessions.session_restore, name="session-restore"),
    path("sessions/<int:pk>/", table.session_table, name="session-table"),
    path("sessions/<int:pk>/preview/", table.round_preview, name="round-preview"),
    path("sessions/<int:pk>/rounds/", table.round_record, name="round-record"),
    path("sessions/<int:pk>/undo/", take_back.round_undo, name="round-undo"),
    path("sessions/<int:pk>/put-back/", take_back.round_put_back, name="round-put-back"),
    path("sessions/<int:pk>/riichi/", table.riichi, name="riichi"),
    path("sessions/<int:pk>/holder/", table.choose_holder, name="choose-holder"),
    path("sessions/<int:pk>/turn/", table.turn_view, name="turn-view"),
    path("sessions/<int:pk>/end/", table.end_game, name="end-game"),
    path("sessions/<int:pk>/version/", table.session_version, name="session-version"),
    path("sessions/<int:pk>/changes/", offline.session_changes, name="session-changes"),
    path("sessions/<int:pk>/record/", offline.session_record, name="session-record"),
    path("sessions/<int:pk>/console/", console.session_console, name="session-console"),
    path("console/", console.club_console, name="club-console"),
    path("console/version/", console.club_console_version, name="club-console-version"),
    path("sessions/<int:pk>/history/", history.session_history, name="session-history"),
    path("sessions/<int:pk>/rounds/<int:number>/edit/", history.round_edit, name="round-edit"),
    path(
        "sessions/<int:pk>/rounds/<int:number>/delete/", history.round_delete, name="round-delete"
    ),
    path("sessions/<int:pk>/export.json", sessions.session_export, name="session-export"),
    path("sessions/<int:pk>/table-link/", table_link.new_table_link, name="new-table-link"),
    path("join/<str:token>/", table_link.join_table, name="join-table"),
    path("account/", account.account, name="account"),
    path("account/tokens/<int:pk>/revoke/", account.token_revoke, name="token-revoke"),
    path("account/password/", account.password_change, name="password-change"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("api/v1/", api.urls),
    re_path(r"^api/v1/(?P<rest>.*)$", not_found),
    path("", include("standings.urls")),
    path("", include("clubnights.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

handler404 = "ledger.views.common.page_not_found"
handler403 = "ledger.views.common.permission_denied"
