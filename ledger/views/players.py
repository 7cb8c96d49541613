"""The club's players and each player's sessions."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from ledger.models import Player, Result, SessionSeat
from ledger.players import alphabetical

SESSIONS_PER_PAGE = 50


def player_list(request: HttpRequest) -> HttpResponse:
    """List the club's players by name, ignoring case and accents ("kinji.s" before "Late
    Larry", "Émile" before "Zoë")."""
    players = sorted(Player.objects.all(), key=alphabetical)
    return render(request, "ledger/player_list.html", {"players": players})


def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """Show a player's sessions with their place and result."""
    player = get_object_or_404(Player, pk=pk)
    seats = (
        SessionSeat.objects.filter(player=player, session__deleted_at__isnull=True)
        .select_related("session")
        .prefetch_related(
            "session__seats__player",
            Prefetch(
                "session__results", queryset=Result.objects.filter(player=player), to_attr="mine"
            ),
        )
        .order_by("-session__started_at", "-session__pk")
    )
    page = Paginator(seats, SESSIONS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "ledger/player_detail.html", {"player": player, "seats": page})
