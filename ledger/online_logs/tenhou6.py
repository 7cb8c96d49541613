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
from ledger.online_logs.model import LogError, LogFigures, LogRound, LogWin, ParsedLog
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
SCORE_TEXT = re.compile(r"^(?:(\d+)符)?(?:(\d+)飜)?\D*?(\d+)(?:-(\d+))?点(∀)?$")


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
        raise LogError(f"{name}: {error}, so this game cannot be imported.") from None
    logs = data["log"]
    if not logs:
        raise LogError(f"{name}: the log holds no rounds.")
    rounds, figures = [], []
    for number, entry in enumerate(logs):
        following = logs[number + 1] if number + 1 < len(logs) else None
        round_data, figure = _read_round(name, entry, following)
        rounds.append(round_data)
        figures.append(figure)
    scores, results = _final(name, data.get("sc"))
    logged = LogFigures(tuple(figures), scores, results)
    rules = log_rules(rules, kind, logged)
    log_id = _text(data, "ref")
    record: dict[str, Any] = {"rules": rules, "players": players, "rounds": rounds}
    record["source"] = {"kind": kind, "id": log_id} if log_id else {"kind": kind}
    record.update(_times(kind, log_id, data.get("title")))
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


def _times(kind: str, log_id: str, title: Any) -> dict[str, str]:
    if kind == "tenhou" and TENHOU_ID.fullmatch(log_id):
        return {"started": tenhou_start(log_id)}
    when = title[1] if isinstance(title, list) and len(title) > 1 else None
    if isinstance(when, int | float) and not isinstance(when, bool) and when > 0:
        return {"finished": datetime.fromtimestamp(when, tz=UTC).isoformat()}
    if isinstance(when, str):
        try:
            moment = datetime.fromisoformat(when)
        except ValueError:
            return {}
        return {"finished": moment.isoformat()} if moment.tzinfo else {}
    return {}


def _final(name: str, sc: Any) -> tuple[tuple[int, ...] | None, tuple[float, ...] | None]:
    if sc is None:
        return None, None
    if not isinstance(sc, list) or len(sc) != 8 or not all(_is_number(x) for x in sc):
        raise LogError(f"{name}: the log has broken final results.")
    return tuple(int(x) for x in sc[0::2]), tuple(float(x) for x in sc[1::2])


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _read_round(name: str, entry: Any, following: Any) -> tuple[dict[str, Any], LogRound]:
    if not isinstance(entry, list) or len(entry) != 17 or not _numbers(entry[0], 3):
        raise LogError(f"{name}: the log has a broken round.")
    kyoku, honba, sticks = entry[0]
    where = f"{name}, round {LogRound(kyoku, honba, sticks, (), ()).words}"
    start, result = entry[1], entry[16]
    if not _numbers(start, 4) or not isinstance(result, list) or not result:
        raise LogError(f"{where}: the log has a broken round.")
    try:
        return _round(entry, following, (kyoku, honba, sticks), where)
    except (TileError, TypeError, ValueError, IndexError, KeyError) as error:
        raise LogError(f"{where}: the log's tiles or result cannot be read ({error}).") from None


def _numbers(value: Any, count: int) -> bool:
    return isinstance(value, list) and len(value) == count and all(type(x) is int for x in value)


def _round(
    entry: list[Any], following: Any, header: tuple[int, int, int], where: str
) -> tuple[dict[str, Any], LogRound]:
    kyoku, honba, sticks = header
    start, result, kind = entry[1], entry[16], entry[16][0]
    given = [entry[6 + 3 * seat] for seat in range(4)]
    declared = [seat for seat in range(4) if any(map(is_riichi_discard, given[seat]))]
    if kind == "和了":
        data, wins, changes = _agari(entry, declared)
    elif kind in DRAWS:
        data, wins = _draw(result, declared, kyoku, following), ()
        changes = result[1] if len(result) > 1 else [0, 0, 0, 0]
    elif kind in ABORTS:
        riichi = _abort_riichi(declared, given, sticks, following, ABORTS[kind])
        data, wins, changes = (
            {"result": "abort", "reason": ABORTS[kind], "riichi": riichi},
            (),
            [0] * 4,
        )
    else:
        raise LogError(f"{where}: the log ends the round in a way we do not know ({kind}).")
    paid = data["riichi"]
    deltas = tuple(int(changes[s]) - 1000 * (s in paid) for s in range(4))
    return data, LogRound(kyoku, honba, sticks, tuple(start), deltas, wins)


def _agari(
    entry: list[Any], declared: list[int]
) -> tuple[dict[str, Any], tuple[LogWin, ...], list[int]]:
    result = entry[16]
    pairs = list(zip(result[1::2], result[2::2]))
    who, source = pairs[0][1][0], pairs[0][1][1]
    tsumo = who == source
    given = entry[6 + 3 * source]
    riichi = [s for s in declared if tsumo or s != source or not is_riichi_discard(given[-1])]
    ron_tile = None
    if not tsumo:
        ron_tile = last_discard(given, _last_draw(entry[5 + 3 * source], given))
    wins = [_win(entry, info, ron_tile, riichi) for _, info in pairs]
    changes = [sum(int(delta[s]) for delta, _ in pairs) for s in range(4)]
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
    entry: list[Any], info: list[Any], ron_tile: int | None, riichi: list[int]
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
    return data, _log_win(who, entry[0][0] % 4 == who, info[3], yaku)


def _log_win(who: int, is_dealer: bool, text: str, yaku: list[tuple[str, int, bool]]) -> LogWin:
    match = SCORE_TEXT.match(text)
    if match is None:
        raise ValueError(f"the score {text} cannot be read")
    fu, _, first, second, everyone = match.groups()
    paid = 3 * int(first) if everyone else 2 * int(first) + int(second) if second else int(first)
    if any(is_yakuman for _, _, is_yakuman in yaku):
        return LogWin(who, 0, 0, paid, paid // (48000 if is_dealer else 32000))
    return LogWin(who, sum(han for _, han, _ in yaku), int(fu or 0), paid)


def _draw(result: list[Any], declared: list[int], kyoku: int, following: Any) -> dict[str, Any]:
    kind = result[0]
    changes = result[1] if len(result) > 1 else [0, 0, 0, 0]
    dealer_stays = isinstance(following, list) and bool(following) and following[0][0] == kyoku
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
    declared: list[int], given: list[list[Any]], sticks: int, following: Any, reason: str
) -> list[int]:
    """Return the riichi paid before an abortive draw: on a triple ron, the riichi
    declared on the discard that three players called was not (the next round's
    sticks tell)."""
    if reason != "sanchahou" or not isinstance(following, list) or not following:
        return declared
    last = [seat for seat in declared if is_riichi_discard(given[seat][-1])]
    if following[0][2] - sticks == len(declared) - 1 and len(last) == 1:
        return [seat for seat in declared if seat != last[0]]
    return declared
