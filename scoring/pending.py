"""The table after changes not yet recorded: a game record played on by the rounds and
riichi a phone keeps in its queue while it has no network. The browser runs this module
(Pyodide) for the table page offline, so that the scores and the payment preview shown
there come from this engine, never from a second implementation of the rules.

The input and output are JSON values (FORMATS.md section 3 for the record and rounds).
A queued win may be given as the round form gives it: by its tiles (``"tiles"``: the
Tiles panel's fields, melds as typed) or by its yaku checklist (``"checklist"``); the
engine turns them into the win the ledger records (``entered_round``), so that the round
form (ledger/forms/round.py) and the phone offline share one mapping.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.checklist import Checklist, checklist_value
from scoring.dora import DoraCount
from scoring.errors import ScoringError
from scoring.game import Replay, play, replay, with_riichi
from scoring.melds import parse_melds
from scoring.outcome import Outcome
from scoring.outcome_fields import wins_of
from scoring.rules import Rules
from scoring.state import GameState

ENTRIES = ("tiles", "checklist", "pao_whole")  # a win as entered, not as recorded
DECLARED = frozenset(("riichi", "double_riichi"))  # a checklist ticking these declared it


def play_on(
    record: Mapping[str, Any],
    declared: Sequence[int] = (),
    pending: Sequence[Mapping[str, Any]] = (),
    preview: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Return the table after ``record``, the riichi ``declared`` in the hand being played
    and the ``pending`` changes in order (``{"round": outcome}``, ``{"riichi": seat,
    "on": bool}``); with ``preview``, also the payments of that round played next.

    A declared riichi goes into the next round's ``riichi`` (not a chombo's: those sticks
    go back), as the ledger records it. A pending round the engine refuses stops the
    replay there (``refused`` counts the rounds played).

    >>> table = play_on({"rules": "club", "rounds": []}, [0], [
    ...     {"round": {"result": "tsumo", "winner": 1, "han": 1, "fu": 30}}])
    >>> table["table"]["scores"], table["table"]["riichi_sticks"], table["played"]
    ([23500, 27100, 24700, 24700], 0, 1)
    """
    game = replay(record, check_rules=False)  # the rules as the ledger stored them
    state, seats, played = game.state, set(declared), 0
    for change in pending:
        if "riichi" in change:
            seat = int(change["riichi"])
            seats = seats | {seat} if change.get("on") else seats - {seat}
            continue
        try:
            outcome = _with_riichi(entered_round(change["round"], game.rules), seats)
            state = play(state, outcome, game.rules).state
        except ScoringError as error:
            return {"table": _table(game, state, seats), "played": played, "refused": str(error)}
        seats, played = set(), played + 1
    answer = {"table": _table(game, state, seats), "played": played}
    if preview is not None:
        answer["preview"] = _preview(game, state, seats, preview)
    return answer


