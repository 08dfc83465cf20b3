"""The storage commands, run as real subprocesses on a temporary data folder."""

import csv
import io
import json
import subprocess
import sys

import pytest

RECORD = {
    "format": "spades-score/1",
    "players": ["Alex", "=Beth", "Charlie", "David"],
    "rules": {"target": 100},
    "hands": [{"bids": [4, 3, "nil", 4], "tricks": [4, 3, 2, 4]}],
}
FINISHED = {**RECORD, "hands": [{"bids": [6, 3, 4, 0], "tricks": [6, 3, 4, 0]}]}


def run(data, *args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--data", str(data), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.fixture
def files(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps([RECORD, FINISHED]))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([RECORD, {**RECORD, "hands": [{"bids": [1], "tricks": [13]}]}]))
    return good, bad


def test_import_list_export_delete(tmp_path, files):
    data = tmp_path / "data"
    good, bad = files
    result = run(data, "import", str(good), str(bad))
    assert result.returncode == 2
    ids = result.stdout.split()
    assert len(ids) == 2, "the good file is imported, the bad one refused as a whole"
    assert result.stderr.startswith(f"error: {bad}: nothing was imported: game 2: hand 1:")

    listed = json.loads(run(data, "list", "--json").stdout)
    assert {g["id"] for g in listed} == set(ids)
    by_status = {g["status"]: g for g in listed}
    assert by_status["in_progress"]["score"] == [-58, 70]
    assert by_status["finished"]["winner"] == 1
    assert by_status["finished"]["players"] == RECORD["players"]
    text = run(data, "list").stdout
    assert "Alex+Charlie -58 vs =Beth+David 70" in text
    assert by_status["finished"]["team_names"] == []

    one = json.loads(run(data, "export", ids[0]).stdout)
    assert one["format"] == "spades-score/1" and one["id"] == ids[0]
    everything = json.loads(run(data, "export", "--all").stdout)
    assert isinstance(everything, list) and len(everything) == 2

    out = tmp_path / "all.csv"
    assert run(data, "export", "--all", "--format", "csv", "-o", str(out)).returncode == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert len(rows) == 2 and {r["player_2"] for r in rows} == {"'=Beth"}
    row = next(r for r in rows if r["bid_3"] == "nil")
    assert (row["side_1_points"], row["side_1_score"], row["side_1_bags"]) == ("-58", "-58", "2")

    assert run(data, "delete", ids[0]).returncode == 0
    assert len(json.loads(run(data, "list", "--json").stdout)) == 1
    missing = run(data, "delete", ids[0])
    assert missing.returncode == 2 and f"no game with id '{ids[0]}'" in missing.stderr


def test_list_names_a_side_by_its_own_name_and_its_players(tmp_path):
    record = {**RECORD, "team_names": ["Us", "שלנו"]}
    source = tmp_path / "named.json"
    source.write_text(json.dumps(record, ensure_ascii=False))
    data = tmp_path / "data"
    assert run(data, "import", str(source)).returncode == 0
    assert "Us (Alex+Charlie) -58 vs שלנו (=Beth+David) 70" in run(data, "list").stdout
    assert json.loads(run(data, "list", "--json").stdout)[0]["team_names"] == ["Us", "שלנו"]


def test_export_import_round_trip_keeps_games_identical(tmp_path, files):
    good, _ = files
    first, second = tmp_path / "a", tmp_path / "b"
    run(first, "import", str(good))
    exported = tmp_path / "export.json"
    run(first, "export", "--all", "-o", str(exported))
    result = run(second, "import", str(exported))
    assert result.returncode == 0, result.stderr
    again = tmp_path / "again.json"
    run(second, "export", "--all", "-o", str(again))
    assert json.loads(again.read_text()) == json.loads(exported.read_text())
    dup = run(second, "import", str(exported))
    assert dup.returncode == 2 and "already stored" in dup.stderr


def test_where_and_help_show_the_data_folder(tmp_path):
    assert run(tmp_path, "where").stdout.strip() == str(tmp_path.resolve())
    env_result = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={"SCOREKEEPER_DATA": str(tmp_path), "PATH": "/usr/bin"},
    )
    assert str(tmp_path) in env_result.stdout.replace("\n", "")


def test_locked_folder_is_a_clear_error(tmp_path):
    code = (
        "import sys, time; from pathlib import Path;"
        "from scorekeeper.storage.store import GameStore;"
        "s = GameStore(Path(sys.argv[1])); print('ready', flush=True); time.sleep(30)"
    )
    holder = subprocess.Popen(
        [sys.executable, "-c", code, str(tmp_path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout.readline().strip() == "ready"
        result = run(tmp_path, "delete", "x")  # a command that writes; `list` reads a copy
        assert result.returncode == 2 and "in use by another Spades Scorekeeper" in result.stderr
    finally:
        holder.kill()
        holder.wait()


def test_backups_and_restore(tmp_path, files):
    good, _ = files
    run(tmp_path, "import", str(good))
    days = run(tmp_path, "backups").stdout.split()
    assert len(days) == 1
    result = run(tmp_path, "restore", days[0])
    assert result.returncode == 0 and "restored the backup" in result.stdout
    assert json.loads(run(tmp_path, "list", "--json").stdout) == []  # backed up before import
    assert run(tmp_path, "restore", "nope").returncode == 2
