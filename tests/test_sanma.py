"""Three-player games (sanma) in the engine: payments from the published tsumo-loss
table and by the north-split rule, honba and noten for three, nuki dora and the 108
tiles, seats and records of three, and a whole hanchan replayed with hand-checked scores
and settlement."""

from __future__ import annotations

import csv
import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.consistency import contradictions
from scoring.errors import BadHandError, RulesError
from scoring.game import RecordError, play, replay, start
from scoring.outcome import Outcome, OutcomeError, Win
from scoring.rules import ABORTIVE_DRAWS, Rules, preset
from scoring.score import score_hand
from scoring.tiles import parse_tiles
from scoring.value import HandValue, tsumo_payments, win_payments
from scoring.waits import analyse_waits

DATA = Path(__file__).parent / "data"
SANMA_PRESETS = ("club_sanma", "tenhou_sanma", "mahjongsoul_sanma")
TENHOU = preset("tenhou_sanma")
SPLIT = TENHOU.with_options(sanma_tsumo="north_split")


def _rows(name):
    with open(DATA / name, encoding="utf-8") as file:
        return list(csv.DictReader(line for line in file if not line.startswith("#")))


LOSS_TABLE = _rows("sanma_tsumo_loss.csv")


def _value(row):
    return HandValue(han=int(row["han"]), fu=int(row["fu"]))


@pytest.mark.parametrize("row", LOSS_TABLE, ids=lambda r: f"{r['who']}-{r['han']}-{r['fu']}")
def test_tsumo_loss_pays_the_published_table(row):
    is_dealer = row["who"] == "dealer"
    paid = tsumo_payments(_value(row), is_dealer=is_dealer, rules=TENHOU)

    shown = str(paid.non_dealer) if is_dealer else f"{paid.dealer}-{paid.non_dealer}"
    assert shown == row["payments"]
    assert paid.total() == int(row["total"])


@pytest.mark.parametrize("row", LOSS_TABLE, ids=lambda r: f"{r['who']}-{r['han']}-{r['fu']}")
def test_a_sanma_ron_pays_the_four_player_table(row):
    is_dealer = row["who"] == "dealer"
    value = _value(row)
    if value.fu == 20:  # a pinfu tsumo has no ron
        return
    four = win_payments(value, is_dealer=is_dealer, tsumo=False, rules=Rules()).ron
    assert win_payments(value, is_dealer=is_dealer, tsumo=False, rules=TENHOU).ron == four


# Hand-checked under the north split (北家折半): the absent player's share is halved
# between the two payers, each share rounded up to 100.
SPLIT_CELLS = [
    # who, han, fu, dealer pays, non-dealer pays, total
    ("child", 1, 30, 600, 400, 1000),  # base 240: 480+120, 240+120
    ("child", 2, 30, 1200, 800, 2000),  # base 480
    ("child", 3, 30, 2400, 1500, 3900),  # base 960: 1920+480, 960+480 -> 1500
    ("child", 5, 0, 5000, 3000, 8000),  # mangan, as the ron
    ("child", 13, 0, 20000, 12000, 32000),
    ("dealer", 1, 30, 0, 800, 1600),  # base 240: 480 + 240 = 720 -> 800 each
    ("dealer", 3, 30, 0, 2900, 5800),  # base 960: 2880 -> 2900
    ("dealer", 5, 0, 0, 6000, 12000),
]


@pytest.mark.parametrize("who, han, fu, dealer, non_dealer, total", SPLIT_CELLS)
def test_north_split_shares_the_missing_payment(who, han, fu, dealer, non_dealer, total):
    paid = tsumo_payments(HandValue(han=han, fu=fu), is_dealer=who == "dealer", rules=SPLIT)

    assert (paid.dealer, paid.non_dealer, paid.total()) == (dealer, non_dealer, total)


def test_honba_on_a_sanma_tsumo_is_100_from_each_or_150_when_split():
    one = HandValue(han=1, fu=30)
    loss = tsumo_payments(one, is_dealer=False, rules=TENHOU, honba=2)
    split = tsumo_payments(one, is_dealer=False, rules=SPLIT, honba=2)

    assert (loss.dealer, loss.non_dealer) == (500 + 200, 300 + 200)
    assert (split.dealer, split.non_dealer) == (600 + 300, 400 + 300)
    ron = win_payments(one, is_dealer=False, tsumo=False, rules=TENHOU, honba=2)
    assert ron.ron == 1000 + 600


