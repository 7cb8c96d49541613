"""``python -m scoring hand [HAND_JSON]``: the full score of a hand (FORMATS.md section 2).

With an argument, scores that one hand: the result on stdout, or the error object
and exit status 2. Without one, reads JSON Lines on stdin and writes one line per
input line in the same order: the result, or ``{"error": {"code", "message"}}``
(blank lines are skipped); the exit status is 0 once every line is answered.

A batch of at least a chunk of lines is scored a chunk at a time by one worker process
per core (``--jobs``); a few chunks at most wait in flight, and their answers are
written in input order. If a worker dies (the system may kill one), this process scores
what it left and the rest, and says so on stderr. Lines typed at a terminal are answered
one at a time.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from scoring.cli import error_object, parse_json
from scoring.errors import BadHandError, ScoringError, shown
from scoring.score import score_hand


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    parser.add_argument(
        "hand",
        nargs="?",
        help="a hand JSON object as in FORMATS.md section 2 (default: JSON Lines on stdin)",
    )
    parser.add_argument(
        "--jobs",
        type=_jobs,
        default=cores(),
        help="processes scoring a long batch (default: one per core this process may use)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the score of the argument's hand, or of every line on stdin."""
    if args.hand is not None:
        result = score_line(args.hand)
        sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
        return 2 if "error" in result else 0
    if args.jobs < 2 or sys.stdin.isatty():  # lines typed at a terminal: each answered at once
        answers = score_lines(sys.stdin)
    else:
        answers = score_batch(sys.stdin, args.jobs)
    write = sys.stdout.write
    for text in answers:
        write(text)
    sys.stdout.flush()
    return 0


CHUNK = 500  # lines scored at a time


def score_batch(lines: Iterable[str], jobs: int) -> Iterator[str]:
    """Return the answers to the lines (``score_lines``), a chunk of lines at a time, in
    order: by ``jobs`` worker processes when the lines fill at least a chunk, else here."""
    chunks = _chunks(lines)
    first = next(chunks, [])
    if len(first) < CHUNK:  # that was all the input: too short to send to workers
        yield score_chunk(first)
        return
    pool = ProcessPoolExecutor(jobs)
    try:
        yield from _in_order(pool, itertools.chain([first], chunks), in_flight=2 * jobs)
    finally:
        pool.shutdown(cancel_futures=True)


def _in_order(
    pool: ProcessPoolExecutor, chunks: Iterable[list[str]], in_flight: int
) -> Iterator[str]:
    """Return the answers to each chunk from the pool, in order, with at most
    ``in_flight`` chunks sent and not yet answered. If a worker dies (the system may
    kill one), the chunks not yet answered and the rest are scored here instead."""
    chunks = iter(chunks)
    waiting: deque[list[str]] = deque()  # the chunks sent and not yet answered, in order
    answers: deque[Future[str]] = deque()
    try:
        for chunk in chunks:
            waiting.append(chunk)
            answers.append(pool.submit(score_chunk, chunk))
            if len(answers) >= in_flight:
                yield answers.popleft().result()
                waiting.popleft()
        while answers:
            yield answers.popleft().result()
            waiting.popleft()
    except BrokenProcessPool:
        print(
            "python -m scoring hand: a worker process stopped; the rest is scored in this one",
            file=sys.stderr,
        )
        for chunk in itertools.chain(waiting, chunks):
            yield score_chunk(chunk)


def _chunks(lines: Iterable[str]) -> Iterator[list[str]]:
    """Return the lines in lists of ``CHUNK``."""
    lines = iter(lines)
    while chunk := list(itertools.islice(lines, CHUNK)):
        yield chunk


def score_chunk(lines: list[str]) -> str:
    """Return the answers to the lines, one JSON line each (``score_lines``), as one text."""
    return "".join(score_lines(lines))


def cores() -> int:
    """Return how many cores this process may use (all of them where the system does not
    say)."""
    if hasattr(os, "sched_getaffinity"):  # Linux
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def _jobs(text: str) -> int:
    """Return the number of processes of ``--jobs``: a whole number from 1."""
    if not text.isdecimal() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1, not {text!r}")
    return int(text)


def score_lines(lines: Iterable[str]) -> Iterator[str]:
    """Return the JSON line answering each non-blank input line, in order.

    >>> list(score_lines(['{"hand": "11m", "win": "1m"}', ""]))[0][:38]
    '{"error": {"code": "wrong_tile_count",'
    """
    # made once for the batch; a result is a tree of fresh dicts and lists, never circular
    encode = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
    for line in lines:
        if line.strip():
            yield encode(score_line(line)) + "\n"


def score_line(text: str) -> dict[str, Any]:
    """Return the result object of one hand JSON text, or its error object.

    >>> score_line("[1]")["error"]["code"]
    'bad_hand'
    """
    try:
        data = parse_json(text, "the hand", BadHandError)
        if not isinstance(data, dict):
            raise BadHandError(f"a hand to score is a JSON object, not {shown(data)}")
        return score_hand(data)
    except ScoringError as error:
        return error_object(error)
