"""tenhou.net/6 JSON (Tenhou's own, and what Mahjong Soul log converters write) read
into a game record.

The object: ``name`` the four players, ``rule`` the room (see ``rules``), ``ref`` the
game id, ``sc`` the final scores and results (score, result, score, result...), and
``log``, one list per round: ``[round, honba, sticks]``, the scores at the start,
the dora and ura indicators, each player's start hand, draws and discards (see
``play``), and the result: ``["和了", changes, [who, from, pao, "30符1飜1000点",
"立直(1飜)", ...], ...]`` with one changes/info pair per winner (the changes hold
honba and sticks, not riichi deposits); ``["流局", changes]``, ``["全員聴牌"]``,
``["全員不聴"]``, ``["流し満貫", changes]``, or an abortive draw (``九種九牌``,
``四風連打``, ``四家立直``, ``四槓散了``, ``三家和了``; converters write ``四開槓``
and ``三家和``).

Mahjong Soul converters (tensoul and the Majsoul+ "downloadlogs" script) write the
same shape with ``ratingc`` ``"PF4"``, a ``rule.disp`` naming the Mahjong Soul room
(``"玉の間南喰赤"``, ``"友人戦東喰赤"``), a Mahjong Soul ``ref``
(``"231014-84c3e1b5-..."``) and ``title`` ``[room, end time]``. They work out the
score changes themselves from the hand values (honba to every winner of a double
ron, half of a pao ron plus the honba from the liable player), and write "流局" with
no changes both when everyone was tenpai and when nobody was.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from ledger.online_logs.hands import hand_json
from ledger.online_logs.mjlog import SANMA, TENHOU_ID, tenhou_start
from ledger.online_logs.model import (
    EntryError,
    LogError,
    LogFigures,
    LogRound,
    LogWin,
    ParsedLog,
    shown,
)
from ledger.online_logs.numbers import json_number, json_wholes
from ledger.online_logs.play import Tiles, is_riichi_discard, last_discard, play_through
from ledger.online_logs.rules import RedFivesError, log_rules, tenhou6_rules
from ledger.online_logs.tiles import TileError, tile_of_code
from ledger.online_logs.yaku import flags_of_names, read_yaku_text

MAHJONG_SOUL_ID = re.compile(r"^\d{6}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
MAHJONG_SOUL_ROOMS = ("の間", "友人戦", "大会戦", "四人東", "四人南")
ABORTS = {
    "九種九牌": "kyuushu_kyuuhai",
    "四風連打": "suufon_renda",
    "四家立直": "suucha_riichi",
    "四槓散了": "suukaikan",
    "四開槓": "suukaikan",
    "三家和了": "sanchahou",
    "三家和": "sanchahou",
}
DRAWS = ("流局", "全員聴牌", "全員不聴", "流し満貫")
SCORE_TEXT = re.compile(
    r"^(?:([0-9]{1,3})符)?(?:([0-9]{1,2})飜)?[^0-9]*?([0-9]{1,6})(?:-([0-9]{1,6}))?点(∀)?$"
)
ROUND_LENGTH = 17  # counters, scores, dora, ura, 3 lists per player, result
LATEST_TIME = datetime(9999, 12, 31, tzinfo=UTC).timestamp()  # the last a date can hold
Counters = tuple[int, int, int]  # dealer passes since the start, honba, riichi sticks


def parse_tenhou6(name: str, data: Any) -> ParsedLog:
    """Return the game a tenhou.net/6 JSON object describes (``name``: its file)."""
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        raise LogError(f"{name}: this JSON file is not a tenhou.net/6 game log.")
    rule: dict[str, Any] = data["rule"] if isinstance(data.get("rule"), dict) else {}
    kind = _site(data, rule)
    players = _players(name, data, rule)
    try:
        rules = tenhou6_rules(rule, "tenhou" if kind == "tenhou" else "mahjongsoul")
    except RedFivesError as error:
        raise LogError(f"{name}: this game cannot be imported: {error}.") from None
    logs = data["log"]
    if not logs:
        raise LogError(f"{name}: the log holds no rounds.")
    counters = [_counters(name, entry) for entry in logs]
    rounds, figures = [], []
    for number, entry in enumerate(logs):
        following = counters[number + 1] if number + 1 < len(logs) else None
        round_data, figure = _read_round(name, entry, counters[number], following)
        rounds.append(round_data)
        figures.append(figure)
    scores, results = _final(name, data.get("sc"))
    logged = LogFigures(tuple(figures), scores, results)
    rules = log_rules(rules, kind, logged)
    log_id = _text(data, "ref")
    record: dict[str, Any] = {"rules": rules, "players": players, "rounds": rounds}
    record["source"] = {"kind": kind, "id": log_id} if log_id else {"kind": kind}
    record.update(_times(name, kind, log_id, data.get("title")))
    return ParsedLog(kind, log_id, record, logged)


def _site(data: dict[str, Any], rule: dict[str, Any]) -> str:
    ref, disp = _text(data, "ref"), _text(rule, "disp")
    if TENHOU_ID.fullmatch(ref):
        return "tenhou"
    if MAHJONG_SOUL_ID.match(ref) or any(word in disp for word in MAHJONG_SOUL_ROOMS):
        return "mahjongsoul"
    return "tenhou"


def _players(name: str, data: dict[str, Any], rule: dict[str, Any]) -> list[str]:
    names = data.get("name")
    sanma = data.get("ratingc") == "PF3" or _text(rule, "disp").startswith("三")
    if isinstance(names, list) and (len(names) == 3 or (len(names) == 4 and names[3] == "")):
        sanma = True
    if sanma:
        raise LogError(f"{name}: {SANMA}", "three_player")
    if not isinstance(names, list) or len(names) != 4 or not all(isinstance(n, str) for n in names):
        raise LogError(f"{name}: the log does not name its four players.")
    return [n.strip() for n in names]


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    return value if isinstance(value, str) else ""


def _times(name: str, kind: str, log_id: str, title: Any) -> dict[str, str]:
    started = tenhou_start(log_id) if kind == "tenhou" else None
    if started is not None:
        return {"started": started}
    when = title[1] if isinstance(title, list) and len(title) > 1 else None
    if isinstance(when, str):
        try:
            moment = datetime.fromisoformat(when)
        except ValueError:
            return {}
        return {"finished": moment.isoformat()} if moment.tzinfo else {}
    if isinstance(when, int | float) and not isinstance(when, bool):
        return _finished_at(name, when)
    return {}


def _finished_at(name: str, when: float) -> dict[str, str]:
    """Return the end of the game a Unix time gives (none for 0 or less)."""
    seconds = json_number(when, largest=LATEST_TIME)
    if seconds is None:
        raise LogError(f"{name}: the log has a broken end time.")
    if seconds <= 0:
        return {}
    return {"finished": datetime.fromtimestamp(seconds, tz=UTC).isoformat()}


def _final(name: str, sc: Any) -> tuple[tuple[int, ...] | None, tuple[float, ...] | None]:
    if sc is None:
        return None, None
    is_numbers = (
        isinstance(sc, list) and len(sc) == 8 and all(json_number(x) is not None for x in sc)
    )
    scores = json_wholes(sc[0::2], 4) if is_numbers else None  # results may have tenths
    if scores is None:
        raise LogError(f"{name}: the log has broken final results.")
    return tuple(scores), tuple(float(x) for x in sc[1::2])


def _counters(name: str, entry: Any) -> Counters:
    """Return a round's counters: dealer passes since the start, honba, riichi sticks."""
    is_round = isinstance(entry, list) and len(entry) == ROUND_LENGTH
    counters = json_wholes(entry[0], 3) if is_round else None
    if counters is None or min(counters) < 0:
        raise LogError(f"{name}: the log has a broken round.")
    kyoku, honba, sticks = counters
    return kyoku, honba, sticks


