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


# Options that some contradiction involves, in groups of those that interact: no check
# involves options of two groups, so every combination within each group covers them all.
INTERACTING = (
    {
        "multiple_ron": ("paid", "double_only", "head_bump"),
        "multiple_ron_honba": ("nearest", "each"),
        "multiple_ron_sticks": ("nearest", "own_back"),
    },
    {
        "sudden_death": (False, True),
        "extension_winds": (0, 1),
        "extension_end": ("stand", "all_draw"),
    },
    {"tenpai_yame": (False, True), "renchan": ("tenpai", "win")},
    {
        "double_yakuman": ((), ("kokushi_13",)),
        "multiple_yakuman": (True, False),
        "counted_yakuman": (True, False),
        "counted_yakuman_stacks": (False, True),
    },
    {"tobi_bonus": (0, 10000), "tobi": ("none", "below_zero")},
    {"riichi_noten": ("chombo", "noten"), "chombo": ("deduction", "reverse_mangan", "none")},
    {"noten_penalty": (3000, 1200, 900, 0)},
    {"start_points": (25000, 30000, 35000), "return_points": (30000, 25000), "oka": (None, 0)},
)


@pytest.mark.parametrize(
    "options",
    [
        {"multiple_ron": "head_bump", "multiple_ron_honba": "each"},
        {"sudden_death": True, "extension_winds": 0},
        {"tenpai_yame": True, "renchan": "win"},
        {"multiple_yakuman": False},
        {"tobi": "none", "tobi_bonus": 5000},
    ],
)
def test_an_option_that_has_no_effect_under_the_others_is_not_refused(options):
    assert Rules.from_json({"preset": "tenhou", **options}).to_json()["preset"] == "tenhou"


def test_the_groups_hold_every_option_a_contradiction_involves():
    from scoring.consistency import CHECKS

    grouped = {name for group in INTERACTING for name in group}
    for check in CHECKS:
        # the triple ron's and sanma's, above and in test_sanma
        involved = set(check.options) - {"abortive_draws", "players"}
        assert involved <= grouped
        assert any(involved <= set(group) for group in INTERACTING)


def _combinations(group):
    for values in itertools.product(*group.values()):
        options = dict(zip(group, values))
        # the triple ron's way is checked above: give each choice its consistent aborts
        paid = options.get("multiple_ron") == "paid"
        options["abortive_draws"] = ABORTIVE_DRAWS[:4] if paid else ABORTIVE_DRAWS
        yield options


@pytest.mark.parametrize("group", INTERACTING, ids=lambda group: "-".join(group))
def test_every_combination_of_interacting_options_is_accepted_or_refused_by_name(group):
    club = preset("club")
    for options in _combinations(group):
        rules = Rules(**options)
        found = contradictions(rules)
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


def _json(value):
    return list(value) if isinstance(value, tuple) else value


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"abortive_draws": ["kyuushu_kyuuhai"]}, "triple_ron_cannot_abort"),
        ({"multiple_ron": "paid"}, "triple_ron_paid_and_aborted"),
        ({"counted_yakuman_stacks": True, "counted_yakuman": False}, "counted_stacks_not_counted"),
        (
            {"counted_yakuman_stacks": True, "multiple_yakuman": False, "double_yakuman": []},
            "counted_stacks_without_multiples",
        ),
        ({"chombo": "none"}, "noten_riichi_chombo_without_chombo"),
        ({"noten_penalty": 900}, "noten_penalty_shares"),
        ({"start_points": 50000}, "return_below_start"),  # the club returns at 30,000
    ],
)
def test_each_contradiction_is_refused_when_rules_are_read(options, code):
    with pytest.raises(ContradictoryRules) as refused:
        Rules.from_json({"preset": "club", **options})

    assert [c.code for c in refused.value.contradictions] == [code]


@pytest.mark.parametrize(
    "options",
    [
        {"start_points": 50000, "return_points": 40000, "oka": 0},  # the oka given
        {"start_points": 30000},  # an even return: no oka
    ],
)
def test_starting_points_at_or_above_the_return_are_accepted_with_their_oka(options):
    assert Rules.from_json({"preset": "club", **options}).oka_points == 0


def test_every_contradiction_is_named_at_once():
    data = {"preset": "club", "abortive_draws": [], "counted_yakuman_stacks": True}
    data["counted_yakuman"] = False
    with pytest.raises(ContradictoryRules, match=r"sanchahou.*counted_yakuman") as refused:
        Rules.from_json(data)

    assert len(refused.value.contradictions) == 2


def test_stored_rules_may_be_read_unchecked():
    rules = Rules.from_json({"preset": "club", "abortive_draws": []}, check=False)
    assert rules.abortive_draws == ()
