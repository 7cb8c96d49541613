"""Prescripted seating: read an uploaded plan of who sits where in every round.

The plan is CSV text with one row per table per round: ``round,table,east,south,west,north``
(``round,table,east,south,west`` for sanma). A four-player event that seats the players left
over three to a table (its sanma rules) may give such a table as a row of three seats, or
with the north seat left empty. A first row starting with ``round`` is a header
and skipped, as are blank rows. A seat holds a player's name or id. Rounds are numbered 1, 2,
3 … and so are the tables of each round, without gaps; a table's row gives its seats in order.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Mapping

from events.errors import PrescriptError

Tables = tuple[tuple[int, ...], ...]


def parse_prescript(
    text: str, names: Mapping[str, int], *, seats: int = 4, threes: bool = False
) -> dict[int, Tables]:
    """Return the plan's tables by round number, each table's player ids East first.

    ``names`` maps each player's name to their id; a seat may also hold the id itself.
    ``threes``: tables of three may be among the tables of four. A wrong row raises
    ``PrescriptError`` naming its line.

    >>> plan = "round,table,east,south,west,north\\n1,1,Ann,Bo,Cy,4\\n2,1,Bo,Cy,4,Ann\\n"
    >>> parse_prescript(plan, {"Ann": 1, "Bo": 2, "Cy": 3, "Di": 4})
    {1: ((1, 2, 3, 4),), 2: ((2, 3, 4, 1),)}
    >>> parse_prescript("1,1,Ann,Bo,Cy,Ed", {"Ann": 1, "Bo": 2, "Cy": 3})
    Traceback (most recent call last):
    ...
    events.errors.PrescriptError: line 1: "Ed" is not a player of this event
    """
    lookup = _player_lookup(names)
    tables: dict[int, dict[int, tuple[int, ...]]] = {}
    lines: dict[tuple[int, int], int] = {}
    seated: dict[tuple[int, int], int] = {}  # (round, player) -> line where they sit
    reader = csv.reader(text.removeprefix("\ufeff").splitlines())
    for row in reader:
        cells = [cell.strip() for cell in row]
        if not any(cells) or (not lines and cells[0].casefold() == "round"):
            continue
        line = reader.line_num
        size = seats
        if threes and _is_table_of_three(cells, seats):
            cells, size = cells[:5], 3
        round_number, table, players = _read_row(cells, line, lookup, size)
        if (round_number, table) in lines:
            first = lines[round_number, table]
            raise PrescriptError(
                line, "plan_table_twice", round=round_number, table=table, first=first
            )
        _seat(seated, round_number, zip(cells[2:], players), line)
        lines[round_number, table] = line
        tables.setdefault(round_number, {})[table] = players
    _check_numbering(tables, lines)
    return {
        number: tuple(by_table[t] for t in sorted(by_table))
        for number, by_table in sorted(tables.items())
    }


def _seat(
    seated: dict[tuple[int, int], int],
    round_number: int,
    names_and_players: Iterable[tuple[str, int]],
    line: int,
) -> None:
    """Note where a row's players sit in its round; refuse a player seated twice."""
    for name, player in names_and_players:
        if (round_number, player) in seated:
            first = seated[round_number, player]
            raise PrescriptError(
                line, "plan_seated_twice", name=name, round=round_number, first=first
            )
        seated[round_number, player] = line


def _is_table_of_three(cells: list[str], seats: int) -> bool:
    """Return whether a four-player plan's row seats three: the north seat left out, or
    left empty."""
    return seats == 4 and len(cells) in (5, 6) and cells[5:] in ([], [""])


def _player_lookup(names: Mapping[str, int]) -> dict[str, int]:
    # A seat may hold a name as written, the same name in other letter case (when no
    # other name reads the same), or an id.
    lookup = {str(player): player for player in names.values()}
    folded: dict[str, list[int]] = {}
    for name, player in names.items():
        folded.setdefault(name.strip().casefold(), []).append(player)
    lookup.update({name: ids[0] for name, ids in folded.items() if len(ids) == 1})
    lookup.update({name.strip(): player for name, player in names.items()})
    return lookup


def _read_row(
    cells: list[str], line: int, lookup: Mapping[str, int], seats: int
) -> tuple[int, int, tuple[int, ...]]:
    if len(cells) != seats + 2:
        raise PrescriptError(
            line, "plan_row_length", seats=seats, cells=seats + 2, count=len(cells)
        )
    round_number = _read_number(cells[0], "round", line)
    table = _read_number(cells[1], "table", line)
    players = []
    for seat, cell in enumerate(cells[2:]):
        if not cell:
            raise PrescriptError(
                line, "plan_empty_seat", seat=seat, table=table, round=round_number
            )
        player = lookup.get(cell, lookup.get(cell.casefold()))
        if player is None:
            raise PrescriptError(line, "plan_not_a_player", name=cell)
        players.append(player)
    return round_number, table, tuple(players)


def _read_number(cell: str, what: str, line: int) -> int:
    if not (cell.isascii() and cell.isdigit()) or int(cell) < 1:
        raise PrescriptError(line, f"plan_bad_{what}", cell=cell)
    return int(cell)


def _check_numbering(
    tables: Mapping[int, Mapping[int, object]], lines: Mapping[tuple[int, int], int]
) -> None:
    if not tables:
        raise PrescriptError(None, "plan_no_tables")
    for expected, number in enumerate(sorted(tables), start=1):
        if number != expected:
            line = min(lines[number, table] for table in tables[number])
            if expected > 1:
                raise PrescriptError(
                    line, "plan_round_missing", round=number, after=expected - 1, expected=expected
                )
            raise PrescriptError(line, "plan_first_round_missing", round=number, expected=expected)
        for table_expected, table in enumerate(sorted(tables[number]), start=1):
            if table != table_expected:
                raise PrescriptError(
                    lines[number, table],
                    "plan_table_missing",
                    round=number,
                    table=table,
                    expected=table_expected,
                )
