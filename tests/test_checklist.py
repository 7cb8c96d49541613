"""A hand's value from a yaku checklist (scoring/checklist.py): the han of each yaku
closed and open as the published tables give them (EMA Riichi Competition Rules 2016,
appendix; Tenhou's yaku list), fu fixed by pinfu and chiitoitsu, limit hands without fu,
every refusal with its reason, and yakuman multiples."""

from __future__ import annotations

import pytest

from scoring.checklist import (
    CLASHES,
    REASONS,
    Checklist,
    ChecklistError,
    Refusal,
    checklist_groups,
    checklist_value,
    checklist_yaku,
    refusal,
)
from scoring.dora import DoraCount
from scoring.errors import InvalidHandError
from scoring.rules import Rules, preset
from scoring.value import HandValue, ron_payment, tsumo_payments

# (yaku, closed han, open han; 0: closed only), from the published yaku tables.
HAN = [
    ("riichi", 1, 0),
    ("ippatsu", 1, 0),
    ("menzen_tsumo", 1, 0),
    ("pinfu", 1, 0),
    ("iipeikou", 1, 0),
    ("tanyao", 1, 1),
    ("yakuhai_haku", 1, 1),
    ("yakuhai_round_wind", 1, 1),
    ("haitei", 1, 1),
    ("houtei", 1, 1),
    ("rinshan", 1, 1),
    ("chankan", 1, 1),
    ("double_riichi", 2, 0),
    ("chanta", 2, 1),
    ("ittsu", 2, 1),
    ("sanshoku", 2, 1),
    ("sanshoku_doukou", 2, 2),
    ("toitoi", 2, 2),
    ("sanankou", 2, 2),
    ("sankantsu", 2, 2),
    ("chiitoitsu", 2, 0),
    ("honroutou", 2, 2),
    ("shousangen", 2, 2),
    ("honitsu", 3, 2),
    ("junchan", 3, 2),
    ("ryanpeikou", 3, 0),
    ("chinitsu", 6, 5),
]
OFFERED = {yaku.name: yaku for yaku in checklist_yaku(Rules())}


@pytest.mark.parametrize(("name", "closed", "open_han"), HAN)
def test_each_yaku_is_offered_with_its_closed_and_open_han(name, closed, open_han):
    assert (OFFERED[name].closed, OFFERED[name].open) == (closed, open_han)


@pytest.mark.parametrize(("name", "closed", "open_han"), [row for row in HAN if row[2]])
def test_an_open_hand_counts_the_open_han(name, closed, open_han):
    tsumo = name in ("haitei", "rinshan")  # an open hand's tsumo has no menzen tsumo
    value = checklist_value(Checklist((name,), tsumo=tsumo, is_closed=False), Rules())
    assert value.han == open_han


def test_tanyao_is_closed_only_without_kuitan():
    rules = Rules(open_tanyao=False)
    assert {y.name: y.open for y in checklist_yaku(rules)}["tanyao"] == 0
    assert refusal(Checklist(("tanyao",), tsumo=False, is_closed=False), rules) == Refusal(
        "closed_only", "tanyao"
    )


def test_chiitoitsu_is_one_han_fifty_fu_under_that_option():
    rules = Rules(chiitoitsu_50_fu=True)
    value = checklist_value(Checklist(("chiitoitsu",), tsumo=False), rules)
    assert (value.han, value.fu, value.needs_fu) == (1, 50, False)


def test_yaku_are_grouped_by_han_with_yakuman_last():
    groups = dict(checklist_groups(Rules()))
    assert [y.name for y in groups[3]] == ["honitsu", "junchan", "ryanpeikou"]
    assert [y.name for y in groups[6]] == ["chinitsu"]
    assert all(y.is_yakuman for y in groups[13])


@pytest.mark.parametrize(
    ("renhou", "offered"),
    [("none", set()), ("mangan", {"renhou"}), ("yakuman", {"renhou_yakuman"})],
)
def test_renhou_is_offered_as_the_rules_count_it(renhou, offered):
    names = {y.name for y in checklist_yaku(Rules(renhou=renhou))}
    assert names & {"renhou", "renhou_yakuman"} == offered


# (yaku, tsumo, closed, dora/aka/ura, han, fixed fu, fu to choose from).
VALUES = [
    (("riichi", "menzen_tsumo", "pinfu"), True, True, (0, 0, 0), 3, 20, ()),
    (("riichi", "pinfu"), False, True, (1, 0, 0), 3, 30, ()),
    (("chiitoitsu",), False, True, (0, 0, 0), 2, 25, ()),
    (("chiitoitsu", "menzen_tsumo"), True, True, (2, 0, 0), 5, 0, ()),
    (("riichi", "tanyao"), False, True, (0, 1, 1), 4, 0, (30,)),
    (("riichi", "tanyao"), False, True, (0, 0, 0), 2, 0, (30, 40, 50, 60, 70, 80, 90, 100, 110)),
    (("yakuhai_chun",), True, False, (0, 0, 0), 1, 0, (30, 40, 50, 60, 70, 80, 90, 100)),
    (("honitsu", "toitoi"), False, False, (0, 0, 0), 4, 0, (30,)),
    (("honitsu", "toitoi"), False, True, (0, 0, 0), 5, 0, ()),
    (("chinitsu",), False, False, (0, 0, 0), 5, 0, ()),
]


