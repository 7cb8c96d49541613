"""Online game logs (Tenhou mjlog XML, tenhou.net/6 JSON, Mahjong Soul converter JSON)
read into game records and checked round by round against our replay.

The real games are the shared samples (copied from ../shared/samples/logs into
tests/data/logs/samples so that a clone tests alone; sources in SOURCES.md
there); the edge cases are small hand-written logs in tests/data/logs (README.md).
No database is needed.
"""

from __future__ import annotations

import ast
import dataclasses
import gzip
import importlib
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from ledger.online_logs import ImportedGame, LogError, check_against_replay, read_logs, refusals
from ledger.online_logs.model import fingerprint
from scoring.game import replay

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "tests" / "data" / "logs" / "samples"  # copies of ../shared/samples/logs
OWN = ROOT / "tests" / "data" / "logs"
GAME_ID = "2019021004gm-00a9-0000-e2f6516d"
SAMPLE_ROUNDS = {
    f"{GAME_ID}.xml": 10,
    f"{GAME_ID}.tenhou6.json": 10,
    "tenhou-example.xml": 9,
    "tenhou-pao.xml": 4,
    "tenhou-triple-ron.xml": 11,
    "tenhou-yakuman.xml": 1,
}


def sample(name: str) -> bytes:
    path = SAMPLES / name
    assert path.exists(), f"the shared sample logs are missing: {SAMPLES}"
    return path.read_bytes()


def own(name: str) -> bytes:
    return (OWN / name).read_bytes()


def read_one(name: str, data: bytes) -> ImportedGame:
    (game,) = read_logs([(name, data)])
    return game


def refusal(files: list[tuple[str, bytes]], **options: object) -> str:
    with pytest.raises(LogError) as raised:
        read_logs(files, **options)  # type: ignore[arg-type]
    return str(raised.value)


def final(game: ImportedGame) -> dict:
    return replay(game.record).to_json()["final"]


# Every sample imports and matches its log round by round


@pytest.mark.parametrize(("name", "rounds"), sorted(SAMPLE_ROUNDS.items()))
def test_every_sample_imports_and_matches_its_log_round_by_round(name, rounds):
    game = read_one(name, sample(name))

    check_against_replay(game)  # raises at the first round that differs
    assert len(game.record["rounds"]) == len(game.figures.rounds) == rounds
    assert game.notes == ()
    assert replay(game.record).state.finished


def test_the_2019_phoenix_game_keeps_its_names_id_date_and_final_scores():
    game = read_one(f"{GAME_ID}.xml", sample(f"{GAME_ID}.xml"))

    assert game.record["players"] == ["鬼ヅモ@川村軍団", "HN-Koda", "Sidecar", "あがれる間6s"]
    assert game.kind == "tenhou" and game.log_id == GAME_ID
    assert game.record["source"] == {"kind": "tenhou", "id": GAME_ID}
    assert game.record["started"] == "2019-02-10T04:00:00+09:00"
    assert game.record["rules"] == {"preset": "tenhou", "rounding": "tenhou_old"}
    assert final(game)["scores"] == [4400, 7100, 40700, 47800]
    assert final(game)["results"] == [-46.0, -33.0, 21.0, 58.0]


def test_the_first_win_of_the_2019_game_is_its_hand_as_tiles():
    game = read_one(f"{GAME_ID}.xml", sample(f"{GAME_ID}.xml"))

    assert game.record["rounds"][0] == {
        "result": "tsumo",
        "winner": 2,
        "hand": {
            "hand": "777m66z",
            "win": "7m",
            "melds": [
                {"kind": "pon", "tiles": "555m"},
                {"kind": "pon", "tiles": "111z"},
                {"kind": "pon", "tiles": "333z"},
            ],
            "dora": "3s",
        },
        "riichi": [],
    }
    scored = replay(game.record).to_json()["rounds"][0]["hands"][0]
    assert (scored["han"], scored["fu"], scored["limit"]) == (6, 40, "haneman")


