"""Rule options that contradict each other (scoring.consistency): every preset is
consistent, the club preset's triple ron aborts as sanchahou (issue 20's dead end), and
every combination of the options that interact is either accepted and round-trips, or
refused naming the options at fault."""

from __future__ import annotations

import itertools

import pytest

from scoring.consistency import ContradictoryRules, contradictions
from scoring.game import play, replay, start
from scoring.outcome import Outcome, OutcomeError, Win
from scoring.rules import ABORTIVE_DRAWS, PRESETS, Rules, preset
from scoring.value import HandValue


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_is_consistent(name):
    assert contradictions(preset(name)) == ()
    assert Rules.from_json(preset(name).to_json()) == preset(name)


def test_a_triple_ron_under_the_club_preset_is_recorded_as_an_abort():
    record = {
        "rules": "club",
        "rounds": [{"result": "abort", "reason": "sanchahou"}],
    }
    game = replay(record)

    assert game.state.honba == 1 and game.state.label == "E1"


def _subsets(items):
    return [c for n in range(len(items) + 1) for c in itertools.combinations(items, n)]


TRIPLE = Outcome.ron(0, *(Win(seat, HandValue(han=1, fu=30)) for seat in (1, 2, 3)))
NEAREST = Outcome.ron(0, Win(1, HandValue(han=1, fu=30)))


def _recordable(outcome, rules):
    try:
        play(start(rules), outcome, rules)
    except OutcomeError:
        return False
    return True


@pytest.mark.parametrize("multiple_ron", ["paid", "double_only", "head_bump"])
@pytest.mark.parametrize("aborts", _subsets(ABORTIVE_DRAWS))
def test_rules_are_consistent_exactly_when_a_triple_ron_has_one_way_to_be_recorded(
    multiple_ron, aborts
):
    rules = Rules(multiple_ron=multiple_ron, abortive_draws=aborts)
    as_ron = _recordable(TRIPLE, rules)
    as_abort = _recordable(Outcome.abort("sanchahou"), rules)
    as_nearest = multiple_ron == "head_bump" and _recordable(NEAREST, rules)
    # head bump may let a triple ron abort too (a house rule), or pay the nearest winner
    one_way = (as_ron != as_abort) or as_nearest

    assert (contradictions(rules) == ()) == one_way


INTERACTING = {  # options that some contradiction involves, with values to try
    "multiple_ron": ("paid", "double_only", "head_bump"),
    "multiple_ron_honba": ("nearest", "each"),
    "multiple_ron_sticks": ("nearest", "own_back"),
    "sudden_death": (False, True),
    "extension_winds": (0, 1),
    "extension_end": ("stand", "all_draw"),
    "tenpai_yame": (False, True),
    "renchan": ("tenpai", "win"),
    "double_yakuman": ((), ("kokushi_13",)),
    "multiple_yakuman": (True, False),
    "tobi_bonus": (0, 10000),
    "tobi": ("none", "below_zero"),
}


def _combinations():
    names = list(INTERACTING)
    for values in itertools.product(*INTERACTING.values()):
        options = dict(zip(names, values))
        # the triple ron's way is checked above: give each choice its consistent aborts
        paid = options["multiple_ron"] == "paid"
        options["abortive_draws"] = ABORTIVE_DRAWS[:4] if paid else ABORTIVE_DRAWS
        yield options


def test_every_combination_of_interacting_options_is_accepted_or_refused_by_name():
    club, seen = preset("club"), set()
    for options in _combinations():
        rules = Rules(**options)
        found = contradictions(rules)
        seen.update(c.code for c in found)
        data = {"preset": "club", **{k: _json(v) for k, v in options.items()}}
        if not found:
            assert Rules.from_json(Rules.from_json(data).to_json()) == rules
            continue
        with pytest.raises(ContradictoryRules) as refused:
            Rules.from_json(data)
        assert refused.value.contradictions == found
        for contradiction in found:  # the options named are the ones at fault
            fixed = rules.with_options(
                check=False, **{name: getattr(club, name) for name in contradiction.options}
            )
            assert contradiction.code not in {c.code for c in contradictions(fixed)}
    assert len(seen) == 7  # every kind but the two of the triple ron (checked above)


def _json(value):
    return list(value) if isinstance(value, tuple) else value


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"abortive_draws": ["kyuushu_kyuuhai"]}, "triple_ron_cannot_abort"),
        ({"multiple_ron": "paid"}, "triple_ron_paid_and_aborted"),
        ({"multiple_ron": "head_bump", "multiple_ron_honba": "each"}, "head_bump_honba_to_each"),
        ({"multiple_ron": "head_bump", "multiple_ron_sticks": "own_back"}, "head_bump_sticks_back"),
        ({"sudden_death": True}, "sudden_death_without_extension"),
        ({"extension_end": "all_draw"}, "all_draw_without_extension"),
        ({"tenpai_yame": True, "renchan": "win"}, "tenpai_yame_without_tenpai_renchan"),
        ({"multiple_yakuman": False}, "double_patterns_not_counted"),
        ({"tobi": "none", "tobi_bonus": 5000}, "tobi_bonus_without_tobi"),
    ],
)
def test_each_contradiction_is_refused_when_rules_are_read(options, code):
    with pytest.raises(ContradictoryRules) as refused:
        Rules.from_json({"preset": "club", **options})

    assert [c.code for c in refused.value.contradictions] == [code]


def test_every_contradiction_is_named_at_once():
    with pytest.raises(ContradictoryRules, match=r"sanchahou.*sudden_death") as refused:
        Rules.from_json({"preset": "club", "abortive_draws": [], "sudden_death": True})

    assert len(refused.value.contradictions) == 2


def test_stored_rules_may_be_read_unchecked():
    rules = Rules.from_json({"preset": "club", "abortive_draws": []}, check=False)
    assert rules.abortive_draws == ()
