"""Seating engine: properties of every draw, fair sit-outs and Easts, Swiss, prescripted plans,
the bench's lower bound of repeated opponents (against brute force), reproducibility."""

from __future__ import annotations

import ast
import doctest
import itertools
import random
import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bench.seating
import events.grouping
import events.prescript
import events.seating
from bench.seating import lower_bound, repeats_by_round
from events.seating import (
    Draw,
    Method,
    NotCheckedInError,
    PrescriptError,
    SeatingError,
    SitOut,
    draw_round,
    parse_prescript,
    repeat_count,
    table_sizes,
)

EVENTS = Path(__file__).resolve().parent.parent / "events"
DRAWN: tuple[Method, ...] = ("random", "swiss", "fewest_repeats")
NAMES = {
    name: number for number, name in enumerate(["Ann", "Bo", "Cy", "Di", "Ed", "Fa", "Gu", "Hu"], 1)
}


@dataclass(frozen=True)
class Event:
    """How a drawn event goes: who checks in for each round, and how it is seated."""

    attendance: tuple[tuple[int, ...], ...]
    method: Method
    seats: int
    sit_out: SitOut
    standings: dict[int, int]
    seed: int


@st.composite
def drawn_events(
    draw: st.DrawFn,
    methods: Sequence[Method] = DRAWN,
    sit_outs: Sequence[SitOut] = ("rotate", "sanma"),
    everybody_always: bool = False,
    most_players: int = 18,
    most_rounds: int = 5,
) -> Event:
    seats = draw(st.sampled_from([3, 4]))
    sit_out = draw(st.sampled_from(sit_outs)) if seats == 4 else "rotate"
    pool = draw(st.lists(st.integers(1, 10**6), max_size=most_players, unique=True))
    rounds = draw(st.integers(1, most_rounds))
    if everybody_always:
        attendance = tuple(tuple(pool) for _ in range(rounds))
    else:
        attendance = tuple(
            tuple(draw(st.lists(st.sampled_from(pool), unique=True)) if pool else ())
            for _ in range(rounds)
        )
    return Event(
        attendance=attendance,
        method=draw(st.sampled_from(methods)),
        seats=seats,
        sit_out=sit_out,
        standings={player: draw(st.integers(-3, 3)) for player in pool},
        seed=draw(st.integers(0, 2**32)),
    )


def play(event: Event) -> list[Draw]:
    rng = random.Random(event.seed)
    rounds: list[Draw] = []
    for players in event.attendance:
        rounds.append(
            draw_round(
                players,
                history=rounds,
                standings=event.standings,
                method=event.method,
                seats=event.seats,
                rng=rng,
                sit_out=event.sit_out,
            )
        )
    return rounds


def seated(draw: Draw) -> list[int]:
    return [player for table in draw.tables for player in table]


# Every draw


@given(drawn_events())
def test_every_checked_in_player_is_seated_once_or_sits_out(event):
    for players, draw in zip(event.attendance, play(event)):
        assert sorted(seated(draw) + list(draw.sitting_out)) == sorted(players)


@given(drawn_events())
def test_no_table_has_fewer_than_the_rules_seats(event):
    for players, draw in zip(event.attendance, play(event)):
        sizes = sorted((len(table) for table in draw.tables), reverse=True)
        sanma = event.sit_out == "sanma"
        assert tuple(sizes) == table_sizes(len(players), seats=event.seats, sit_out=event.sit_out)
        assert all(size == event.seats or (sanma and size == 3) for size in sizes)
        assert len(draw.sitting_out) < event.seats
        if sanma and len(players) not in (1, 2, 5):
            assert draw.sitting_out == ()


@pytest.mark.parametrize(
    ("count", "sizes"),
    [(0, ()), (3, (3,)), (5, ()), (6, (3, 3)), (7, (4, 3)), (9, (3, 3, 3)), (13, (4, 3, 3, 3))],
)
def test_sanma_tables_seat_everybody_where_counts_allow(count, sizes):
    expected = sizes or ((4,) if count >= 4 else ())
    assert table_sizes(count, seats=4, sit_out="sanma") == expected


