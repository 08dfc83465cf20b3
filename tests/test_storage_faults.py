"""Faults a phone or laptop meets, each on real files: odd times, a full disk,
damaged files and backups, an import killed at every step, a newer version's
folder, lost merges, and times compared as instants."""

import errno
import json
import os
from datetime import date
from pathlib import Path

import pytest

from scorekeeper.core.exchange import ImportRefusedError, Incoming, export_record, parse_import
from scorekeeper.core.game import add_hand
from scorekeeper.core.model import Game, Variant
from scorekeeper.core.record import game_to_record
from scorekeeper.core.rules import RuleSet
from scorekeeper.core.scoring import Status
from scorekeeper.core.stats import tally
from scorekeeper.core.validation import setup_problems
from scorekeeper.errors import shorten
from scorekeeper.storage import archive, platform
from scorekeeper.storage.errors import DataFolderError
from scorekeeper.storage.store import (
    GameNotFoundError,
    GameStore,
    NewerVersionError,
    StorageError,
)
from tests.factories import EVEN, game, hand

WIN = hand([6, 3, 4, 0], [6, 3, 4, 0])  # with target 100: side 1 wins at 130


def finished(players=("Alex", "Beth", "Charlie", "David")):
    return add_hand(Game(Variant.PARTNERSHIP, players, 0, RuleSet(target=100)), WIN).game


def listing(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != ".lock"
    }


# 1. times near the ends of the calendar ---------------------------------------


@pytest.mark.parametrize("when", ["9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+14:00"])
def test_import_refuses_times_outside_a_sane_range(when):
    record = {**game_to_record(finished()), "created_at": when}
    with pytest.raises(ImportRefusedError) as refused:
        parse_import(record)
    assert when in str(refused.value) and "between 1900 and 2199" in str(refused.value)


def test_times_are_stored_in_utc(tmp_path):
    record = {**game_to_record(finished()), "created_at": "2026-05-01T23:30:00-05:00"}
    with GameStore(tmp_path) as store:
        (saved,) = store.import_games(parse_import(record))
        assert saved.created_at.isoformat() == "2026-05-02T04:30:00+00:00"
        assert export_record(store.get(saved.id))["created_at"] == "2026-05-02T04:30:00+00:00"
    shard = json.loads((tmp_path / "archive" / "000001.json").read_text())
    assert shard["games"]["1"]["created_at"].endswith("+00:00")


@pytest.mark.parametrize("when", ["9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+14:00", "?"])
def test_an_old_file_with_an_absurd_time_breaks_no_listing(tmp_path, when):
    with GameStore(tmp_path) as store:
        playing = store.create(game(EVEN))
        done = store.import_games([Incoming(finished())])[0]
    for path in (tmp_path / "active.json", tmp_path / "index" / "000001.json"):
        data = json.loads(path.read_text())
        for row in next(t for n, t in data.items() if n != "_meta").values():
            row["created_at"] = when
            if "summary" in row:
                row["summary"]["created_at"] = when
        path.write_text(json.dumps(data))
    with GameStore(tmp_path) as store:
        items = store.history().items
        assert {s.id for s in items} == {playing.id, done.id}
        for summary in items:
            summary.created_at.astimezone()  # what the history screen does
            f"{summary.created_at:%Y-%m-%d %H:%M}"  # what `list` does
        store.get(playing.id).created_at.astimezone()


# 2. a full disk when the day's backup is made ----------------------------------


def test_a_failing_backup_is_a_warning_and_leaves_no_temporary_files(tmp_path, monkeypatch):
    with GameStore(tmp_path, today=date(2020, 1, 1)) as store:
        kept = store.create(game(EVEN))

    def full(source, target):
        Path(target).write_bytes(b"partial")
        raise OSError(errno.ENOSPC, "No space left on device", str(target))

    monkeypatch.setattr(platform, "copy_file", full)
    with GameStore(tmp_path, today=date(2020, 1, 2)) as store:
        assert len(store.notices) == 1
        assert "backup could not be made (disk full)" in str(store.notices[0])
        assert store.get(kept.id) == kept  # list, export and delete all work
        store.delete(kept.id)
    assert sorted(p.name for p in (tmp_path / "backups").iterdir()) == ["2020-01-01"]