def entered_round(outcome: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """Return the round with each win entered by its tiles or its checklist given as the
    ledger records it: a ``hand``, or the checklist's value with its ``yaku`` and ``dora``
    (a winner whose checklist ticks riichi declared it). Other rounds are returned as is.

    >>> entered_round({"result": "tsumo", "winner": 1, "riichi": [], "checklist": {
    ...     "yaku": ["riichi", "menzen_tsumo", "pinfu"], "dora": {"dora": 1}}}, Rules())
    ... # doctest: +NORMALIZE_WHITESPACE
    {'result': 'tsumo', 'winner': 1, 'riichi': [1], 'han': 4, 'fu': 20,
     'yaku': ['riichi', 'menzen_tsumo', 'pinfu'], 'dora': {'dora': 1, 'aka': 0, 'ura': 0}}
    """
    tsumo = outcome.get("result") == "tsumo"
    entered = [_entered_win(win, tsumo=tsumo, rules=rules) for win in wins_of(outcome)]
    data = dict(entered[0]) if tsumo else {**outcome}
    if not tsumo and isinstance(outcome.get("wins"), list):  # else the replay says why not
        data["wins"] = entered
    ticked = [win["winner"] for win in entered if _declares_riichi(win)]
    if ticked:
        data["riichi"] = sorted({*outcome.get("riichi", []), *ticked})
    return data


def _declares_riichi(win: Any) -> bool:
    """Whether a win entered by its checklist ticks riichi (or double riichi)."""
    yaku = win.get("yaku") if isinstance(win, Mapping) else None
    return isinstance(yaku, (list, tuple)) and bool(DECLARED & set(yaku))


def _entered_win(win: Any, *, tsumo: bool, rules: Rules) -> Any:
    if not isinstance(win, Mapping):  # not a win: the replay refuses it in words
        return win
    data = {key: value for key, value in win.items() if key not in ENTRIES}
    if "checklist" in win:
        entry = win["checklist"]
        checklist = Checklist(
            yaku=tuple(entry.get("yaku", ())),
            tsumo=tsumo,
            is_closed=not entry.get("open"),
            dora=DoraCount(**entry.get("dora", {})),
        )
        data.update(checklist_win(checklist, int(entry.get("fu") or 0), rules))
    elif "tiles" in win:
        data["hand"] = hand_of(win["tiles"])
    if win.get("pao_whole") and "pao" in data and data.get("yakuman", 0) > 1:
        data["pao_yakuman"] = data["yakuman"]
    return data


def checklist_win(checklist: Checklist, fu: int, rules: Rules) -> dict[str, Any]:
    """Return the win's value from its checklist, with the fu chosen where the yaku leave
    them open, and the yaku ticked and the dora counted (the ``yaku`` and ``dora`` keys).

    >>> checklist_win(Checklist(("riichi", "tanyao"), tsumo=False), 40, Rules())
    {'han': 2, 'fu': 40, 'yaku': ['riichi', 'tanyao'], 'dora': {'dora': 0, 'aka': 0, 'ura': 0}}
    """
    value = checklist_value(checklist, rules)
    hand_value = value.hand_value(fu if value.needs_fu else 0)
    win: dict[str, Any] = {}
    if hand_value.yakuman:
        win["yakuman"] = hand_value.yakuman
    elif hand_value.fu:
        win.update(han=hand_value.han, fu=hand_value.fu)
    else:
        win["han"] = hand_value.han
    win["yaku"] = [yaku.name for yaku in value.yaku]
    win["dora"] = checklist.dora.to_json()  # nuki only when counted
    return win


def hand_of(entry: Mapping[str, Any]) -> dict[str, Any]:
    """Return the hand object (FORMATS.md section 2) of the Tiles panel's fields: the
    concealed ``tiles`` with the ``win_tile``, the ``melds`` as typed, the special wins
    ticked (``flags``), ``nuki``, and the round's ``dora`` and ``ura`` indicators.

    >>> hand_of({"tiles": "234m406p789s 22z", "win_tile": "2z", "melds": "pon 777z",
    ...          "dora": "1m", "flags": ["haitei"]})  # doctest: +NORMALIZE_WHITESPACE
    {'hand': '234m406p789s22z', 'win': '2z', 'melds': [{'kind': 'pon', 'tiles': '777z'}],
     'dora': '1m', 'haitei': True}
    """
    hand: dict[str, Any] = {
        "hand": str(entry.get("tiles") or "").replace(" ", ""),
        "win": str(entry.get("win_tile") or "").strip(),
        "melds": [meld.to_json() for meld in parse_melds(str(entry.get("melds") or ""))],
    }
    for key in ("dora", "ura"):
        if entry.get(key):
            hand[key] = str(entry[key]).replace(" ", "")
    if entry.get("nuki"):
        hand["nuki"] = int(entry["nuki"])
    for flag in entry.get("flags") or []:
        hand[flag] = True
    if hand.get("double_riichi"):
        hand["riichi"] = False
    return hand


def _with_riichi(outcome: Mapping[str, Any], seats: set[int]) -> Outcome:
    data = dict(outcome)
    if seats and data.get("result") != "chombo":
        data["riichi"] = sorted({*data.get("riichi", []), *seats})
    return Outcome.from_json(data)


def _table(game: Replay, state: GameState, seats: set[int]) -> dict[str, Any]:
    """Return the table as drawn: scores with the declared riichi's sticks on the table."""
    shown = state
    if not state.finished and seats:
        shown = with_riichi(state, sorted(seats), game.rules)
    return {
        **shown.to_json(),
        "scores": list(shown.scores),
        "winds": [state.seat_wind(seat) for seat in state.seats],
        "riichi": sorted(seats) if not state.finished else [],
        "finished": state.finished,
        "round_count": state.round_count,
    }


def _preview(
    game: Replay, state: GameState, seats: set[int], outcome: Mapping[str, Any]
) -> dict[str, Any]:
    if state.finished:
        return {"error": "the game is over"}
    try:
        result = play(state, _with_riichi(entered_round(outcome, game.rules), seats), game.rules)
    except ScoringError as error:
        return {"error": str(error)}
    return {
        "transfers": [transfer.to_json() for transfer in result.transfers],
        "deltas": list(result.deltas),
        "finished": result.state.finished,
    }


def play_on_json(text: str) -> str:
    """Return ``play_on`` of a JSON object of its arguments, as JSON (the browser's call).

    >>> play_on_json('{"record": {"rules": "club"}}')[:37]
    '{"table": {"round": "E1", "honba": 0,'
    """
    return json.dumps(play_on(**json.loads(text)))
