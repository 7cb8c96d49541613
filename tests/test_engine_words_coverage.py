"""Every refusal the engine can raise on a game record, a round, rules or a hand given as
tiles has the table's words: each raise site of the modules that read them is met by an
example made through the engine's own functions, and ``explain`` words each example (no
raw English)."""

from __future__ import annotations

import ast
import dataclasses
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from ledger import engine_words
from ledger.engine_words import CONTRADICTION_WORDS, explain
from scoring.checklist import Checklist, checklist_value
from scoring.consistency import CHECKS, ContradictoryRules
from scoring.dora import DoraCount
from scoring.fu import WinContext
from scoring.game import Outcome, Win, play, replay, with_riichi
from scoring.hand import Hand
from scoring.melds import Meld
from scoring.request import HandToScore
from scoring.rules import ABORTIVE_DRAWS, PRESETS, Rules
from scoring.sanma import check_nuki_count, check_sanma_hand, check_sanma_tiles
from scoring.score import score_hand
from scoring.settlement import Penalty
from scoring.state import start
from scoring.tiles import NORTH, parse_tiles
from scoring.value import HandValue, aotenjou_base_points
from scoring.waits import analyse_waits

NAMES = ["Aki", "Bo", "Chen", "Dai"]
SANMA = ["Aki", "Bo", "Chen"]
SCORING = Path(__file__).resolve().parent.parent / "scoring"
# The modules that read a game record, its rounds and its rules, and check them; then
# those a hand given as tiles passes through (FORMATS.md section 2)
MODULES = (
    "outcome", "outcome_fields", "game", "round_checks", "rules", "rule_options",
    "consistency", "sanma", "settlement", "value", "payments",
    "request", "situation", "score", "hand", "tiles", "fu", "checklist", "waits", "melds",
    "dora", "yaku", "yakuman", "local_yaku", "shape", "groups", "sets", "errors",
)  # fmt: skip


def _record(*rounds: Any, **record: Any) -> Callable[[], object]:
    return lambda: replay({"players": NAMES, "rules": "club", "rounds": list(rounds), **record})


def _rules(data: Any) -> Callable[[], object]:
    return lambda: Rules.from_json(data)


def _round(data: Any) -> Callable[[], object]:
    return lambda: Outcome.from_json(data)


def _ron(*wins: Any, loser: int = 1, **extra: Any) -> dict[str, Any]:
    return {"result": "ron", "loser": loser, "wins": list(wins), **extra}


def _tsumo(**win: Any) -> dict[str, Any]:
    return {"result": "tsumo", "winner": 0, **win}


WIN = {"winner": 0, "han": 3, "fu": 30}
OPEN_CHUN = {"hand": "234m406p789s22z", "win": "2z", "melds": [{"kind": "pon", "tiles": "777z"}]}
SANMA_RULES = Rules.from_json("club_sanma")


CLOSED = {"hand": "123m456p789s11z222z", "win": "1z"}  # no yaku of its own on a ron
KAN = {"hand": "123m456p789s11z", "win": "1z", "melds": [{"kind": "ankan", "tiles": "2222z"}]}
KOKUSHI = {"hand": "119m19p19s1234567z", "win": "9m"}


def _score(hand: dict[str, Any], /, **keys: Any) -> Callable[[], object]:
    return lambda: score_hand({**hand, **keys})


def _checklist(
    *yaku: str, tsumo: bool = False, rules: Any = None, **more: Any
) -> Callable[[], object]:
    checklist = Checklist(yaku, tsumo=tsumo, **more)
    return lambda: checklist_value(checklist, Rules.from_json(rules))


def _poor_dealer() -> object:
    state = dataclasses.replace(start(Rules()), scores=(500, 33000, 33000, 33500))
    return with_riichi(state, [0], Rules())


