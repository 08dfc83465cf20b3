"""Read-only commands (list, export, backups) run while the app has the data
folder open, on a consistent copy; commands that write are refused with a
message that says which ones work. Real processes on a real folder."""

import json
import subprocess
import sys
import textwrap

import pytest

from scorekeeper.core.exchange import Incoming
from scorekeeper.core.rules import RuleSet
from scorekeeper.storage.errors import StorageError
from scorekeeper.storage.store import GameStore
from tests.factories import EVEN, game, hand

WIN = hand([6, 3, 4, 0], [6, 3, 4, 0])


def run(data, *args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--data", str(data), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


HOLDER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from scorekeeper.core.game import add_hand, undo_last_hand
    from scorekeeper.storage.store import GameStore
    from tests.factories import hand

    WIN = hand([6, 3, 4, 0], [6, 3, 4, 0])
    with GameStore(Path(sys.argv[1])) as store:
        print("ready", flush=True)
        if sys.argv[2] == "churn":  # one game, finished and reopened over and over
            saved = store.history().items[0]
            current = store.get(saved.id)
            while True:
                current = store.save(current.id, add_hand(current.game, WIN), current.revision)
                current = store.save(current.id, undo_last_hand(current.game), current.revision)
        sys.stdin.read()
    """
)


@pytest.fixture
def app_running(tmp_path):
    def start(mode="hold"):
        holder = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(tmp_path), mode],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        started.append(holder)
        assert holder.stdout.readline().strip() == "ready"

    started: list[subprocess.Popen] = []
    yield start
    for holder in started:
        holder.kill()
        holder.wait()


def _store(folder, *games):
    with GameStore(folder) as store:
        return [s.id for s in store.import_games([Incoming(g) for g in games])]


def test_list_export_and_backups_read_while_the_app_runs(tmp_path, app_running):
    ids = _store(
        tmp_path, game(EVEN, rules=RuleSet(target=100)), game(EVEN, WIN, rules=RuleSet(target=100))
    )
    app_running()
    listed = run(tmp_path, "list", "--json")
    assert listed.returncode == 0, listed.stderr
    assert sorted(g["id"] for g in json.loads(listed.stdout)) == sorted(ids)
    exported = run(tmp_path, "export", "--all")
    assert exported.returncode == 0 and len(json.loads(exported.stdout)) == 2
    one = run(tmp_path, "export", ids[1])
    assert one.returncode == 0 and json.loads(one.stdout)["id"] == ids[1]
    assert run(tmp_path, "backups").stdout.split() != []
    assert not list(tmp_path.glob(".read-*")), "the copy is removed afterwards"


def test_a_command_that_writes_says_which_ones_work_while_the_app_runs(tmp_path, app_running):
    (game_id,) = _store(tmp_path, game(EVEN, rules=RuleSet(target=100)))
    app_running()
    result = run(tmp_path, "delete", game_id)
    assert result.returncode == 2
    assert "in use by another Spades Scorekeeper" in result.stderr
    assert "list, export and backups work while the app runs" in result.stderr


def test_reading_while_the_app_moves_a_game_between_files_sees_it_once(tmp_path, app_running):
    """Each finish moves the game from active.json to the archive, index and
    facts files in one change; each reopening moves it back. A reader that
    took files from either side of such a change would see 0 or 2 games."""
    _store(tmp_path, game(EVEN, rules=RuleSet(target=100)))
    app_running("churn")
    for _ in range(6):
        result = run(tmp_path, "list", "--json")
        assert result.returncode == 0, result.stderr
        assert len(json.loads(result.stdout)) == 1
        assert "warning" not in result.stderr, result.stderr


def test_many_copies_taken_while_the_app_moves_a_game_each_hold_it_once(tmp_path, app_running):
    """The app here saves without a pause, which no table does: a copy may then
    be refused after its attempts ("kept changing ... try again"), never taken
    half way through a change."""
    from scorekeeper.storage.snapshot import consistent_copy

    _store(tmp_path, game(EVEN, rules=RuleSet(target=100)))
    app_running("churn")
    taken = 0
    for _ in range(150):
        try:
            with consistent_copy(tmp_path) as copy:
                active = json.loads((copy / "active.json").read_text())["games"]
                archive = copy / "archive" / "000001.json"
                archived = json.loads(archive.read_text())["games"] if archive.exists() else {}
                journal = (copy / "journal.json").exists()
                if not journal:  # a change under way is finished when the copy is opened
                    assert len(active) + len(archived) == 1, (active.keys(), archived.keys())
                taken += 1
        except StorageError as error:
            assert "kept changing while it was read; try again" in str(error)
    assert taken >= 100, f"only {taken} of 150 copies taken"


def test_a_change_left_half_done_is_finished_in_the_copy_only(tmp_path):
    """The app holds the folder, and a change to several files stopped after
    its journal: the reader sees the change whole; the folder is left to the app."""
    from scorekeeper.core.game import add_hand

    with GameStore(tmp_path) as store:
        saved = store.import_games([Incoming(game(EVEN, rules=RuleSet(target=500)))])[0]
        store.save(saved.id, add_hand(saved.game, EVEN), saved.revision)
        newer = (tmp_path / "active.json").read_bytes()
        store.save(saved.id, saved.scored, saved.revision + 1)  # back to one hand
    (tmp_path / ".active.json.999.tmp").write_bytes(newer)
    (tmp_path / "journal.json").write_text(
        json.dumps({"renames": [[".active.json.999.tmp", "active.json"]]})
    )
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    code = (
        "import sys; from pathlib import Path; from scorekeeper.storage import platform\n"
        "lock = platform.FolderLock(Path(sys.argv[1])); assert lock.acquire()\n"
        "print('ready', flush=True); sys.stdin.read()"
    )
    holder = subprocess.Popen(
        [sys.executable, "-c", code, str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "ready"
        result = run(tmp_path, "list", "--json")
        assert result.returncode == 0, result.stderr
        assert [g["hands"] for g in json.loads(result.stdout)] == [2]
        after = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
        assert after == before
    finally:
        holder.kill()
        holder.wait()
