"""Inline SVG charts drawn on the server: sparklines, lines over time, place bars.

The line charts are drawn 360 units wide like the ledger's (``ledger.charts``), so that
their text is 11 px or more on a 360 px phone.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate

from django.utils.formats import number_format
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, pgettext

from ledger.charts import FONT, WIDTH, Frame, nice_ticks, padded, text_width, thin
from ledger.numbers import shown

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
    ) % {"count": len(results), "result": shown(values[-1], 1, sign=True)}
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
    dates: Sequence[str],
    band: Sequence[tuple[float, float]] = (),
    digits: int = 1,
    width: int = WIDTH,
    height: int = 200,
    zero: bool = False,
) -> SafeString:
    """Return a line over a player's games: a value axis, the game numbers and the dates.

    ``dates[i]`` is the date of game i (the first and the last are written under the
    axis); each game's value is in a ``<title>`` (hover or long-press), the last one is
    written at the line's end. ``band`` is an optional (low, high) around each value.
    """
    if not values:
        return mark_safe("")
    lows = [low for low, _ in band] + list(values) + ([0.0] if zero else [])
    highs = [high for _, high in band] + list(values) + ([0.0] if zero else [])
    low, high = padded([*lows, *highs])
    ticks = nice_ticks(low, high, most=5)
    tick_digits = 0 if all(float(t).is_integer() for t in ticks) else 1
    tick_texts = [shown(t, tick_digits) for t in ticks]
    last = shown(values[-1], digits)
    left = max(text_width(t) for t in tick_texts) + 8
    right = width - text_width(last) - 10
    steps = max(len(values) - 1, 1)
    frame = Frame(left, right, FONT / 2 + 2, height - 2 * FONT - 16, low, high, steps)
    parts = [
        f'<svg class="line-chart" viewBox="0 0 {width} {height}" role="img">'
        f"<title>{escape(title)}</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fff"/>',
        '<g class="grid" stroke="#e6e2d9">',
        *(f'<line x1="{left}" x2="{right}" y1="{frame.y(t)}" y2="{frame.y(t)}"/>' for t in ticks),
        "</g>",
        f'<g class="axis y" text-anchor="end">{_texts(left - 6, ticks, tick_texts, frame.y)}</g>',
        _game_axis(len(values), frame.x, frame.bottom + FONT + 3, low=0, high=width),
        _date_axis(dates, left, right, height - 4),
        *_value_marks(values, band, frame, zero=zero, digits=digits, dates=dates),
        "</svg>",
    ]
    return mark_safe("".join(parts))


def _value_marks(
    values: Sequence[float],
    band: Sequence[tuple[float, float]],
    frame: Frame,
    *,
    zero: bool,
    digits: int,
    dates: Sequence[str],
) -> list[str]:
    """Return the zero line, the band, the line, its dots and the last value's text."""
    x, y = frame.x, frame.y
    marks = []
    if zero and frame.low < 0 < frame.high:
        marks.append(
            f'<line x1="{frame.left}" x2="{frame.right}" y1="{y(0)}" y2="{y(0)}" class="zero"/>'
        )
    if band:
        upper = [f"{x(i)},{y(h)}" for i, (_, h) in enumerate(band)]
        lower = [f"{x(i)},{y(lo)}" for i, (lo, _) in reversed(list(enumerate(band)))]
        marks.append(f'<polygon fill="{BAND}" stroke="none" points="{" ".join(upper + lower)}"/>')
    line = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values))
    marks.append(f'<polyline fill="none" stroke="{INK}" stroke-width="2" points="{line}"/>')
    if len(values) <= MOST_DOTS:
        marks += [
            f'<circle cx="{x(i)}" cy="{y(v)}" r="2.5" fill="{INK}"><title>'
            f"{escape(_game_title(i, dates, shown(v, digits)))}</title></circle>"
            for i, v in enumerate(values)
        ]
    end = len(values) - 1
    marks.append(
        f'<text class="end" x="{x(end) + 5}" y="{round(y(values[-1]) + FONT * 0.35, 1)}"'
        f' fill="{INK}">{escape(shown(values[-1], digits))}</text>'
    )
    return marks


MOST_DOTS = 120  # games with a dot (and its title) each; beyond, the line alone


