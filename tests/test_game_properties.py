"""Property tests: random legal games keep the points, follow the honba rules, replay alike."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.game import GameState, apply, replay, start
from scoring.outcome import Outcome, Win
from scoring.rules import PRESETS, Rules, preset
from scoring.settlement import settle
from scoring.value import HandValue

RON_VALUES = [(1, 30), (2, 30), (3, 40), (4, 30), (2, 25), (5, 0), (13, 0), (0, 0)]
TSUMO_VALUES = [(1, 30), (2, 20), (3, 25), (4, 30), (6, 0), (0, 0)]


def _value(draw: st.DrawFn, choices: list[tuple[int, int]]) -> HandValue:
    han, fu = draw(st.sampled_from(choices))
    return HandValue(yakuman=1) if han == 0 else HandValue(han=han, fu=fu)


@st.composite
def outcomes(draw: st.DrawFn, state: GameState, rules: Rules) -> Outcome:
    kinds = ["ron", "tsumo", "draw", "chombo"] + (["abort"] if rules.abortive_draws else [])
    kind = draw(st.sampled_from(kinds))
    seats, last = range(rules.players), rules.players - 1  # three in sanma presets
    may_riichi = [s for s in seats if state.scores[s] >= 1000 or rules.riichi_below_1000]
    riichi = tuple(
        draw(st.lists(st.sampled_from(may_riichi), unique=True, max_size=3)) if may_riichi else []
    )
    if kind == "ron":
        loser = draw(st.integers(0, last))
        most = {"paid": 3, "double_only": 2, "head_bump": 1}[rules.multiple_ron]
        others = [s for s in seats if s != loser]
        winners = draw(st.lists(st.sampled_from(others), unique=True, min_size=1, max_size=most))
        riichi = tuple(s for s in riichi if s != loser)
        return Outcome.ron(
            loser, *(Win(w, _value(draw, RON_VALUES)) for w in winners), riichi=riichi
        )
    if kind == "tsumo":
        return Outcome.tsumo(
            Win(draw(st.integers(0, last)), _value(draw, TSUMO_VALUES)), riichi=riichi
        )
    if kind == "draw":
        tenpai = set(riichi) | set(draw(st.lists(st.integers(0, last), unique=True)))
        nagashi = (
            draw(st.lists(st.integers(0, last), unique=True, max_size=1))
            if (rules.nagashi == "draw")
            else []
        )
        return Outcome.draw(tenpai=sorted(tenpai), nagashi=nagashi, riichi=riichi)
    if kind == "abort":
        reasons = [r for r in rules.abortive_draws if r != "suucha_riichi"]
        return (
            Outcome.abort(draw(st.sampled_from(reasons)), riichi=riichi)
            if reasons
            else (Outcome.draw(tenpai=riichi, riichi=riichi))
        )
    return Outcome.chombo(draw(st.integers(0, last)), riichi=riichi)


@st.composite
def games(draw: st.DrawFn) -> tuple[Rules, list[tuple[GameState, Outcome, GameState]]]:
    rules = preset(draw(st.sampled_from(PRESETS)))
    if draw(st.booleans()):
        rules = rules.with_options(game_length=draw(st.sampled_from(["east", "east_north"])))
    state, steps = start(rules), []
    for _ in range(draw(st.integers(1, 30))):
        if state.finished:
            break
        outcome = draw(outcomes(state, rules))
        after = apply(state, outcome, rules)
        steps.append((state, outcome, after))
        state = after
    return rules, steps


@settings(max_examples=150, deadline=None)
@given(games())
def test_scores_plus_sticks_on_the_table_stay_one_start_per_player(game):
    rules, steps = game
    for _, _, after in steps:
        assert sum(after.scores) + 1000 * after.riichi_sticks == rules.players * rules.start_points


@settings(max_examples=150, deadline=None)
@given(games())
def test_honba_and_dealer_follow_the_rules(game):
    rules, steps = game
    for before, outcome, after in steps:
        if outcome.result in ("ron", "tsumo"):
            keeps = before.dealer in outcome.winners
            honba = before.honba + 1 if keeps else 0
        elif outcome.result == "draw":
            keeps = rules.renchan == "tenpai" and before.dealer in outcome.tenpai
            honba = before.honba + 1
        elif outcome.result == "abort":
            keeps, honba = rules.abort_renchan, before.honba + 1
        else:
            keeps, honba = True, before.honba
        assert after.honba == honba
        if not after.finished:
            assert after.round_index == before.round_index + (not keeps)
            assert after.dealer == (before.dealer + (not keeps)) % rules.players


@settings(max_examples=100, deadline=None)
@given(games())
def test_replay_is_deterministic_and_matches_step_by_step_play(game):
    rules, steps = game
    record = {"rules": rules.to_json(), "rounds": [o.to_json() for _, o, _ in steps]}
    first, second = replay(record), replay(record)
    assert first.to_json() == second.to_json()
    assert first.state == steps[-1][2]
    assert [Outcome.from_json(o.to_json()) for _, o, _ in steps] == [o for _, o, _ in steps]


@settings(max_examples=150, deadline=None)
@given(games())
def test_settlement_is_zero_sum_unless_points_leave_the_table(game):
    rules, steps = game
    end = steps[-1][2]
    settlement = settle(end, rules)
    lost = 1000 * end.riichi_sticks if rules.leftover_sticks == "lost" else 0
    deducted = sum(p.chombo for p in settlement.players)
    assert sum(p.total for p in settlement.players) == deducted - lost
    assert min(settlement.places) == 1
