"""Inline SVG charts drawn on the server from the data (no JavaScript).

The charts are drawn for a phone: the viewBox is 360 units wide, about the width a
chart is shown at on a 360 px screen, so that text of ``FONT`` units comes out at
11 px or more there (site.css sets the same size, and a smaller one on wide screens).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext

from ledger import glossary
from ledger.templatetags.ledger_tags import points

COLORS = ("#0b6e4f", "#c0392b", "#2e5eaa", "#9c6b00")  # each 4.5:1 or more on white
WIDTH = 360
FONT = 13  # units; 11.8 px at the 328 px a 360 px phone leaves for a chart
GAP = 4  # units between two labels
STEPS = (1, 2, 2.5, 5)  # tick steps, times a power of ten


@dataclass(frozen=True)
class Dot:
    x: float
    y: float
    title: str


@dataclass(frozen=True)
class Line:
    label: str
    color: str
    points: str  # "x,y x,y ..." for an SVG polyline
    last_x: float
    last_y: float
    dots: tuple[Dot, ...]
    end_x: float  # the final score, written after the line's end...
    end_baseline: float  # ...moved up or down apart from the other lines'
    end_text: str


@dataclass(frozen=True)
class Tick:
    at: float  # x of a round label, y of a score tick
    text: str
    baseline: float = 0  # of a score tick's text


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    lines: tuple[Line, ...]
    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[Tick, ...]  # round names, thinned so that none overlaps the next
    x_marks: tuple[float, ...]  # where each round name begins
    zero_y: float | None
    y_text_x: float  # the score ticks' right edge
    x_text_y: float  # the round names' baseline


def text_width(text: str, font: float = FONT) -> float:
    """Return about how wide ``text`` is drawn: CJK characters are a square, others 0.6.

    >>> text_width("East 1", 10), text_width("東1局", 10)
    (36.0, 26.0)
    """
    wide = sum(unicodedata.east_asian_width(c) in "WF" for c in text)
    return round((wide + 0.6 * (len(text) - wide)) * font, 1)


def nice_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Return up to ``most`` evenly spaced round values between ``low`` and ``high``.

    >>> nice_ticks(12_300, 40_200)
    [15000, 20000, 25000, 30000, 35000, 40000]
    >>> nice_ticks(-3.5, 12.25)
    [-2.5, 0.0, 2.5, 5.0, 7.5, 10.0]
    >>> nice_ticks(0.2, 0.9)
    [0.2, 0.4, 0.6, 0.8]
    """
    if low == high:
        low, high = low - 1, high + 1
    scale = 10 ** math.floor(math.log10((high - low) / most))
    for factor in (*STEPS, 10, 20):
        step = factor * scale
        first, last = math.ceil(low / step - 1e-9), math.floor(high / step + 1e-9)
        if last - first + 1 <= most:
            break
    values = [round(i * step, 9) for i in range(first, last + 1)]
    return [int(v) for v in values] if float(step).is_integer() else values


def padded(values: Sequence[float], share: float = 0.05) -> tuple[float, float]:
    """Return the range of ``values`` widened by ``share`` of it each way (one unit if flat).

    >>> padded([20_000, 40_000])
    (19000.0, 41000.0)
    """
    low, high = min(values), max(values)
    margin = (high - low) * share or 1
    return low - margin, high + margin


def spread(wanted: Sequence[float], *, gap: float, low: float, high: float) -> list[float]:
    """Return positions at or after ``wanted``, ``gap`` apart, kept between low and high.

    >>> spread([95, 97, 20], gap=10, low=0, high=100)
    [90, 100, 20]
    """
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    placed: list[float] = []
    for i in order:  # downwards past the one before...
        placed.append(max(wanted[i], low, placed[-1] + gap if placed else low))
    for k in range(len(placed) - 1, -1, -1):  # ...then upwards from the bottom edge
        placed[k] = min(placed[k], high if k == len(placed) - 1 else placed[k + 1] - gap)
    result = [0.0] * len(wanted)
    for k, i in enumerate(order):
        result[i] = round(placed[k], 1)
    return result


def thin(labels: Sequence[tuple[float, str]], *, low: float, high: float) -> list[Tick]:
    """Return the labels (x of their middle, text) that fit left to right without touching."""
    kept: list[Tick] = []
    right_edge = -math.inf
    for x, text in labels:
        half = text_width(text) / 2
        x = min(max(x, low + half), high - half)
        if x - half >= right_edge + GAP:
            kept.append(Tick(round(x, 1), text))
            right_edge = x + half
    return kept