def test_a_split_honba_is_rounded_up_to_a_stick_of_100():
    one = HandValue(han=1, fu=30)
    split = tsumo_payments(one, is_dealer=False, rules=SPLIT, honba=1)  # 150 each, halved

    assert (split.dealer, split.non_dealer) == (600 + 200, 400 + 200)


# 包牌 (the seed: the liable player pays 全部相关点数): a pao tsumo is paid by the liable
# player as if they had dealt in, so in sanma without the tsumo loss or the split.
@pytest.mark.parametrize("rules", ["tenhou_sanma", SPLIT.to_json()])
def test_a_pao_tsumo_in_sanma_is_paid_whole_by_the_liable_player(rules):
    record = {
        "rules": rules,
        "players": ["A", "B", "C"],
        "rounds": [
            {"result": "draw", "tenpai": [0]},
            {"result": "tsumo", "winner": 1, "yakuman": 1, "pao": 2},
        ],
    }

    assert replay(record).to_json()["rounds"][1]["deltas"] == [0, 32_300, -32_300]


def test_a_pao_yakuman_within_a_sanma_double_yakuman_tsumo_is_paid_as_a_ron():
    rules = TENHOU.with_options(multiple_yakuman=True, pao_stacked="pao_yakuman")
    record = {
        "rules": rules.to_json(),
        "players": ["A", "B", "C"],
        "rounds": [{"result": "tsumo", "winner": 1, "yakuman": 2, "pao": 2, "pao_yakuman": 1}],
    }

    # the pao yakuman 32,000 from C; the other yakuman a tsumo with the loss: 16,000 + 8,000
    assert replay(record).to_json()["rounds"][0]["deltas"] == [-16_000, 56_000, -40_000]


@pytest.mark.parametrize(
    "tenpai, deltas",
    [((0,), (2000, -1000, -1000)), ((0, 2), (1000, -2000, 1000)), ((), (0, 0, 0))],
)
def test_noten_payments_for_three_move_2000(tenpai, deltas):
    result = play(start(TENHOU), Outcome.draw(tenpai=tenpai), TENHOU)

    assert result.deltas == deltas


def test_nagashi_and_a_reverse_mangan_chombo_pay_as_a_sanma_tsumo():
    nagashi = play(start(TENHOU), Outcome.draw(tenpai=(), nagashi=(1,)), TENHOU)
    chombo = play(start(preset("club_sanma")), Outcome.chombo(2), preset("club_sanma"))

    assert nagashi.deltas == (-4000, 6000, -2000)
    assert chombo.deltas == (4000, 2000, -6000)


def test_seats_rotate_east_south_west_and_rounds_are_three_per_wind():
    state = start(TENHOU)
    labels = []
    for _ in range(4):
        labels.append((state.label, state.dealer, state.seat_wind(0)))
        state = play(state, Outcome.draw(tenpai=()), TENHOU).state

    assert labels == [("E1", 0, "E"), ("E2", 1, "W"), ("E3", 2, "S"), ("S1", 0, "E")]


def test_a_seat_that_is_not_at_a_table_of_three_is_refused():
    with pytest.raises(OutcomeError, match="player 3 is not at this table of 3"):
        play(start(TENHOU), Outcome.ron(3, Win(0, HandValue(han=1, fu=30))), TENHOU)
    with pytest.raises(OutcomeError, match="for 3 players, but the table has 4"):
        play(start(Rules()), Outcome.draw(tenpai=()), TENHOU)


# A Tenhou sanma hanchan, each round worked out by hand (35,000 start):
HANCHAN = [
    # E1, A deals: B tsumo 3 han 30 fu -> A pays 2,000, C 1,000
    ({"result": "tsumo", "winner": 1, "han": 3, "fu": 30}, [-2000, 3000, -1000]),
    # E2, B deals: A riichi, ron off C for a mangan (8,000) and takes back the stick
    (
        {"result": "ron", "loser": 2, "wins": [{"winner": 0, "han": 5}], "riichi": [0]},
        [8000, 0, -8000],
    ),
    # E3, C deals: only A tenpai -> 1,000 from each noten player; C noten passes the deal
    ({"result": "draw", "tenpai": [0]}, [2000, -1000, -1000]),
    # S1 1 honba, A deals: A tsumo 2 han 30 fu -> 1,000 + 100 from each
    ({"result": "tsumo", "winner": 0, "han": 2, "fu": 30}, [2200, -1100, -1100]),
    # S1 2 honba: B riichi, C ron off B 2 han 40 fu -> 2,600 + 600, plus B's stick
    (
        {"result": "ron", "loser": 1, "wins": [{"winner": 2, "han": 2, "fu": 40}], "riichi": [1]},
        [0, -4200, 4200],
    ),
    # S2, B deals: B tsumo haneman -> 6,000 from each
    ({"result": "tsumo", "winner": 1, "han": 6}, [-6000, 12000, -6000]),
    # S2 1 honba: A ron off C 1 han 30 fu -> 1,000 + 300
    ({"result": "ron", "loser": 2, "wins": [{"winner": 0, "han": 1, "fu": 30}]}, [1300, 0, -1300]),
    # S3 (all last), C deals: A tsumo 4 han 30 fu -> C pays 3,900, B 2,000; A has 40,000+
    ({"result": "tsumo", "winner": 0, "han": 4, "fu": 30}, [5900, -2000, -3900]),
]