def test_the_example_game_has_nine_rounds_and_tenhous_old_rounded_results():
    game = read_one("tenhou-example.xml", sample("tenhou-example.xml"))

    assert game.record["players"] == ["Mpeace", "テンパイ少年", "羽根の無い冷房", "MitYa"]
    assert game.record["rounds"][0] == {"result": "draw", "tenpai": [0, 2, 3], "riichi": []}
    assert game.log_id == "" and game.record["source"] == {"kind": "tenhou"}
    assert "started" not in game.record  # the file name holds no game id
    assert final(game)["scores"] == [26300, 19300, 34400, 20000]
    assert final(game)["results"] == [6.0, -31.0, 45.0, -20.0]


def test_the_triple_ron_sample_aborts_with_sanchahou_and_pays_a_double_ron():
    game = read_one("tenhou-triple-ron.xml", sample("tenhou-triple-ron.xml"))
    rounds = game.record["rounds"]

    assert rounds[6] == {"result": "abort", "reason": "sanchahou", "riichi": [0, 1, 3]}
    assert game.figures.rounds[6].words == "East 4, 1 honba"
    assert rounds[3]["result"] == "ron" and rounds[3]["loser"] == 2
    assert [win["winner"] for win in rounds[3]["wins"]] == [3, 0]
    assert rounds[3]["wins"][0]["hand"]["hand"] == "406m44055p"  # red fives as 0
    assert game.record["rules"] == {"preset": "tenhou"}  # results to 0.1: no rounding
    assert final(game)["scores"] == [38300, 14300, -2800, 50200]
    assert final(game)["results"] == [18.3, -25.7, -52.8, 60.2]


def test_the_pao_sample_charges_the_liable_player_for_a_daisangen_tsumo():
    game = read_one("tenhou-pao.xml", sample("tenhou-pao.xml"))
    last = game.record["rounds"][3]

    assert last["result"] == "tsumo" and last["winner"] == 2 and last["pao"] == 0
    assert last["hand"]["melds"] == [
        {"kind": "pon", "tiles": "555z"},
        {"kind": "pon", "tiles": "666z"},
        {"kind": "pon", "tiles": "777z"},
    ]
    assert game.figures.rounds[3].wins[0].yakuman == 1
    assert game.figures.rounds[3].deltas == (-32300, 0, 32300, 0)
    assert replay(game.record).state.ended_by == "tobi"
    assert final(game)["scores"] == [-2100, 23600, 47200, 31300]


def test_the_yakuman_sample_is_a_kokushi_ron_that_ends_the_game():
    game = read_one("tenhou-yakuman.xml", sample("tenhou-yakuman.xml"))
    (only,) = game.record["rounds"]

    assert only["loser"] == 2 and only["wins"][0]["hand"]["hand"] == "19m19p19s12345567z"
    assert game.figures.rounds[0].wins[0].points == 32000
    assert replay(game.record).to_json()["rounds"][0]["hands"][0]["yaku"] == [
        {"name": "kokushi", "han": 13}
    ]
    assert final(game)["scores"] == [25000, 25000, -7000, 57000]


# The same game from XML and from tenhou.net/6 JSON


def test_the_xml_and_the_tenhou6_json_of_a_game_give_the_same_record():
    from_xml = read_one(f"{GAME_ID}.xml", sample(f"{GAME_ID}.xml"))
    from_json = read_one(f"{GAME_ID}.tenhou6.json", sample(f"{GAME_ID}.tenhou6.json"))

    assert from_json.record == from_xml.record
    assert from_json.fingerprint == from_xml.fingerprint


def test_the_fingerprint_ignores_how_a_win_was_entered_but_not_the_scores():
    game = read_one(f"{GAME_ID}.xml", sample(f"{GAME_ID}.xml"))
    as_han_fu = json.loads(json.dumps(game.record))
    as_han_fu["rounds"][0] = {"result": "tsumo", "winner": 2, "han": 6, "fu": 40, "riichi": []}
    cheaper = json.loads(json.dumps(as_han_fu))
    cheaper["rounds"][0]["han"] = 5

    assert fingerprint(as_han_fu) == game.fingerprint
    assert fingerprint(cheaper) != game.fingerprint
    assert len({read_one(n, sample(n)).fingerprint for n in SAMPLE_ROUNDS}) == 5


