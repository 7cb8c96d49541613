"""Every API error as ``{"error": {"code": ..., "message": ...}}`` with a 4xx status."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext, ngettext_lazy
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
    """Return pydantic's complaints as one line: "players.0: must hold at most 60
    characters" (the alternatives of a union are not named: one message a place)."""
    found: dict[str, list[dict[str, Any]]] = {}
    for problem in errors:
        found.setdefault(_place(problem), []).append(problem)
    parts: list[str] = []
    for where, problems in found.items():
        said = _one_problem(problems)
        if not where and problems[0].get("type") == "missing":  # no body at all
            said = gettext("the body must be a JSON object")
        text = f"{where}: {said}" if where else said
        if text not in parts:
            parts.append(text)
    return gettext("The request is not valid: %(problems)s") % {"problems": "; ".join(parts[:5])}


def _place(problem: dict[str, Any]) -> str:
    """Return where the problem is ("players.0"), without the union's alternative."""
    return ".".join(
        str(part)
        for part in problem.get("loc", ())
        if part not in ("body", "query", "path")
        and str(part) not in TYPE_NAMES
        and not str(part).startswith("constrained-")
    )


def _one_problem(problems: list[dict[str, Any]]) -> str:
    """Return one message for a place: a value refused by every alternative of a union
    (a player's name or id) is judged by the alternative of its own type."""
    if len(problems) == 1:
        return _in_our_words(problems[0])
    kinds = frozenset(problem.get("type", "") for problem in problems)
    if kinds in UNION_WORDS:  # a value of none of the union's types
        return str(UNION_WORDS[kinds])
    of_its_type = [p for p in problems if not str(p.get("type", "")).endswith("_type")]
    return "; ".join(dict.fromkeys(_in_our_words(p) for p in of_its_type or problems))


# pydantic's complaints that bodies meet most, in the caller's language (pydantic's own
# words are English); any other keeps pydantic's text.
VALIDATION_WORDS = {
    "missing": _("required, and missing"),
    "string_type": _("must be text"),
    "string_unicode": _("must be text whose characters are all Unicode"),  # a lone surrogate
    "int_type": _("must be a whole number"),
    "int_parsing": _("must be a whole number"),  # a query's "abc" for a number
    "int_from_float": _("must be a whole number"),  # 2.5
    "bool_parsing": _("must be true or false"),
    "date_from_datetime_parsing": _("must be a day that exists, as YYYY-MM-DD"),
    "date_parsing": _("must be a day that exists, as YYYY-MM-DD"),
    "bool_type": _("must be true or false"),
    "dict_type": _("must be an object"),
    "list_type": _("must be a list"),
    "string_too_short": ngettext_lazy(
        "must hold at least %(min_length)s character",
        "must hold at least %(min_length)s characters",
        "min_length",
    ),
    "string_too_long": ngettext_lazy(
        "must hold at most %(max_length)s character",
        "must hold at most %(max_length)s characters",
        "max_length",
    ),
    "too_short": ngettext_lazy(
        "must hold at least %(min_length)s item",
        "must hold at least %(min_length)s items",
        "min_length",
    ),
    "too_long": ngettext_lazy(
        "must hold at most %(max_length)s item",
        "must hold at most %(max_length)s items",
        "max_length",
    ),
    "greater_than_equal": _("must be at least %(ge)s"),
    "less_than_equal": _("must be at most %(le)s"),
    "string_pattern_mismatch": _("holds characters it may not hold"),
}
UNION_WORDS = {  # the types a value of neither alternative was refused for
    frozenset(("string_type", "int_type")): _("must be text or a whole number"),  # name or id
    frozenset(("string_type", "dict_type")): _("must be text or an object"),  # rules
}
QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'")  # a value as pydantic quotes it: 'total'


def _in_our_words(problem: dict[str, Any]) -> str:
    if problem.get("type") == "literal_error":
        return _one_of(problem)
    words = VALIDATION_WORDS.get(problem.get("type", ""))
    if words is None:
        return str(problem.get("msg", ""))
    try:
        return str(words % problem.get("ctx", {}))
    except (KeyError, TypeError, ValueError):  # a context this wording does not name
        return str(problem.get("msg", ""))


def _one_of(problem: dict[str, Any]) -> str:
    """Return "must be one of: total, games, name" (pydantic says "'total', 'games' or
    'name'", in English): the values a caller may send, listed in the caller's words."""
    expected = str(problem.get("ctx", {}).get("expected", ""))
    choices = QUOTED.findall(expected) or re.split(r", | or ", expected)
    return gettext("must be one of: %(choices)s") % {"choices": gettext(", ").join(choices)}