def _hanchan(rules):
    return replay({"rules": rules, "players": ["A", "B", "C"], "rounds": [r for r, _ in HANCHAN]})


def test_a_sanma_hanchan_replays_to_the_hand_checked_scores():
    game = _hanchan("tenhou_sanma")
    rounds = game.to_json()["rounds"]

    assert [r["deltas"] for r in rounds] == [d for _, d in HANCHAN]
    assert [r["round"] for r in rounds] == ["E1", "E2", "E3", "S1", "S1", "S2", "S2", "S3"]
    assert [r["honba"] for r in rounds] == [0, 0, 0, 1, 2, 0, 1, 0]
    assert game.state.scores == (46400, 41700, 16900)
    assert game.state.finished and game.state.ended_by == "last_round"


def test_a_sanma_hanchan_settles_with_oka_and_the_uma_for_three_places():
    tenhou = _hanchan("tenhou_sanma").settlement
    club = _hanchan("club_sanma").settlement

    # 40,000 return; oka 3 x 5,000 to 1st; Tenhou no uma, the club +15/0/-15
    assert tenhou.results == (21.4, 1.7, -23.1)
    assert club.results == (36.4, 1.7, -38.1)
    assert tenhou.places == (1, 2, 3)


def test_three_names_without_rules_play_the_club_sanma_preset():
    game = replay({"players": ["A", "B", "C"], "rounds": [HANCHAN[0][0]]})

    assert game.rules.name == "club_sanma"
    assert game.state.scores == (33000, 38000, 34000)


@pytest.mark.parametrize(
    "record, message",
    [
        (
            {"rules": "tenhou", "players": ["A", "B", "C"]},
            "four-player: players must be a list of 4",
        ),
        ({"rules": "tenhou_sanma", "players": ["A", "B", "C", "D"]}, "list of 3 names, not 4"),
        (
            {
                "rules": "tenhou_sanma",
                "players": ["A", "B", "C"],
                "penalties": [{"player": 3, "points": -1000}],
            },
            "player 3 is not at this table of 3",
        ),
        ({"rules": {"preset": "club", "players": 3}}, "uma must be 3 multiples"),
        ({"rules": {"preset": "club_sanma", "players": 5}}, "players must be 3 or 4"),
    ],
)
def test_a_record_whose_players_and_rules_disagree_is_refused(record, message):
    with pytest.raises(RecordError, match=message):
        replay(record)


@pytest.mark.parametrize("name", SANMA_PRESETS)
def test_the_sanma_presets_are_for_three(name):
    rules = preset(name)

    assert rules.players == 3 and len(rules.uma) == 3 and rules.start_points == 35000
    assert start(rules).scores == (35000,) * 3
    assert contradictions(rules) == ()


@pytest.mark.parametrize(
    "aborts", [c for n in range(6) for c in itertools.combinations(ABORTIVE_DRAWS, n)]
)
def test_sanma_rules_refuse_the_abortive_draws_only_four_players_can_make(aborts):
    four_only = {"suufon_renda", "suucha_riichi", "sanchahou"}
    options = {"preset": "club_sanma", "abortive_draws": list(aborts)}

    if four_only & set(aborts):
        with pytest.raises(RulesError, match="three players cannot make"):
            Rules.from_json(options)
    else:
        assert Rules.from_json(options).abortive_draws == aborts


# Hands


def _hand(**extra):
    base = {"hand": "123p456p789s11z222z", "win": "1z", "seat_wind": "S", "tsumo": True}
    return score_hand({**base, "rules": "tenhou_sanma", **extra})


def test_each_north_set_aside_is_a_dora_and_counts_again_when_north_is_dora():
    plain, two, doubled = _hand(), _hand(nuki=2), _hand(nuki=2, dora="3z")

    assert plain["han"] == 2 and plain["payments"] == {"dealer": 1300, "non_dealer": 700}
    assert two["han"] == 4 and two["dora"] == {"dora": 0, "aka": 0, "ura": 0, "nuki": 2}
    assert doubled["han"] == 6 and doubled["dora"]["dora"] == 2