def test_the_fingerprint_tells_games_apart_by_their_changes_of_score():
    players = ["Aki", "Bo", "Chen", "Dai"]
    paid = [{"result": "draw", "tenpai": [0]}, {"result": "draw", "tenpai": [1, 2, 3]}]
    unpaid = [{"result": "draw", "tenpai": [0, 1, 2, 3]}, {"result": "draw", "tenpai": []}]
    first = {"rules": "tenhou", "players": players, "rounds": paid}
    second = {"rules": "tenhou", "players": players, "rounds": unpaid}

    assert replay(first).state.scores == replay(second).state.scores
    assert fingerprint(first) != fingerprint(second)


# Gzip, zip and several files


def test_a_gzipped_mjlog_is_read_like_the_plain_xml():
    plain = read_one(f"{GAME_ID}.xml", sample(f"{GAME_ID}.xml"))
    packed = read_one(f"{GAME_ID}.mjlog", gzip.compress(sample(f"{GAME_ID}.xml")))

    assert packed.record == plain.record


def test_a_zip_of_several_logs_gives_every_game_in_order():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("logs/tenhou-pao.xml", sample("tenhou-pao.xml"))
        archive.writestr("logs/yakuman.xml.gz", gzip.compress(sample("tenhou-yakuman.xml")))
        archive.writestr("logs/jade.json", own("mahjongsoul-jade-east.json"))
        archive.writestr("__MACOSX/._jade.json", b"\x00\x05\x16\x07")

    games = read_logs([("upload.zip", buffer.getvalue())])

    assert [g.file_name for g in games] == [
        "upload.zip/logs/tenhou-pao.xml",
        "upload.zip/logs/yakuman.xml.gz",
        "upload.zip/logs/jade.json",
    ]
    assert [g.kind for g in games] == ["tenhou", "tenhou", "mahjongsoul"]


# Hand-written logs for the other edge cases


def test_each_abortive_draw_keeps_the_dealer_and_adds_a_honba():
    game = read_one("tenhou-east-aborts.xml", own("tenhou-east-aborts.xml"))
    rounds = game.record["rounds"]

    assert [r.get("reason") for r in rounds[:5]] == [
        "kyuushu_kyuuhai",
        "suufon_renda",
        "suucha_riichi",
        "suukaikan",
        "sanchahou",
    ]
    assert rounds[2]["riichi"] == [0, 1, 2, 3]
    assert [r.words for r in game.figures.rounds[:6]] == [
        "East 1",
        *(f"East 1, {honba} honba" for honba in range(1, 6)),
    ]
    assert game.figures.rounds[5].sticks == 4  # the four riichi sticks stayed on the table
    assert game.figures.rounds[5].deltas == (13300, -3100, -3100, -3100)


def test_the_fourth_riichi_of_four_is_paid_even_without_its_second_step():
    text = own("tenhou-east-aborts.xml").decode()
    step = '<REACH who="3" ten="240,240,240,240" step="2"/>'
    assert step in text

    game = read_one("aborts.xml", text.replace(step, "").encode())

    assert game.record["rounds"][2]["riichi"] == [0, 1, 2, 3]


def test_nagashi_mangan_is_paid_as_a_mangan_tsumo_without_honba():
    game = read_one("tenhou-east-aborts.xml", own("tenhou-east-aborts.xml"))

    assert game.record["rounds"][7] == {
        "result": "draw",
        "tenpai": [],
        "nagashi": [2],
        "riichi": [],
    }
    assert game.figures.rounds[7].words == "East 2, 7 honba"
    assert game.figures.rounds[7].deltas == (-2000, -4000, 8000, -2000)


def test_a_double_ron_pays_honba_and_sticks_to_the_winner_nearest_the_discarder():
    game = read_one("tenhou-east-aborts.xml", own("tenhou-east-aborts.xml"))
    double = game.record["rounds"][8]

    assert double["loser"] == 3 and [w["winner"] for w in double["wins"]] == [0, 1]
    assert double["riichi"] == [1]
    assert game.figures.rounds[8].deltas == (5400, 2900, 0, -8300)
    assert game.record["rules"] == {"preset": "tenhou", "game_length": "east"}
    assert final(game)["scores"] == [41000, 18800, 31900, 8300]


