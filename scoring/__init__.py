"""The scoring engine: pure Python rules of riichi mahjong. Imports no Django.

Glossary (the table words used in names throughout):

- han: the hand's doubling count from yaku and dora.
- fu: the hand's minipoints, rounded up to 10 (chiitoitsu stays 25).
- base points: fu x 2^(2+han), capped by the limits (mangan 2000 and up).
- dealer: the player whose seat wind is East this round (oya).
- ron: a win on another player's discard; the discarder pays.
- tsumo: a win on one's own draw; everybody pays.
- honba: the counter sticks; each adds ``Rules.honba_value`` to a win.
- riichi: a declaration of a closed ready hand; the player puts 1,000 on the table.
- riichi sticks: those 1,000-point deposits; the next winner takes them.
- seat: a player's starting seat, 0 = the first dealer; winds are derived per round.
- yakuman: a limit hand worth 8000 base points per multiple.
- renchan: the dealer keeps the deal (after a dealer win, or tenpai at a draw).
- tobi: a player's score going below zero (or to zero), which may end the game.
- uma: the points moved between places at the end; oka: the bonus to first place.
- pao: the liability of a player who fed the last set of certain yakuman.
- chombo: a foul, paid as a reverse mangan or deducted after uma.
- tenpai: one tile from a complete hand; shanten: how many tiles from tenpai.
- waits: tanki (pair), shanpon (two pairs), kanchan (middle), penchan (edge), ryanmen (open).
- karaten: a tenpai whose winning tiles are all already seen or held.
- aotenjou: scoring with no limits (``Rules.aotenjou``); a yakuman counts 13 han.
- open riichi: a riichi declared with the hand shown (``Rules.open_riichi``).
- paarenchan: the dealer's 8th win in a row, a yakuman (``Rules.paarenchan``).

Values are immutable: a value made once and read often (a table's entry, a kept group
or price, a yaku's han) is a frozen dataclass with slots, whose fields read fastest; a
record made anew for every hand (``Hand``, ``Reading``, ``HandToScore``, ``HandScore``)
is a ``NamedTuple``, which is quicker to make.
"""

from __future__ import annotations

from scoring.errors import ScoringError
from scoring.rules import Rules
from scoring.value import HandValue, base_points, limit_name

__all__ = ["HandValue", "Rules", "ScoringError", "base_points", "limit_name"]