def test_a_count_that_cannot_play_sanma_sits_out_and_says_so():
    draw = draw_round([1, 2, 3, 4, 5], method="random", sit_out="sanma", rng=random.Random(1))

    assert len(draw.sitting_out) == 1
    assert str(draw.note) == "5 players cannot all play at tables of four and three, so 1 sits out"


@given(drawn_events(everybody_always=True, sit_outs=("rotate",), most_rounds=8))
def test_nobody_sits_out_twice_before_everybody_has_sat_out_once(event):
    sat_out: Counter[int] = Counter({player: 0 for player in event.attendance[0]})
    for draw in play(event):
        sat_out.update(draw.sitting_out)
        assert max(sat_out.values(), default=0) - min(sat_out.values(), default=0) <= 1


@given(drawn_events())
def test_the_same_seed_draws_the_same_event_whatever_the_order_of_check_in(event):
    shuffled = tuple(
        tuple(random.Random(i).sample(p, len(p))) for i, p in enumerate(event.attendance)
    )

    assert play(event) == play(event) == play(Event(**{**vars(event), "attendance": shuffled}))


def test_another_seed_draws_another_event():
    draws = {
        draw_round(range(40), method="fewest_repeats", rng=random.Random(seed)) for seed in range(3)
    }
    assert len(draws) == 3


def test_a_player_checked_in_twice_is_refused():
    with pytest.raises(SeatingError, match="player 3 is checked in twice"):
        draw_round([1, 2, 3, 3, 4], method="random", rng=random.Random(1))


# East


@given(drawn_events(methods=("random", "fewest_repeats"), sit_outs=("rotate",), most_rounds=8))
def test_players_seated_in_the_same_rounds_sit_east_within_one_time_of_each_other(event):
    rounds = play(event)
    easts = Counter(table[0] for draw in rounds for table in draw.tables)
    by_pattern = defaultdict(list)
    for player in {p for draw in rounds for p in seated(draw)}:
        pattern = tuple(player in seated(draw) for draw in rounds)
        by_pattern[pattern].append(easts[player])
    assert all(max(counts) - min(counts) <= 1 for counts in by_pattern.values())


@pytest.mark.parametrize("method", ["random", "fewest_repeats"])
@pytest.mark.parametrize("players", [8, 12, 16, 20, 40])
def test_with_everybody_seated_every_round_east_counts_differ_by_at_most_one(method, players):
    rng, rounds = random.Random(players), []
    for _ in range(8):
        rounds.append(draw_round(range(players), history=rounds, method=method, rng=rng))
        easts = Counter({player: 0 for player in range(players)})
        easts.update(table[0] for draw in rounds for table in draw.tables)
        assert max(easts.values()) - min(easts.values()) <= 1


@pytest.mark.parametrize("method", ["random", "fewest_repeats"])
def test_teammates_sit_apart_when_each_team_has_no_more_players_than_tables(method):
    checked = 0
    for seed in range(60):
        rng = random.Random(seed)
        players = rng.sample(range(1, 10**6), rng.randint(4, 24))
        teams = {player: player % rng.randint(2, 7) for player in players}
        rounds: list[Draw] = []
        for _ in range(3):
            rounds.append(draw_round(players, history=rounds, method=method, rng=rng, teams=teams))
            per_team = Counter(teams[p] for p in seated(rounds[-1]))
            if max(per_team.values()) <= len(rounds[-1].tables):
                checked += 1
                assert all(len({teams[p] for p in t}) == len(t) for t in rounds[-1].tables)
    assert checked > 20  # the events above often allow it