def _texts(x: float, values: Sequence[float], texts: Sequence[str], y) -> str:  # type: ignore[no-untyped-def]
    return "".join(
        f'<text x="{x}" y="{round(y(v) + FONT * 0.35, 1)}">{escape(t)}</text>'
        for v, t in zip(values, texts)
    )


def _game_axis(count: int, x, baseline: float, *, low: float, high: float) -> str:  # type: ignore[no-untyped-def]
    """Return the game numbers under the line (1, 5, 10, …), as many as fit: whole
    numbers from the first game to the last (one game: "1" alone)."""
    numbers = game_numbers(count)
    labels = thin(
        [(x(n - 1), number_format(n, force_grouping=True)) for n in numbers], low=low, high=high
    )
    return (
        '<g class="axis x" text-anchor="middle">'
        + "".join(f'<text x="{t.at}" y="{baseline}">{escape(t.text)}</text>' for t in labels)
        + "</g>"
    )


def game_numbers(count: int) -> list[int]:
    """Return the game numbers to write under ``count`` games: 1, then round numbers,
    none past the last game.

    >>> game_numbers(1), game_numbers(3), game_numbers(20)
    ([1], [1, 2, 3], [1, 5, 10, 15, 20])
    """
    ticks = nice_ticks(1, count, most=6)  # one game: a range around it (0 to 2)
    numbers = [int(n) for n in ticks if 1 <= n <= count and float(n).is_integer()]
    return numbers if 1 in numbers else [1, *numbers]


def _date_axis(dates: Sequence[str], left: float, right: float, baseline: float) -> str:
    """Return the first and last dates under the game numbers, and the axis' name between."""
    if not dates:
        return ""
    ends = [(left, "start", dates[0])]
    if dates[-1] != dates[0]:
        ends.append((right, "end", dates[-1]))
    texts = "".join(
        f'<text x="{x}" y="{baseline}" text-anchor="{anchor}">{escape(text)}</text>'
        for x, anchor, text in ends
    )
    caption = gettext("Games")
    middle = (left + right) / 2
    room = (right - left) - 2 * max(text_width(text) for text in dates[:1] + dates[-1:]) - 16
    if text_width(caption) < room:
        texts += f'<text x="{round(middle, 1)}" y="{baseline}" text-anchor="middle">{escape(caption)}</text>'
    return f'<g class="axis dates">{texts}</g>'


def _game_title(index: int, dates: Sequence[str], value: str) -> str:
    return gettext("Game %(number)s, %(date)s: %(value)s") % {
        "number": index + 1,
        "date": dates[index],
        "value": value,
    }


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


def bar_chart(
    bars: Sequence[tuple[str, int]], *, title: str, total: int | None = None, width: int = 320
) -> SafeString:
    """Return one horizontal bar per (label, count), the longest for the largest count,
    each followed by its share of ``total`` (by default the counts' sum) and the count:
    "12% (34)" (drawn like ``place_bars``)."""
    total = total or sum(count for _, count in bars) or 1
    largest = max((count for _, count in bars), default=0) or 1
    bar, gap, font = 18, 6, 12
    label = max((text_width(text, font) for text, _ in bars), default=0) + 8
    room = width - label - text_width("100% (00,000)", font) - 6
    rows = []
    for i, (text, count) in enumerate(bars):
        share, top = count / total, i * (bar + gap)
        length = round(room * count / largest, 1)
        rows.append(
            f'<text x="0" y="{top + 13}" class="axis">{escape(text)}</text>'
            f'<rect x="{label}" y="{top}" width="{max(length, 1)}" height="{bar}" rx="3" '
            f'fill="{INK}"><title>{escape(text)}: {escape(count_text(count))}</title></rect>'
            f'<text x="{round(label + length + 6, 1)}" y="{top + 13}" class="axis">'
            f"{escape(_share(share))} ({escape(shown(count))})</text>"
        )
    height = max(len(bars) * (bar + gap) - gap, bar)
    return mark_safe(
        f'<svg class="bar-chart" viewBox="0 0 {width} {height}" role="img">'
        f"<title>{escape(title)}</title>{''.join(rows)}</svg>"
    )


def _share(share: float) -> str:
    return pgettext("percent", "%(number)s%%") % {"number": shown(share * 100)}


def count_text(count: int) -> str:
    """Return "1 win", "12 wins" in the active language."""
    return ngettext("%(count)s win", "%(count)s wins", count) % {"count": shown(count)}
