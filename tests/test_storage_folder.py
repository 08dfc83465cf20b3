"""The data folder's edges: who may read it, which folder is used, locks,
backups and restores. Real files in temporary folders; the CLI as a subprocess."""

import os
import stat
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest

from scorekeeper.exchange import Incoming
from scorekeeper.storage.errors import DataFolderError
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
    from scorekeeper.rules import RuleSet

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