@given(drawn_events(methods=("random", "fewest_repeats"), sit_outs=("rotate",), most_rounds=8))
def test_teams_keep_east_fair(event):
    teams = {player: player % 3 for player in {p for r in event.attendance for p in r}}
    rng, rounds = random.Random(event.seed), []
    for players in event.attendance:
        rounds.append(draw_round(players, history=rounds, method=event.method,
                                 seats=event.seats, rng=rng, teams=teams))  # fmt: skip
    easts = Counter(table[0] for draw in rounds for table in draw.tables)
    by_pattern = defaultdict(list)
    for player in {p for draw in rounds for p in seated(draw)}:
        by_pattern[tuple(player in seated(draw) for draw in rounds)].append(easts[player])
    assert all(max(counts) - min(counts) <= 1 for counts in by_pattern.values())


def test_east_goes_to_the_player_owed_it_most_at_swiss_tables():
    history = [Draw(((1, 2, 3, 4),)), Draw(((2, 1, 3, 4),))]
    draw = draw_round([1, 2, 3, 4], history=history, method="swiss", rng=random.Random(5))

    assert draw.tables[0][0] in (3, 4)


# Swiss


def test_swiss_seats_the_top_four_at_table_one():
    standings = {player: 100 - 7 * player for player in range(1, 13)}
    draw = draw_round(range(1, 13), standings=standings, method="swiss", rng=random.Random(2))

    assert [sorted(table) for table in draw.tables] == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]


@given(drawn_events(methods=("swiss",)))
def test_swiss_tables_follow_the_standings(event):
    for draw in play(event):
        standing = [[event.standings[p] for p in table] for table in draw.tables]
        assert all(min(upper) >= max(lower) for upper, lower in itertools.pairwise(standing))


# Fewest repeats


def _partitions(players: Sequence[int], sizes: Sequence[int]) -> Iterator[list[tuple[int, ...]]]:
    # Every split of the players into unordered tables of the given sizes: the first player's
    # table is chosen first, then the rest are split alike.
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for mates in itertools.combinations(rest, size - 1):
            others = [p for p in rest if p not in mates]
            for tail in _partitions(others, left):
                yield [(first, *mates), *tail]


def _rotating_easts(rng: random.Random, players: int, rounds: int) -> list[Draw]:
    # Rounds of tables of four in which each player sits East exactly once.
    history = []
    for number in range(rounds):
        tables = players // 4
        easts = list(range(number * tables, (number + 1) * tables))
        others = [p for p in range(players) if p not in easts]
        rng.shuffle(others)
        history.append(Draw(tuple((e, *others[3 * i : 3 * i + 3]) for i, e in enumerate(easts))))
    return history


