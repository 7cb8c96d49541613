"""Online game logs (Tenhou, Mahjong Soul) read into game records and checked.

``read_logs(files)`` takes uploaded files (name and bytes) and returns one
``ImportedGame`` per game: its FORMATS.md section 3 record, its log id, fingerprint
and site. Every game is replayed by our engine and compared with the log's own
figures first; any difference raises ``LogError`` naming the file and the round.
Pure Python: no Django here (the import page, ``manage.py import_logs`` and the API
call this).

Formats read:

- Tenhou mjlog XML (``<mjloggm ver="2.3">``), plain or gzipped (``.mjlog``); the game
  id and start time come from the file name when Tenhou's id is in it.
- tenhou.net/6 JSON as Tenhou writes it (``ref``, ``log``, ``sc``, ``rule``), one log
  or a list of logs.
- tenhou.net/6 JSON from Mahjong Soul log converters (tensoul, the Majsoul+
  downloadlogs script): told apart by a Mahjong Soul ``ref`` or room in
  ``rule.disp``; ``title``'s end time, when it is a Unix time or has an offset,
  becomes ``finished`` (the converters do not write the start time).
- Any of these in a zip archive, several files at once.

What is read: the players' online names; the ruleset (the ``tenhou`` or
``mahjongsoul`` preset, with red fives, kuitan and game length from the lobby,
and the uma and rounding the final results show); every round with its winners,
discarder, pao, riichi, tenpai players, nagashi and abortive draws; each win's hand
as tiles (concealed tiles, winning tile, melds, situational yaku as flags, dora
and ura indicators, red fives as 0m/0p/0s). A hand our engine cannot score is
recorded by the log's han and fu, with a note.

Not read: three-player games (refused), four red fives (refused), Tenhou's private
lobby rules beyond the lobby bits, time and rating information.
"""

from __future__ import annotations

from ledger.online_logs.check import check_against_replay
from ledger.online_logs.model import ImportedGame, LogError, fingerprint
from ledger.online_logs.reader import read_log, read_logs

__all__ = [
    "ImportedGame",
    "LogError",
    "check_against_replay",
    "fingerprint",
    "read_log",
    "read_logs",
]
