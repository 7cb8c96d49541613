"""Draw the tile faces of the tile picker as small SVG files, from simple shapes of our own.

Run ``python static/ledger/tiles/make_tiles.py [OUTDIR]`` to write every ``<code>.svg``
(1m..9m, 0m, 1p..9p, 0p, 1s..9s, 0s, 1z..7z, back, blank) into OUTDIR, by default the
folder of this script. Standard library only; the output is the same byte for byte on
every run. Each file is a 60 x 80 portrait tile with role="img" and a <title> naming it,
and holds no script, no raster and no reference to anything outside itself.

Every numbered tile carries its arabic digit small in the top left corner (legible
without CJK fonts and for players who do not read the kanji); winds carry E S W N there.
A red five also carries a small red dot in the top right corner, a mark of shape as well
as of colour. Characters and honors are SVG text with a list of CJK fonts to fall back on.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

# Colours of the face and of the ink.
EDGE = "#c9b07a"
EDGE_LINE = "#8c7748"
FACE = "#fdf8ea"
INK = "#1d1d24"
RED = "#c8232c"
GREEN = "#17804a"
BLUE = "#1f4f96"
FRAME = "#5b7a9c"
BACK = "#e49a2a"

CJK = "'Noto Sans CJK JP','Noto Sans JP','Source Han Sans JP','Hiragino Sans','Hiragino Kaku Gothic ProN','Yu Gothic','Meiryo','Microsoft YaHei',sans-serif"
LATIN = "Verdana,'DejaVu Sans',Arial,sans-serif"

KANJI_DIGITS = "一二三四五六七八九"
SUITS = {"m": "characters", "p": "circles", "s": "bamboo"}
HONORS = {
    1: ("East wind", "東", INK, "E"),
    2: ("South wind", "南", INK, "S"),
    3: ("West wind", "西", INK, "W"),
    4: ("North wind", "北", INK, "N"),
    5: ("White dragon", "", INK, ""),
    6: ("Green dragon", "發", GREEN, ""),
    7: ("Red dragon", "中", RED, ""),
}


def num(value: float) -> str:
    """Write a coordinate with at most one decimal and no trailing zero."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def svg(title: str, body: str, face: str = FACE) -> str:
    """Wrap a face's drawing in the tile: a darker edge showing below an ivory face."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80" width="60" height="80"'
        f' role="img"><title>{title}</title>'
        f'<rect x=".5" y=".5" width="59" height="79" rx="7" fill="{EDGE}" stroke="{EDGE_LINE}"/>'
        f'<rect x="2" y="1.5" width="56" height="73" rx="6" fill="{face}"/>'
        f"{body}</svg>\n"
    )


def hint(text: str, red: bool = False) -> str:
    """The small Latin label of the top left corner; a red five adds a red dot top right."""
    mark = f'<circle cx="50.5" cy="9.5" r="4" fill="{RED}"/>' if red else ""
    return (
        f'<text x="5" y="14.5" font-family="{LATIN}" font-size="14" font-weight="700"'
        f' fill="{INK}">{text}</text>{mark}'
    )


def kanji(x: float, y: float, size: float, colour: str, char: str) -> str:
    """One CJK character centred on x, its baseline at y."""
    return (
        f'<text x="{num(x)}" y="{num(y)}" font-family="{CJK}" font-size="{num(size)}"'
        f' font-weight="700" text-anchor="middle" fill="{colour}">{char}</text>'
    )


def name(n: int, suit: str) -> str:
    red = n == 0
    code = f"{n}{suit}"
    return f"{'red 5' if red else n} of {SUITS[suit]} ({code})"


# Characters (manzu): the kanji numeral above the red character for ten thousand.


def manzu(n: int) -> str:
    value = n or 5
    numeral = kanji(30, 41, 25, RED if n == 0 else INK, KANJI_DIGITS[value - 1])
    body = numeral + kanji(30, 71, 29, RED, "萬")
    return svg(name(n, "m"), hint(str(value), n == 0) + body)


# Circles (pinzu): coins drawn as concentric rings.


def coin(x: float, y: float, r: float, colour: str) -> str:
    """A ring and a dot of one colour, with a fine inner ring between them."""
    cx, cy = num(x), num(y)
    return (
        f'<circle cx="{cx}" cy="{cy}" r="{num(r * 0.8)}" fill="none" stroke="{colour}"'
        f' stroke-width="{num(r * 0.4)}"/>'
        f'<circle cx="{cx}" cy="{cy}" r="{num(r * 0.36)}" fill="{colour}"/>'
    )


def big_coin() -> str:
    """The one of circles: a large ornate coin of several rings and a wreath of dots."""
    x, y = 30, 44
    parts = [
        f'<circle cx="{x}" cy="{y}" r="20" fill="none" stroke="{GREEN}" stroke-width="3"/>',
        f'<circle cx="{x}" cy="{y}" r="14" fill="{RED}"/>',
        f'<circle cx="{x}" cy="{y}" r="10" fill="none" stroke="{FACE}" stroke-width="1.6"/>',
        f'<circle cx="{x}" cy="{y}" r="5.5" fill="{BLUE}"/>',
        f'<circle cx="{x}" cy="{y}" r="2" fill="{FACE}"/>',
    ]
    for i in range(12):
        a = math.pi * i / 6
        parts.append(
            f'<circle cx="{num(x + 16.5 * math.cos(a))}" cy="{num(y + 16.5 * math.sin(a))}"'
            f' r="1.3" fill="{BLUE}"/>'
        )
    return "".join(parts)


# Where the coins of each circles tile lie: (x, y, radius, colour).
PIN_LAYOUTS: dict[int, list[tuple[float, float, float, str]]] = {
    2: [(30, 29, 11.5, GREEN), (30, 58, 11.5, BLUE)],
    3: [(17, 27, 9.5, BLUE), (30, 45, 9.5, RED), (43, 63, 9.5, GREEN)],
    4: [(18, 30, 10.5, BLUE), (42, 30, 10.5, GREEN), (18, 58, 10.5, GREEN), (42, 58, 10.5, BLUE)],
    5: [
        (16, 25, 9, BLUE),
        (44, 25, 9, GREEN),
        (30, 44, 9, RED),
        (16, 63, 9, GREEN),
        (44, 63, 9, BLUE),
    ],
    6: [(19, 25, 8.5, GREEN), (41, 25, 8.5, GREEN)]
    + [(x, y, 8.5, RED) for y in (46, 64) for x in (19, 41)],
    7: [(16, 21, 7, GREEN), (30, 27, 7, GREEN), (44, 33, 7, GREEN)]
    + [(x, y, 7.8, RED) for y in (50, 66) for x in (20, 40)],
    8: [(x, y, 7, BLUE) for y in (22, 36.5, 51, 65.5) for x in (20, 40)],
    9: [(x, y, 7.4, RED if y == 44 else BLUE) for y in (25, 44, 63) for x in (15, 30, 45)],
}


def pinzu(n: int) -> str:
    if n == 1:
        body = big_coin()
    else:
        layout = PIN_LAYOUTS[n or 5]
        body = "".join(coin(x, y, r, RED if n == 0 else c) for x, y, r, c in layout)
    return svg(name(n, "p"), hint(str(n or 5), n == 0) + body)


# Bamboo (souzu): sticks with a node across the middle; the one of bamboo is a bird.


def stick(x: float, top: float, height: float, colour: str, tilt: float = 0, w: float = 7.5) -> str:
    """A bamboo stick centred on x from top down, tilted by tilt degrees about its centre:
    a rounded stem with a node across its middle and a light streak down its left side."""
    mid = top + height / 2
    turn = f' transform="rotate({num(tilt)} {num(x)} {num(mid)})"' if tilt else ""
    left, streak, end = x - w / 2, x - w * 0.2, top + height
    return (
        f'<g{turn}><rect x="{num(left)}" y="{num(top)}" width="{num(w)}" height="{num(height)}"'
        f' rx="{num(w / 2.5)}" fill="{colour}"/>'
        f'<path d="M{num(left)} {num(mid)}h{num(w)}" stroke="{FACE}" stroke-width="1.3"/>'
        f'<path d="M{num(streak)} {num(top + 2.5)}V{num(mid - 2)}M{num(streak)} {num(mid + 2)}'
        f'V{num(end - 2.5)}" stroke="#fff" stroke-opacity=".5" stroke-width="1.2"/></g>'
    )


# Where the sticks of each bamboo tile stand: (x, top, height, colour, tilt).
ROWS2 = ((16, 26), (46, 26))
ROWS3 = ((14, 18), (34, 18), (54, 18))
SOU_LAYOUTS: dict[int, list[tuple[float, float, float, str, float]]] = {
    2: [(30, t, h, GREEN, 0) for t, h in ROWS2],
    3: [(30, 16, 26, GREEN, 0), (19, 46, 26, GREEN, 0), (41, 46, 26, GREEN, 0)],
    4: [(x, t, h, GREEN, 0) for t, h in ROWS2 for x in (19, 41)],
    5: [(x, t, h, GREEN, 0) for t, h in ROWS2 for x in (15, 45)] + [(30, 30, 28, RED, 0)],
    6: [(x, t, h, GREEN, 0) for t, h in ROWS2 for x in (16, 30, 44)],
    7: [(30, 14, 18, RED, 0)] + [(x, t, 18, GREEN, 0) for t in (34, 54) for x in (16, 30, 44)],
    8: [(x, t, 26, GREEN, 0) for t in (16, 46) for x in (11, 49)]
    + [(23.5, 16, 26, GREEN, -14), (36.5, 16, 26, GREEN, 14)]
    + [(23.5, 46, 26, GREEN, 14), (36.5, 46, 26, GREEN, -14)],
    9: [(x, t, h, RED if x == 30 else GREEN, 0) for t, h in ROWS3 for x in (16, 30, 44)],
}


def bird() -> str:
    """The one of bamboo: a small stylised bird of our own, standing on a short stick."""
    return (
        f'<path d="M24 50q-12 6-14 20q8-4 12-12zM27 53q-5 9-3 19q5-7 6-16z" fill="{GREEN}"/>'
        f'<path d="M26 52q-9 9-9 18q6-5 9-13z" fill="{RED}"/>'
        f'<ellipse cx="32" cy="42" rx="10" ry="13" fill="{GREEN}" transform="rotate(25 32 42)"/>'
        f'<path d="M26 44q6-9 14-4q-4 9-14 4z" fill="{BLUE}"/>'
        f'<circle cx="38" cy="25" r="6.5" fill="{GREEN}"/>'
        f'<path d="M34 20q1-6 6-6q-3 3-2 6z" fill="{RED}"/>'
        f'<path d="M44 23l7 3-7 2z" fill="{RED}"/>'
        f'<circle cx="39.5" cy="24" r="1.6" fill="{FACE}"/>'
        f'<path d="M33 54l-1 10M37 53l2 11M28 66h16" stroke="{RED}" stroke-width="1.6"'
        ' stroke-linecap="round" fill="none"/>'
    )


def souzu(n: int) -> str:
    if n == 1:
        body = bird()
    else:
        layout = SOU_LAYOUTS[n or 5]
        body = "".join(stick(x, t, h, RED if n == 0 else c, a) for x, t, h, c, a in layout)
    return svg(name(n, "s"), hint(str(n or 5), n == 0) + body)


# Honors: winds and dragons.


def honor(n: int) -> str:
    title, char, colour, letter = HONORS[n]
    if n == 5:
        body = (
            f'<rect x="13" y="17" width="34" height="50" rx="2" fill="none" stroke="{FRAME}"'
            ' stroke-width="3.2"/>'
            f'<rect x="18" y="22" width="24" height="40" fill="none" stroke="{FRAME}"/>'
        )
    else:
        body = kanji(30, 60, 38, colour, char)
    return svg(f"{title} ({n}z)", (hint(letter) if letter else "") + body)


def back() -> str:
    """The back of a tile, for closed kans: a coloured face with a faint inner border."""
    border = '<rect x="7" y="6.5" width="46" height="63" rx="3" fill="none" stroke="#fff3d6"/>'
    return svg("Tile back", border, BACK)


def blank() -> str:
    """An empty place for a tile yet to be chosen: a plain face with a dashed outline."""
    outline = (
        '<rect x="8" y="7.5" width="44" height="61" rx="4" fill="none" stroke="#b9ab88"'
        ' stroke-dasharray="4 3"/>'
    )
    return svg("Blank tile", outline)


def all_tiles() -> dict[str, str]:
    """Every file's name and text, in a fixed order."""
    tiles: dict[str, str] = {}
    for suit, draw in (("m", manzu), ("p", pinzu), ("s", souzu)):
        for n in (*range(1, 10), 0):
            tiles[f"{n}{suit}.svg"] = draw(n)
    for n in range(1, 8):
        tiles[f"{n}z.svg"] = honor(n)
    tiles["back.svg"] = back()
    tiles["blank.svg"] = blank()
    return tiles


def main(argv: list[str]) -> None:
    out = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent
    out.mkdir(parents=True, exist_ok=True)
    for filename, text in all_tiles().items():
        (out / filename).write_text(text, encoding="utf-8", newline="\n")


if __name__ == "__main__":
    main(sys.argv)
