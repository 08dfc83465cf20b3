"""The command line speaks the language of its environment (LANGUAGE, LC_ALL,
LANG), as real subprocesses."""

import json
import os
import subprocess
import sys
from datetime import UTC, datetime

import pytest
from babel import dates

RECORD = {
    "format": "spades-score/1",
    "players": ["Alex", "Beth", "Charlie", "David"],
    "hands": [{"bids": [4, 3, "nil", 4], "tricks": [4, 3, 2, 5]}],
}


def run(tmp_path, language_variables, *args):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    }
    env.update(language_variables)
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--data", str(tmp_path / "data"), *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=env,
    )


@pytest.mark.parametrize(
    ("variables", "expected"),
    [
        ({"LANG": "sq_AL.UTF-8"}, "ende asnjë lojë e ruajtur"),
        ({"LC_ALL": "th_TH.UTF-8", "LANG": "sq_AL.UTF-8"}, "ยังไม่มีเกมที่เก็บไว้"),
        ({"LANGUAGE": "fr:he", "LANG": "en_US.UTF-8"}, "עדיין אין משחקים שמורים"),
        ({"LANG": "C.UTF-8"}, "no games stored yet"),
    ],
)
def test_messages_follow_the_environment(tmp_path, variables, expected):
    result = run(tmp_path, variables, "list")
    assert result.returncode == 0 and result.stdout.strip() == expected


def test_errors_in_the_language_quote_the_bad_value(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(RECORD), encoding="utf-8")  # 14 tricks
    result = run(tmp_path, {"LANG": "he_IL.UTF-8"}, "score", str(bad))
    assert result.returncode == 2
    assert result.stderr.startswith("שגיאה: יד 1: ")
    assert "הטריקים מסתכמים ב־14" in result.stderr and "טריק אחד יותר מדי" in result.stderr


def test_the_list_writes_dates_and_numbers_the_languages_way(tmp_path):
    game = tmp_path / "game.json"
    game.write_text(
        json.dumps({**RECORD, "hands": [{"bids": [4, 3, "nil", 4], "tricks": [4, 3, 2, 4]}]})
    )
    assert run(tmp_path, {"LANG": "sq_AL.UTF-8"}, "import", str(game)).returncode == 0
    listed = run(tmp_path, {"LANG": "sq_AL.UTF-8"}, "list").stdout
    month = dates.format_date(datetime.now(UTC), "MMM", locale="sq")
    assert "në vazhdim" in listed and "kundër" in listed and month in listed
