"""URLs of the ledger: each named after its view, with hyphens."""

from __future__ import annotations

from django.contrib import admin
from django.urls import path

from ledger import views

urlpatterns = [
    path("", views.home, name="home"),
    path("admin/", admin.site.urls),
]
