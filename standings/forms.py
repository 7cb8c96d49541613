"""Forms of the standings pages: the scope and sort of a leaderboard, seasons, the rating."""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import re
from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import QueryDict
from django.utils import timezone
from django.utils.translation import gettext, npgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from ledger.json_text import whole_number
from ledger.models import Ruleset, Season
from ledger.players import clean_name
from ledger.seasons import check_season
from standings.leaderboard import player_counts
from standings.models import ClubSetting
from standings.scopes import (
    ALL_TIME,
    PLAYER_COUNTS,
    Scope,
    current_season,
    ruleset_scope,
    season_scope,
)

SORTS = {  # column: (label, True when a larger value is better)
    "total": (_("Total"), True),
    "average_result": (_("Avg result"), True),
    "average_place": (_("Avg place"), False),
    "games": (_("Games"), True),
    "first_rate": (pgettext_lazy("sort", "1st %"), True),
    "second_rate": (pgettext_lazy("sort", "2nd %"), True),
    "third_rate": (pgettext_lazy("sort", "3rd %"), False),
    "fourth_rate": (pgettext_lazy("sort", "4th %"), False),
    "tobi_rate": (pgettext_lazy("sort", "Tobi %"), False),
    "rating": (_("Rating"), True),
    "name": (_("Name"), False),
}


def player_count_name(count: int) -> str:
    """Return a player count in words: "4 players", "3 players"."""
    words = npgettext("at the table", "%(count)s player", "%(count)s players", count)
    return words % {"count": count}


COUNT_GAMES = {4: _("four-player games"), 3: _("three-player games")}


def player_count_games(count: int) -> str:
    """Return which games a board counts, in words: "three-player games"."""
    return str(COUNT_GAMES[count])


ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class DayField(forms.DateField):
    """A day written YYYY-MM-DD, as a date input sends it and the API reads it: never
    "2026-3-1", "03/01/2026" or a day with a time, so the page and the API refuse alike."""

    input_formats = ["%Y-%m-%d"]

    def to_python(self, value: Any) -> dt.date | None:
        if isinstance(value, str) and value and not ISO_DAY.fullmatch(value):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


class WholeNumberField(forms.IntegerField):
    """A whole number in ASCII digits only, as the API reads one: never "５", "1." or " 5";
    a number below or above the field's limits is refused by naming them ("-1": at
    least 1; thirty nines: at most 100,000)."""

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        text = str(value)
        digits = text.removeprefix("-")
        if not (digits.isascii() and digits.isdigit()):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        number = whole_number(digits)
        if number is None:  # more digits than a database holds: past the field's limits
            number = (self.max_value or 0) + 1
        return -number if text.startswith("-") else number


class PageField(WholeNumberField):
    """A page of the board: a page past the end, however far, shows the last page (the
    board says so), as page 100,001 and page 10**30 alike."""

    def to_python(self, value: Any) -> int | None:
        number = super().to_python(value)  # past max_value (any digits): max_value + 1
        return None if number is None else min(number, self.max_value or number)


def _one_of(field: forms.ChoiceField) -> str:
    """Return "must be one of: total, games, …": the values of the field's choices."""
    values = gettext(", ").join(str(value) for value, _label in field.choices)
    return gettext("must be one of: %(choices)s") % {"choices": values}


