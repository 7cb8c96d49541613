"""A page for an address visited with a method it does not take (a bookmarked or
reloaded form address, opened as a page): Django answers such a request with an empty
405; a person gets a page that says what happened. The API keeps its JSON answers."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext

from ledger.api.middleware import API_PREFIX


class MethodNotAllowedPage:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 405 or response.content or request.path.startswith(API_PREFIX):
            return response
        message = gettext(
            "This address only takes a form sent from its page: go back to the page and use "
            "its button."
        )
        page = render(request, "400.html", {"message": message}, status=405)
        page["Allow"] = response["Allow"]
        return page