def _read_round(
    name: str, entry: list[Any], counters: Counters, following: Counters | None
) -> tuple[dict[str, Any], LogRound]:
    where = f"{name}, round {LogRound(*counters, (), ()).words}"
    start = json_wholes(entry[1], 4)
    if start is None or not all(isinstance(part, list) for part in entry[2:16]):
        raise LogError(f"{where}: the log has a broken round.")
    result = _result(where, entry[16])
    try:
        return _round(entry, tuple(start), result, counters, following)
    except EntryError as error:
        raise LogError(f"{where}: the log's tiles or result cannot be read ({error}).") from None


def _result(where: str, result: Any) -> list[Any]:
    """Return the round's result with its changes of score as whole numbers and each
    win's seats checked; raise ``LogError`` when it is broken."""
    if not isinstance(result, list) or not result or not isinstance(result[0], str):
        raise LogError(f"{where}: the log has a broken round result.")
    kind = result[0]
    if kind == "和了":
        return [kind, *_win_parts(where, result[1:])]
    if kind in DRAWS:
        return [kind, _changes(where, result[1])] if len(result) > 1 else [kind]
    if kind in ABORTS:
        return [kind]
    raise LogError(f"{where}: the log ends the round in a way we do not know ({shown(kind)}).")


def _win_parts(where: str, parts: list[Any]) -> list[Any]:
    """Return the changes and info of each win: one discarder for every winner, and
    a tsumo alone."""
    if not parts or len(parts) % 2:
        raise LogError(f"{where}: the log has a broken win entry.")
    infos = [_win_info(where, info) for info in parts[1::2]]
    winners, discarders = {info[0] for info in infos}, {info[1] for info in infos}
    tsumo = infos[0][0] == infos[0][1]
    if len(winners) < len(infos) or len(discarders) > 1 or (tsumo and len(infos) > 1):
        raise LogError(f"{where}: the log has a broken win entry.")
    checked = []
    for changes, info in zip(parts[0::2], infos):
        checked += [_changes(where, changes), info]
    return checked