# Each refusal: what it is, and how the engine's public functions make it
REFUSALS: list[tuple[str, Callable[[], object]]] = [
    # scoring/outcome.py: one round's shape
    ("pao is the winner", _record(_ron({"winner": 0, "yakuman": 1, "pao": 0}))),
    ("win without a value", _record(_tsumo())),
    ("yaku beside a hand", _record(_tsumo(hand=OPEN_CHUN, yaku=["riichi"]))),
    ("han beside a hand", _record(_tsumo(han=3, fu=30, hand=OPEN_CHUN))),
    ("hand not an object", _record(_tsumo(hand="234m"))),
    ("han beside yakuman", _record(_tsumo(han=3, yakuman=1))),
    ("pao_yakuman without pao", _record(_tsumo(yakuman=2, pao_yakuman=1))),
    ("pao_yakuman on han", _record(_tsumo(han=3, fu=30, pao=1, pao_yakuman=1))),
    ("pao_yakuman too many", _record(_tsumo(yakuman=1, pao=1, pao_yakuman=2))),
    ("unknown result (built)", lambda: Outcome("party")),
    ("unknown result (read)", _record({"result": "party"})),
    ("ron without loser (built)", lambda: Outcome.ron(None, Win(0, HandValue(han=3, fu=30)))),
    ("ron without winners", _record(_ron())),
    ("winner is the discarder", _record(_ron(WIN, loser=0))),
    ("tsumo without its win (built)", lambda: Outcome("tsumo")),
    ("unknown abort reason", _record({"result": "abort", "reason": "bored"})),
    ("four riichi without four", _record({"result": "abort", "reason": "suucha_riichi"})),
    ("chombo without player (built)", lambda: Outcome.chombo(None)),  # type: ignore[arg-type]
    ("draw with a loser (built)", lambda: Outcome("draw", loser=1)),
    ("tenpai twice", _record({"result": "draw", "tenpai": [2, 0, 2]})),
    ("riichi twice", _record({"result": "draw", "tenpai": [1], "riichi": [1, 1]})),
    ("nagashi twice", _record({"result": "draw", "nagashi": [3, 3]})),
    ("winner twice", _record(_ron(WIN, WIN, loser=3))),
    ("wins not a list", _record({"result": "ron", "loser": 1, "wins": "all"})),
    # scoring/outcome_fields.py: the fields of a round
    ("seat out of range", _record(_ron(WIN, loser=9))),
    ("round not an object", _record("ron")),
    ("win not an object", _record(_ron("Aki"))),
    ("dora count not an object", _record(_tsumo(han=3, fu=30, dora=2))),
    ("unknown key in a round", _record({"result": "draw", "bogus": 1})),
    ("unknown key in a win", _record(_ron({**WIN, "bogus": 1}))),
    ("unknown key in a dora count", _record(_tsumo(han=3, fu=30, dora={"red": 1}))),
    ("missing winner", _record(_ron({"han": 3, "fu": 30}))),
    ("missing loser", _record({"result": "ron", "wins": [WIN]})),
    ("missing player", _record({"result": "chombo"})),
    ("seats not a list", _record({"result": "draw", "tenpai": "all"})),
    ("han not a number", _record(_tsumo(han="3", fu=30))),
    ("yaku not a list", _record(_tsumo(han=3, fu=30, yaku="riichi"))),
    ("unknown yaku", _record(_tsumo(han=3, fu=30, yaku=["bogus"]))),
    ("negative dora", _record(_tsumo(han=3, fu=30, dora={"dora": -1}))),
    ("note not text", _record({"result": "draw", "note": 5})),
    ("abort reason not text", _record({"result": "abort", "reason": 5})),
    # scoring/game.py: the record and the game
    ("two-han minimum", _record({"result": "draw", "tenpai": [0]}, _tsumo(han=1, fu=30),
                                rules={"two_han_minimum_honba": 1})),
    ("riichi under 1,000 (during the hand)", _poor_dealer),
    ("record not an object", lambda: replay([])),  # type: ignore[arg-type]
    ("the record's rules", _record(rules=float("inf"))),
    ("rounds not a list", _record(rounds="all")),
    ("too many rounds", _record(*[{"result": "draw"}] * 201)),
    ("unknown early end", _record(ended_early="bored")),
    ("early end after its own end", _record(_ron({"winner": 0, "yakuman": 1}),
                                            ended_early="agreement")),
    ("players not names", _record(players="Aki")),
    ("players too few", _record(players=SANMA)),
    ("penalties not a list", _record(penalties=5)),
    ("penalty not an object", _record(penalties=[5])),
    ("penalty reason not text", _record(penalties=[{"player": 0, "points": 100, "reason": 5}])),
    ("penalty player out of range", _record(penalties=[{"player": 9, "points": 100}])),
    ("penalty points too large", _record(penalties=[{"player": 0, "points": 10**9}])),
    ("penalty player not at the table of three", _record(players=SANMA, penalties=[{"player": 3, "points": 1}],
                                                rules=None)),
    # scoring/round_checks.py: a round against the table and the rules
    ("round after the end", _record(_ron({"winner": 0, "yakuman": 1}), {"result": "draw"})),
    ("wareme without wareme", _record({"result": "draw", "wareme": 1})),
    ("riichi under 1,000", _record({"result": "draw", "tenpai": [0], "riichi": [0]},
                                   rules={"start_points": 500})),
    ("rules for another table", lambda: play(start(SANMA_RULES), Outcome.draw(), Rules())),
    ("seat not at a table of three", _record({"result": "draw", "tenpai": [3]}, players=SANMA,
                                             rules=None)),
    ("head bump", _record(_ron(WIN, {**WIN, "winner": 2}), rules={"multiple_ron": "head_bump"})),
    ("triple ron", _record(_ron(WIN, {**WIN, "winner": 2}, {**WIN, "winner": 3}))),
    ("open riichi deal-in from riichi", _record(
        _ron({"winner": 0, "yakuman": 1, "yaku": ["open_riichi_yakuman"]}, riichi=[1]),
        rules={"open_riichi": "deal_in_yakuman"})),
    ("too many yakuman", _record(_tsumo(yakuman=7))),
    ("pao without pao", _record(_tsumo(yakuman=1, pao=1), rules={"pao": []})),
    ("pao on han", _record(_tsumo(han=3, fu=30, pao=1))),
    ("riichi noten at a draw", _record({"result": "draw", "tenpai": [0], "riichi": [1]})),
    ("nagashi not paid", _record({"result": "draw", "nagashi": [0]}, rules={"nagashi": "none"})),
    ("everyone nagashi", _record({"result": "draw", "nagashi": [0, 1, 2, 3]})),
    ("abort not allowed", _record({"result": "abort", "reason": "kyuushu_kyuuhai"},
                                  rules={"abortive_draws": ["sanchahou"]})),
    # scoring/payments.py
    ("pao on a hand without its yakuman", _record(_tsumo(hand=OPEN_CHUN, pao=1))),
    # scoring/sanma.py: three players
    ("nuki with four players", _record(_tsumo(han=3, fu=30, dora={"nuki": 1}))),
    ("nuki with north kept", _record(_tsumo(han=3, fu=30, dora={"nuki": 1}), players=SANMA,
                                     rules={"north": "kept"})),
    ("five nuki", _record(_tsumo(han=3, fu=30, dora={"nuki": 5}), players=SANMA, rules=None)),
    ("north seat in sanma", lambda: check_sanma_hand(
        Hand.parse("123p456p789s11z222z", "1z"), (), 0, SANMA_RULES, seat_wind=NORTH)),
    ("chi in sanma", lambda: check_sanma_hand(
        Hand.parse("456p789s11z222z", "1z", [Meld.parse("chi", "123p")]), (), 0, SANMA_RULES)),
    ("too many norths", lambda: check_sanma_hand(
        Hand.parse("123p456p789s11z444z", "1z"), (), 2, SANMA_RULES)),
    ("nuki count alone", lambda: check_nuki_count(5, SANMA_RULES)),
    ("2m in sanma", lambda: check_sanma_tiles(Hand.parse("234m456p789s11z222z", "1z").all_tiles)),
    # scoring/settlement.py
    ("penalty player (built)", lambda: Penalty(player=9, points=0)),
    ("penalty reason (read)", lambda: Penalty.from_json({"player": 0, "points": 0, "reason": 5})),
    # scoring/value.py: han and fu
    ("negative yakuman", _record(_tsumo(yakuman=-1))),
    ("han too large", _record(_tsumo(han=10**10, fu=30))),
    ("no han", _record(_tsumo(han=0, fu=30))),
    ("fu not a fu", _record(_tsumo(han=1, fu=35))),
    ("1 han 25 fu", lambda: HandValue(han=1, fu=25)),
    ("3 han without fu", lambda: HandValue(han=3)),
    ("yakuman under aotenjou", _record(_tsumo(yakuman=1), rules={"aotenjou": True})),
    ("1 han 20 fu", lambda: HandValue(han=1, fu=20).check_win(tsumo=True)),
    ("20 fu ron", _record(_ron({"winner": 0, "han": 2, "fu": 20}))),
    ("2 han 25 fu tsumo", _record(_tsumo(han=2, fu=25))),
    ("1 han 110 fu tsumo", _record(_tsumo(han=1, fu=110))),
    ("aotenjou too large", lambda: aotenjou_base_points(HandValue(han=60, fu=110))),
    # scoring/rules.py and scoring/rule_options.py: rules
    ("unknown option", _rules({"bogus": 1})),
    ("rules not an object", _rules(float("inf"))),
    ("option names not text", _rules({1: 2})),
    ("preset not a name", _rules({"preset": {"a": 1}})),
    ("lists too deep", _rules({"floating_uma": [[[0]]]})),
    ("unknown preset", _rules("x")),
    ("unknown choice", _rules({"ties": "coin"})),
    ("unknown values", _rules({"pao": ["nope"]})),
    ("out of bounds", _rules({"honba_value": -300})),
    ("not true or false", _rules({"kiriage": 1})),
    ("not a whole number", _rules({"honba_value": "300"})),
    ("not text", _rules({"game_length": 5})),
    ("not a list", _rules({"pao": "daisangen"})),
    ("huge, bounded", _rules({"oka": -(10**80)})),
    ("huge, unbounded", _rules({"double_wind_fu": 20_000_000})),
    ("floating uma not whole", _rules({"floating_uma": [[1.5, 0, 0, 0]]})),
    ("uma not whole", _rules({"uma": [1.5, 0, 0, -1.5]})),
    ("names not text", _rules({"pao": [1]})),
    ("honba not a multiple of 3", _rules({"honba_value": 100})),
    ("double wind fu", _rules({"double_wind_fu": 3})),
    ("open pinfu fu", _rules({"open_pinfu_fu": 25})),
    ("start points", _rules({"start_points": 25_050})),
    ("return points", _rules({"return_points": 30_050})),
    ("players", _rules({"players": 5})),
    ("noten penalty", _rules({"noten_penalty": 1000})),
    ("one round with extension", _rules({"game_length": "one_round", "extension_winds": 1})),
    ("uma not summing to 0", _rules({"uma": [1, 2, 3, 4]})),
    ("uma too large", _rules({"uma": [10**7, 0, 0, -(10**7)]})),
    ("floating uma rows", _rules({"floating_uma": [[0, 0, 0, 0]]})),
    # scoring/request.py: a hand to score, its indicators and counters
    ("hand to score not an object", lambda: HandToScore.from_json([])),  # type: ignore[arg-type]
    ("dora not text", _record(_tsumo(hand={**OPEN_CHUN, "dora": 5}))),
    ("too many ura indicators", _score(OPEN_CHUN, ura="1122334s")),
    ("nuki not a count", _record(_tsumo(hand={**OPEN_CHUN, "nuki": -1}))),
    ("honba not a count", _score(OPEN_CHUN, honba="1")),
    # scoring/fu.py: the winds and the fu's flags
    ("seat wind not a wind", _score(OPEN_CHUN, seat_wind="east")),
    ("tsumo not a flag (fu)", lambda: WinContext.from_json({"tsumo": 1})),
    # scoring/situation.py: the flags, alone and together
    ("flag not true or false", _record(_tsumo(hand={**OPEN_CHUN, "ippatsu": 1}))),
    ("robbed kan not a kan", _record(_ron({"winner": 0, "hand": {**CLOSED, "robbed_kan": "x"}}))),
    ("riichi and double riichi", _score(CLOSED, riichi=True, double_riichi=True)),
    ("riichi on an open hand", _record(_tsumo(hand=OPEN_CHUN, riichi=[0]))),
    ("open riichi without riichi", _score(CLOSED, open_riichi=True)),
    ("discarder in riichi on a tsumo", _score(CLOSED, tsumo=True, discarder_riichi=True)),
    ("ippatsu without riichi", _record(_ron({"winner": 0, "hand": {**CLOSED, "ippatsu": True}}))),
    ("ippatsu with rinshan", _score(KAN, tsumo=True, riichi=True, ippatsu=True, rinshan=True)),
    ("haitei on a ron", _score(CLOSED, haitei=True)),
    ("houtei on a tsumo", _record(_tsumo(hand={**CLOSED, "houtei": True}))),
    ("rinshan on a ron", _score(KAN, rinshan=True)),
    ("rinshan without a kan", _score(CLOSED, tsumo=True, rinshan=True)),
    ("rinshan and haitei", _score(KAN, tsumo=True, rinshan=True, haitei=True)),
    ("chankan on a tsumo", _score(CLOSED, tsumo=True, chankan=True)),
    ("chankan and houtei", _score(CLOSED, chankan=True, houtei=True)),
    ("tenhou and chiihou", _score(CLOSED, tsumo=True, tenhou=True, chiihou=True)),
    ("tenhou by a non-dealer", _score(CLOSED, tsumo=True, tenhou=True, seat_wind="S")),
    ("chiihou by the dealer", _score(CLOSED, tsumo=True, chiihou=True)),
    ("renhou by the dealer", _score(CLOSED, renhou=True)),
    ("tenhou with melds", _score(OPEN_CHUN, tsumo=True, tenhou=True)),
    ("tenhou with riichi", _score(CLOSED, tsumo=True, tenhou=True, riichi=True)),
    ("robbed closed kan without chankan", _score(CLOSED, robbed_kan="ankan")),
    # scoring/score.py: the flags against the hand and the rules, and its yaku
    ("open riichi without open riichi", _score(CLOSED, riichi=True, open_riichi=True)),
    ("chankan of a tile the hand holds", _score(CLOSED, chankan=True)),
    ("closed kan robbed by no kokushi", _score(
        {"hand": "234m456p789s22z333z", "win": "2m"}, chankan=True, robbed_kan="ankan")),
    ("closed kan robbed against the rules", _score(
        KOKUSHI, chankan=True, robbed_kan="ankan", rules={"kokushi_robs_closed_kan": False})),
    ("no yaku", _record(_ron({"winner": 0, "hand": CLOSED}))),
    ("no yaku, with dora", _score(CLOSED, dora="1z")),
    ("two-han minimum (tiles)", _score(CLOSED, riichi=True, honba=1,
                                      rules={"two_han_minimum_honba": 1})),
    # scoring/hand.py: the hand, its melds and its tiles
    ("melds not a list", _record(_tsumo(hand={**OPEN_CHUN, "melds": "pon 777z"}))),
    ("meld not an object", _record(_tsumo(hand={**OPEN_CHUN, "melds": ["pon 777z"]}))),
    ("hand not text", _record(_tsumo(hand={**OPEN_CHUN, "hand": 234}))),
    ("meld kind not text", _score(OPEN_CHUN, melds=[{"kind": 1, "tiles": "777z"}])),
    ("winning tile not in the hand", _record(_tsumo(hand={**OPEN_CHUN, "win": "1z"}))),
    ("too few tiles", _record(_tsumo(hand={**CLOSED, "hand": "123m456p789s1122z"}))),
    ("too many tiles beside a meld", _score(OPEN_CHUN, hand="234m406p789s222z")),
    ("five melds", _score({"hand": "11z", "win": "1z", "melds": [
        {"kind": "pon", "tiles": tiles} for tiles in ("111m", "999m", "111p", "999p", "111s")]})),
    ("not a winning hand", _record(_tsumo(hand={"hand": "123m456p789s13577z", "win": "1z"}))),
    # scoring/tiles.py: MPSZ text and tile codes
    ("tiles not text", lambda: parse_tiles(5)),  # type: ignore[arg-type]
    ("concealed tiles not text", lambda: Hand.parse(5, "1z")),  # type: ignore[arg-type]
    ("winning tile of two tiles", _record(_tsumo(hand={**OPEN_CHUN, "win": "22z"}))),
    ("not a tile code", lambda: Hand.of([99] * 14, 0)),
    ("not a tile code (waits)", lambda: analyse_waits([-1] * 13)),
    ("five copies", _record(_tsumo(hand={"hand": "11111m456p789s222z", "win": "1m"}))),
    ("five copies with a meld", _score(OPEN_CHUN, dora="77z")),
    ("two red fives", _score({"hand": "340m067m789s11z222z", "win": "1z"})),
    ("two red fives with a meld", _score(OPEN_CHUN, melds=[{"kind": "chi", "tiles": "406p"}])),
    ("unknown character", _record(_tsumo(hand={**CLOSED, "hand": "123m456p789s11z22x2z"}))),
    ("digits without a suit", _score(CLOSED, hand="123m456p789s11z222")),
    ("suit without digits", _score(CLOSED, hand="123m456pp789s11z222z")),
    ("no such honor", _score(CLOSED, hand="123m456p789s11z888z")),
    # scoring/melds.py
    ("unknown meld kind", _score(OPEN_CHUN, melds=[{"kind": "peng", "tiles": "777z"}])),
    ("pon of two", lambda: Meld.parse("pon", "77z")),
    ("chi not a run", _score({"hand": "456p789s11z222z", "win": "1z",
                             "melds": [{"kind": "chi", "tiles": "135m"}]})),
    ("pon of two kinds", lambda: Meld.parse("pon", "778s")),
    # scoring/checklist.py: a yaku checklist's value, and its refusals
    ("fu no hand of these yaku has", lambda: checklist_value(
        Checklist(("riichi", "tanyao"), tsumo=False), Rules()).hand_value(35)),
    ("checklist: replaces", _checklist("riichi", "double_riichi")),
    ("checklist: seven pairs", _checklist("chiitoitsu", "iipeikou")),
    ("checklist: no triplets", _checklist("pinfu", "toitoi")),
    ("checklist: no sequences", _checklist("toitoi", "ittsu")),
    ("checklist: simples", _checklist("tanyao", "chanta")),
    ("checklist: no honors", _checklist("chinitsu", "yakuhai_haku")),
    ("checklist: too many sets", _checklist("ittsu", "sanshoku")),
    ("checklist: exclusive", _checklist("chankan", "houtei")),
    ("checklist: closed only", _checklist("pinfu", is_closed=False)),
    ("checklist: needs riichi", _checklist("ippatsu", "tanyao")),
    ("checklist: tsumo only", _checklist("haitei")),
    ("checklist: ron only", _checklist("houtei", "menzen_tsumo", tsumo=True)),
    ("checklist: yakuman alone", _checklist("daisangen", "riichi")),
    ("checklist: not offered", _checklist("open_riichi")),
    ("checklist: no red fives", _checklist("riichi", dora=DoraCount(aka=1),
                                           rules={"red_fives": False})),
    ("checklist: no nuki", _checklist("riichi", dora=DoraCount(nuki=1))),
    ("checklist: no yaku", _checklist(dora=DoraCount(2))),
    ("checklist: needs menzen tsumo", _checklist("riichi", tsumo=True)),
    # scoring/waits.py: a hand waiting to win
    ("waiting hand of 12 tiles", lambda: analyse_waits(parse_tiles("123m456p789s111z"))),
    ("waiting hand with too few melds", lambda: analyse_waits(
        parse_tiles("1234m"), [Meld.parse("pon", "777z")])),
]  # fmt: skip