@pytest.mark.parametrize(("yaku", "tsumo", "closed", "dora", "han", "fu", "choices"), VALUES)
def test_the_checklist_fixes_fu_only_where_the_yaku_do(yaku, tsumo, closed, dora, han, fu, choices):
    checklist = Checklist(yaku, tsumo=tsumo, is_closed=closed, dora=DoraCount(*dora))
    value = checklist_value(checklist, Rules())
    assert (value.han, value.fu, value.fu_choices) == (han, fu, choices)


def test_riichi_pinfu_tsumo_with_a_dora_pays_a_non_dealer_1300_2600():
    checklist = Checklist(("riichi", "menzen_tsumo", "pinfu"), tsumo=True, dora=DoraCount(1))
    value = checklist_value(checklist, Rules()).hand_value()
    assert value == HandValue(han=4, fu=20)
    payments = tsumo_payments(value, is_dealer=False, rules=Rules())
    assert (payments.dealer, payments.non_dealer) == (2600, 1300)


def test_a_fu_the_yaku_leave_open_must_be_chosen_among_those_that_exist():
    value = checklist_value(Checklist(("riichi", "tanyao"), tsumo=False), Rules())
    assert ron_payment(value.hand_value(40), is_dealer=False, rules=Rules()) == 2600
    for fu in (0, 20, 25, 120):
        with pytest.raises(InvalidHandError, match="2 han with these yaku has 30, 40"):
            value.hand_value(fu)


# Every refusal: (yaku, tsumo, is_closed, dora/aka/ura, the reason, yaku, other).
REFUSALS = [
    (("pinfu", "toitoi"), False, True, (0, 0, 0), "no_triplets", "toitoi", "pinfu"),
    (("chiitoitsu", "toitoi"), False, True, (0, 0, 0), "seven_pairs", "toitoi", "chiitoitsu"),
    (("chiitoitsu", "sanankou"), False, True, (0, 0, 0), "seven_pairs", "sanankou", "chiitoitsu"),
    (("chiitoitsu", "iipeikou"), False, True, (0, 0, 0), "seven_pairs", "iipeikou", "chiitoitsu"),
    (("ryanpeikou", "chiitoitsu"), False, True, (0, 0, 0), "seven_pairs", "ryanpeikou",
     "chiitoitsu"),
    (("ryanpeikou", "iipeikou"), False, True, (0, 0, 0), "replaces", "iipeikou", "ryanpeikou"),
    (("riichi",), False, False, (0, 0, 0), "closed_only", "riichi", ""),
    (("double_riichi",), False, False, (0, 0, 0), "closed_only", "double_riichi", ""),
    (("ippatsu", "tanyao"), False, False, (0, 0, 0), "closed_only", "ippatsu", ""),
    (("menzen_tsumo", "tanyao"), True, False, (0, 0, 0), "closed_only", "menzen_tsumo", ""),
    (("pinfu",), False, False, (0, 0, 0), "closed_only", "pinfu", ""),
    (("iipeikou",), False, False, (0, 0, 0), "closed_only", "iipeikou", ""),
    (("ryanpeikou",), False, False, (0, 0, 0), "closed_only", "ryanpeikou", ""),
    (("ippatsu", "tanyao"), False, True, (0, 0, 0), "needs_riichi", "ippatsu", ""),
    (("tanyao",), False, True, (0, 0, 1), "needs_riichi", "ura", ""),
    (("riichi", "double_riichi"), False, True, (0, 0, 0), "replaces", "riichi", "double_riichi"),
    (("riichi", "menzen_tsumo"), False, True, (0, 0, 0), "tsumo_only", "menzen_tsumo", ""),
    (("tanyao", "haitei"), False, True, (0, 0, 0), "tsumo_only", "haitei", ""),
    (("riichi", "rinshan"), False, True, (0, 0, 0), "tsumo_only", "rinshan", ""),
    (("menzen_tsumo", "houtei"), True, True, (0, 0, 0), "ron_only", "houtei", ""),
    (("menzen_tsumo", "chankan"), True, True, (0, 0, 0), "ron_only", "chankan", ""),
    (("honitsu", "chinitsu"), False, True, (0, 0, 0), "replaces", "honitsu", "chinitsu"),
    (("chanta", "junchan"), False, True, (0, 0, 0), "replaces", "chanta", "junchan"),
    (("tanyao", "yakuhai_chun"), False, True, (0, 0, 0), "simples", "yakuhai_chun", "tanyao"),
    (("chinitsu", "yakuhai_haku"), False, True, (0, 0, 0), "no_honors", "yakuhai_haku",
     "chinitsu"),
    (("toitoi", "ittsu"), False, True, (0, 0, 0), "no_sequences", "ittsu", "toitoi"),
    (("ittsu", "sanshoku"), False, True, (0, 0, 0), "too_many_sets", "sanshoku", "ittsu"),
    (("daisangen", "honitsu"), False, True, (0, 0, 0), "yakuman_alone", "honitsu", "daisangen"),
    (("riichi", "kokushi"), False, True, (0, 0, 0), "yakuman_alone", "riichi", "kokushi"),
    (("tanyao",), True, True, (0, 0, 0), "needs_menzen_tsumo", "menzen_tsumo", ""),
    ((), False, True, (2, 0, 0), "no_yaku", "", ""),
    (("renhou",), False, True, (0, 0, 0), "not_offered", "renhou", ""),
]  # fmt: skip