# 3. damaged archive files and backups ------------------------------------------


def test_a_damaged_archive_is_restored_from_the_newest_backup_that_reads(tmp_path):
    with GameStore(tmp_path, today=date(2020, 1, 1)) as store:
        done = store.import_games([Incoming(finished())])[0]
    GameStore(tmp_path, today=date(2020, 1, 2)).close()  # a good backup
    GameStore(tmp_path, today=date(2020, 1, 3)).close()  # another one ...
    (tmp_path / "backups" / "2020-01-03" / "archive" / "000001.json").unlink()
    (tmp_path / "backups" / "2020-01-03" / "archive" / "000001.json").write_text("{torn")
    (tmp_path / "archive" / "000001.json").write_text('{"_meta": {"1": {"schema": 2, "ki')
    with GameStore(tmp_path, today=date(2020, 1, 4)) as store:
        assert any("restored the backup of 2020-01-02" in str(n) for n in store.notices)
        assert store.get(done.id).game == done.game
        store.delete(done.id)
    today = tmp_path / "backups" / "2020-01-04" / "archive" / "000001.json"
    assert json.loads(today.read_text())["games"]  # the backup holds the good file
    assert len(list((tmp_path / "damaged").iterdir())) == 1


def test_a_listed_game_missing_from_its_archive_file_is_taken_off_the_list(tmp_path):
    with GameStore(tmp_path) as store:
        lost, kept = store.import_games([Incoming(finished()), Incoming(finished())])
    path = tmp_path / "archive" / "000001.json"
    data = json.loads(path.read_text())
    data["games"] = {k: v for k, v in data["games"].items() if v["id"] != lost.id}
    path.write_text(json.dumps(data))
    with GameStore(tmp_path) as store:
        with pytest.raises(GameNotFoundError, match="taken off the list"):
            store.get(lost.id)
        assert [s.id for s in store.history().items] == [kept.id]
        assert len(store.all_facts()) == 1
    with GameStore(tmp_path) as store:
        assert store.history().total == 1


@pytest.mark.parametrize("older", [False, True], ids=["index", "index-before-side-names"])
def test_a_missing_archive_file_is_restored_or_its_games_taken_off(tmp_path, older):
    """`older`: the index file was written before summaries had team_names; it
    still says which games the missing file held."""

    def unlink_archive():
        if older:
            index = tmp_path / "index" / "000001.json"
            data = json.loads(index.read_text())
            for row in data["summaries"].values():
                del row["team_names"]
            index.write_text(json.dumps(data))
        (tmp_path / "archive" / "000001.json").unlink()

    with GameStore(tmp_path, today=date(2020, 1, 1)) as store:
        done = store.import_games([Incoming(finished())])[0]
    GameStore(tmp_path, today=date(2020, 1, 2)).close()
    unlink_archive()
    with GameStore(tmp_path) as store:
        assert "was missing; the backup of 2020-01-02 was restored" in str(store.notices[0])
        assert store.get(done.id).game == done.game
    unlink_archive()
    for day in (tmp_path / "backups").iterdir():
        (day / "archive" / "000001.json").unlink(missing_ok=True)
    with GameStore(tmp_path) as store:
        assert "were taken off the history" in str(store.notices[0])
        assert store.history().total == 0
        assert store.totals().players == {}


# 4. a change to several files is all or nothing ---------------------------------


class Killed(BaseException):
    """The process dies here."""


