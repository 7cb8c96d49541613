"""The JSON API under /api/v1/ (django-ninja), described at /api/v1/openapi.json.

Paths are stable (FORMATS.md section 5). Every change goes through ``ledger.writes``,
as the pages' do; every error is ``{"error": {"code", "message"}}`` with a 4xx status.
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from ninja import NinjaAPI
from ninja.renderers import JSONRenderer

from clubnights.api import router as events
from ledger.api.errors import add_error_handlers
from ledger.api.imports import router as imports
from ledger.api.sessions import router as sessions
from ledger.api.standings import router as standings


class Renderer(JSONRenderer):
    """JSON with names as they are written (no \\u escapes)."""

    json_dumps_params = {"ensure_ascii": False}


api = NinjaAPI(
    renderer=Renderer(),
    title="Riichi ledger API",
    version="1",
    description=(
        "Sessions, rounds and standings of the club. Authenticate with a member's login "
        "(and the CSRF token for changes), or `Authorization: Bearer <token>` with a member's "
        "API token (made on the account page) or a table link's token (the link's rights). "
        "Records and replays are the game records of FORMATS.md section 3."
    ),
    urls_namespace="api",
    docs_url="/docs",
    openapi_url="/openapi.json",
)
add_error_handlers(api)
api.add_router("", sessions)
api.add_router("", standings)
api.add_router("", events)
api.add_router("", imports)


@csrf_exempt  # an address that does not exist, whatever the method: 404, not the CSRF 403
def not_found(request: HttpRequest, rest: str = "") -> JsonResponse:
    """Answer an address under /api/v1/ that no operation has, in the API's error shape."""
    message = gettext("There is nothing at this address.")
    return JsonResponse(
        {"error": {"code": "not_found", "message": message}},
        status=404,
        json_dumps_params={"ensure_ascii": False},
    )