@dataclass(frozen=True)
class Frame:
    """The plot area of a line chart and its scales: point ``i`` of ``steps`` across,
    values from ``low`` at the bottom to ``high`` at the top."""

    left: float
    right: float
    top: float
    bottom: float
    low: float
    high: float
    steps: int

    def x(self, i: float) -> float:
        return round(self.left + (self.right - self.left) * i / self.steps, 1)

    def y(self, v: float) -> float:
        share = (v - self.low) / (self.high - self.low)
        return round(self.bottom - (self.bottom - self.top) * share, 1)


def score_chart(
    labels: list[str],
    series: list[list[int]],
    rounds: Sequence[tuple[str, int]] = (),
    *,
    width: int = WIDTH,
    height: int = 230,
) -> Chart:
    """Return a line per player across rounds, with a score axis and the round names.

    ``series[p]`` are player p's scores, at the start and after each round;
    ``rounds`` are the (round label, honba) of each round played.
    """
    low, high = padded([v for line in series for v in line] or [0])
    ticks = nice_ticks(low, high)
    tick_texts = [points(t) for t in ticks]
    left = max(text_width(t) for t in tick_texts) + 8
    right = width - max(text_width(points(line[-1])) for line in series if line) - 8
    steps = max(len(series[0]) - 1, 1) if series else 1
    frame = Frame(left, right, FONT / 2 + 2, height - FONT - 12, low, high, steps)
    marks, names = _round_spans(rounds, frame.x)
    return Chart(
        width=width,
        height=height,
        left=left,
        right=right,
        top=frame.top,
        bottom=frame.bottom,
        lines=_score_lines(labels, series, rounds, frame),
        y_ticks=tuple(
            Tick(frame.y(t), text, round(frame.y(t) + FONT * 0.35, 1))
            for t, text in zip(ticks, tick_texts)
        ),
        x_ticks=tuple(thin(names, low=0, high=width)),
        x_marks=marks,
        zero_y=frame.y(0) if low < 0 < high else None,
        y_text_x=left - 6,
        x_text_y=height - 8,
    )


def _score_lines(
    labels: list[str], series: list[list[int]], rounds: Sequence[tuple[str, int]], frame: Frame
) -> tuple[Line, ...]:
    """Return each player's line, its final score written apart from the others'."""
    finals = [line[-1] for line in series if line]
    gap = FONT + 1
    end_ys = spread([frame.y(v) for v in finals], gap=gap, low=frame.top, high=frame.bottom)
    drawn = [(p, label, line) for p, (label, line) in enumerate(zip(labels, series)) if line]
    return tuple(
        _score_line(p, label, line, end_y, rounds, frame)
        for (p, label, line), end_y in zip(drawn, end_ys)
    )


def _score_line(
    p: int,
    label: str,
    line: list[int],
    end_y: float,
    rounds: Sequence[tuple[str, int]],
    frame: Frame,
) -> Line:
    x, y, last = frame.x, frame.y, len(line) - 1
    return Line(
        label,
        COLORS[p % 4],
        " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(line)),
        x(last),
        y(line[-1]),
        tuple(
            Dot(x(i), y(v), _dot_title(label, i, rounds[i - 1], v))
            for i, v in enumerate(line)
            if 0 < i <= len(rounds)
        ),
        x(last) + 5,
        round(end_y + FONT * 0.35, 1),
        points(line[-1]),
    )


def _round_spans(rounds: Sequence[tuple[str, int]], x) -> tuple[tuple[float, ...], list]:  # type: ignore[no-untyped-def]
    """Return where each round name begins, and each name at the middle of its rounds."""
    starts = [i for i, (label, _) in enumerate(rounds) if i == 0 or label != rounds[i - 1][0]]
    ends = [*starts[1:], len(rounds)]
    marks = tuple(x(i) for i in starts)
    names = [((x(a) + x(b)) / 2, glossary.round_name(rounds[a][0])) for a, b in zip(starts, ends)]
    return marks, names


def _dot_title(name: str, number: int, played: tuple[str, int], score: int) -> str:
    label, honba = played
    return gettext("%(name)s after round %(number)s (%(round)s): %(points)s") % {
        "name": name,
        "number": number,
        "round": glossary.round_title(label, honba),
        "points": points(score),
    }