def test_an_import_killed_at_any_step_leaves_all_or_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(archive, "SHARD_SIZE", 20)
    games = [Incoming(finished()) for _ in range(51)]
    real = {name: getattr(platform, name) for name in ("write_durably", "replace", "fsync_folder")}
    step = 1
    while True:
        folder = tmp_path / f"run{step}"
        with GameStore(folder) as store:
            store.import_games([Incoming(finished())])  # something there before
        calls = 0

        def dying(name, *args, _step=step):
            nonlocal calls
            calls += 1
            if calls == _step:
                raise Killed
            return real[name](*args)

        for name in real:
            monkeypatch.setattr(platform, name, lambda *a, _n=name: dying(_n, *a))
        store = GameStore(folder)
        try:
            store.import_games(games)
            completed = True
        except Killed:
            completed = False
        store._file_lock.release()
        for name, function in real.items():
            monkeypatch.setattr(platform, name, function)
        with GameStore(folder) as store:
            total = store.history().total
            assert total in (1, 52), f"killed at step {step}: {total} games"
            ids = {s.id for s in store.history(limit=100).items}
            assert {g.id for g in store.all_games()} == ids  # index and archive agree
            assert len(store.all_facts()) == total
            assert store.totals() == tally(store.all_facts())  # kept tallies agree too
            assert all(n <= 20 for n in store._archive._listing.counts.values())
        assert not list(folder.rglob(".*.tmp")) and not (folder / "journal.json").exists()
        if completed:
            break
        step += 1
    assert step > 10  # every write, rename and fsync was a place to die


# 5. a newer version's folder ---------------------------------------------------


@pytest.mark.parametrize("name", ["active.json", "players.json", "index/000001.json"])
def test_a_newer_versions_folder_is_refused_and_left_untouched(tmp_path, name):
    with GameStore(tmp_path) as store:
        store.import_games([Incoming(finished()), Incoming(game(EVEN))])
        store.merge_players("alex", "Alexander")
    path = tmp_path / name
    data = json.loads(path.read_text())
    data["_meta"]["1"]["schema"] = 99
    path.write_text(json.dumps(data))
    before = listing(tmp_path)
    with pytest.raises(NewerVersionError, match="saved by a newer version"):
        GameStore(tmp_path)
    assert listing(tmp_path) == before
    assert not (tmp_path / "damaged").exists()


# 6. merged spellings survive a damaged index -------------------------------------


def test_merges_live_in_their_own_backed_up_file(tmp_path):
    with GameStore(tmp_path, today=date(2020, 1, 1)) as store:
        store.import_games([Incoming(finished())])
        store.merge_players("Alex", "Alexander")
    GameStore(tmp_path, today=date(2020, 1, 2)).close()
    (tmp_path / "index" / "000001.json").write_text("damaged")
    with GameStore(tmp_path) as store:
        assert store.aliases() == {"alex": "alexander"}
    (tmp_path / "players.json").write_text("damaged too")
    with GameStore(tmp_path) as store:
        assert store.aliases() == {"alex": "alexander"}
        assert "restored the backup of" in str(store.notices[0])


def test_a_schema_1_folder_is_upgraded_with_its_merges(tmp_path):
    with GameStore(tmp_path) as store:
        done = store.import_games([Incoming(finished())])[0]
    summary = json.loads((tmp_path / "archive" / "000001.json").read_text())["games"]["1"][
        "summary"
    ]
    legacy = {
        "_meta": {"1": {"schema": 1, "kind": "index"}},
        "summaries": {"1": {**summary, "shard": 1}},
        "aliases": {"1": {"name": "alex", "into": "alexander"}},
    }
    for kind in ("index", "facts"):
        (tmp_path / kind / "000001.json").unlink()
    (tmp_path / "players.json").unlink(missing_ok=True)
    (tmp_path / "index.json").write_text(json.dumps(legacy))
    for name in ("active.json", "archive/000001.json"):
        if not (tmp_path / name).exists():
            continue
        data = json.loads((tmp_path / name).read_text())
        data["_meta"]["1"]["schema"] = 1
        (tmp_path / name).write_text(json.dumps(data))
    with GameStore(tmp_path) as store:
        assert store.aliases() == {"alex": "alexander"}
        assert [s.id for s in store.history().items] == [done.id]
        assert len(store.all_facts()) == 1
        assert store.notices == []
    assert not (tmp_path / "index.json").exists()
    (kept,) = (tmp_path / "damaged").iterdir()  # only the old index.json, kept
    assert kept.name.startswith("index-schema-1")