@pytest.mark.parametrize(("yaku", "tsumo", "closed", "dora", "reason", "name", "other"), REFUSALS)
def test_a_checklist_no_hand_can_have_is_refused_with_its_reason(
    yaku, tsumo, closed, dora, reason, name, other
):
    checklist = Checklist(yaku, tsumo=tsumo, is_closed=closed, dora=DoraCount(*dora))
    with pytest.raises(ChecklistError) as refused:
        checklist_value(checklist, Rules())
    assert refused.value.refusal == Refusal(reason, name, other)
    assert str(refused.value) == REASONS[reason].format(yaku=name, other=other)


def test_every_reason_is_worded_and_every_clash_names_offered_yaku():
    assert {reason for reason, _, _ in CLASHES} <= set(REASONS)
    offering_all = Rules(renhou="yakuman", open_riichi="deal_in_yakuman")
    names = {y.name for y in checklist_yaku(offering_all)}
    assert {name for _, name, others in CLASHES for name in (name, *others)} <= names


def test_red_fives_are_refused_where_the_rules_play_without_them():
    checklist = Checklist(("tanyao",), tsumo=False, dora=DoraCount(aka=1))
    assert refusal(checklist, preset("wrc")) == Refusal("no_red_fives", "aka")
    assert refusal(checklist, Rules()) is None


@pytest.mark.parametrize(
    ("yaku", "rules", "multiple"),
    [
        (("daisangen",), Rules(), 1),
        (("daisangen", "tsuuiisou"), Rules(), 2),
        (("kokushi_13",), Rules(), 2),
        (("kokushi_13",), preset("tenhou"), 1),  # no double yakuman patterns
        (("daisuushii", "tsuuiisou"), Rules(), 3),
        (("daisangen", "tsuuiisou"), preset("ema"), 1),  # no multiple yakuman
        (("tenhou", "suuankou_tanki"), Rules(), 3),
    ],
)
def test_yakuman_count_alone_and_add_up_where_the_rules_allow(yaku, rules, multiple):
    value = checklist_value(Checklist(yaku, tsumo="tenhou" in yaku), rules)
    assert value.hand_value() == HandValue(yakuman=multiple)


def test_dora_do_not_count_on_a_yakuman():
    checklist = Checklist(("daisangen",), tsumo=False, dora=DoraCount(3, 1, 0))
    assert checklist_value(checklist, Rules()).han == 0


def test_renhou_as_mangan_is_the_better_of_mangan_and_the_other_yaku():
    rules = Rules(renhou="mangan")
    assert checklist_value(Checklist(("renhou",), tsumo=False), rules).hand_value() == (
        HandValue(han=5)
    )
    bigger = Checklist(("renhou", "chinitsu"), tsumo=False, dora=DoraCount(1))
    assert checklist_value(bigger, rules).han == 7


def test_a_win_keeps_its_yaku_and_dora_and_replays_by_its_han_and_fu():
    from scoring.game import replay
    from scoring.outcome import Outcome, OutcomeError

    tsumo = {"result": "tsumo", "winner": 1, "han": 4, "fu": 20, "riichi": [1],
             "yaku": ["riichi", "menzen_tsumo", "pinfu"], "dora": {"dora": 1, "aka": 0, "ura": 0}}  # fmt: skip
    assert Outcome.from_json(tsumo).to_json() == tsumo
    record = {"players": ["Aki", "Bo", "Chen", "Dai"], "rounds": [tsumo]}
    assert replay(record).to_json()["rounds"][0]["deltas"] == [
        -2600,
        5200,
        -1300,
        -1300,
    ]  # riichi stick back
    for bad in ({"yaku": ["bogus"]}, {"yaku": "riichi"}, {"dora": {"dora": -1}},
                {"dora": {"kan": 1}}):  # fmt: skip
        with pytest.raises(OutcomeError):
            Outcome.from_json({**tsumo, **bad})


@pytest.mark.parametrize("renhou, han", [("mangan", 5), ("cumulative", 5 + 1 + 2)])
def test_renhou_ticked_counts_as_the_rules_say(renhou, han):
    ticked = Checklist(("renhou", "riichi", "chiitoitsu"), tsumo=False)

    assert checklist_value(ticked, Rules(renhou=renhou)).han == han