class ScopeForm(forms.Form):
    """Which sessions count, who is listed and in which order (read from the query string).

    Four-player and three-player games are never counted together: ``players`` picks
    one (by default four-player games, or three-player games where there are no others).
    """

    players = forms.TypedChoiceField(
        required=False,
        coerce=int,
        empty_value=None,
        choices=[(count, count) for count in PLAYER_COUNTS],
        label=_("Players at the table"),
        error_messages={"invalid_choice": _("Choose 4 players or 3 players.")},
    )

    scope = forms.ChoiceField(required=False, label=_("Scope"))
    starts = DayField(required=False, label=_("From"), widget=forms.DateInput({"type": "date"}))
    ends = DayField(required=False, label=_("To"), widget=forms.DateInput({"type": "date"}))
    min_games = WholeNumberField(
        required=False, min_value=0, max_value=100_000, label=_("Min. games")
    )
    q = forms.CharField(required=False, max_length=60, label=_("Find a player"))
    page = PageField(required=False, min_value=1, max_value=100_000, label=_("Page"))
    sort = forms.ChoiceField(
        required=False,
        choices=[(key, label) for key, (label, _) in SORTS.items()],
        label=_("Sort by"),
    )

    def __init__(
        self,
        *args: Any,
        default: str = "current",
        player: Any = None,
        counts: list[int] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.default = default
        self.player = player  # whose games the page shows (None: the club's)
        if counts is not None:  # the player counts there are games of, when known
            self.player_counts = counts
        self.seasons = list(Season.objects.all())
        self.rulesets = list(Ruleset.objects.all())
        self.fields["scope"].choices = [
            ("current", gettext("Current season")),
            ("all", gettext("All time")),
            *(
                (f"season-{s.pk}", gettext("Season %(name)s") % {"name": s.name})
                for s in self.seasons
            ),
            *(
                (f"ruleset-{r.pk}", gettext("Ruleset %(name)s") % {"name": r.name})
                for r in self.rulesets
            ),
            ("dates", gettext("Dates…")),
        ]
        for name in ("scope", "sort"):  # a value not offered: the ones a program may send
            self.fields[name].error_messages["invalid_choice"] = _one_of(self.fields[name])

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("scope") == "dates":
            starts, ends = data.get("starts"), data.get("ends")
            if not starts and not ends:
                raise forms.ValidationError(
                    gettext("Give a From date, a To date or both for a date range.")
                )
            if starts and ends and ends < starts:
                raise forms.ValidationError(gettext("The To date is before the From date."))
        return data

    @functools.cached_property
    def current_season(self) -> Season | None:
        """Return the season the board shows when none is chosen (read once)."""
        return current_season()

    @functools.cached_property
    def setting(self) -> ClubSetting:
        return ClubSetting.current()

    @functools.cached_property
    def player_counts(self) -> list[int]:
        """Return the player counts there are games of (the club's, or the player's)."""
        return player_counts(self.player)

    @property
    def has_both_counts(self) -> bool:
        """Return whether to offer the switch between four-player and three-player games."""
        return len(self.player_counts) > 1

    def get_players(self) -> int:
        """Return the player count shown: as asked, else four unless there are only
        three-player games."""
        asked = self.cleaned_data.get("players")
        if asked is not None:
            return int(asked)
        return 3 if self.player_counts == [3] else 4

    def get_scope(self) -> Scope:
        """Return the chosen scope (the current season, or all time, when none is chosen),
        narrowed to the From and To dates whenever they are given (its ``label`` names
        both)."""
        starts, ends = self.cleaned_data.get("starts"), self.cleaned_data.get("ends")
        return dataclasses.replace(
            self._chosen(), players=self.get_players(), starts=starts, ends=ends
        )

    def _chosen(self) -> Scope:
        choice = self.cleaned_data.get("scope") or self.default
        if choice == "current":
            season = self.current_season
            return season_scope(season) if season else ALL_TIME
        if choice == "dates":
            return Scope("dates", "")
        if choice.startswith("season-"):
            season = next(s for s in self.seasons if f"season-{s.pk}" == choice)
            return season_scope(season)
        if choice.startswith("ruleset-"):
            ruleset = next(r for r in self.rulesets if f"ruleset-{r.pk}" == choice)
            return ruleset_scope(ruleset)
        return ALL_TIME

    def get_min_games(self) -> int:
        """Return the games a player needs to be listed: as asked, else the season's or
        the club's threshold."""
        asked = self.cleaned_data.get("min_games")
        return asked if asked is not None else self.default_min_games()

    def default_min_games(self) -> int:
        """Return the threshold the board uses when none is asked for."""
        scope = self.get_scope()
        season = next((s for s in self.seasons if s.pk == scope.pk), None)
        if scope.kind == "season" and season is not None and season.min_games is not None:
            return season.min_games
        return self.setting.min_games

    def get_search(self) -> str:
        """Return the name searched for, cleaned as names are stored (one space between
        words, no invisible characters), so "Ann  Lee" finds "Ann Lee"."""
        return clean_name(self.cleaned_data.get("q") or "")

    def get_page(self) -> int:
        """Return the page asked for (the first when none is)."""
        return self.cleaned_data.get("page") or 1

    def has_page(self) -> bool:
        """Return whether the query asks for a page (the JSON answers then hold one page)."""
        return self.cleaned_data.get("page") is not None

    def get_sort(self) -> str:
        """Return the column to sort by: as asked, else the total, which also stands in
        for 4th % on a three-player board (a link from the four-player board keeps it)."""
        sort = self.cleaned_data.get("sort") or "total"
        return "total" if sort == "fourth_rate" and self.get_players() == 3 else sort


def form_problems(form: forms.Form) -> str:
    """Return a form's errors in words, each after its field's label ("Find a player: Null
    characters are not allowed."), as the JSON answers to a bad query say them."""
    parts = []
    for name, messages in form.errors.items():
        said = " ".join(messages)
        if name != NON_FIELD_ERRORS:
            said = gettext("%(name)s: %(problem)s") % {"name": form[name].label, "problem": said}
        parts.append(said)
    return " ".join(parts)


def board_query(text: str) -> str:
    """Return a leaderboard's query string made safe to go back to: only the board's own
    parameters (scope, players, dates, search, sort, page), encoded again, so whatever was
    sent it names no other address (no open redirect)."""
    sent = QueryDict(text.removeprefix("?"))
    kept = QueryDict(mutable=True)
    for name in sent:
        if name in ScopeForm.base_fields:
            kept[name] = sent[name]
    return kept.urlencode()


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["name", "starts_on", "ends_on", "min_games"]
        widgets = {
            "starts_on": forms.DateInput({"type": "date"}),
            "ends_on": forms.DateInput({"type": "date"}),
        }
        labels = {
            "name": _("Name"),
            "starts_on": _("Starts on"),
            "ends_on": _("Ends on (optional)"),
            "min_games": _("Games needed to be listed (blank: the club's)"),
        }
        help_texts = {"min_games": ""}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["starts_on"].initial = timezone.localdate()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        check_season(self, data)
        starts = data.get("starts_on")
        if starts and starts > timezone.localdate() + dt.timedelta(days=366):
            self.add_error("starts_on", gettext("Start a season at most a year ahead."))
        return data


class RatingChoiceForm(forms.ModelForm):
    """The rating the leaderboard shows (staff), with the query of the board to go back to."""

    query = forms.CharField(required=False, strip=False, widget=forms.HiddenInput)

    class Meta:
        model = ClubSetting
        fields = ["rating_system"]
        widgets = {"rating_system": forms.RadioSelect}
        labels = {"rating_system": _("Rating shown on the leaderboard")}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rating_system"].choices = [
            (code, rating_system_name(code)) for code, _label in ClubSetting.RatingSystem.choices
        ]

    def clean_query(self) -> str:
        """Return the board's query string, kept to the board's own parameters."""
        return board_query(self.cleaned_data["query"])


def rating_system_name(code: str) -> str:
    """Return the name of a rating system in the active language."""
    if code == ClubSetting.RatingSystem.TENHOU:
        return gettext("Tenhou R")
    return gettext("OpenSkill (skill ± uncertainty)")