def _win_info(where: str, info: Any) -> list[Any]:
    """Return a win's info (winner, discarder, liable player, score text, yaku texts)
    with its seats checked."""
    seats = json_wholes(info[:3], 3) if isinstance(info, list) else None
    texts = info[3:] if isinstance(info, list) else []
    if seats is None or not all(0 <= seat < 4 for seat in seats):
        raise LogError(f"{where}: the log has a broken win entry.")
    if not texts or not all(isinstance(text, str) for text in texts):
        raise LogError(f"{where}: the log has a broken win entry.")
    return [*seats, *texts]


def _changes(where: str, changes: Any) -> list[int]:
    numbers = json_wholes(changes, 4)
    if numbers is None:
        raise LogError(f"{where}: the log has broken changes of score.")
    return numbers


def _round(
    entry: list[Any],
    start: tuple[int, ...],
    result: list[Any],
    counters: Counters,
    following: Counters | None,
) -> tuple[dict[str, Any], LogRound]:
    kyoku, honba, sticks = counters
    kind = result[0]
    given = [entry[6 + 3 * seat] for seat in range(4)]
    declared = [seat for seat in range(4) if any(map(is_riichi_discard, given[seat]))]
    if kind == "和了":
        data, wins, changes = _agari(entry, result, declared, kyoku % 4)
    elif kind in DRAWS:
        data, wins = _draw(result, declared, kyoku, following), ()
        changes = result[1] if len(result) > 1 else [0, 0, 0, 0]
    else:
        riichi = _abort_riichi(declared, given, sticks, following, ABORTS[kind])
        data, wins, changes = (
            {"result": "abort", "reason": ABORTS[kind], "riichi": riichi},
            (),
            [0] * 4,
        )
    paid = data["riichi"]
    deltas = tuple(changes[s] - 1000 * (s in paid) for s in range(4))
    return data, LogRound(kyoku, honba, sticks, start, deltas, wins)


def _agari(
    entry: list[Any], result: list[Any], declared: list[int], dealer: int
) -> tuple[dict[str, Any], tuple[LogWin, ...], list[int]]:
    pairs = list(zip(result[1::2], result[2::2]))
    who, source = pairs[0][1][0], pairs[0][1][1]
    tsumo = who == source
    given = entry[6 + 3 * source]
    riichi = [s for s in declared if tsumo or s != source or not is_riichi_discard(given[-1])]
    ron_tile = None
    if not tsumo:
        ron_tile = last_discard(given, _last_draw(entry[5 + 3 * source], given))
    wins = [_win(entry, info, ron_tile, riichi, dealer) for _, info in pairs]
    changes = [sum(delta[s] for delta, _ in pairs) for s in range(4)]
    figures = tuple(figure for _, figure in wins)
    if tsumo:
        return {"result": "tsumo", **wins[0][0], "riichi": riichi}, figures, changes
    data = {"result": "ron", "loser": source, "wins": [w for w, _ in wins], "riichi": riichi}
    return data, figures, changes


