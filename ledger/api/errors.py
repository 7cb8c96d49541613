"""Every API error as ``{"error": {"code": ..., "message": ...}}`` with a 4xx status."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError

from ledger.writes import Stale, WriteError


class ApiError(Exception):
    """An answer with an error status, a code and a message in the caller's words."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}, **extra}


Answer = Callable[..., HttpResponse]  # (request, status, code, message, **extra)


def add_error_handlers(api: NinjaAPI) -> None:
    """Answer every failure in the API's error shape (never Django's HTML pages)."""

    def answer(
        request: HttpRequest, status: int, code: str, message: str, **extra: Any
    ) -> HttpResponse:
        return api.create_response(request, error_body(code, message, **extra), status=status)

    _add_refusal_handlers(api, answer)
    _add_unreadable_request_handlers(api, answer)


def _add_refusal_handlers(api: NinjaAPI, answer: Answer) -> None:
    """A request refused: by the API, the write path, the schema, or for who sends it."""

    @api.exception_handler(ApiError)
    def api_error(request: HttpRequest, error: ApiError) -> HttpResponse:
        return answer(request, error.status, error.code, error.message)

    @api.exception_handler(WriteError)
    def write_error(request: HttpRequest, error: WriteError) -> HttpResponse:
        extra = {"version": error.version} if isinstance(error, Stale) else {}
        return answer(request, error.status, error.code, error.message, **extra)

    @api.exception_handler(ValidationError)
    def invalid(request: HttpRequest, error: ValidationError) -> HttpResponse:
        return answer(request, 422, "invalid", describe_validation(error.errors))

    @api.exception_handler(AuthenticationError)
    def unauthenticated(request: HttpRequest, error: AuthenticationError) -> HttpResponse:
        message = gettext(
            "Log in as a club member, or send “Authorization: Bearer <token>” with a "
            "table link’s token or your API token."
        )
        return answer(request, 401, "unauthorized", message)

    @api.exception_handler(PermissionDenied)
    def forbidden(request: HttpRequest, error: PermissionDenied) -> HttpResponse:
        return answer(request, 403, "forbidden", str(error) or gettext("Not allowed."))

    @api.exception_handler(Http404)
    def not_found(request: HttpRequest, error: Http404) -> HttpResponse:
        return answer(request, 404, "not_found", gettext("There is nothing at this address."))


def _add_unreadable_request_handlers(api: NinjaAPI, answer: Answer) -> None:
    """A request django-ninja could not read: no CSRF token, a body that is not JSON or
    one too large."""

    @api.exception_handler(HttpError)
    def http_error(request: HttpRequest, error: HttpError) -> HttpResponse:
        if error.status_code == 403:  # the CSRF check of a logged-in member's change
            message = gettext("A change from the site needs its CSRF token (X-CSRFToken).")
            return answer(request, 403, "csrf", message)
        if error.status_code == 400:  # django-ninja could not parse the body
            return answer(request, 400, "bad_json", gettext("The request body is not valid JSON."))
        return answer(request, error.status_code, "bad_request", str(error))

    @api.exception_handler(RequestDataTooBig)
    def too_large(request: HttpRequest, error: RequestDataTooBig) -> HttpResponse:
        return answer(request, 413, "too_large", gettext("The request is too large."))


TYPE_NAMES = {"str", "int", "bool", "float", "dict", "list", "dict[str,any]"}


def describe_validation(errors: list[dict[str, Any]]) -> str:
    """Return pydantic's complaints as one line: "players.0: String should have at most
    60 characters" (the alternatives of a union are not named)."""
    parts: list[str] = []
    for problem in errors:
        where = ".".join(
            str(part)
            for part in problem.get("loc", ())
            if part not in ("body", "query", "path")
            and str(part) not in TYPE_NAMES
            and not str(part).startswith("constrained-")
        )
        said = _in_our_words(problem)
        text = f"{where}: {said}" if where else said
        if text not in parts:
            parts.append(text)
    return gettext("The request is not valid: %(problems)s") % {"problems": "; ".join(parts[:5])}


# pydantic's complaints that bodies meet most, in the caller's language (pydantic's own
# words are English); any other keeps pydantic's text.
VALIDATION_WORDS = {
    "missing": _("required, and missing"),
    "string_type": _("must be text"),
    "int_type": _("must be a whole number"),
    "int_parsing": _("must be a whole number"),  # a query's "abc" for a number
    "int_from_float": _("must be a whole number"),  # 2.5
    "bool_parsing": _("must be true or false"),
    "date_from_datetime_parsing": _("must be a day that exists, as YYYY-MM-DD"),
    "date_parsing": _("must be a day that exists, as YYYY-MM-DD"),
    "bool_type": _("must be true or false"),
    "dict_type": _("must be an object"),
    "list_type": _("must be a list"),
    "string_too_short": _("must hold at least %(min_length)s characters"),
    "string_too_long": _("must hold at most %(max_length)s characters"),
    "too_short": _("must hold at least %(min_length)s items"),
    "too_long": _("must hold at most %(max_length)s items"),
    "greater_than_equal": _("must be at least %(ge)s"),
    "less_than_equal": _("must be at most %(le)s"),
    "string_pattern_mismatch": _("holds characters it may not hold"),
    "literal_error": _("must be one of %(expected)s"),
}


def _in_our_words(problem: dict[str, Any]) -> str:
    words = VALIDATION_WORDS.get(problem.get("type", ""))
    if words is None:
        return str(problem.get("msg", ""))
    try:
        return str(words) % problem.get("ctx", {})
    except (KeyError, TypeError, ValueError):  # a context this wording does not name
        return str(problem.get("msg", ""))
