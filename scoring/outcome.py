"""A round's outcome, as recorded at the table (FORMATS.md section 3, one round).

``Outcome.from_json`` reads one entry of a record's ``rounds``; ``to_json`` writes
it back. Build outcomes in code with the constructors::

    Outcome.ron(2, Win(0, HandValue(han=3, fu=40)), riichi=(0,))
    Outcome.tsumo(Win(3, HandValue(han=2, fu=30)))
    Outcome.draw(tenpai=(0, 2), riichi=(2,))
    Outcome.abort("kyuushu_kyuuhai")
    Outcome.chombo(2)

An outcome checks only its own shape (seats 0-3, no repeated seat, the winner
is not the discarder); whether it can happen in a game under some rules is
checked by ``scoring.game.play``.
The fields of its JSON are read by ``scoring.outcome_fields``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.dora import DoraCount
from scoring.errors import shown
from scoring.outcome_fields import OutcomeError as OutcomeError  # re-exported
from scoring.outcome_fields import (
    check_keys,
    check_seat,
    read_dora_count,
    read_int,
    read_object,
    read_seat,
    read_seat_list,
    read_text,
    read_yaku_names,
)
from scoring.rules import ABORTIVE_DRAWS
from scoring.value import HandValue

RESULTS = ("ron", "tsumo", "draw", "abort", "chombo")
WIN_KEYS = frozenset(
    {"winner", "han", "fu", "yakuman", "hand", "pao", "pao_yakuman", "yaku", "dora"}
)
COMMON_KEYS = frozenset({"result", "riichi", "wareme", "note"})
RESULT_KEYS = {
    "ron": COMMON_KEYS | {"loser", "wins"},
    "tsumo": COMMON_KEYS | WIN_KEYS,
    "draw": COMMON_KEYS | {"tenpai", "nagashi"},
    "abort": COMMON_KEYS | {"reason"},
    "chombo": COMMON_KEYS | {"player"},
}


@dataclass(frozen=True)
class Win:
    """One winner of a round: a value (han/fu or yakuman) or a ``hand`` to score.

    A value given by a yaku checklist keeps the yaku ticked and the dora counted
    (``yaku``, ``dora``): what the table said, beside the value replay scores.
    """

    winner: int
    value: HandValue | None = None
    hand: Mapping[str, Any] | None = field(default=None, hash=False)
    pao: int | None = None  # the liable player (sekinin barai)
    # how many of a yakuman-valued win's yakuman the liable player answers for; None: one
    # (a hand given as tiles names its pao yakuman itself)
    pao_yakuman: int | None = None
    yaku: tuple[str, ...] = ()
    dora: DoraCount | None = None

    def __post_init__(self) -> None:
        check_seat("winner", self.winner)
        if self.pao is not None:
            check_seat("pao", self.pao)
            if self.pao == self.winner:
                raise OutcomeError(f"pao player {self.pao} is the winner")
        if self.pao_yakuman is not None:
            _check_pao_yakuman(self)
        if (self.value is None) == (self.hand is None):
            raise OutcomeError(f"win of player {self.winner} needs han/fu, yakuman or a hand")
        if (self.yaku or self.dora) and self.value is None:
            raise OutcomeError("yaku and dora go with han/fu or yakuman, not with a hand")

    @classmethod
    def from_json(cls, data: Any) -> Win:
        """Return the win a JSON object describes.

        >>> win = Win.from_json({"winner": 3, "yakuman": 1, "pao": 2})
        >>> win.value, win.pao, win.yaku
        (HandValue(han=0, fu=0, yakuman=1), 2, ())
        """
        data = read_object(data, "win")
        check_keys(data, WIN_KEYS, "win")
        has_value = any(key in data for key in ("han", "fu", "yakuman"))
        if has_value and "hand" in data:
            raise OutcomeError("a win gives either han/fu/yakuman or hand, not both")
        hand = data.get("hand")
        if hand is not None and not isinstance(hand, Mapping):
            raise OutcomeError(f"hand must be an object, not {shown(hand)}")
        value = None
        if has_value:
            value = HandValue(
                han=read_int(data, "han"),
                fu=read_int(data, "fu"),
                yakuman=read_int(data, "yakuman"),
            )
            if value.yakuman and "han" in data:
                raise OutcomeError("a win gives either han and fu or a yakuman multiple, not both")
        pao = data.get("pao")
        return cls(
            winner=read_seat(data, "winner"),
            value=value,
            hand=dict(hand) if hand is not None else None,
            pao=None if pao is None else read_seat(data, "pao"),
            pao_yakuman=None if data.get("pao_yakuman") is None else read_int(data, "pao_yakuman"),
            yaku=read_yaku_names(data),
            dora=read_dora_count(data),
        )

    def to_json(self) -> dict[str, Any]:
        """Return the win as FORMATS.md writes it."""
        data: dict[str, Any] = {"winner": self.winner}
        if self.value is not None and self.value.yakuman:
            data["yakuman"] = self.value.yakuman
            if self.value.fu:  # under aotenjou a yakuman keeps its fu
                data["fu"] = self.value.fu
        elif self.value is not None:
            data.update(han=self.value.han, fu=self.value.fu)
        else:
            data["hand"] = dict(self.hand or {})
        if self.pao is not None:
            data["pao"] = self.pao
        if self.pao_yakuman is not None:
            data["pao_yakuman"] = self.pao_yakuman
        if self.yaku:
            data["yaku"] = list(self.yaku)
        if self.dora is not None:
            data["dora"] = self.dora.to_json()
        return data


def _check_pao_yakuman(win: Win) -> None:
    if win.pao is None:
        raise OutcomeError("pao_yakuman needs the liable player (pao)")
    if win.value is None or not win.value.yakuman:
        raise OutcomeError("pao_yakuman belongs to a win given as a yakuman multiple")
    if type(win.pao_yakuman) is not int or not 1 <= win.pao_yakuman <= win.value.yakuman:
        raise OutcomeError(
            f"pao_yakuman must be from 1 to the hand's {win.value.yakuman} yakuman, "
            f"not {shown(win.pao_yakuman)}"
        )


@dataclass(frozen=True)
class Outcome:
    """How one round ended: ``result`` is ron, tsumo, draw, abort or chombo.

    ``wins`` holds the winners (1-3 on ron, exactly 1 on tsumo); ``loser`` is the
    discarder on ron; ``tenpai`` and ``nagashi`` belong to a draw, ``reason`` to
    an abort, ``player`` to a chombo. ``riichi`` lists the players who declared
    riichi (and paid 1,000 to the table) in the round, whatever its result.
    """

    result: str
    wins: tuple[Win, ...] = ()
    loser: int | None = None
    tenpai: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()
    reason: str = ""
    player: int | None = None
    riichi: tuple[int, ...] = ()
    wareme: int | None = None
    note: str = ""

    def __post_init__(self) -> None:
        if self.result not in RESULTS:
            raise OutcomeError(
                f"result must be one of {', '.join(RESULTS)}, not {shown(self.result)}"
            )
        _check_seats("riichi", self.riichi)
        if self.wareme is not None:
            check_seat("wareme", self.wareme)
        CHECKS[self.result](self)

    @classmethod
    def ron(cls, loser: int, *wins: Win, riichi: Sequence[int] = (), **extra: Any) -> Outcome:
        """Return a ron of one or more winners on ``loser``'s discard."""
        return cls("ron", wins=tuple(wins), loser=loser, riichi=tuple(riichi), **extra)

    @classmethod
    def tsumo(cls, win: Win, *, riichi: Sequence[int] = (), **extra: Any) -> Outcome:
        """Return a tsumo win."""
        return cls("tsumo", wins=(win,), riichi=tuple(riichi), **extra)

    @classmethod
    def draw(
        cls,
        tenpai: Sequence[int] = (),
        *,
        nagashi: Sequence[int] = (),
        riichi: Sequence[int] = (),
        **extra: Any,
    ) -> Outcome:
        """Return an exhaustive draw with its tenpai (and nagashi mangan) players."""
        return cls(
            "draw", tenpai=tuple(tenpai), nagashi=tuple(nagashi), riichi=tuple(riichi), **extra
        )

    @classmethod
    def abort(cls, reason: str, *, riichi: Sequence[int] = (), **extra: Any) -> Outcome:
        """Return an abortive draw."""
        return cls("abort", reason=reason, riichi=tuple(riichi), **extra)

    @classmethod
    def chombo(cls, player: int, *, riichi: Sequence[int] = (), **extra: Any) -> Outcome:
        """Return a chombo (a foul that ends the round) by ``player``."""
        return cls("chombo", player=player, riichi=tuple(riichi), **extra)

    @property
    def winners(self) -> tuple[int, ...]:
        """Return the winners' seats (empty unless ron or tsumo)."""
        return tuple(win.winner for win in self.wins)

    @classmethod
    def from_json(cls, data: Any) -> Outcome:
        """Return the outcome one round of a record describes.

        >>> Outcome.from_json({"result": "draw", "tenpai": [0, 2], "riichi": [2]}).tenpai
        (0, 2)
        """
        data = read_object(data, "round")
        result = data.get("result")
        if not isinstance(result, str) or result not in RESULT_KEYS:
            raise OutcomeError(f"result must be one of {', '.join(RESULTS)}, not {shown(result)}")
        check_keys(data, RESULT_KEYS[result], f"{result} round")
        common: dict[str, Any] = {
            "riichi": read_seat_list(data, "riichi"),
            "wareme": None if data.get("wareme") is None else read_seat(data, "wareme"),
            "note": read_text(data, "note"),
        }
        return cls(result, **common, **PARSERS[result](data))

    def to_json(self) -> dict[str, Any]:
        """Return the round as FORMATS.md section 3 writes it."""
        data: dict[str, Any] = {"result": self.result}
        if self.result == "ron":
            data.update(loser=self.loser, wins=[win.to_json() for win in self.wins])
        elif self.result == "tsumo":
            data.update(self.wins[0].to_json())
        elif self.result == "draw":
            data["tenpai"] = list(self.tenpai)
            if self.nagashi:
                data["nagashi"] = list(self.nagashi)
        elif self.result == "abort":
            data["reason"] = self.reason
        else:
            data["player"] = self.player
        data["riichi"] = list(self.riichi)
        if self.wareme is not None:
            data["wareme"] = self.wareme
        if self.note:
            data["note"] = self.note
        return data