@pytest.mark.parametrize("players", [8, 12])
@pytest.mark.parametrize("seed", range(4))
def test_fewest_repeats_finds_the_least_repeats_of_a_small_round(players, seed):
    # After rounds in which everybody sat East once, any table may have any East, so the
    # least over every split of the players is what the search must reach.
    history = _rotating_easts(random.Random(seed), players, 4)
    least = min(
        repeat_count(Draw(tuple(tables)), history)
        for tables in _partitions(list(range(players)), [4] * (players // 4))
    )
    draw = draw_round(
        range(players), history=history, method="fewest_repeats", rng=random.Random(seed)
    )

    assert repeat_count(draw, history) == least


# The bench's lower bound


def _least_repeats(attendance: Sequence[Sequence[int]], sizes: Sequence[Sequence[int]]) -> int:
    # The least repeated opponents over every seating of the rounds, by trying them all.
    splits = [list(_partitions(list(p), s)) for p, s in zip(attendance, sizes)]

    def least_from(number: int, met: Counter[frozenset[int]]) -> int:
        if number == len(splits):
            return 0
        costs = []
        for tables in splits[number]:
            pairs = [
                frozenset(pair) for table in tables for pair in itertools.combinations(table, 2)
            ]
            later = least_from(number + 1, met + Counter(pairs)) if number + 1 < len(splits) else 0
            costs.append(sum(met[pair] for pair in pairs) + later)
        return min(costs)

    return least_from(0, Counter())


TINY_EVENTS = [
    ([range(8)] * 3, [[4, 4]] * 3),
    ([range(6)] * 4, [[3, 3]] * 4),
    ([range(7)] * 3, [[4, 3]] * 3),
    ([range(4)] * 3, [[4]] * 3),
    ([range(9)] * 2, [[3, 3, 3]] * 2),
    ([range(1, 9), [0, *range(2, 9)], [0, 1, *range(3, 9)]], [[4, 4]] * 3),
    ([range(4), range(1, 9), range(3, 6)], [[4], [4, 4], [3]]),
]


@pytest.mark.parametrize(("attendance", "sizes"), TINY_EVENTS)
def test_the_lower_bound_is_at_most_the_least_repeats_of_every_seating(attendance, sizes):
    some_seating = [Draw(tuple(next(_partitions(list(p), s)))) for p, s in zip(attendance, sizes)]

    assert lower_bound(some_seating) <= _least_repeats(attendance, sizes)


def test_the_lower_bound_is_reached_where_the_pigeonhole_is_the_whole_story():
    # 4 players at one table, 3 rounds: every pair meets 3 times, C(3, 2) = 3 each, 18 in all.
    rounds = [Draw(((0, 1, 2, 3),))] * 3
    assert lower_bound(rounds) == _least_repeats([range(4)] * 3, [[4]] * 3) == 18


@given(drawn_events(methods=("random", "fewest_repeats")))
def test_no_drawn_event_has_fewer_repeats_than_the_lower_bound(event):
    rounds = play(event)
    assert repeats_by_round(rounds)[-1] >= lower_bound(rounds)


# Prescripted


def _csv(plan: dict[int, tuple[tuple[int, ...], ...]], names: dict[int, str]) -> str:
    rows = ["round,table,east,south,west,north"]
    for number, tables in plan.items():
        rows += [
            f"{number},{t},{','.join(names[p] for p in table)}" for t, table in enumerate(tables, 1)
        ]
    return "\n".join(rows) + "\n"


@st.composite
def plans(draw: st.DrawFn) -> tuple[list[int], dict[int, tuple[tuple[int, ...], ...]]]:
    players = list(range(1, draw(st.integers(4, 14)) + 1))
    plan = {}
    for number in range(1, draw(st.integers(1, 4)) + 1):
        order = draw(st.permutations(players))
        tables = draw(st.integers(1, len(players) // 4))
        plan[number] = tuple(tuple(order[4 * t : 4 * t + 4]) for t in range(tables))
    return players, plan


@given(plans())
def test_a_prescripted_round_follows_the_plan_exactly(players_and_plan):
    players, plan = players_and_plan
    names = {player: f"Player {player}" for player in players}
    parsed = parse_prescript(_csv(plan, names), {name: p for p, name in names.items()})
    rounds: list[Draw] = []
    for number in plan:
        rounds.append(
            draw_round(
                players, history=rounds, method="prescripted", prescript=parsed, rng=random.Random()
            )
        )
        assert rounds[-1].tables == plan[number]
        assert sorted(rounds[-1].sitting_out) == sorted(set(players) - set(seated(rounds[-1])))


def test_a_plan_names_players_by_name_in_any_case_or_by_id_and_skips_blank_lines():
    text = "\ufeffRound,Table,East,South,West,North\n\n1,1, ann ,BO,3,Di\n\n"
    assert parse_prescript(text, NAMES) == {1: ((1, 2, 3, 4),)}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1,1,Ann,Bo,Cy,Zed", 'line 1: "Zed" is not a player of this event'),
        (
            "1,1,Ann,Bo,Cy,Di\n1,2,Ed,Ann,Fa,Gu",
            'line 2: "Ann" already sits at a table of round 1 (line 1)',
        ),
        (
            "round,table,east,south,west,north\n1,1,Ann,Bo,Cy",
            "line 2: a row needs a round, a table and 4 seats (6 values), but this one has 5",
        ),
        ("1,1,Ann,Bo,Cy,", "line 1: the North seat of table 1 in round 1 is empty"),
        (
            "1,1,Ann,Bo,Cy,Di\n\n3,1,Ann,Bo,Cy,Di",
            "line 3: round 3 comes after round 1: round 2 is missing",
        ),
        ("2,1,Ann,Bo,Cy,Di", "line 1: round 2 comes first: round 1 is missing"),
        ("1,2,Ann,Bo,Cy,Di", "line 1: round 1 has table 2 but no table 1"),
        ("1,1,Ann,Bo,Cy,Di\n1,1,Ed,Fa,Gu,Hu", "line 2: round 1 has table 1 twice (also on line 1)"),
        ("one,1,Ann,Bo,Cy,Di", 'line 1: the round must be a whole number from 1 up, not "one"'),
        ("1,0,Ann,Bo,Cy,Di", 'line 1: the table must be a whole number from 1 up, not "0"'),
        ("round,table,east,south,west,north\n", "the seating plan has no tables"),
    ],
)
def test_a_bad_plan_is_refused_naming_the_line(text, message):
    with pytest.raises(PrescriptError) as refused:
        parse_prescript(text, NAMES)

    assert str(refused.value) == message


def test_a_sanma_plan_has_three_seats_a_row():
    assert parse_prescript("1,1,Ann,Bo,Cy", NAMES, seats=3) == {1: ((1, 2, 3),)}


@pytest.mark.parametrize("three", ["1,2,Ed,Fay,Gus", "1,2,Ed,Fay,Gus,"])
def test_a_four_player_plan_may_seat_three_where_the_event_has_sanma_rules(three):
    names = {**NAMES, "Ed": 5, "Fay": 6, "Gus": 7}
    text = f"1,1,Ann,Bo,Cy,Di\n{three}\n"

    plan = parse_prescript(text, names, threes=True)
    drawn = draw_round(
        [1, 2, 3, 4, 5, 6, 7], method="prescripted", prescript=plan, sit_out="sanma",
        rng=random.Random(),
    )  # fmt: skip

    assert plan == {1: ((1, 2, 3, 4), (5, 6, 7))}
    assert drawn.tables == ((1, 2, 3, 4), (5, 6, 7))
    with pytest.raises(PrescriptError, match="line 2"):
        parse_prescript(text, names)  # without sanma rules, every table seats four
    with pytest.raises(PrescriptError, match="line 1"):
        parse_prescript("1,1,Ann,Bo,Cy,Di,Ed", names, threes=True)  # seven cells: no table


def test_a_plan_seating_a_player_who_has_not_checked_in_is_refused_naming_them():
    plan = parse_prescript("1,1,Ann,Bo,Cy,Di", NAMES)
    with pytest.raises(NotCheckedInError, match="player 4 at a table in round 1") as refused:
        draw_round([1, 2, 3, 5], method="prescripted", prescript=plan, rng=random.Random())

    assert (refused.value.player, refused.value.round_number) == (4, 1)


def test_a_round_the_plan_does_not_have_is_refused():
    plan = parse_prescript("1,1,Ann,Bo,Cy,Di", NAMES)
    history = [Draw(plan[1])]
    with pytest.raises(SeatingError, match="the seating plan has no round 2"):
        draw_round(
            [1, 2, 3, 4], history=history, method="prescripted", prescript=plan, rng=random.Random()
        )


# The module itself


@pytest.mark.parametrize(
    "module",
    [events.seating, events.grouping, events.prescript, bench.seating],
    ids=lambda m: m.__name__,
)
def test_the_examples_in_the_docstrings_hold(module):
    failed, tried = doctest.testmod(module)
    assert tried > 0
    assert failed == 0


def test_no_events_module_imports_django():
    roots = set()
    for path in EVENTS.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                roots |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                roots.add(node.module.split(".")[0])
    code = "import sys, events.seating; print(sorted(m for m in sys.modules if m.startswith('django')))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=EVENTS.parent
    )

    assert roots <= {
        "__future__",
        "collections",
        "csv",
        "dataclasses",
        "events",
        "heapq",
        "itertools",
        "random",
        "typing",
    }
    assert done.stdout.strip() == "[]"
