"""URLs of the ledger: each named after its view, with hyphens."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from ledger import views
from ledger.accounts import LoginView

urlpatterns = [
    path("", views.home, name="home"),
    path("players/", views.player_list, name="player-list"),
    path("players/<int:pk>/", views.player_detail, name="player-detail"),
    path("sessions/new/", views.session_new, name="session-new"),
    path("sessions/import/", views.session_import, name="session-import"),
    path("sessions/deleted/", views.sessions_deleted, name="sessions-deleted"),
    path("sessions/<int:pk>/delete/", views.session_delete, name="session-delete"),
    path("sessions/<int:pk>/restore/", views.session_restore, name="session-restore"),
    path("sessions/<int:pk>/", views.session_table, name="session-table"),
    path("sessions/<int:pk>/preview/", views.round_preview, name="round-preview"),
    path("sessions/<int:pk>/rounds/", views.round_record, name="round-record"),
    path("sessions/<int:pk>/undo/", views.round_undo, name="round-undo"),
    path("sessions/<int:pk>/history/", views.session_history, name="session-history"),
    path("sessions/<int:pk>/rounds/<int:number>/edit/", views.round_edit, name="round-edit"),
    path("sessions/<int:pk>/rounds/<int:number>/delete/", views.round_delete, name="round-delete"),
    path("sessions/<int:pk>/export.json", views.session_export, name="session-export"),
    path("sessions/<int:pk>/table-link/", views.new_table_link, name="new-table-link"),
    path("join/<str:token>/", views.join_table, name="join-table"),
    path("login/", LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("standings.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
