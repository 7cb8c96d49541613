"""``python -m scoring hand``: one hand JSON as an argument, or JSON Lines on stdin with
one result or error line per input line, in order."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

from scoring import hand_cli
from scoring.cli import main
from scoring.score import score_hand

PINFU = {"hand": "234567m456p789s55p", "win": "4m", "seat_wind": "S"}
NO_YAKU = {"hand": "234567m456p55p", "win": "3m", "melds": [{"kind": "chi", "tiles": "789s"}]}


def test_an_argument_hand_prints_its_result_as_one_json_line(capsys):
    status = main(["hand", json.dumps(PINFU)])
    out = capsys.readouterr().out

    assert status == 0
    assert out.count("\n") == 1
    assert json.loads(out) == score_hand(PINFU)


def test_an_argument_hand_with_an_error_prints_the_error_object_and_exits_2(capsys):
    status = main(["hand", json.dumps(NO_YAKU)])
    error = json.loads(capsys.readouterr().out)["error"]

    assert status == 2
    assert error["code"] == "no_yaku"
    assert error["message"].startswith("no yaku")


def test_stdin_lines_get_one_answer_each_in_order(capsys, monkeypatch):
    lines = [json.dumps(PINFU), json.dumps(NO_YAKU), "not json", "[1, 2]", json.dumps(PINFU)]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))

    status = main(["hand"])
    answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]

    assert status == 0
    assert [a.get("error", {}).get("code") for a in answers] == [
        None,
        "no_yaku",
        "bad_hand",
        "bad_hand",
        None,
    ]
    assert answers[0] == answers[4] == score_hand(PINFU)


def test_blank_stdin_lines_are_skipped(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n" + json.dumps(PINFU) + "\n\n"))

    main(["hand"])

    assert len(capsys.readouterr().out.splitlines()) == 1


def test_a_batch_from_the_shell_answers_every_line():
    lines = [json.dumps({**PINFU, "honba": honba}) for honba in range(50)]
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "hand"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=False,
    )

    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0
    assert [a["payments"]["ron"] for a in answers] == [1000 + 300 * h for h in range(50)]


DEEP = "[" * 100_000
HUGE = "9" * 5000


def test_json_too_deep_or_with_a_huge_number_is_an_error_line_not_a_traceback(capsys):
    lines = [DEEP, f'{{"hand": "11m", "win": "1m", "honba": {HUGE}}}', json.dumps(PINFU)]
    status = main(["hand", DEEP])
    first = json.loads(capsys.readouterr().out)

    answers = [json.loads(line) for line in _batch(capsys, lines)]

    assert status == 2 and first["error"]["message"] == "the hand nests too deeply to read"
    assert [answer.get("error", {}).get("code") for answer in answers] == [
        "bad_hand",
        "bad_hand",
        None,
    ]


def test_numbers_beyond_any_game_are_refused(capsys):
    for key in ("honba", "riichi_sticks"):
        status = main(["hand", json.dumps({**PINFU, key: 10**8})])
        assert status == 2 and "from 0 to 10,000,000" in capsys.readouterr().out


def test_a_lone_surrogate_echoed_in_an_error_is_written_as_its_escape():
    hand = '{"hand": "234567m456p789s55p", "win": "4m", "rules": {"\\ud800": 1}}'
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "hand", hand],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )

    assert done.returncode == 2 and done.stderr == ""
    assert json.loads(done.stdout)["error"]["code"] == "bad_option"


BAD = '{"hand": "123m456p789s555p11m", "win": "1m", '


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ('{"hand": null, "win": "1m"}', "hand must be a string of MPSZ tiles, not null"),
        ('[1, {"a": true}]', 'a hand to score is a JSON object, not [1, {"a": true}]'),
        ('"yes"', 'a hand to score is a JSON object, not "yes"'),
        (BAD + '"tsumo": "yes"}', 'tsumo must be true or false, not "yes"'),
        (BAD + '"riichi": {"a": 1}}', 'riichi must be true or false, not {"a": 1}'),
        (
            BAD + '"honba": Infinity}',
            "honba must be a whole number from 0 to 10,000,000, not Infinity",
        ),
        (BAD + '"rules": {"tobi": null}}', "rule option tobi must be text, not null"),
    ],
)
def test_an_error_echoes_the_bad_value_in_json_notation(capsys, hand, message):
    status = main(["hand", hand])

    assert status == 2
    assert json.loads(capsys.readouterr().out)["error"]["message"] == message


def test_a_100_000_character_hand_gives_a_short_message(capsys):
    status = main(["hand", json.dumps({"hand": "1m" * 50_000 + "x", "win": "1m"})])
    message = json.loads(capsys.readouterr().out)["error"]["message"]

    assert status == 2 and message.startswith('unknown character "x"') and len(message) < 200


def test_an_error_from_the_shell_echoes_json_and_a_lone_surrogate_as_its_escape():
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "hand", BAD + '"seat_wind": "\\ud800"}'],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )

    message = json.loads(done.stdout)["error"]["message"]
    assert done.returncode == 2 and done.stderr == ""
    assert message == 'seat_wind must be one of E, S, W, N, not "\\ud800"'


def _batch(capsys, lines: list[str]) -> list[str]:
    import sys as system

    old = system.stdin
    system.stdin = io.StringIO("\n".join(lines) + "\n")
    try:
        main(["hand"])
    finally:
        system.stdin = old
    return capsys.readouterr().out.splitlines()


def _shell_batch(lines: list[str], *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scoring", "hand", *options],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=False,
    )


def test_a_batch_of_several_chunks_scored_by_worker_processes_answers_in_order():
    from scoring.hand_cli import CHUNK

    # more chunks than wait in flight; every 7th line is blank (skipped) and every 11th
    # has no yaku (an error line)
    lines = [
        "" if n % 7 == 6 else json.dumps(NO_YAKU if n % 11 == 10 else {**PINFU, "honba": n})
        for n in range(7 * CHUNK + 150)
    ]
    expected = [
        "no_yaku" if n % 11 == 10 else 1000 + 300 * n for n in range(len(lines)) if n % 7 != 6
    ]

    for jobs in ("1", "2", "3"):
        done = _shell_batch(lines, "--jobs", jobs)
        answers = [json.loads(line) for line in done.stdout.splitlines()]
        assert done.returncode == 0 and done.stderr == ""
        assert [a["error"]["code"] if "error" in a else a["payments"]["ron"] for a in answers] == (
            expected
        )


PARENT = os.getpid()
DYING = json.dumps({**PINFU, "honba": 99})  # the line a worker dies on
SCORE_CHUNK = hand_cli.score_chunk


def _chunk_that_kills_its_worker(lines: list[str]) -> str:
    """Score a chunk, as a worker does, unless it holds ``DYING``: then the worker
    process ends at once, as when the system kills it (never this test's process)."""
    if DYING in lines and os.getpid() != PARENT:
        os._exit(1)
    return SCORE_CHUNK(lines)


def test_a_worker_that_dies_leaves_its_chunk_and_the_rest_to_the_batch(monkeypatch, capsys):
    chunk = hand_cli.CHUNK
    lines = [json.dumps({**PINFU, "honba": n % 50}) for n in range(5 * chunk)]
    lines[2 * chunk + 7] = DYING  # in the third chunk
    monkeypatch.setattr(hand_cli, "score_chunk", _chunk_that_kills_its_worker)

    answers = list(hand_cli.score_batch(lines, jobs=2))

    assert "".join(answers) == "".join(hand_cli.score_lines(lines))  # every line, in order
    assert "a worker process stopped" in capsys.readouterr().err


@pytest.mark.parametrize("jobs", ["0", "-1", "two", "1.5"])
def test_jobs_must_be_a_whole_number_from_1(jobs):
    done = _shell_batch([json.dumps(PINFU)], "--jobs", jobs)

    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        f"error: python -m scoring hand: argument --jobs: must be a whole number from 1, "
        f"not '{jobs}'\n"
    )


