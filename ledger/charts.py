"""Inline SVG charts drawn on the server from the data (no JavaScript)."""

from __future__ import annotations

from dataclasses import dataclass

COLORS = ("#0b6e4f", "#c0392b", "#2e5eaa", "#c58b00")


@dataclass(frozen=True)
class Line:
    label: str
    color: str
    points: str  # "x,y x,y ..." for an SVG polyline
    last_x: float
    last_y: float


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    lines: tuple[Line, ...]
    zero_y: float | None
    top_label: int
    bottom_label: int


def score_chart(
    labels: list[str], series: list[list[int]], *, width: int = 640, height: int = 240
) -> Chart:
    """Return a line per player across rounds; ``series[p]`` are player p's scores."""
    values = [v for line in series for v in line] or [0]
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1000, high + 1000
    pad = 12
    steps = max(len(series[0]) - 1, 1) if series else 1

    def x(i: int) -> float:
        return round(pad + (width - 2 * pad) * i / steps, 1)

    def y(v: int) -> float:
        return round(pad + (height - 2 * pad) * (high - v) / (high - low), 1)

    lines = tuple(
        Line(
            label,
            COLORS[p % 4],
            " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(line)),
            x(len(line) - 1),
            y(line[-1]),
        )
        for p, (label, line) in enumerate(zip(labels, series))
        if line
    )
    zero = y(0) if low < 0 < high else None
    return Chart(width, height, lines, zero, high, low)
