"""URLs of events: each named after its view, with hyphens."""

from __future__ import annotations

from django.urls import path

from clubnights import views

urlpatterns = [
    path("events/", views.event_list, name="event-list"),
    path("events/<int:pk>/", views.event_detail, name="event-detail"),
    path("events/<int:pk>/checkins/", views.event_check_in, name="event-check-in"),
    path(
        "events/<int:pk>/checkins/<int:player>/leave/",
        views.event_check_out,
        name="event-check-out",
    ),
    path("events/<int:pk>/draw/", views.event_draw, name="event-draw"),
    path("events/<int:pk>/finish/", views.event_finish, name="event-finish"),
    path("events/<int:pk>/seating/", views.event_seating, name="event-seating"),
    path("events/<int:pk>/version/", views.event_version, name="event-version"),
    path("events/<int:pk>/sheet/", views.event_sheet, name="event-sheet"),
    path("events/<int:pk>/results.csv", views.event_results_csv, name="event-results-csv"),
    path("events/<int:pk>/records.json", views.event_records, name="event-records"),
    path("checkin/<str:token>/", views.event_checkin, name="event-checkin"),
]
