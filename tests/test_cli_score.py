"""`scorekeeper score` run as a real subprocess."""

import json
import subprocess
import sys
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_score_a_file(tmp_path):
    record = json.loads((GOLDEN / "failed_nil_tricks_are_bags.json").read_text())["record"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = run("score", str(path))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert [s["score"] for s in out["sides"]] == [-58, 70]
    assert out["sides"][0]["players"] == ["A", "C"] and out["sides"][0]["bags"] == 2
    assert out["status"] == "in_progress" and out["winner"] is None and out["next_dealer"] == 1
    assert out["hands"][0]["sides"][0]["score"] == -58


def test_score_from_stdin_with_unicode_names():
    record = {
        "format": "spades-score/1",
        "variant": "two-player",
        "players": ["สมชาย", "דוד"],
        "hands": [{"bids": [6, 6], "tricks": [7, 6]}],
    }
    result = run("score", "-", stdin=json.dumps(record))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["sides"][0]["players"] == ["สมชาย"] and out["sides"][0]["score"] == 61


def test_score_does_not_import_flet_or_tinydb(tmp_path):
    code = (
        "import sys, io, json; sys.stdin = io.StringIO(json.dumps({'format': 'spades-score/1',"
        " 'players': ['A','B','C','D']}));"
        "from scorekeeper.commands.cli import main; rc = main(['score', '-']);"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('flet', 'tinydb')];"
        "print(rc, bad, file=sys.stderr)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.stderr.strip().endswith("0 []"), result.stderr


def test_bad_record_prints_one_error_line_and_exits_2():
    bad = {
        "format": "spades-score/1",
        "players": ["A", "B", "C", "D"],
        "hands": [
            {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]},
            {"bids": [3, 3, 3, 3], "tricks": [4, 4, 3, 3]},
        ],
    }
    result = run("score", "-", stdin=json.dumps(bad))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("error: hand 2: tricks add up to 14")
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_not_json_and_missing_file():
    result = run("score", "-", stdin="{not json")
    assert result.returncode == 2 and result.stderr.startswith("error: '-' is not valid JSON")
    result = run("score", "/nonexistent/game.json")
    assert result.returncode == 2 and "cannot read '/nonexistent/game.json'" in result.stderr


def test_deeply_nested_json_is_refused_cleanly():
    result = run("score", "-", stdin="[" * 100_000 + "]" * 100_000)
    assert result.returncode == 2 and result.stderr.startswith("error:")


def test_score_prints_one_entry_per_side_of_a_cutthroat_game():
    case = json.loads((GOLDEN / "three_sides_highest_wins.json").read_text())
    result = run("score", "-", stdin=json.dumps(case["record"]))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert [(s["players"], s["score"]) for s in out["sides"]] == [
        (["A"], 110),
        (["B"], 113),
        (["C"], 90),
    ]
    assert all(len(h["sides"]) == 3 for h in out["hands"])
    assert out["status"] == "finished" and out["winner"] == 1


def test_score_refuses_suicide_in_a_solo_game_naming_the_rule():
    record = {
        "format": "spades-score/1",
        "variant": "solo",
        "players": ["A", "B", "C", "D"],
        "rules": {"bidding": "suicide"},
    }
    result = run("score", "-", stdin=json.dumps(record))
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert "suicide bidding needs partners" in result.stderr


BLIND_RECORD = {
    "format": "spades-score/1",
    "players": ["Ana", "Bo", "Cy", "Di"],
    "rules": {"blind_bids": True, "blind_bid_deficit": None},
    "hands": [{"bids": [{"blind": 4}, 3, {"blind": 3}, 2], "tricks": [4, 3, 4, 2]}],
}


def test_score_json_says_which_contract_was_blind():
    result = run("score", "--json", "-", stdin=json.dumps(BLIND_RECORD))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    ours, theirs = out["hands"][0]["sides"]
    assert (ours["blind"], ours["contract"], ours["made"]) == (True, 7, True)
    assert (ours["contract_points"], ours["bag_points"], ours["points"]) == (140, 1, 141)
    assert (theirs["blind"], theirs["points"]) == (False, 50)
    assert [s["score"] for s in out["sides"]] == [141, 50]
    assert out["rules"]["blind_bids"] is True and out["rules"]["blind_bid_deficit"] is None


def test_score_text_says_each_hand_in_words():
    result = run("score", "--text", "-", stdin=json.dumps(BLIND_RECORD))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "Hand 1 · Dealer: Ana",
        "  Ana + Cy: blind 7 made, 8 of 7, +140",
        "  Bo + Di: contract made, 5 of 5",
        "  Ana + Cy: +141 this hand, 141 in all",
        "  Bo + Di: +50 this hand, 50 in all",
        "Ana + Cy: 141",
        "Bo + Di: 50",
        "Hand 2 · Dealer: Bo · Bids first: Cy",
    ]


def test_a_refused_blind_bid_is_one_error_line():
    record = {**BLIND_RECORD, "rules": {"blind_bids": True}}
    result = run("score", "-", stdin=json.dumps(record))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip() == (
        "error: hand 1: Ana + Cy: a blind contract needs the side to trail by 100 or more; "
        "it does not trail (0 against 0)"
    )


# A solo game of 8 hands whose hand 4 was deleted: the hands keep who dealt them.
DEALT = {
    "format": "spades-score/1",
    "variant": "solo",
    "players": ["Ana", "Bo", "Cy", "Di"],
    "hands": [
        {"dealer": seat, "bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}
        for seat in (0, 1, 2, 0, 1, 2, 3)
    ],
}


def test_score_prints_each_hands_dealer_and_the_next_dealer():
    text = run("score", "--text", "-", stdin=json.dumps(DEALT))
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    titles = [line for line in lines if line.startswith("Hand ")]
    assert titles == [
        "Hand 1 · Dealer: Ana",
        "Hand 2 · Dealer: Bo",
        "Hand 3 · Dealer: Cy",
        "Hand 4 · Dealer: Ana",
        "Hand 5 · Dealer: Bo",
        "Hand 6 · Dealer: Cy",
        "Hand 7 · Dealer: Di",
        "Hand 8 · Dealer: Ana · Bids first: Bo",
    ]
    assert lines[-1] == "Hand 8 · Dealer: Ana · Bids first: Bo"
    out = json.loads(run("score", "--json", "-", stdin=json.dumps(DEALT)).stdout)
    assert [h["dealer"] for h in out["hands"]] == [0, 1, 2, 0, 1, 2, 3]
    assert (out["next_dealer"], out["next_first_bidder"]) == (0, 1)


def test_a_bad_dealer_is_one_error_line_quoting_it():
    record = {**DEALT, "hands": [{**DEALT["hands"][0], "dealer": 7}]}
    result = run("score", "-", stdin=json.dumps(record))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "error: hand 1: the dealer must be a seat from 0 to 3, got 7"
    ]