def _last_draw(taken: list[Any], given: list[Any]) -> Tiles:
    """Return the discarder's tiles as far as the ron needs: the tile drawn on the
    turn of their last discard (a tsumogiri gives that one out)."""
    turn = len(given) - 1
    got = taken[turn] if 0 <= turn < len(taken) else None
    return Tiles([], last_draw=got if isinstance(got, int) else None)


def _win(
    entry: list[Any], info: list[Any], ron_tile: int | None, riichi: list[int], dealer: int
) -> tuple[dict[str, Any], LogWin]:
    who, pao = info[0], info[2]
    tiles = play_through(entry[4 + 3 * who], entry[5 + 3 * who], entry[6 + 3 * who])
    concealed = tiles.concealed + ([ron_tile] if ron_tile is not None else [])
    win = ron_tile if ron_tile is not None else tiles.last_draw
    if win is None:
        raise TileError("the winning tile is missing")
    yaku = [read_yaku_text(text) for text in info[4:]]
    hand = hand_json(
        [tile_of_code(t) for t in concealed],
        tile_of_code(win),
        [(kind, [tile_of_code(t) for t in codes]) for kind, codes in tiles.melds],
        flags_of_names(name for name, _, _ in yaku),
        in_riichi=who in riichi,
        dora=[tile_of_code(t) for t in entry[2]],
        ura=[tile_of_code(t) for t in entry[3]],
    )
    data: dict[str, Any] = {"winner": who, "hand": hand}
    if pao != who:
        data["pao"] = pao
    return data, _log_win(who, who == dealer, info[3], yaku)


def _log_win(who: int, is_dealer: bool, text: str, yaku: list[tuple[str, int, bool]]) -> LogWin:
    match = SCORE_TEXT.match(text)
    if match is None:
        raise EntryError(f"the score {shown(text)} cannot be read")
    fu, _, first, second, everyone = match.groups()
    paid = 3 * int(first) if everyone else 2 * int(first) + int(second) if second else int(first)
    if any(is_yakuman for _, _, is_yakuman in yaku):
        return LogWin(who, 0, 0, paid, paid // (48000 if is_dealer else 32000))
    return LogWin(who, sum(han for _, han, _ in yaku), int(fu or 0), paid)


def _draw(
    result: list[Any], declared: list[int], kyoku: int, following: Counters | None
) -> dict[str, Any]:
    kind = result[0]
    changes = result[1] if len(result) > 1 else [0, 0, 0, 0]
    dealer_stays = following is not None and following[0] == kyoku
    if kind == "全員聴牌" or (kind == "流局" and not any(changes) and (declared or dealer_stays)):
        tenpai = [0, 1, 2, 3]
    elif kind == "流し満貫":
        tenpai = sorted(set(declared) | ({kyoku % 4} if dealer_stays else set()))
    else:
        tenpai = [seat for seat in range(4) if changes[seat] > 0]
    data: dict[str, Any] = {"result": "draw", "tenpai": tenpai}
    if kind == "流し満貫":
        data["nagashi"] = [seat for seat in range(4) if changes[seat] > 0]
    data["riichi"] = declared
    return data


def _abort_riichi(
    declared: list[int],
    given: list[list[Any]],
    sticks: int,
    following: Counters | None,
    reason: str,
) -> list[int]:
    """Return the riichi paid before an abortive draw: on a triple ron, the riichi
    declared on the discard that three players called was not (the next round's
    sticks tell)."""
    if reason != "sanchahou" or following is None:
        return declared
    last = [seat for seat in declared if is_riichi_discard(given[seat][-1])]
    if following[2] - sticks == len(declared) - 1 and len(last) == 1:
        return [seat for seat in declared if seat != last[0]]
    return declared