def _check_ron(outcome: Outcome) -> None:
    if outcome.loser is None:
        raise OutcomeError("a ron needs the loser (the discarder)")
    check_seat("loser", outcome.loser)
    if not 1 <= len(outcome.wins) <= 3:
        raise OutcomeError(f"a ron has 1 to 3 winners, not {len(outcome.wins)}")
    _check_seats("winners", outcome.winners)
    if outcome.loser in outcome.winners:
        raise OutcomeError(f"winner {outcome.loser} is also the discarder")
    _check_unused(outcome, "tenpai", "nagashi", "reason", "player")


def _check_tsumo(outcome: Outcome) -> None:
    if len(outcome.wins) != 1:
        raise OutcomeError(f"a tsumo has exactly 1 winner, not {len(outcome.wins)}")
    _check_unused(outcome, "loser", "tenpai", "nagashi", "reason", "player")


def _check_draw(outcome: Outcome) -> None:
    _check_seats("tenpai", outcome.tenpai)
    _check_seats("nagashi", outcome.nagashi)
    _check_unused(outcome, "wins", "loser", "reason", "player")


def _check_abort(outcome: Outcome) -> None:
    if outcome.reason not in ABORTIVE_DRAWS:
        raise OutcomeError(
            f"abort reason must be one of {', '.join(ABORTIVE_DRAWS)}, not {shown(outcome.reason)}"
        )
    _check_unused(outcome, "wins", "loser", "tenpai", "nagashi", "player")