def test_a_hanchan_nobody_leads_enters_west_and_ends_when_a_player_goes_below_zero():
    game = read_one("tenhou-west-tobi.xml", own("tenhou-west-tobi.xml"))
    state = replay(game.record).to_json()

    assert state["rounds"][8]["round"] == "W1" and state["rounds"][8]["honba"] == 8
    assert state["ended_by"] == "tobi"
    assert state["final"]["scores"] == [51400, 25000, 25000, -1400]
    assert state["final"]["results"] == [61.4, 5.0, -15.0, -51.4]


def test_a_mahjong_soul_room_uses_the_mahjongsoul_preset_and_its_end_time():
    game = read_one("mahjongsoul-jade-east.json", own("mahjongsoul-jade-east.json"))

    assert game.kind == "mahjongsoul"
    assert game.record["source"] == {"kind": "mahjongsoul", "id": game.log_id}
    assert game.record["rules"] == {"preset": "mahjongsoul", "game_length": "east"}
    assert game.record["finished"] == "2023-11-14T22:13:20+00:00"
    assert game.record["rounds"][0]["hand"] == {
        "hand": "234567m34555p678s",
        "win": "8s",
        "riichi": True,
        "ippatsu": True,
        "dora": "1z",
        "ura": "1z",
    }
    assert final(game)["results"] == [-43.0, 47.0, 3.0, -7.0]


def test_a_riichi_declared_on_the_discard_called_ron_is_not_paid_in_json():
    log = json.loads(own("mahjongsoul-jade-east.json"))
    log["log"][1][6] = ["r60"]  # Aki declares riichi on the 4p that Bo calls ron on

    game = read_one("jade.json", json.dumps(log, ensure_ascii=False).encode())

    assert game.record["rounds"][1]["riichi"] == []
    assert game.figures.rounds[1].deltas == (-24000, 24000, 0, 0)


def test_ura_indicators_go_only_to_a_winner_in_riichi():
    from ledger.online_logs.hands import hand_json

    tiles = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 27, 27]
    dama = hand_json(tiles, 27, [], set(), in_riichi=False, dora=[33], ura=[30])
    riichi = hand_json(tiles, 27, [], set(), in_riichi=True, dora=[33], ura=[30])

    assert "ura" not in dama
    assert riichi["ura"] == "4z" and riichi["riichi"] is True


def test_a_hand_our_engine_cannot_score_is_recorded_by_the_logs_han_and_fu_with_a_note():
    text = sample("tenhou-example.xml").decode()
    last_win = 'hai="6,9,13,16,21,27,73,79,81,86,89,93,133,134"'
    assert last_win in text
    broken = text.replace(last_win, 'hai="6,9,13,16,21,27,73,79,81,86,89,93,120,134"')

    game = read_one("example.xml", broken.encode())

    assert game.record["rounds"][-1]["wins"] == [{"winner": 2, "han": 3, "fu": 40}]
    (note,) = game.notes
    assert note.startswith("Round South 4: 羽根の無い冷房's win is recorded as 3 han 40 fu")
    assert "because our engine could not score its tiles" in note


def test_a_pao_yakuman_our_engine_cannot_score_keeps_its_liable_player():
    text = sample("tenhou-pao.xml").decode()
    broken = text.replace(
        'AGARI ba="1,0" hai="16,18,19,81,82"', 'AGARI ba="1,0" hai="16,18,19,81,120"'
    )

    game = read_one("pao.xml", broken.encode())

    last = game.record["rounds"][-1]
    assert (last["winner"], last["yakuman"], last["pao"]) == (2, 1, 0)
    assert "hand" not in last and len(game.notes) == 1


def test_the_start_points_come_from_the_first_round():
    from ledger.online_logs.model import LogFigures, LogRound
    from ledger.online_logs.rules import log_rules

    first = LogRound(kyoku=0, honba=0, sticks=0, start=(30000,) * 4, deltas=(0,) * 4)

    rules = log_rules({"preset": "tenhou"}, "tenhou", LogFigures(rounds=(first,)))

    assert rules == {"preset": "tenhou", "start_points": 30000}


