"""Inline SVG charts drawn on the server: sparklines, lines over time, place bars."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, pgettext

GAIN, LOSS, INK, BAND = "#0b6e4f", "#c0392b", "#2e5eaa", "#2e5eaa33"
PLACE_COLORS = ("#0b6e4f", "#6aa88f", "#d9a441", "#c0392b")


def _scale(low: float, high: float, top: float, bottom: float):  # type: ignore[no-untyped-def]
    if low == high:
        low, high = low - 1, high + 1
    return lambda v: round(bottom - (bottom - top) * (v - low) / (high - low), 1)


def sparkline(results: Sequence[float], *, width: int = 90, height: int = 22) -> SafeString:
    """Return the running sum of ``results`` as a small line (empty for no games)."""
    if not results:
        return mark_safe("")
    values = [0.0, *accumulate(results)]
    y = _scale(min(values), max(values), 2, height - 2)
    step = (width - 4) / max(len(values) - 1, 1)
    points = " ".join(f"{round(2 + i * step, 1)},{y(v)}" for i, v in enumerate(values))
    color = GAIN if values[-1] >= 0 else LOSS
    title = ngettext(
        "Running result over the last %(count)s game: %(result)s",
        "Running result over the last %(count)s games: %(result)s",
        len(results),
    ) % {"count": len(results), "result": f"{values[-1]:+.1f}"}
    return format_html(
        '<svg class="sparkline" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img">'
        "<title>{t}</title>"
        '<line x1="0" x2="{w}" y1="{z}" y2="{z}" stroke="#ccc" stroke-width="1"/>'
        '<polyline fill="none" stroke="{c}" stroke-width="1.5" points="{p}"/></svg>',
        w=width,
        h=height,
        z=y(0),
        c=color,
        p=points,
        t=title,
    )


def line_chart(
    values: Sequence[float],
    *,
    title: str,
    band: Sequence[tuple[float, float]] = (),
    labels: tuple[str, str] = ("", ""),
    width: int = 400,
    height: int = 170,
    zero: bool = False,
) -> SafeString:
    """Return a line over games (x: game number), an optional band (low, high) around it."""
    if not values:
        return mark_safe("")
    pad, left = 10, 46
    lows = [low for low, _ in band] + list(values) + ([0.0] if zero else [])
    highs = [high for _, high in band] + list(values) + ([0.0] if zero else [])
    low, high = min(lows), max(highs)
    y = _scale(low, high, pad, height - pad - 14)
    step = (width - left - pad) / max(len(values) - 1, 1)

    def x(i: int) -> float:
        return round(left + i * step, 1)

    parts = [
        f'<svg class="line-chart" viewBox="0 0 {width} {height}" role="img">'
        f"<title>{escape(title)}</title>",
        _axis_text(left - 4, y(high) + 4, f"{high:,.1f}"),
        _axis_text(left - 4, y(low) + 4, f"{low:,.1f}"),
        f'<text x="{left}" y="{height - 2}" class="axis">{escape(labels[0])}</text>',
        f'<text x="{width - pad}" y="{height - 2}" class="axis" text-anchor="end">'
        f"{escape(labels[1])}</text>",
    ]
    if zero and low < 0 < high:
        parts.append(f'<line x1="{left}" x2="{width - pad}" y1="{y(0)}" y2="{y(0)}" class="zero"/>')
    if band:
        upper = [f"{x(i)},{y(h)}" for i, (_, h) in enumerate(band)]
        lower = [f"{x(i)},{y(lo)}" for i, (lo, _) in reversed(list(enumerate(band)))]
        parts.append(f'<polygon fill="{BAND}" stroke="none" points="{" ".join(upper + lower)}"/>')
    points = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values))
    parts.append(f'<polyline fill="none" stroke="{INK}" stroke-width="2" points="{points}"/>')
    parts.append("</svg>")
    return mark_safe("".join(parts))


def _axis_text(x: float, y: float, text: str) -> str:
    return f'<text x="{x}" y="{y}" class="axis" text-anchor="end">{escape(text)}</text>'


def place_bars(counts: Sequence[int], *, width: int = 320) -> SafeString:
    """Return one horizontal bar per place, its length the share of games."""
    games = sum(counts) or 1
    bar, gap, label = 18, 6, 34
    height = 4 * (bar + gap)
    rows = []
    places = [
        pgettext("place", "1st"),
        pgettext("place", "2nd"),
        pgettext("place", "3rd"),
        pgettext("place", "4th"),
    ]
    for i, count in enumerate(counts):
        share = count / games
        top = i * (bar + gap)
        length = round((width - label - 70) * share, 1)
        rows.append(
            f'<text x="0" y="{top + 13}" class="axis">{escape(places[i])}</text>'
            f'<rect x="{label}" y="{top}" width="{max(length, 1)}" height="{bar}" rx="3" '
            f'fill="{PLACE_COLORS[i]}"><title>{escape(games_text(count))}</title></rect>'
            f'<text x="{label + length + 6}" y="{top + 13}" class="axis">'
            f"{share:.0%} ({count:,})</text>"
        )
    return mark_safe(
        f'<svg class="place-bars" viewBox="0 0 {width} {height}" role="img">'
        f"<title>{escape(gettext('Place distribution'))}</title>{''.join(rows)}</svg>"
    )


def games_text(count: int) -> str:
    """Return "1 game", "12 games" in the active language."""
    return ngettext("%(count)s game", "%(count)s games", count) % {"count": count}
