"""Views: load, validate, call one model method, render."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def home(request: HttpRequest) -> HttpResponse:
    """Show what the ledger does."""
    return render(request, "ledger/home.html")