def test_a_room_without_oka_returns_at_its_own_start():
    """Mahjong Soul returns at its start (25,000): a room starting at 30,000 returns at
    30,000, not below its start (which would make first place pay an oka)."""
    from ledger.online_logs.model import LogFigures, LogRound
    from ledger.online_logs.rules import log_rules

    first = LogRound(kyoku=0, honba=0, sticks=0, start=(30000,) * 4, deltas=(0,) * 4)

    rules = log_rules({"preset": "mahjongsoul"}, "mahjongsoul", LogFigures(rounds=(first,)))

    assert rules == {"preset": "mahjongsoul", "start_points": 30000, "return_points": 30000}


def test_importing_the_package_loads_no_django():
    code = "import sys, ledger.online_logs; print(sorted(m for m in sys.modules if 'django' in m))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)

    assert done.stdout.strip() == "[]"


# Refused, with a message


def test_a_file_that_is_not_a_log_is_refused():
    message = refusal([("notes.txt", b"hello, this is not a game")])

    assert message.startswith("notes.txt: this file is not a game log we can read")


def test_a_picture_is_refused_as_not_a_log():
    assert "not a game log" in refusal([("photo.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")])


def test_a_truncated_xml_file_is_refused_as_damaged():
    data = sample("tenhou-pao.xml")

    message = refusal([("pao.xml", data[: len(data) // 2])])

    assert message.startswith("pao.xml: the file is damaged or incomplete")


def test_a_truncated_gzip_file_is_refused_as_damaged():
    data = gzip.compress(sample("tenhou-pao.xml"))

    message = refusal([("pao.mjlog", data[:-40])])

    assert (
        message == "pao.mjlog: the file is damaged or incomplete: its compressed data breaks off."
    )


def test_a_truncated_json_file_is_refused_as_damaged():
    data = sample(f"{GAME_ID}.tenhou6.json")

    message = refusal([("game.json", data[:3000])])

    assert message == "game.json: the file is damaged or incomplete: it is not valid JSON."


def test_a_three_player_xml_log_is_refused():
    message = refusal([("sanma.xml", own("tenhou-sanma.xml"))])

    assert message == (
        "sanma.xml: this is a three-player game (sanma); three-player games cannot be imported yet."
    )


@pytest.mark.parametrize(
    "change",
    [{"ratingc": "PF3"}, {"name": ["Aki", "Bo", "Chen", ""]}, {"name": ["Aki", "Bo", "Chen"]}],
)
def test_a_three_player_json_log_is_refused(change):
    log = {**json.loads(own("mahjongsoul-jade-east.json")), **change}

    message = refusal([("sanma.json", json.dumps(log).encode())])

    assert message == (
        "sanma.json: this is a three-player game (sanma); "
        "three-player games cannot be imported yet."
    )


def test_the_same_game_twice_in_one_upload_is_refused():
    files = [
        (f"{GAME_ID}.xml", sample(f"{GAME_ID}.xml")),
        (f"{GAME_ID}.tenhou6.json", sample(f"{GAME_ID}.tenhou6.json")),
    ]

    message = refusal(files)

    assert message == (
        f"{GAME_ID}.tenhou6.json: this game is the same as {GAME_ID}.xml; "
        "a game is imported only once."
    )


def test_a_game_already_imported_is_refused_by_its_log_id_or_its_fingerprint():
    game = read_one("tenhou-pao.xml", sample("tenhou-pao.xml"))
    files = [(f"{GAME_ID}.xml", sample(f"{GAME_ID}.xml"))]

    assert "already been imported" in refusal(files, seen={GAME_ID})
    assert "already been imported" in refusal(
        [("p.xml", sample("tenhou-pao.xml"))], seen={game.fingerprint}
    )


def test_a_log_whose_win_was_doctored_is_refused_naming_the_round():
    text = sample("tenhou-example.xml").decode()
    doctored = text.replace('ten="40,5200,0"', 'ten="40,5300,0"')

    message = refusal([("example.xml", doctored.encode())])

    assert message == (
        "example.xml, round South 4: the log says 羽根の無い冷房 won 5,300 (3 han 40 fu), "
        "our replay gives 5,200 (3 han 40 fu)."
    )


def test_a_log_whose_scores_were_doctored_is_refused_naming_the_round_and_honba():
    text = sample("tenhou-example.xml").decode()
    doctored = text.replace(
        'sc="260,-41,220,-21,250,93,260,-21"', 'sc="260,-41,220,-21,250,94,260,-22"'
    )

    message = refusal([("example.xml", doctored.encode())])

    assert message.startswith(
        "example.xml, round East 1, 1 honba: the log says the scores changed by"
    )
    assert "テンパイ少年 -2,100" in message


def test_a_doctored_final_result_is_refused():
    text = sample("tenhou-yakuman.xml").decode()
    doctored = text.replace("570,67.0", "570,68.0").replace("250,5.0", "250,4.0")

    message = refusal([("yakuman.xml", doctored.encode())])

    assert message.startswith("yakuman.xml: the log's final results are")


def test_a_log_that_goes_on_after_the_replay_ended_the_game_is_refused():
    text = sample("tenhou-yakuman.xml").decode()
    more = '<INIT seed="0,1,0,0,0,11" ten="250,250,-70,570" oya="0"/><RYUUKYOKU ba="1,0" sc="250,0,250,0,-70,0,570,0" />'
    longer = text.replace("</mjloggm>", more + "</mjloggm>")

    message = refusal([("yakuman.xml", longer.encode())])

    assert message == (
        "yakuman.xml, round East 1, 1 honba: by our replay the game ended when a player "
        "went below zero, but the log goes on."
    )


def test_a_log_that_ends_before_the_replay_ends_the_game_is_refused():
    text = own("tenhou-west-tobi.xml").decode()
    cut = text[: text.index('<INIT seed="8,8,0')] + "</mjloggm>"
    cut = cut.replace(
        'ba="7,0" sc="250,0,250,0,250,0,250,0"',
        'ba="7,0" sc="250,0,250,0,250,0,250,0" owari="250,-5.0,250,-15.0,250,-25.0,250,45.0"',
    )

    message = refusal([("west.xml", cut.encode())])

    assert message == (
        "west.xml: the log ends after South 4, 7 honba, but by our replay the game goes on "
        "to West 1, 8 honba."
    )


def cut_between_rounds(text: str, rounds: int) -> str:
    """Return a mjlog cut off before its round ``rounds + 1``, closed again."""
    at = [index for index in range(len(text)) if text.startswith("<INIT", index)][rounds]
    return text[:at] + "</mjloggm>"


def test_a_mjlog_cut_off_between_rounds_is_refused_as_cut_short():
    name = f"{GAME_ID}.xml"
    cut = cut_between_rounds(sample(name).decode(), 6)

    message = refusal([(name, cut.encode())])

    assert message == (
        f"{name}: the log has no final result: it may be cut short; import the whole game."
    )


def test_a_tenhou6_log_without_its_last_rounds_and_final_scores_is_refused():
    name = f"{GAME_ID}.tenhou6.json"
    log = json.loads(sample(name))
    log["log"] = log["log"][:6]
    del log["sc"]

    message = refusal([(name, json.dumps(log).encode())])

    assert message == (
        f"{name}: the log has no final result: it may be cut short; import the whole game."
    )


def test_a_whole_log_without_its_final_scores_is_refused_too():
    log = json.loads(own("mahjongsoul-jade-east.json"))
    del log["sc"]

    assert "the log has no final result" in refusal([("jade.json", json.dumps(log).encode())])


def test_a_mahjong_soul_log_with_four_red_fives_is_refused():
    log = json.loads(own("mahjongsoul-jade-east.json"))
    log["rule"]["aka52"] = 2

    message = refusal([("friendly.json", json.dumps(log).encode())])

    assert "our engine counts one red five of each suit" in message


def test_an_archive_of_too_many_files_is_refused():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for number in range(501):
            archive.writestr(f"log{number}.xml", b"")

    assert refusal([("many.zip", buffer.getvalue())]) == (
        "many.zip: the archive holds more than 500 files."
    )


def test_an_upload_without_files_is_refused():
    assert refusal([]) == "The upload holds no game log."


def test_an_imported_game_is_frozen():
    game = read_one("tenhou-yakuman.xml", sample("tenhou-yakuman.xml"))

    with pytest.raises(dataclasses.FrozenInstanceError):
        game.log_id = "other"  # type: ignore[misc]


@pytest.mark.parametrize(
    "module",
    [
        "check",
        "hands",
        "mjlog",
        "model",
        "play",
        "reader",
        "refusals",
        "rules",
        "tenhou6",
        "tiles",
        "yaku",
    ],
)
def test_the_examples_in_the_docstrings_hold(module):
    import doctest

    outcome = doctest.testmod(importlib.import_module(f"ledger.online_logs.{module}"))

    assert outcome.failed == 0


# Every refusal the reader and the checker can give has a sentence to translate

PACKAGE = ROOT / "ledger" / "online_logs"
REFUSALS = ("LogError", "TileError", "EntryError", "RedFivesError")  # a detail, but LogError


def raised_messages() -> list[tuple[str, str, str]]:
    """Return the place, kind and message of every refusal the package raises: the
    message as its code writes it, with "x" for each figure and the package's own
    sentences (``NOT_A_LOG``, ``NOT_TEXT[problem]``) written out, each of them."""
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        module = importlib.import_module(f"ledger.online_logs.{path.stem}")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            kind = getattr(getattr(node, "func", None), "id", "")
            if kind in REFUSALS and node.args:
                where = f"{path.name}:{node.lineno}"
                found += [(where, kind, text) for text in _texts(node.args[0], module)]
    return found


def _texts(node: ast.expr, module: object) -> list[str]:
    if isinstance(node, ast.Constant):
        return [node.value]
    if not isinstance(node, ast.JoinedStr):
        return _figure(node, module)
    texts = [""]
    for part in node.values:
        pieces = [part.value] if isinstance(part, ast.Constant) else _figure(part.value, module)
        texts = [text + piece for text in texts for piece in pieces]
    return texts


def _figure(node: ast.expr, module: object) -> list[str]:
    if isinstance(node, ast.Name) and node.id.isupper():  # MAX_FILES, SANMA, NOT_A_LOG
        return [str(getattr(module, node.id))]
    if isinstance(node, ast.Subscript) and getattr(node.value, "id", "").isupper():
        return list(getattr(module, node.value.id).values())  # NOT_TEXT[problem]
    return ["x"]


RAISED = raised_messages()


def test_the_walk_finds_every_kind_of_refusal():
    kinds = {kind for _, kind, _ in RAISED}

    assert kinds == set(REFUSALS) and len(RAISED) > 60


@pytest.mark.parametrize(("where", "kind", "message"), RAISED, ids=[r[0] for r in RAISED])
def test_every_refusal_the_reader_raises_has_a_sentence_to_translate(where, kind, message):
    from ledger.translations import python_messages

    found = refusals.refusal_of(message) if kind == "LogError" else refusals.detail_of(message)

    assert found is not None, f"{where}: add this sentence to ledger/online_logs/refusals.py"
    sentence = found.sentence if kind == "LogError" else found[0]
    marked = {m.msgid for m, _ in python_messages((PACKAGE / "refusals.py").read_text("utf-8"))}
    assert sentence in marked


def test_every_ending_of_the_check_is_marked_for_translation():
    from ledger.online_logs.check import EARLIER, ENDINGS
    from ledger.translations import python_messages

    marked = {m.msgid for m, _ in python_messages((PACKAGE / "check.py").read_text("utf-8"))}

    assert {*ENDINGS.values(), EARLIER} <= marked


def test_a_refusal_is_taken_apart_into_its_file_round_sentence_and_figures():
    message = (
        "a.json (game 2), round South 4, 1 honba: the log says Aki: 1 won 8,000 (yakuman), "
        "our replay gives 7,700 (4 han 30 fu)."
    )

    found = refusals.refusal_of(message)

    assert (found.file, found.round) == ("a.json (game 2)", "South 4, 1 honba")
    assert found.sentence.startswith("the log says %(player)s won")
    assert found.figures == {
        "player": "Aki: 1", "log_points": "8,000", "log_value": "yakuman",
        "points": "7,700", "value": "4 han 30 fu",
    }  # fmt: skip
