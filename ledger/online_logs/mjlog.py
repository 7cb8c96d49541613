"""Tenhou mjlog XML (``<mjloggm>``, as downloaded) read into a game record.

What a mjlog holds and how it is read:

- ``<GO type>``: the lobby's rules (see ``rules``); ``<UN n0..n3>``: the players'
  names, percent-encoded (a later ``<UN>`` with one name is a reconnection).
- ``<INIT seed="round,honba,sticks,dice,dice,dora" ten="..." oya="...">`` starts a
  round (scores in hundreds); ``<REACH who step="2">`` is a riichi whose 1,000 was
  paid (step 1 alone: the riichi discard was called ron).
- ``<AGARI>`` is a win (one per winner on a double ron): ``hai`` the concealed tiles
  with the winning one ``machi``, ``m`` the calls, ``ten="fu,points,limit"``,
  ``yaku`` id/han pairs or ``yakuman`` ids, ``doraHai``/``doraHaiUra`` indicators,
  ``who``/``fromWho``/``paoWho``, and ``sc``: scores before and changes, in hundreds.
- ``<RYUUKYOKU>`` a draw: the tenpai players' hands ``hai0..hai3``; ``type`` names
  nagashi mangan (``nm``) and the abortive draws (``yao9`` nine terminals, ``kaze4``
  four winds, ``reach4`` four riichi, ``kan4`` four kans, ``ron3`` triple ron).
- The last round's end carries ``owari``: final scores (hundreds) and results.

The file holds no date and no id; Tenhou names the file by the game id
(``2019021004gm-00a9-0000-e2f6516d``), whose first ten digits are the start hour in
Japan time, so both are read from the file name when it has one.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from typing import Any
from urllib.parse import unquote
from xml.etree import ElementTree

from ledger.online_logs.hands import hand_json
from ledger.online_logs.model import (
    LogError,
    LogFigures,
    LogRound,
    LogWin,
    ParsedLog,
    check_text,
    shown,
)
from ledger.online_logs.numbers import text_number, text_whole, text_wholes
from ledger.online_logs.rules import (
    NO_RED,
    is_sanma_lobby,
    log_rules,
    tenhou_lobby_rules,
)
from ledger.online_logs.tiles import TileError, decode_meld, tile_of_id
from ledger.online_logs.yaku import flags_of_ids

TENHOU_ID = re.compile(r"([0-9]{10})gm-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}")
JAPAN = timezone(timedelta(hours=9))
ABORTS = {
    "yao9": "kyuushu_kyuuhai",
    "kaze4": "suufon_renda",
    "reach4": "suucha_riichi",
    "kan4": "suukaikan",
    "ron3": "sanchahou",
}
SANMA = "this is a three-player game (sanma); three-player games cannot be imported yet."
Element = ElementTree.Element


def parse_mjlog(name: str, text: str) -> ParsedLog:
    """Return the game a mjlog XML text describes (``name`` is its file name)."""
    root = _root(name, text)
    bits = _lobby_bits(name, root)
    players = _players(name, root, bits)
    red = not bits & NO_RED
    rounds, figures, owari = [], [], None
    for events in _round_events(root):
        data, figure, owari = _read_round(name, events, red)
        rounds.append(data)
        figures.append(figure)
    if not rounds:
        raise LogError(f"{name}: the log holds no rounds.")
    scores, results = _owari(name, owari)
    logged = LogFigures(tuple(figures), scores, results)
    rules = log_rules(tenhou_lobby_rules(bits), "tenhou", logged)
    log_id = _log_id(name)
    record: dict[str, Any] = {"rules": rules, "players": players, "rounds": rounds}
    record["source"] = {"kind": "tenhou", "id": log_id} if log_id else {"kind": "tenhou"}
    started = tenhou_start(log_id)
    if started:
        record["started"] = started
    return ParsedLog("tenhou", log_id, record, logged)


def tenhou_start(log_id: str) -> str | None:
    """Return the start hour a Tenhou game id holds, in ISO 8601 (Japan time); None
    when it is not a Tenhou game id or its first ten digits are not an hour.

    >>> tenhou_start("2019021004gm-00a9-0000-e2f6516d")
    '2019-02-10T04:00:00+09:00'
    >>> tenhou_start("2019131004gm-00a9-0000-e2f6516d"), tenhou_start("x")
    (None, None)
    """
    match = TENHOU_ID.fullmatch(log_id)
    if match is None:
        return None
    try:
        hour = datetime.strptime(match.group(1), "%Y%m%d%H")
    except ValueError:
        return None
    return hour.replace(tzinfo=JAPAN).isoformat()


def _log_id(name: str) -> str:
    """Return the Tenhou game id the file name holds, if it has one with a real date."""
    match = TENHOU_ID.search(name)
    return match.group(0) if match and tenhou_start(match.group(0)) else ""


def _root(name: str, text: str) -> Element:
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise LogError(f"{name}: this XML file is not a Tenhou game log.")
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as error:
        line = error.position[0]
        raise LogError(
            f"{name}: the file is damaged or incomplete: its XML breaks off or is "
            f"malformed at line {line}."
        ) from None
    if root.tag != "mjloggm":
        raise LogError(f"{name}: this XML file is not a Tenhou game log.")
    return root


def _lobby_bits(name: str, root: Element) -> int:
    go = root.find("GO")
    bits = text_whole(go.get("type", "")) if go is not None else None
    if bits is None or bits < 0:
        raise LogError(f"{name}: the log does not say which lobby the game was played in.")
    return bits


def _players(name: str, root: Element, bits: int) -> list[str]:
    for element in root.iter("UN"):
        names = [element.get(f"n{seat}") for seat in range(4)]
        if all(n is not None for n in names):
            decoded = [unquote(n or "", errors="replace").strip() for n in names]
            check_text(name, decoded)  # "%00" decodes to a NUL character
            if is_sanma_lobby(bits) or not decoded[3]:
                raise LogError(f"{name}: {SANMA}", "three_player")
            return decoded
    raise LogError(f"{name}: the log does not name its players.")


def _round_events(root: Element) -> list[list[Element]]:
    rounds: list[list[Element]] = []
    for element in root:
        if element.tag == "INIT":
            rounds.append([element])
        elif rounds:
            rounds[-1].append(element)
    return rounds


def _ints(element: Element, key: str, name: str) -> list[int]:
    """Return the whole numbers of an attribute ("260,-41,220"; none when it is
    missing); raise ``LogError`` naming the entry when one is not a number."""
    numbers = text_wholes(element.get(key, ""))
    if numbers is None:
        raise LogError(f"{name}: the log has a broken {element.tag} entry.")
    return numbers


def _seat(element: Element, key: str, name: str) -> int:
    """Return the seat (0-3) an attribute names; raise ``LogError`` naming the entry
    when it names none."""
    seat = text_whole(element.get(key, ""))
    if seat is None or not 0 <= seat < 4:
        raise LogError(f"{name}: the log has a broken {element.tag} entry.")
    return seat


def _read_round(
    name: str, events: list[Element], red: bool
) -> tuple[dict[str, Any], LogRound, Element | None]:
    init = events[0]
    seed = _ints(init, "seed", name)
    start = [100 * points for points in _ints(init, "ten", name)]
    if len(seed) < 3 or len(start) != 4 or min(seed[:3]) < 0:
        raise LogError(f"{name}: the log has a broken round start.")
    kyoku, honba, sticks = seed[:3]
    where = f"{name}, round {LogRound(kyoku, honba, sticks, (), ()).words}"
    ends = [e for e in events if e.tag in ("AGARI", "RYUUKYOKU")]
    # The fourth riichi of four is paid even if the log ends the round before step 2.
    step = "1" if ends and ends[-1].get("type") == "reach4" else "2"
    riichi = sorted({_seat(e, "who", where) for e in events if _is_riichi(e, step)})
    if not ends:
        raise LogError(f"{where}: the round has no end; the file may be cut short.")
    scores = _ints(ends[-1], "sc", where)
    if len(scores) != 8:
        raise LogError(f"{where}: the log has broken scores.")
    deltas = tuple(100 * (scores[2 * s] + scores[2 * s + 1]) - start[s] for s in range(4))
    try:
        data, wins = _outcome(ends, riichi, red, where)
    except TileError as error:
        raise LogError(f"{where}: the log has a broken hand ({error}).") from None
    figure = LogRound(kyoku, honba, sticks, tuple(start), deltas, wins)
    owari = ends[-1] if ends[-1].get("owari") else None
    return data, figure, owari


def _is_riichi(element: Element, step: str) -> bool:
    return element.tag == "REACH" and element.get("step") == step


def _outcome(
    ends: list[Element], riichi: list[int], red: bool, where: str
) -> tuple[dict[str, Any], tuple[LogWin, ...]]:
    if ends[0].tag == "RYUUKYOKU":
        return _draw(ends[0], riichi, where), ()
    wins = [_win(agari, riichi, red, where) for agari in ends]
    figures = tuple(figure for _, figure in wins)
    winners = {figure.winner for figure in figures}
    discarders = {_seat(agari, "fromWho", where) for agari in ends}
    if len(winners) < len(ends) or len(discarders) > 1:
        raise LogError(f"{where}: the log has a broken AGARI entry.")
    loser = discarders.pop()
    if loser == figures[0].winner:
        if len(ends) > 1:
            raise LogError(f"{where}: the log has a broken AGARI entry.")
        return {"result": "tsumo", **wins[0][0], "riichi": riichi}, figures
    return {
        "result": "ron",
        "loser": loser,
        "wins": [w for w, _ in wins],
        "riichi": riichi,
    }, figures


def _win(agari: Element, riichi: list[int], red: bool, where: str) -> tuple[dict[str, Any], LogWin]:
    winner = _seat(agari, "who", where)
    yaku = _ints(agari, "yaku", where)
    yakuman = _ints(agari, "yakuman", where)
    ten = _ints(agari, "ten", where)
    if len(ten) != 3:
        raise LogError(f"{where}: the log has a broken win entry.")
    ids = yaku[0::2] + yakuman
    melds = [decode_meld(code) for code in _ints(agari, "m", where)]
    machi = _ints(agari, "machi", where)
    if len(machi) != 1:
        raise LogError(f"{where}: the log has a broken AGARI entry.")
    hand = hand_json(
        [tile_of_id(t, red_fives=red) for t in _ints(agari, "hai", where)],
        tile_of_id(machi[0], red_fives=red),
        [(m.kind, [tile_of_id(t, red_fives=red) for t in m.tiles]) for m in melds],
        flags_of_ids(ids),
        in_riichi=winner in riichi,
        dora=[tile_of_id(t, red_fives=red) for t in _ints(agari, "doraHai", where)],
        ura=[tile_of_id(t, red_fives=red) for t in _ints(agari, "doraHaiUra", where)],
    )
    win: dict[str, Any] = {"winner": winner, "hand": hand}
    pao = _seat(agari, "paoWho", where) if agari.get("paoWho") is not None else winner
    if pao != winner:
        win["pao"] = pao
    han = sum(yaku[1::2]) if not yakuman else 0
    return win, LogWin(winner, han, ten[0], ten[1], len(yakuman))


def _draw(end: Element, riichi: list[int], where: str) -> dict[str, Any]:
    kind = end.get("type")
    if kind in ABORTS:
        return {"result": "abort", "reason": ABORTS[kind], "riichi": riichi}
    if kind not in (None, "nm"):
        raise LogError(f"{where}: the log has a draw of an unknown kind ({shown(kind)}).")
    tenpai = [seat for seat in range(4) if end.get(f"hai{seat}") is not None]
    data: dict[str, Any] = {"result": "draw", "tenpai": tenpai}
    if kind == "nm":
        changes = _ints(end, "sc", where)[1::2]
        data["nagashi"] = [seat for seat, change in enumerate(changes) if change > 0]
    data["riichi"] = riichi
    return data


def _owari(
    name: str, end: Element | None
) -> tuple[tuple[int, ...] | None, tuple[float, ...] | None]:
    if end is None:
        return None, None
    parts = end.get("owari", "").split(",")
    scores = [text_whole(part) for part in parts[0:8:2]]  # in hundreds
    results = [text_number(part) for part in parts[1:8:2]]
    if len(parts) < 8 or None in scores or None in results:
        raise LogError(f"{name}: the log has broken final results.")
    return tuple(100 * score for score in scores), tuple(results)
