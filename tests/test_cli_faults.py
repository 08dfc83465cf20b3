"""The command line on odd folders and inputs, as real subprocesses: one
`error:` line and exit status 2, never a traceback."""

import json
import socket
import subprocess
import sys

import pytest

from tests.test_cli_storage import FINISHED, RECORD, run

SERVE_PORT = 9371
SCOREKEEPER = (sys.executable, "-m", "scorekeeper")


def one_error_line(result, *words):
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.fixture
def stored(tmp_path):
    data = tmp_path / "data"
    source = tmp_path / "games.json"
    source.write_text(json.dumps([RECORD, FINISHED]))
    assert run(data, "import", str(source)).returncode == 0
    return data


def test_a_data_folder_that_is_a_file_or_under_one(tmp_path):
    (tmp_path / "file").write_text("x")
    one_error_line(run(tmp_path / "file", "list"), "cannot use the data folder")
    one_error_line(run(tmp_path / "file" / "below", "list"), "cannot use the data folder")


@pytest.mark.parametrize("name", ["archive", "damaged", "index", "backups"])
def test_a_file_where_a_folder_belongs(tmp_path, name):
    (tmp_path / name).write_text("x")
    one_error_line(run(tmp_path, "list"), "a file or folder is in the way")


def test_a_folder_where_a_file_belongs(tmp_path):
    (tmp_path / "active.json").mkdir()
    one_error_line(run(tmp_path, "list"), "a file or folder is in the way")


def test_a_newer_versions_folder_is_refused(stored):
    path = stored / "active.json"
    data = json.loads(path.read_text())
    data["_meta"]["1"]["schema"] = 7
    path.write_text(json.dumps(data))
    one_error_line(run(stored, "list"), "newer version", "upgrade")
    assert not (stored / "damaged").exists()


@pytest.mark.parametrize(
    ("file", "table", "key"),
    [("index/000001.json", "summaries", "shard"), ("archive/000001.json", "games", "summary")],
)
def test_valid_json_missing_a_key(stored, file, table, key):
    path = stored / file
    data = json.loads(path.read_text())
    del data[table]["1"][key]
    path.write_text(json.dumps(data))
    if file.startswith("archive"):
        (stored / "index" / "000001.json").unlink()
    result = run(stored, "list")
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.strip().splitlines()) == 2
    game_id = json.loads(run(stored, "list", "--json").stdout)[0]["id"]
    assert run(stored, "export", game_id).returncode == 0


def test_schema_0_is_a_damaged_file_moved_aside(stored):
    path = stored / "active.json"
    data = json.loads(path.read_text())
    data["_meta"]["1"]["schema"] = 0
    path.write_text(json.dumps(data))
    result = run(stored, "list")
    assert result.returncode == 0 and "warning: active.json could not be read" in result.stderr
    assert "schema 0" in result.stderr


def test_export_to_places_it_cannot_write(stored, tmp_path):
    game_id = json.loads(run(stored, "list", "--json").stdout)[0]["id"]
    one_error_line(run(stored, "export", game_id, "-o", "/dev/full"), "No space left")
    one_error_line(run(stored, "export", game_id, "-o", str(tmp_path / "no" / "x.json")))
    one_error_line(run(stored, "export", game_id, "-o", str(tmp_path)), "is a folder")
    one_error_line(
        run(stored, "export", "--all", "-o", str(stored / "archive" / "000001.json")),
        "inside the data folder",
    )
    assert json.loads((stored / "archive" / "000001.json").read_text())["games"]


def test_a_5000_digit_number_in_an_import(tmp_path):
    source = tmp_path / "big.json"
    source.write_text('{"format": "spades-score/1", "first_dealer": ' + "9" * 5000 + "}")
    line = one_error_line(run(tmp_path / "data", "import", str(source)), "not valid JSON")
    assert len(line) < 300


def test_an_import_over_the_size_limit_is_refused_before_parsing(tmp_path):
    source = tmp_path / "huge.json"
    with open(source, "wb") as f:
        f.truncate(21_000_000)  # not even JSON: it is never read
    one_error_line(run(tmp_path / "data", "import", str(source)), "larger than 20 MB")


@pytest.mark.parametrize("day", [".", "../x", "2020-01-01", "backups", ""])
def test_restore_takes_only_a_listed_day(stored, day):
    result = run(stored, "restore", day)
    one_error_line(result, "is not a backup day")
    assert len(json.loads(run(stored, "list", "--json").stdout)) == 2


def test_list_escapes_what_older_files_hold(stored):
    path = stored / "active.json"
    data = json.loads(path.read_text())
    data["games"]["1"]["summary"]["players"][0] = "Al\x1b[31mex\u202e"
    path.write_text(json.dumps(data))
    result = run(stored, "list")
    assert result.returncode == 0
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout
    assert "Al\\u001b[31mex\\u202e" in result.stdout


def test_names_with_control_characters_are_refused_on_import(tmp_path):
    source = tmp_path / "bad.json"
    source.write_text(json.dumps({**RECORD, "players": ["A\u202eB", "Beth", "C", "D"]}))
    one_error_line(run(tmp_path / "data", "import", str(source)), "U+202E")
    source.write_text(json.dumps({**RECORD, "players": ["דוד", "สมชาย", "C", "D"]}))
    assert run(tmp_path / "data", "import", str(source)).returncode == 0


def test_a_port_in_use_is_one_line(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", SERVE_PORT))
        busy.listen()
        result = subprocess.run(
            [*SCOREKEEPER, "--data", str(tmp_path), "serve", "--port", str(SERVE_PORT)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    one_error_line(result, f"port {SERVE_PORT} cannot be used")
