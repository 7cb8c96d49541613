"""Fill the database with a synthetic club: players, seasons and finished sessions.

Every round is played once through the engine (``scoring.game.play``), so scores,
places and results are exactly what the ledger would store. This is a bulk loader for
benchmarks: rows are written with ``bulk_create``, not through ``ledger.writes`` (one
change at a time would take minutes for 20,000 sessions), and the standings and ratings
are computed once at the end with the rebuild's own functions.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction
from django.utils import timezone

from ledger.models import Player, Result, Round, Ruleset, Season, Session, SessionSeat, name_key
from ledger.online_logs.model import replay_fingerprint
from scoring.errors import ScoringError
from scoring.game import Replay, play, start
from scoring.outcome import Outcome
from scoring.rules import Rules
from standings.models import Encounter, PlayerGame, WinHand
from standings.rebuild import (
    build_games,
    encounters,
    stored_scopes,
    update_standings,
    win_hands,
)
from standings.rerate import rate_in_order, rate_season, store_ratings
from standings.stats import game_lines

SYLLABLES = [
    "a",
    "ka",
    "sa",
    "ta",
    "na",
    "ha",
    "ma",
    "ya",
    "ra",
    "wa",
    "ki",
    "shi",
    "chi",
    "ni",
    "hi",
    "mi",
    "ri",
    "ku",
    "su",
    "tsu",
    "nu",
    "fu",
    "mu",
    "yu",
    "ru",
]
CJK = "李王張劉陳楊趙黃周吳佐藤鈴木高橋田中渡辺伊藤山本中村小林加藤"
HANDS = [(1, 30), (1, 40), (2, 30), (2, 40), (2, 25), (3, 30), (3, 40), (4, 30), (5, 30),
         (6, 30), (8, 30), (11, 30), (13, 30)]  # fmt: skip
HAND_WEIGHTS = [14, 6, 16, 6, 3, 14, 6, 9, 8, 4, 2, 0.6, 0.2]
BATCH = 2000


class Command(BaseCommand):
    help = "Create a synthetic club of players and finished sessions (for benchmarks)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, default=300)
        parser.add_argument("--sessions", type=int, default=2000)
        parser.add_argument("--seed", type=int, default=7)

    def handle(self, *args: Any, **options: Any) -> None:
        generate_club(options["players"], options["sessions"], seed=options["seed"])
        self.stdout.write(f"{options['sessions']:,} sessions for {options['players']} players")


def generate_club(players: int, sessions: int, *, seed: int = 7) -> None:
    """Create the club: players with hidden skills, four seasons, finished sessions."""
    rng = random.Random(seed)
    with transaction.atomic():
        names = [_name(rng, i) for i in range(players)]
        people = Player.objects.bulk_create(Player(name=n, name_key=name_key(n)) for n in names)
        skills = {p.pk: rng.gauss(1.0, 0.25) for p in people}
        rulesets = [
            Ruleset.objects.get_or_create(name="WRC", defaults={"rules": {"preset": "wrc"}})[0],
            Ruleset.objects.get_or_create(name="Club", defaults={"rules": {"preset": "club"}})[0],
        ]
        end = timezone.now()
        begin = end - dt.timedelta(days=730)
        seasons = _seasons(begin.date(), end.date())
        states: dict[tuple[int, int], Any] = {}  # (player, player count): ratings
        for first in range(0, sessions, BATCH):
            when = (begin, end, first, min(BATCH, sessions - first), sessions)
            _create_batch(rng, people, skills, rulesets, seasons, when, states)
        update_standings(stored_scopes())
        store_ratings(states, {pk for pk, _ in states})
        for season in seasons:
            rate_season(season.pk)


def _name(rng: random.Random, i: int) -> str:
    if i % 10 == 9:
        return "".join(rng.sample(CJK, 3)) + str(i)
    return ("".join(rng.choice(SYLLABLES) for _ in range(3))).capitalize() + f" {i}"


def _seasons(begin: dt.date, end: dt.date) -> list[Season]:
    """Return half-year seasons back from a current one that began 90 days ago."""
    seasons, starts = [], end - dt.timedelta(days=90)
    seasons.append(Season(name=f"{starts:%Y-%m}", starts_on=starts))
    while starts > begin:
        ends, starts = starts - dt.timedelta(days=1), starts - dt.timedelta(days=182)
        seasons.append(
            Season(name=f"{starts:%Y-%m}", starts_on=starts, ends_on=ends, is_closed=True)
        )
    return Season.objects.bulk_create(seasons)


def _create_batch(rng, people, skills, rulesets, seasons, when, states):  # type: ignore[no-untyped-def]
    made = _played_sessions(rng, people, skills, rulesets, seasons, when)
    Session.objects.bulk_create([s for s, _, _ in made])
    rows = _rows(made)
    rate_in_order(rows[PlayerGame], states)
    for model, objects in rows.items():
        model.objects.bulk_create(objects, batch_size=5000)


def _played_sessions(rng, people, skills, rulesets, seasons, when):  # type: ignore[no-untyped-def]
    """Return (session, its four players, the game played) for each game of the batch."""
    begin, end, first, count, total = when
    span = (end - begin).total_seconds()
    made = []
    for n in range(first, first + count):
        started = begin + dt.timedelta(seconds=span * n / total)
        ruleset = rulesets[0] if n % 3 else rulesets[1]
        season = next((s for s in seasons if s.starts_on <= started.date()), None)
        table = rng.sample(people, 4)
        rules = Rules.from_json(ruleset.rules)
        game = _play_game(rng, rules, [skills[p.pk] for p in table], [p.name for p in table])
        session = Session(
            rules=ruleset.rules,
            ruleset=ruleset,
            season=season,
            status=Session.Status.FINISHED,
            ended_by=game.state.ended_by or "",
            fingerprint=replay_fingerprint(game),  # as the write path keeps it
            started_at=started,
            # one session finishes per slot so creation order is chronological (ratings)
            finished_at=started + dt.timedelta(minutes=75, seconds=n % 60),
        )
        made.append((session, table, game))
    return made


def _rows(made) -> dict[type, list]:  # type: ignore[no-untyped-def]
    """Return the seats, rounds, results and standings rows of the sessions, by model."""
    rows: dict[type, list] = {  # type: ignore[type-arg]
        model: [] for model in (SessionSeat, Round, Result, PlayerGame, Encounter, WinHand)
    }
    for session, table, game in made:
        rows[SessionSeat] += [
            SessionSeat(session=session, seat=i, player=p) for i, p in enumerate(table)
        ]
        replayed = game.to_json()
        for i, (outcome, played) in enumerate(zip(game.rounds, replayed["rounds"])):
            rows[Round].append(_round(session, i, outcome.outcome.to_json(), played))
        final = replayed["final"]
        by_seat = {}
        for seat, player in enumerate(table):
            by_seat[seat] = Result(session=session, seat=seat, player=player,
                                   score=final["scores"][seat], place=final["places"][seat],
                                   result=final["results"][seat])  # fmt: skip
        rows[Result] += by_seat.values()
        made_games = build_games(
            session, game_lines(game), by_seat, ended_by=session.ended_by,
            start_points=game.rules.start_points,
        )  # fmt: skip
        rows[PlayerGame] += made_games
        rows[Encounter] += encounters(made_games)
        rows[WinHand] += win_hands(made_games)
    return rows


def _round(session: Session, i: int, outcome: dict[str, Any], played: dict[str, Any]) -> Round:
    return Round(session=session, number=i + 1, outcome=outcome, label=played["round"],
                 dealer=played["dealer"], honba=played["honba"],
                 riichi_sticks=played["riichi_sticks"], deltas=played["deltas"],
                 scores=played["scores"])  # fmt: skip


def _play_game(rng: random.Random, rules: Rules, skills: list[float], names: list[str]) -> Replay:
    state, played = start(rules), []
    while not state.finished and len(played) < 40:
        for _ in range(5):
            try:
                result = play(state, _outcome(rng, state, skills), rules)
                break
            except ScoringError:
                continue
        else:
            result = play(
                state, Outcome.from_json({"result": "draw", "tenpai": [], "riichi": []}), rules
            )
        played.append(result)
        state = result.state
    return Replay(rules, tuple(names), tuple(played), state)


def _outcome(rng: random.Random, state: Any, skills: list[float]) -> Outcome:
    riichi = [s for s in range(4) if state.scores[s] >= 1000 and rng.random() < 0.17]
    kind = rng.choices(["ron", "tsumo", "draw", "chombo"], [47, 31, 21.7, 0.3])[0]
    if kind == "chombo":
        return Outcome.from_json({"result": "chombo", "player": rng.randrange(4)})
    if kind == "draw":
        tenpai = [s for s in range(4) if rng.random() < (0.9 if s in riichi else 0.35)]
        return Outcome.from_json({"result": "draw", "tenpai": tenpai, "riichi": riichi})
    weights = [skills[s] * (2.2 if s in riichi else 1.0) for s in range(4)]
    winner = rng.choices(range(4), [max(w, 0.05) for w in weights])[0]
    han, fu = rng.choices(HANDS, HAND_WEIGHTS)[0]
    if winner in riichi and han < 2:
        han = 2
    win = {"winner": winner, "han": han, "fu": fu}
    if kind == "tsumo":
        if fu == 25:
            han = max(han, 3)
        return Outcome.from_json({"result": "tsumo", **win, "han": han, "riichi": riichi})
    others = [s for s in range(4) if s != winner]
    loser = rng.choices(
        others, [2.0 - min(skills[s], 1.8) + (0.5 if s in riichi else 0) for s in others]
    )[0]
    return Outcome.from_json({"result": "ron", "loser": loser, "wins": [win], "riichi": riichi})