# 7. unreadable data and odd folders -----------------------------------------------


@pytest.mark.parametrize("key", ["shard", "status", "players"])
def test_an_index_entry_missing_a_key_is_rebuilt(tmp_path, key):
    with GameStore(tmp_path) as store:
        done = store.import_games([Incoming(finished())])[0]
    path = tmp_path / "index" / "000001.json"
    data = json.loads(path.read_text())
    del data["summaries"]["1"][key]
    path.write_text(json.dumps(data))
    with GameStore(tmp_path) as store:
        assert store.history().items[0].id == done.id


def test_an_archived_game_missing_its_summary_is_rebuilt_from_its_record(tmp_path):
    with GameStore(tmp_path) as store:
        done = store.import_games([Incoming(finished())])[0]
    path = tmp_path / "archive" / "000001.json"
    data = json.loads(path.read_text())
    del data["games"]["1"]["summary"]
    path.write_text(json.dumps(data))
    (tmp_path / "index" / "000001.json").unlink()
    with GameStore(tmp_path) as store:
        assert store.history().items[0].winner == 1
        assert store.get(done.id).game == done.game


@pytest.mark.parametrize(
    "code", [errno.ENOSPC, errno.EROFS, errno.EACCES], ids=["full", "read-only", "denied"]
)
def test_a_failed_save_changes_nothing_and_says_why(tmp_path, monkeypatch, code):
    with GameStore(tmp_path) as store:
        playing = store.create(game(EVEN, rules=RuleSet(target=100)))
        before = listing(tmp_path)

        def failing(path, data):
            raise OSError(code, os.strerror(code), str(path))

        monkeypatch.setattr(platform, "write_durably", failing)
        with pytest.raises(StorageError) as failed:
            store.save(playing.id, add_hand(playing.game, WIN), playing.revision)
        assert str(tmp_path) not in failed.value.user_message
        assert "nothing was lost" in failed.value.user_message
        with pytest.raises(StorageError):
            store.import_games([Incoming(finished())])
        assert store.get(playing.id) == playing
        assert store.history().total == 1
        monkeypatch.undo()
        assert listing(tmp_path) == before
        again = store.save(playing.id, add_hand(playing.game, WIN), playing.revision)
        assert store.history(status=Status.FINISHED).items[0].id == again.id


# 8. backups from the future -------------------------------------------------------


def test_a_backup_day_in_the_future_is_not_the_latest(tmp_path):
    with GameStore(tmp_path, today=date(2020, 1, 1)) as store:
        kept = store.create(game(EVEN))
    GameStore(tmp_path, today=date(2020, 1, 2)).close()
    with GameStore(tmp_path, today=date(2999, 1, 1)) as store:  # a clock set wrong once
        store.delete(kept.id)
    GameStore(tmp_path, today=date(2999, 1, 2)).close()
    (tmp_path / "active.json").write_text("{torn")
    with GameStore(tmp_path) as store:
        assert "restored the backup of 2020-01-02" in str(store.notices[0])
        assert store.get(kept.id) == kept