def test_a_reader_that_leaves_early_stops_the_batch_without_a_traceback(tmp_path):
    hands = tmp_path / "hands.jsonl"
    hands.write_text((json.dumps(PINFU) + "\n") * 3000)  # far more than a pipe holds
    with hands.open() as stdin:
        batch = subprocess.Popen(
            [sys.executable, "-m", "scoring", "hand"],
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        first = batch.stdout.readline()
        batch.stdout.close()  # as `| head -1` does
        status = batch.wait(timeout=60)

    assert json.loads(first) == score_hand(PINFU)
    assert status == 1 and batch.stderr.read() == b""
    batch.stderr.close()


def test_a_line_typed_at_a_terminal_is_answered_before_the_next_is_typed():
    import os
    import pty
    import select

    terminal, side = pty.openpty()
    batch = subprocess.Popen(
        [sys.executable, "-m", "scoring", "hand"], stdin=side, stdout=side, stderr=side
    )
    os.close(side)
    try:
        os.write(terminal, (json.dumps(PINFU) + "\n").encode())
        seen = b""
        while b'"han"' not in seen and select.select([terminal], [], [], 30)[0]:
            seen += os.read(terminal, 4096)
        assert b'"total": 1000' in seen  # answered while the input is still open
    finally:
        os.write(terminal, b"\x04")  # end of input
        batch.wait(timeout=30)
        os.close(terminal)
