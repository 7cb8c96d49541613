"""Online game logs (Tenhou, Mahjong Soul) read into game records and checked.

``read_logs(files, seen=())`` takes uploaded files (name and bytes) and returns one
``ImportedGame`` per game: its FORMATS.md section 3 record (players by their online
names, ``source`` with the log id, ``started`` or ``finished`` when the log holds a
time), its log id, fingerprint (``fingerprint(record)``: players, rounds, scores) and
site. Every game is replayed by our engine first (``check_against_replay``) and
compared with the log's own figures round by round: counters, scores at the start,
each win's han, fu and points, every change of score, the final scores and results.
Any difference, a file we cannot read, a log cut short (without its final scores:
every complete log has them), a three-player game, or a game seen before
(same log id or fingerprint, in ``seen`` or earlier in the upload) raises
``LogError`` with a sentence naming the file (and the round, in table words); then
nothing is returned, so an upload imports whole or not at all. ``read_every_log``
returns, in upload order, each game or the ``LogError`` of each file (each member of an
archive) or game that cannot be imported, for a refusal that names them all. Every number is read
through ``numbers`` (NaN, an infinity, 5,000 digits or a letter where a number
belongs is a broken entry, never an exception), and a file holding what is not text
(a NUL character, half of a UTF-16 pair) is refused. Pure Python: no Django here
(the import page, ``manage.py import_logs`` and the API call this). The refusals are
in English; ``refusals`` lists every sentence they can say, marked for the catalogs,
and takes a refusal apart so that the ledger can say it in the user's language.

Formats read (told by the bytes, not the file name):

- Tenhou mjlog XML (``<mjloggm>``), plain or gzipped (Tenhou's ``.mjlog``). The file
  holds no date and no id: both come from Tenhou's game id in the file name
  (``2019021004gm-00a9-0000-e2f6516d``: start hour in Japan time), when it is there.
- tenhou.net/6 JSON as Tenhou writes it (``ref``, ``log``, ``rule``, ``sc``), one log
  or a list of logs; the winning hands are played through from the start hands,
  draws, calls and discards.
- tenhou.net/6 JSON from Mahjong Soul converters (tensoul and tensoul-py, the
  Majsoul+ downloadlogs script), told apart by a Mahjong Soul ``ref`` or room in
  ``rule.disp``. Their ``title`` holds the end time: a Unix time, or a text with an
  offset, becomes ``finished``; a local time without offset is not used.
- Any of these in a zip archive; several files at once.

What is read: the players; the ruleset (the ``tenhou`` or ``mahjongsoul`` preset;
from the lobby or room, red fives, kuitan and east-only or hanchan; from the first
round, the start points; from the final results, the uma when they show a symmetric
table in whole thousands, and for Tenhou the old rounding to whole thousands when
every result is whole); every round with its winners, discarder, pao, the riichi
that were paid, the tenpai players, nagashi mangan and the five abortive draws;
each win's hand as tiles (concealed tiles with the winning tile, melds, the
situational yaku as flags, dora and ura indicators, red fives as 0m/0p/0s). A hand
our engine cannot score is recorded by the log's own han and fu, with a note.

Not read: three-player games and four red fives (refused with a message); Tenhou
private-lobby rules beyond the lobby bits; ranks, ratings and times of turns. In
Mahjong Soul converter JSON a draw with no payments is everyone tenpai when the
dealer keeps the deal or someone is in riichi, else nobody (the converters write
both the same way).
"""

from __future__ import annotations

from ledger.online_logs.check import check_against_replay
from ledger.online_logs.model import ImportedGame, LogError, fingerprint, replay_fingerprint
from ledger.online_logs.reader import (
    is_log_file,
    is_tenhou6,
    read_every_log,
    read_log,
    read_logs,
)

__all__ = [
    "ImportedGame",
    "LogError",
    "check_against_replay",
    "fingerprint",
    "is_log_file",
    "is_tenhou6",
    "read_every_log",
    "read_log",
    "read_logs",
    "replay_fingerprint",
]