@pytest.mark.parametrize("option, dora", [("9m", 2), ("2m", 0)])
def test_a_1m_indicator_makes_9m_dora_in_sanma(option, dora):
    rules = {"preset": "tenhou_sanma", "sanma_1m_dora": option}
    hand = {
        "hand": "99m123p456p789s222z",
        "win": "9m",
        "dora": "1m",
        "riichi": True,
        "rules": rules,
    }

    assert score_hand(hand)["dora"]["dora"] == dora


@pytest.mark.parametrize(
    "extra, message",
    [
        ({"hand": "234p456p789s11z222z", "win": "1z", "dora": "5m"}, "5m is not in a three-player"),
        ({"hand": "19m19p19s1234567z1m", "win": "1m", "dora": "2m"}, "2m is not in a three-player"),
        (
            {"hand": "456p789s11z222z", "win": "1z", "melds": [{"kind": "chi", "tiles": "123p"}]},
            "no chi in three-player games",
        ),
        ({"hand": "123p456p789s44z222z", "win": "4z", "nuki": 3}, "more than the four"),
        ({"rules": {"preset": "tenhou_sanma", "north": "kept"}, "nuki": 1}, "no nuki dora"),
        ({"rules": "tenhou", "nuki": 1}, "only in three-player games"),
        ({"seat_wind": "N"}, "no North seat in three-player games"),
        ({"nuki": 5}, "at most 4 north tiles can be set aside, not 5"),
        ({"nuki": -1}, "nuki must be a whole number"),
    ],
)
def test_a_hand_three_players_cannot_hold_is_refused(extra, message):
    with pytest.raises(BadHandError, match=message):
        _hand(**extra)


@pytest.mark.parametrize(
    "rules, message",
    [
        ("club", "only in three-player games"),
        ({"preset": "tenhou_sanma", "north": "kept"}, "no nuki dora"),
        ("tenhou_sanma", "at most 4 north tiles"),
    ],
)
def test_a_win_given_with_nuki_it_cannot_have_is_refused(rules, message):
    win = {"winner": 1, "han": 1, "fu": 30, "yaku": ["riichi"], "dora": {"nuki": 5}}
    players = ["A", "B", "C", "D"] if rules == "club" else ["A", "B", "C"]
    record = {"rules": rules, "players": players,
              "rounds": [{"result": "ron", "loser": 0, "wins": [win]}]}  # fmt: skip

    with pytest.raises(RecordError, match=message):
        replay(record)


def test_options_for_three_players_start_from_the_club_sanma_preset():
    game = replay({"players": ["A", "B", "C"], "rules": {"uma": [10000, 0, -10000]}})

    assert game.rules.to_json() == {"preset": "club_sanma", "uma": [10000, 0, -10000]}


def test_waits_of_a_sanma_hand_refuse_2m_to_8m():
    waits = analyse_waits(parse_tiles("11m99m123p456p789s"), players=3)

    assert [w.remaining for w in waits.waits] == [2, 2]
    with pytest.raises(BadHandError, match="3m is not in a three-player set"):
        analyse_waits(parse_tiles("1m99m123p456p789s"), visible=parse_tiles("3m"), players=3)


def _cli(*args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "scoring", *args], input=stdin, capture_output=True, text=True
    )


def test_the_cli_takes_three_player_records_hands_and_waits():
    record = json.dumps(
        {"rules": "tenhou_sanma", "players": ["A", "B", "C"], "rounds": [r for r, _ in HANCHAN]}
    )
    replayed = _cli("replay", "-", stdin=record)
    hand = _cli(
        "hand",
        json.dumps(
            {
                "hand": "123p456p789s11z222z",
                "win": "1z",
                "rules": "tenhou_sanma",
                "nuki": 1,
                "seat_wind": "S",
            }
        ),
    )
    waits = _cli("waits", "11m99m123p456p789s", "--players", "3")
    refused = _cli("waits", "12m99m123p456p789s", "--players", "3")

    assert json.loads(replayed.stdout)["final"]["results"] == [21.4, 1.7, -23.1]
    assert json.loads(hand.stdout)["dora"]["nuki"] == 1
    assert [w["tile"] for w in json.loads(waits.stdout)["waits"]] == ["1m", "9m"]
    assert refused.returncode == 2 and "2m is not in a three-player set" in refused.stderr
