"""Answers under /api/v1/ that Django or django-ninja give as plain pages (a method the
path does not take, a body too large, a server error) come back in the API's error shape."""

from __future__ import annotations

import json
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext

API_PREFIX = "/api/v1/"


def _message(status: int) -> tuple[str, str]:
    known = {
        400: ("bad_request", gettext("The request could not be read.")),
        403: ("forbidden", gettext("Not allowed.")),
        404: ("not_found", gettext("There is nothing at this address.")),
        405: ("method_not_allowed", gettext("This address does not take that method.")),
        413: ("too_large", gettext("The request is too large.")),
        429: ("too_many", gettext("Too many requests; try again later.")),
    }
    return known.get(status, ("server_error", gettext("Something went wrong on the server.")))


class ApiErrorsMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not request.path.startswith(API_PREFIX) or response.status_code < 400:
            return response
        if response.get("Content-Type", "").startswith("application/json"):
            return response
        code, message = _message(response.status_code)
        answer = HttpResponse(
            json.dumps({"error": {"code": code, "message": message}}, ensure_ascii=False),
            status=response.status_code,
            content_type="application/json; charset=utf-8",
        )
        if "Allow" in response:
            answer["Allow"] = response["Allow"]
        return answer
