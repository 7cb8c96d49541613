"""The drawn tile faces of static/ledger/tiles: one safe, small, named SVG per tile code."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

TILES = Path(__file__).resolve().parents[1] / "static" / "ledger" / "tiles"
SCRIPT = TILES / "make_tiles.py"
SVG = "{http://www.w3.org/2000/svg}"

SUITS = {"m": "characters", "p": "circles", "s": "bamboo"}
HONORS = ["East wind", "South wind", "West wind", "North wind"]
HONORS += ["White dragon", "Green dragon", "Red dragon"]


def expected_titles() -> dict[str, str]:
    """Every code that must have a face, with the English name its title must give."""
    titles = {}
    for suit, word in SUITS.items():
        for n in range(1, 10):
            titles[f"{n}{suit}"] = f"{n} of {word} ({n}{suit})"
        titles[f"0{suit}"] = f"red 5 of {word} (0{suit})"
    for n, honor in enumerate(HONORS, start=1):
        titles[f"{n}z"] = f"{honor} ({n}z)"
    titles["back"] = "Tile back"
    titles["blank"] = "Blank tile"
    return titles


CODES = sorted(expected_titles())


def test_the_codes_are_the_37_kinds_with_red_fives_the_back_and_the_blank() -> None:
    assert len(CODES) == 9 * 3 + 3 + 7 + 2
    assert {"1m", "9m", "0m", "0p", "0s", "1z", "7z", "back"} <= set(CODES)


def test_the_folder_holds_exactly_one_svg_per_code() -> None:
    assert sorted(path.stem for path in TILES.glob("*.svg")) == CODES


@pytest.mark.parametrize("code", CODES)
def test_face_is_a_small_safe_svg_image_named_by_its_title(code: str) -> None:
    path = TILES / f"{code}.svg"
    assert path.is_file(), f"{code} has no face"
    data = path.read_bytes()
    assert len(data) < 4096, f"{code}.svg is {len(data)} bytes"

    root = ET.fromstring(data)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("viewBox") == "0 0 60 80"
    title = root.find(f"{SVG}title")
    assert title is not None and title is root[0], "the title comes first"
    assert (title.text or "").strip() == expected_titles()[code]

    for element in root.iter():
        tag = element.tag.removeprefix(SVG)
        assert element.tag.startswith(SVG), f"{element.tag} is outside the SVG namespace"
        assert tag not in {"script", "image", "foreignObject", "style", "a", "use"}, tag
        for attribute, value in element.attrib.items():
            local = attribute.rsplit("}", 1)[-1]
            assert local != "href", f"{code}.svg refers to {value!r}"
            assert not local.startswith("on"), f"{code}.svg has an event handler {attribute}"
            assert "url(" not in value.replace(" ", ""), f"{code}.svg loads {value!r}"
            assert "javascript:" not in value.lower()


@pytest.mark.parametrize("code", [c for c in CODES if c[0].isdigit() and c[1] != "z"])
def test_every_numbered_face_carries_its_arabic_digit(code: str) -> None:
    """The digit stays legible where no CJK font draws the kanji."""
    root = ET.fromstring((TILES / f"{code}.svg").read_bytes())
    texts = [(element.text or "").strip() for element in root.iter(f"{SVG}text")]
    assert str(int(code[0]) or 5) in texts


@pytest.mark.parametrize(("code", "letter"), [("1z", "E"), ("2z", "S"), ("3z", "W"), ("4z", "N")])
def test_every_wind_carries_its_latin_letter(code: str, letter: str) -> None:
    root = ET.fromstring((TILES / f"{code}.svg").read_bytes())
    assert letter in [(element.text or "").strip() for element in root.iter(f"{SVG}text")]


def test_the_generator_writes_the_committed_files_byte_for_byte(tmp_path: Path) -> None:
    for run, seed in enumerate(("0", "12345")):
        out = tmp_path / f"run{run}"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run([sys.executable, str(SCRIPT), str(out)], check=True, env=env)
        written = sorted(path.name for path in out.iterdir())
        assert written == [f"{code}.svg" for code in CODES]
        for name in written:
            assert (out / name).read_bytes() == (TILES / name).read_bytes(), name