def _check_chombo(outcome: Outcome) -> None:
    if outcome.player is None:
        raise OutcomeError("a chombo needs the player who committed it")
    check_seat("player", outcome.player)
    _check_unused(outcome, "wins", "loser", "tenpai", "nagashi", "reason")


CHECKS = {
    "ron": _check_ron,
    "tsumo": _check_tsumo,
    "draw": _check_draw,
    "abort": _check_abort,
    "chombo": _check_chombo,
}


def _check_unused(outcome: Outcome, *names: str) -> None:
    for name in names:
        if getattr(outcome, name) not in (None, (), ""):
            raise OutcomeError(f"a {outcome.result} round has no {name}")


def _check_seats(name: str, seats: tuple[int, ...]) -> None:
    for seat in seats:
        check_seat(name, seat)
    if len(set(seats)) != len(seats):
        raise OutcomeError(f"{name} names a player twice: {list(seats)}")


def _parse_ron(data: Mapping[str, Any]) -> dict[str, Any]:
    wins = data.get("wins")
    if not isinstance(wins, list):
        raise OutcomeError(f"wins must be a list of wins, not {shown(wins)}")
    return {"loser": read_seat(data, "loser"), "wins": tuple(Win.from_json(win) for win in wins)}


def _parse_tsumo(data: Mapping[str, Any]) -> dict[str, Any]:
    return {"wins": (Win.from_json({k: v for k, v in data.items() if k in WIN_KEYS}),)}


def _parse_draw(data: Mapping[str, Any]) -> dict[str, Any]:
    return {"tenpai": read_seat_list(data, "tenpai"), "nagashi": read_seat_list(data, "nagashi")}


def _parse_abort(data: Mapping[str, Any]) -> dict[str, Any]:
    return {"reason": read_text(data, "reason")}


def _parse_chombo(data: Mapping[str, Any]) -> dict[str, Any]:
    return {"player": read_seat(data, "player")}


PARSERS = {
    "ron": _parse_ron,
    "tsumo": _parse_tsumo,
    "draw": _parse_draw,
    "abort": _parse_abort,
    "chombo": _parse_chombo,
}