# 9. names ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ["Al\x1b[2Jex", "Be\u202eth", "\u200b\u200b", "\u2066Dan\u2069", "Eve\x00", "\u0301"],
    ids=["escape", "bidi-override", "zero-width-only", "isolates", "nul", "mark-only"],
)
def test_names_with_control_or_invisible_characters_are_refused(name):
    problems = setup_problems(Variant.PARTNERSHIP, [name, "B", "C", "D"], 0)
    assert [p.field for p in problems] == ["players.0"]
    record = {**game_to_record(finished()), "players": [name, "B", "C", "D"]}
    with pytest.raises(ImportRefusedError):
        parse_import(record)


@pytest.mark.parametrize("name", ["דוד", "สมชาย", "Zoë", "José María", "李雷", "👩‍👩‍👧"])
def test_names_in_any_script_are_welcome(name):
    assert setup_problems(Variant.PARTNERSHIP, [name, "B", "C", "D"], 0) == []


def test_error_messages_quote_at_most_80_characters_of_a_bad_value():
    huge = "x" * 5000
    record = {**game_to_record(finished()), "variant": huge}
    with pytest.raises(ImportRefusedError) as refused:
        parse_import(record)
    assert len(str(refused.value)) < 250
    assert len(shorten(10**4000)) <= 80
    with pytest.raises(ImportRefusedError) as bad:
        parse_import({**game_to_record(finished()), "first_dealer": 10**4000})
    assert len(str(bad.value)) < 200


# 10. recovery compares instants ---------------------------------------------------------


def test_recovery_compares_real_instants_not_strings(tmp_path):
    with GameStore(tmp_path) as store:
        playing = store.create(game(EVEN, rules=RuleSet(target=100)))
        done = store.save(playing.id, add_hand(playing.game, WIN), playing.revision)
    # An older file: the in-progress copy still in active.json, its time
    # written with an offset. 10:00+05:00 is 05:00 UTC: older than the archive's
    # 06:00 UTC, though it sorts after it as text.
    active = json.loads((tmp_path / "active.json").read_text())
    stale = {"id": playing.id, **_document(playing)}
    stale["updated_at"] = "2026-01-01T10:00:00+05:00"
    active["games"] = {"1": stale}
    (tmp_path / "active.json").write_text(json.dumps(active))
    for kind, table in (("archive", "games"), ("index", "summaries")):
        path = tmp_path / kind / "000001.json"
        data = json.loads(path.read_text())
        data[table]["1"]["updated_at"] = "2026-01-01T06:00:00+00:00"
        path.write_text(json.dumps(data))
    with GameStore(tmp_path) as store:
        assert store.get(done.id).game == done.game  # the newer, finished one
        assert store.history(status=Status.IN_PROGRESS).total == 0


def _document(saved):
    from scorekeeper.storage.documents import game_to_document

    return game_to_document(saved)


@pytest.mark.parametrize(
    ("code", "why"), [(errno.EROFS, "read-only"), (errno.EACCES, "permission denied")]
)
def test_a_read_only_or_forbidden_folder_is_one_clear_error(tmp_path, monkeypatch, code, why):
    def refuse(self):
        raise OSError(code, os.strerror(code), str(tmp_path / ".lock"))

    monkeypatch.setattr(platform.FolderLock, "acquire", refuse)
    with pytest.raises(DataFolderError) as refused:
        GameStore(tmp_path)
    assert why in str(refused.value) and str(tmp_path) not in refused.value.user_message


def test_a_file_that_cannot_be_read_later_is_a_storage_error(tmp_path, monkeypatch):
    with GameStore(tmp_path) as store:
        done = store.import_games([Incoming(finished())])[0]
    with GameStore(tmp_path) as store:
        real = Path.read_bytes

        def denied(path):
            if path.parent.name == "archive":
                raise PermissionError(errno.EACCES, "Permission denied", str(path))
            return real(path)

        monkeypatch.setattr(Path, "read_bytes", denied)
        with pytest.raises(StorageError) as failed:
            store.get(done.id)
        assert "permission denied" in failed.value.user_message
        assert str(tmp_path) not in failed.value.user_message
        monkeypatch.undo()
        assert store.get(done.id).game == done.game