def _refusal(make: Callable[[], object]) -> Exception:
    with pytest.raises(ValueError) as caught:
        make()
    return caught.value


def _texts(error: BaseException | None) -> Iterator[str]:
    """Yield a refusal's text and the text of each refusal it wraps."""
    while error is not None:
        yield str(error)
        error = error.__context__


def _unworded(error: Exception, names: list[str]) -> str:
    """Return what ``explain`` would say with no pattern: the engine's own text."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine_words, "PATTERNS", ())
        patch.setattr(engine_words, "KIND_WORDS", {})
        patch.setattr(engine_words, "REFUSAL_WORDS", {})
        return explain(error, names)


def _texts_made(message: ast.expr | None) -> str | None:
    """Return the texts a message makes as a regex (None: not a text, or an empty one)."""
    if isinstance(message, ast.Constant) and isinstance(message.value, str) and message.value:
        return re.escape(message.value)
    if isinstance(message, ast.JoinedStr):
        return "".join(
            re.escape(part.value) if isinstance(part, ast.Constant) else ".*"
            for part in message.values
        )
    return None


def _returns(suffix: str) -> Callable[[ast.Module], Iterator[ast.expr | None]]:
    """Return the reader of the texts a module's functions named ``*suffix`` return."""

    def texts(tree: ast.Module) -> Iterator[ast.expr | None]:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.endswith(suffix):
                yield from (ret.value for ret in ast.walk(node) if isinstance(ret, ast.Return))

    return texts


