"""The data folder's edges: who may read it, which folder is used, locks,
backups and restores. Real files in temporary folders; the CLI as a subprocess."""

import json
import os
import socket
import stat
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest

from scorekeeper.core.exchange import Incoming
from scorekeeper.storage.errors import DataFolderError, NewerVersionError
from scorekeeper.storage.location import data_folder
from scorekeeper.storage.store import GameStore
from tests.factories import EVEN, game, hand

WIN = hand([6, 3, 4, 0], [6, 3, 4, 0])


def run(data, *args, stdin=None, env=None):
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--data", str(data), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _stored(folder: Path) -> None:
    from scorekeeper.core.rules import RuleSet

    with GameStore(folder) as store:
        store.import_games(
            [
                Incoming(game(EVEN, rules=RuleSet(target=100))),
                Incoming(game(EVEN, WIN, rules=RuleSet(target=100))),
            ]
        )


def test_game_files_and_folders_are_for_their_owner_only(tmp_path):
    old = os.umask(0o022)
    try:
        folder = tmp_path / "data"
        _stored(folder)
        with GameStore(folder, today=date.today() + timedelta(days=1)):
            pass  # the next day's open: a backup of every file
    finally:
        os.umask(old)
    files = [p for p in folder.rglob("*") if p.is_file() and p.name != ".lock"]
    assert {p.relative_to(folder).parts[0] for p in files} >= {
        "active.json",
        "archive",
        "index",
        "facts",
        "backups",
    }
    assert {str(p.relative_to(folder)): oct(_mode(p)) for p in files if _mode(p) != 0o600} == {}
    folders = [folder, *(p for p in folder.rglob("*") if p.is_dir())]
    assert {str(p): oct(_mode(p)) for p in folders if _mode(p) != 0o700} == {}


def test_files_an_older_version_left_readable_are_made_private_on_open(tmp_path):
    folder = tmp_path / "data"
    _stored(folder)
    for path in [*folder.rglob("*.json")]:
        path.chmod(0o644)
    (folder / "archive").chmod(0o755)
    with GameStore(folder):
        pass
    assert _mode(folder / "active.json") == 0o600
    assert _mode(folder / "archive" / "000001.json") == 0o600
    assert _mode(folder / "archive") == 0o700


def test_an_existing_folder_chosen_with_data_keeps_its_own_mode(tmp_path):
    tmp_path.chmod(0o755)
    with GameStore(tmp_path):
        pass
    assert _mode(tmp_path) == 0o755 and _mode(tmp_path / "archive") == 0o700


@pytest.mark.parametrize("value", ["", "  "])
def test_an_empty_data_option_is_refused(tmp_path, value):
    with pytest.raises(DataFolderError):
        data_folder(value)
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "xdg")}
    env.pop("SCOREKEEPER_DATA", None)
    for command in (["where"], ["list"], ["import", "-"]):
        result = run(value, *command, stdin="[]", env=env)
        assert result.returncode == 2, (command, result)
        assert result.stderr.startswith("error: --data needs a folder name")
    assert not (tmp_path / "xdg").exists(), "the default folder was not used"


def _newer(path: Path) -> None:
    tables = json.loads(path.read_text())
    tables["_meta"]["1"]["schema"] = 99
    path.write_text(json.dumps(tables))


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize("kind", ["archive", "facts"])
@pytest.mark.parametrize("backed_up_today", [False, True])
def test_a_newer_archive_or_facts_file_is_refused_before_anything_is_written(
    tmp_path, kind, backed_up_today
):
    _stored(tmp_path)
    _newer(tmp_path / kind / "000001.json")
    day = date.today() if backed_up_today else date.today() + timedelta(days=1)
    before = _tree(tmp_path)
    with pytest.raises(NewerVersionError):
        GameStore(tmp_path, today=day)
    assert sorted(p.name for p in (tmp_path / "backups").iterdir()) == [date.today().isoformat()]
    assert _tree(tmp_path) == before


def test_serve_refuses_a_folder_a_newer_version_wrote(tmp_path):
    _stored(tmp_path)
    _newer(tmp_path / "archive" / "000001.json")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = run(tmp_path, "serve", "--no-browser", "--port", str(port))
    assert result.returncode == 2 and "newer version" in result.stderr


def test_restoring_an_empty_day_folder_is_refused_and_moves_nothing(tmp_path):
    _stored(tmp_path)
    (tmp_path / "backups" / "2020-01-01").mkdir()
    before = _tree(tmp_path)
    result = run(tmp_path, "restore", "2020-01-01")
    assert result.returncode == 2
    assert "holds no saved games and is not a backup the app made" in result.stderr
    assert _tree(tmp_path) == before and not (tmp_path / "damaged").exists()


def test_export_all_says_which_games_it_could_not_read(tmp_path):
    from scorekeeper.core.rules import RuleSet

    with GameStore(tmp_path) as store:
        store.import_games(
            [Incoming(game(EVEN, WIN, rules=RuleSet(target=100))) for _ in range(3)]
            + [Incoming(game(EVEN, rules=RuleSet(target=100)))]
        )
    for copy in (tmp_path / "backups").glob("*/archive/000001.json"):
        copy.unlink()  # today's backup is made, without the archive file
    (tmp_path / "archive" / "000001.json").write_text("{torn")
    result = run(tmp_path, "export", "--all")
    assert result.returncode == 0 and len(json.loads(result.stdout)) == 1
    assert "warning: 000001.json could not be read" in result.stderr
    assert "damaged" in result.stderr


def test_an_index_made_again_from_the_archive_is_told(tmp_path):
    _stored(tmp_path)
    (tmp_path / "index" / "000001.json").write_text("{torn")
    result = run(tmp_path, "list")
    assert result.returncode == 0 and "finished" in result.stdout
    assert "could not be read" in result.stderr and "made again from" in result.stderr
    (tmp_path / "index" / "000001.json").unlink()
    result = run(tmp_path, "list")
    assert "000001.json was missing; it was made again from" in result.stderr


def test_deleting_the_lock_file_does_not_let_a_second_store_in(tmp_path):
    from scorekeeper.storage.store import StoreLockedError

    with GameStore(tmp_path):
        (tmp_path / ".lock").unlink()
        with pytest.raises(StoreLockedError):
            GameStore(tmp_path)
    with GameStore(tmp_path):  # released on close
        pass


def test_a_second_process_is_refused_after_the_lock_file_is_deleted(tmp_path):
    _stored(tmp_path)
    code = (
        "import sys; from pathlib import Path; from scorekeeper.storage.store import GameStore\n"
        "with GameStore(Path(sys.argv[1])):\n    print('ready', flush=True); sys.stdin.read()"
    )
    holder = subprocess.Popen(
        [sys.executable, "-c", code, str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "ready"
        (tmp_path / ".lock").unlink()
        result = run(tmp_path, "import", "-", stdin="[]")
        assert result.returncode == 2 and "in use by another Spades Scorekeeper" in result.stderr
    finally:
        holder.kill()
        holder.wait()
