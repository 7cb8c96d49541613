"""Template tags of the standings: percentages, charts, the player summary card."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import localtime
from django.utils.translation import gettext, pgettext, pgettext_lazy

from ledger import glossary
from ledger.numbers import shown
from ledger.templatetags.ledger_tags import points, result, tone
from standings import charts
from standings.forms import player_count_games, player_count_name, rating_system_name
from standings.models import Standing
from standings.scopes import ALL_TIME, ALL_TIME_KEYS, PLAYER_COUNTS, Scope
from standings.words import STATISTIC_DEFINITIONS, STATISTICS

register = template.Library()


@register.filter
def percent(value: Any) -> str:
    """Return a share as "42.5%" (an en dash when there is nothing to divide)."""
    if value is None or value == "":
        return "–"
    return pgettext("percent", "%(number)s%%") % {"number": shown(float(value) * 100, 1)}


@register.filter
def decimal(value: Any, places: int = 2) -> str:
    """Return a number with thousands separators, fixed decimals and a true minus: −1,512.30."""
    if value is None or value == "":
        return "–"
    return shown(value, int(places))


@register.filter
def words(key: str) -> str:
    """Return a glossary key as words: "average_place" -> "Average place"."""
    name = STATISTICS.get(key)
    return str(name) if name is not None else key.replace("_", " ").capitalize()


@register.filter
def rating_system(code: str) -> str:
    """Return the name of a rating system (OpenSkill, Tenhou R)."""
    return rating_system_name(code)


@register.filter(name="player_count_name")
def player_count_words(count: int) -> str:
    """Return a player count in words: "4 players", "3 players"."""
    return player_count_name(count)


@register.filter(name="player_count_games")
def player_count_games_words(count: int) -> str:
    """Return which games a board counts, in words: "three-player games"."""
    return player_count_games(count)


@register.filter
def sparkline(results: list[float]) -> SafeString:
    return charts.sparkline(results)


@register.filter
def place_bars(counts: Any) -> SafeString:
    return charts.place_bars(list(counts))


@register.simple_tag
def define(name: str) -> str:
    """Return the definition of a statistic (for title attributes)."""
    return str(STATISTIC_DEFINITIONS.get(name, ""))


@register.simple_tag
def history_charts(
    history: list[tuple[Any, ...]], system: str, scope: Scope = ALL_TIME
) -> dict[str, SafeString]:
    """Return the rating and cumulative result charts of a player's games.

    The rating chart plots the number the card shows (OpenSkill's μ − 3σ, shaded ±σ, or
    Tenhou R) after each game; a rating is always the all-time one, which the title says
    when the page shows a narrower scope.
    """
    if not history:
        return {}
    dates = [date_format(localtime(row[0]), "SHORT_DATE_FORMAT") for row in history]
    running, cumulative = 0.0, []
    for _, game_result, *_ in history:
        running += game_result
        cumulative.append(round(running, 1))
    if system == "tenhou":
        title = gettext("Tenhou R after each game")
        rating = [row[4] for row in history]
        band: list[tuple[float, float]] = []
    else:
        title = gettext("OpenSkill rating (μ − 3σ) after each game, shaded ±σ")
        rating = [mu - 3 * sigma for _, _, mu, sigma, *_ in history]
        band = [(value - row[3], value + row[3]) for value, row in zip(rating, history)]
    if not scope.is_all_time:
        title = gettext("%(chart)s (all-time rating)") % {"chart": title}
    return {
        "rating": charts.line_chart(
            rating, band=band, title=title, dates=dates, digits=0 if system == "tenhou" else 1
        ),
        "result": charts.line_chart(
            cumulative, title=gettext("Cumulative result after each game"), dates=dates, zero=True
        ),
    }


@register.inclusion_tag("standings/_player_summary.html")
def player_summary(player: Any) -> dict[str, Any]:
    """Return the all-time summary card of a player: one line for four-player games, one
    for three-player games, each with its own rating (two queries)."""
    keys = {key: count for count, key in ALL_TIME_KEYS.items()}
    standings = Standing.objects.filter(scope__in=list(keys), player=player)
    ratings = {r.player_count: r for r in player.ratings.all()}
    lines = sorted(
        ({"players": keys[s.scope], "standing": s, "rating": ratings.get(keys[s.scope])}
         for s in standings),
        key=lambda line: PLAYER_COUNTS.index(line["players"]),
    )  # fmt: skip
    return {"player": player, "lines": lines, "has_both_counts": len(lines) > 1}


ROW_HTML = (
    '<tr id="player-{}"{}><td class="num">{}</td><td class="name"><a href="{}" title="{}">{}</a>{}</td>'
    '<td class="num">{}</td><td class="num {}">{}</td><td class="num">{}</td>'
    '<td class="num">{}</td>{}<td class="num">{}</td><td class="num">{}</td><td>{}</td></tr>'
)  # the place cells: 1st to 4th, or to 3rd in three-player games


@register.simple_tag
def leaderboard_rows(rows: list[Any], user: Any) -> SafeString:
    """Return the table rows of the leaderboard (built here: 300 rows render in a few ms)."""
    mine = user.pk if user.is_authenticated else None
    url = reverse("player-stats", args=[0]).replace("/0/", "/{}/")
    return format_html_join("\n", ROW_HTML, (_cells(row, mine, url) for row in rows))


def _cells(row: Any, mine: int | None, url: str) -> tuple[Any, ...]:
    is_mine = mine is not None and row.player.user_id == mine
    return (
        row.player.pk,
        mark_safe(' class="mine"') if is_mine else "",
        row.rank,
        url.format(row.player.pk),
        row.name,  # the full name, for a name cut short with an ellipsis
        row.name,
        format_html(' <span class="badge">{}</span>', gettext("you")) if is_mine else "",
        points(row.games),
        tone(row.total),
        result(row.total),
        result(row.average_result),
        decimal(row.average_place),
        format_html_join("", '<td class="num">{}</td>', ((percent(r),) for r in row.place_rates)),
        percent(row.tobi_rate),
        _rating(row),
        charts.sparkline(row.recent),
    )


def _rating(row: Any) -> SafeString | str:
    if row.rating is None:
        return "–"
    if row.uncertainty is None:
        return decimal(row.rating, 0)
    return format_html(
        '{} <small class="muted" title="{}">±{}</small>',
        decimal(row.rating, 1),
        gettext("σ, the uncertainty"),
        decimal(row.uncertainty, 1),
    )


SEAT_NAMES = (
    pgettext_lazy("starting seat", "East (first dealer)"),
    pgettext_lazy("starting seat", "South"),
    pgettext_lazy("starting seat", "West"),
    pgettext_lazy("starting seat", "North"),
)


@register.filter
def seat_name(seat: int) -> str:
    """Return a starting seat in words: East (first dealer), South, West, North."""
    return str(SEAT_NAMES[seat])


@register.filter
def place_difference(value: Any) -> str:
    """Return an average place difference with its sign: +0.50, −1.25."""
    if value is None or value == "":
        return "–"
    return shown(value, 2, sign=True)


def _bucket_label(bucket: str) -> str:
    if bucket.isdigit():
        return gettext("%(han)s han") % {"han": bucket}
    return glossary.limit_name(bucket)


@register.filter
def hand_value_chart(bars: list[tuple[str, int]]) -> SafeString:
    """Return the histogram of hand values (1 to 4 han, then the limits)."""
    labelled = [(_bucket_label(bucket), count) for bucket, count in bars]
    return charts.bar_chart(labelled, title=gettext("Wins by hand value"))


@register.simple_tag
def yaku_chart(counts: list[tuple[str, int]], known: int) -> SafeString:
    """Return the yaku of the wins entered as tiles, most frequent first, each as a share
    of those wins."""
    labelled = [(glossary.yaku_name(name), count) for name, count in counts]
    return charts.bar_chart(labelled, title=gettext("Wins with each yaku"), total=known)