def _reasons(tree: ast.Module) -> Iterator[ast.expr | None]:
    """Yield scoring/checklist.py's ``REASONS`` (a ``ChecklistError(problem)``'s texts),
    their ``{yaku}`` fields as f-string fields."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "REASONS":
            assert isinstance(node.value, ast.Dict)
            for value in node.value.values:
                assert isinstance(value, ast.Constant)
                yield ast.copy_location(ast.parse("f" + repr(value.value), mode="eval").body, value)


# Refusals raised with a text made elsewhere in their module: where each text is written
TEXTS_ELSEWHERE = {
    "situation": _returns("_conflict"),  # raise BadFlagsError(message)
    "score": _returns("_no_yaku_message"),  # raise NoYakuError(_no_yaku_message(...))
    "checklist": _reasons,  # raise ChecklistError(problem)
}


def _raise_sites() -> list[tuple[str, re.Pattern[str]]]:
    """Return each raise of a message in the modules: where, and the texts it makes."""
    sites = []
    for module in MODULES:
        tree = ast.parse((SCORING / f"{module}.py").read_text())
        messages = [
            node.exc.args[0] if node.exc.args else None
            for node in ast.walk(tree)
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
        ]
        if module in TEXTS_ELSEWHERE:
            messages += TEXTS_ELSEWHERE[module](tree)
        for message in messages:
            # None: an error built from values (RiichiError, ContradictoryRules)
            if message is not None and (texts := _texts_made(message)) is not None:
                where = f"scoring/{module}.py:{message.lineno}"
                sites.append((where, re.compile(texts)))
    return sites


def _made_texts() -> list[str]:
    with translation.override("en"):
        return [text for _, make in REFUSALS for text in _texts(_refusal(make))]


# Words a player should not read: rule option keys, codes, seat numbers; a record's
# own keys and values (an import names them as the file does) are allowed
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|\b(?:player|seat) \d\b")
RECORD_WORDS = {"ended_early", "time_limit", "pao_yakuman", *ABORTIVE_DRAWS, *PRESETS}


@pytest.mark.parametrize(("name", "make"), REFUSALS, ids=[name for name, _ in REFUSALS])
def test_every_refusal_is_worded_for_the_table(name, make):
    error = _refusal(make)
    names = SANMA if "sanma" in name or "three" in name else NAMES

    with translation.override("en"):
        said = explain(error, names)
        assert said != _unworded(error, names), f"no words for: {error}"

    internal = set(INTERNAL.findall(said)) - RECORD_WORDS - _seats_past(names)
    assert not internal, said


def _seats_past(names) -> set[str]:
    """A seat past the table has no player to name: its number is what was written."""
    return {f"seat {seat}" for seat in range(len(names), 10)}


MADE = _made_texts()
SITES = _raise_sites()


@pytest.mark.parametrize(("site", "texts"), SITES, ids=[site for site, _ in SITES])
def test_every_raise_site_has_an_example(site, texts):
    assert any(texts.fullmatch(text) for text in MADE), site


@pytest.mark.parametrize("check", CHECKS, ids=[check.code for check in CHECKS])
def test_every_contradiction_has_words(check):
    assert check.code in CONTRADICTION_WORDS


CONTRADICTIONS = [
    {"abortive_draws": []},
    {"multiple_ron": "paid"},
    {"preset": "club_sanma", "abortive_draws": ["suucha_riichi"]},
    {"counted_yakuman_stacks": True, "counted_yakuman": False},
    {"counted_yakuman_stacks": True, "multiple_yakuman": False, "counted_yakuman": True},
    {"noten_penalty": 900},
    {"chombo": "none"},
    {"start_points": 50000},
]


def test_every_contradiction_is_met_and_worded_with_labels():
    met = set()
    for options in CONTRADICTIONS:
        error = _refusal(_rules(options))
        assert isinstance(error, ContradictoryRules)
        met |= {found.code for found in error.contradictions}
        with translation.override("en"):
            said = explain(error)
        assert "contradict each other" not in said and not INTERNAL.search(said), said

    assert met == {check.code for check in CHECKS}


# The refusals QA saw in English on the zh and ja pages and in the API, in words
QA_REFUSALS = [
    (_record(_ron({"winner": 0, "yakuman": 1}), ended_early="agreement"),
     "leave ended_early out of the record"),
    (_record({"result": "draw", "tenpai": [0, 0]}), "Round 1 (East 1): Tenpai lists Aki twice."),
    (_record({"result": "draw", "tenpai": [1], "riichi": [1, 1]}), "Riichi lists Bo twice."),
    (_record(_ron(WIN, WIN, loser=3)), "Aki is named twice as a winner of this ron."),
    (_record({"result": "chombo"}), "A chombo needs the player who committed it."),
    (_record({"result": "ron", "wins": [WIN]}), "A ron needs the player who dealt in."),
    (_record(_ron({"han": 3, "fu": 30})), "A win needs its winner."),
    (_record(_tsumo(han=3, fu=30, hand=OPEN_CHUN)), "or as the hand’s tiles, not both."),
    (_record({"result": "draw", "wareme": 1}), "these rules have no “Wareme”"),
    (_record({"result": "draw", "note": 5}), "A round’s note must be text, not 5."),
    (_record(penalties=[{"player": 0, "points": 1, "reason": 5}]),
     "A penalty’s reason must be text, not 5."),
    (_rules(float("inf")), "The rules must be a preset’s name or an object of options, not Infinity."),
    (_rules({"preset": {"a": 1}}), 'The preset must be given by its name, not {"a": 1}.'),
    (_record(rules={"preset": 5}), "Rules: The preset must be given by its name, not 5."),
    (_record({"result": "draw", "tenpai": [0]}, _tsumo(han=1, fu=30),
             rules={"two_han_minimum_honba": 1}),
     "Aki won with 1 han at 1 honba, but from 1 honba these rules need at least 2 han."),
]  # fmt: skip


@pytest.mark.parametrize(("make", "english"), QA_REFUSALS)
def test_the_refusals_qa_saw_are_said_in_words(make, english):
    with translation.override("en"):
        assert english in explain(_refusal(make), NAMES)


def test_an_early_end_a_correction_overtakes_says_to_undo_the_end_first():
    error = _refusal(_record(_ron({"winner": 0, "yakuman": 1}), ended_early="time_limit"))

    with translation.override("en"):
        said = explain(error, NAMES, changed=1)

    assert said.startswith("After this change the game ends by itself (a player went bust)")
    assert "Undo the end of the game first" in said and "ended_early" not in said


# A hand given as tiles in a record (an import, the API) is refused in words, in its round
HAND_REFUSALS = [
    (_record(_tsumo(hand={**OPEN_CHUN, "win": "22z"})),
     'Round 1 (East 1): The winning tile must be one tile (such as 5z), not "22z".'),
    (_record(_ron({"winner": 0, "hand": {**CLOSED, "ippatsu": True}})),
     "Round 1 (East 1): Ippatsu needs riichi or double riichi."),
    (_record(_tsumo(hand={**OPEN_CHUN, "nuki": -1})),
     "Round 1 (East 1): The count of north tiles set aside (nuki) must be a whole number "
     "from 0 to 10,000,000, not -1."),
]  # fmt: skip


@pytest.mark.parametrize(("make", "words"), HAND_REFUSALS)
def test_a_hand_in_a_record_is_refused_in_words(make, words):
    with translation.override("en"):
        assert explain(_refusal(make), NAMES) == words


def test_a_yaku_checklist_is_refused_in_the_checklist_words():
    error = _refusal(_checklist("pinfu", "toitoi"))

    with translation.override("en"):
        assert explain(error, NAMES) == "Pinfu has no triplets or kans, which Toitoi needs."
