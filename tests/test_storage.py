"""GameStore on real files in temporary folders."""

import gc
import json
import subprocess
import sys
import threading
import weakref
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from scorekeeper.core.draft import HandDraft
from scorekeeper.core.exchange import Incoming
from scorekeeper.core.game import add_hand, undo_last_hand
from scorekeeper.core.model import Adjustment, Bid, Game, Hand, Variant
from scorekeeper.core.rules import RuleSet
from scorekeeper.core.scoring import Status, scored
from scorekeeper.core.stats import tally
from scorekeeper.storage import archive, backups, migration
from scorekeeper.storage.documents import game_to_document, summary_from_document
from scorekeeper.storage.store import (
    ConflictError,
    GameNotFoundError,
    GameStore,
    StoreLockedError,
    restore_backup,
)
from tests.factories import EVEN, game, hand

WIN = hand([6, 3, 4, 0], [6, 3, 4, 0])  # with target 100: side 1 wins at 130


def short_game():
    return game(rules=RuleSet(target=100))


def play(store, saved, *hands):
    for h in hands:
        saved = store.save(saved.id, add_hand(saved.game, h), saved.revision)
    return saved


def test_round_trip_survives_reopening(tmp_path):
    with GameStore(tmp_path) as store:
        saved = play(
            store, store.create(game()), EVEN, hand(["nil", 3, "blind_nil", 4], [0, 3, 1, 9])
        )
    with GameStore(tmp_path) as store:
        again = store.get(saved.id)
    assert again == saved
    assert json.loads((tmp_path / "active.json").read_text())["games"]


def test_finished_game_moves_to_the_archive_and_back(tmp_path):
    with GameStore(tmp_path) as store:
        saved = play(store, store.create(short_game()), EVEN, WIN)
        active = json.loads((tmp_path / "active.json").read_text())["games"]
        assert active == {}
        assert store.history(status=Status.FINISHED).items[0].winner == 1
        reopened = store.save(saved.id, undo_last_hand(saved.game), saved.revision)
        assert store.history(status=Status.FINISHED).total == 0
        assert store.history(status=Status.IN_PROGRESS).items[0].hands == 1
    with GameStore(tmp_path) as store:
        assert store.get(saved.id) == reopened


def named(*hands, target=500):
    """A game whose sides have names: "Us" for Alex and Charlie, none for the others."""
    return replace(game(*hands, rules=RuleSet(target=target)), team_names=("Us", ""))


def test_the_history_carries_the_sides_names_in_progress_and_archived(tmp_path):
    with GameStore(tmp_path) as store:
        playing = store.create(named(EVEN))
        done = play(store, store.create(named(target=100)), WIN)
        plain = store.create(game())
    with GameStore(tmp_path) as store:
        names = {s.id: s.team_names for s in store.history().items}
    assert names == {playing.id: ("Us", ""), done.id: ("Us", ""), plain.id: ()}
    rows = json.loads((tmp_path / "index" / "000001.json").read_text())["summaries"]
    assert [r["team_names"] for r in rows.values()] == [["Us", ""]]


def test_summaries_stored_before_they_carried_the_sides_names_get_them_from_the_records(
    tmp_path,
):
    """Files written by a version whose summaries had no team_names: a game in
    progress takes them from its record; an index file without them is made
    again from its archive file, once; a summary alone reads as no names."""
    with GameStore(tmp_path) as store:
        playing = store.create(named(EVEN))
        done = play(store, store.create(named(target=100)), WIN)
        plain = play(store, store.create(short_game()), WIN)
    for path, table in (
        (tmp_path / "active.json", "games"),
        (tmp_path / "archive" / "000001.json", "games"),
        (tmp_path / "index" / "000001.json", "summaries"),
    ):
        data = json.loads(path.read_text())
        for row in data[table].values():
            (row["summary"] if table == "games" else row).pop("team_names")
        path.write_text(json.dumps(data))
    assert summary_from_document(data["summaries"]["1"]).team_names == (), "default: no names"
    with GameStore(tmp_path) as store:
        names = {s.id: s.team_names for s in store.history().items}
        assert store.notices == []
    assert names == {playing.id: ("Us", ""), done.id: ("Us", ""), plain.id: ()}
    index = tmp_path / "index" / "000001.json"
    rows = json.loads(index.read_text())["summaries"]
    assert sorted(map(tuple, (r["team_names"] for r in rows.values()))) == [(), ("Us", "")]
    made = index.stat().st_mtime_ns
    with GameStore(tmp_path) as store:  # made once: read as it is from then on
        assert {s.id: s.team_names for s in store.history().items} == names
    assert index.stat().st_mtime_ns == made


def test_conflicting_saves_are_refused(tmp_path):
    with GameStore(tmp_path) as store:
        first = store.create(game())
        store.save(first.id, add_hand(first.game, EVEN), first.revision)
        with pytest.raises(ConflictError, match="changed on another device"):
            store.save(first.id, add_hand(first.game, EVEN), first.revision)
        assert len(store.get(first.id).game.hands) == 1


def test_delete_and_restore(tmp_path):
    with GameStore(tmp_path) as store:
        playing = store.create(game(EVEN))
        done = play(store, store.create(short_game()), WIN)
        for saved in (playing, done):
            gone = store.delete(saved.id)
            with pytest.raises(GameNotFoundError, match=saved.id):
                store.get(saved.id)
            store.restore(gone)
            assert store.get(saved.id) == gone
        with pytest.raises(ConflictError):
            store.restore(playing)


def test_history_is_newest_first_with_filters(tmp_path):
    with GameStore(tmp_path) as store:
        first = store.create(Game(Variant.PARTNERSHIP, ("Ann", "Bob", "Cy", "Dee")))
        second = store.create(Game(Variant.PARTNERSHIP, ("Zoë", "Bob", "Yui", "Xan")))
        page = store.history()
        assert [s.id for s in page.items] == [second.id, first.id]
        assert [s.id for s in store.history(player="zo").items] == [second.id]
        assert store.history(player="BOB").total == 2
        assert store.history(player="nobody").total == 0
        assert store.history(limit=1, offset=1).items[0].id == first.id


def test_many_finished_games_fill_several_archive_files(tmp_path, monkeypatch):
    monkeypatch.setattr(archive, "SHARD_SIZE", 3)
    finished = add_hand(short_game(), WIN).game
    with GameStore(tmp_path) as store:
        saved = store.import_games([Incoming(finished)] * 7)
        assert store.history(status=Status.FINISHED).total == 7
    shards = sorted(p.name for p in (tmp_path / "archive").glob("*.json"))
    assert shards == ["000001.json", "000002.json", "000003.json"]
    with GameStore(tmp_path) as store:
        assert {g.id for g in store.all_games()} == {s.id for s in saved}
        assert store.get(saved[-1].id).game == finished


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "the file is empty"),
        (
            b'{"_meta": {"1": {"schema": 1, "kind": "active"}}, "games": {"1": {"id"',
            "not valid JSON",
        ),
        (b"\x00\xff garbage", "not valid JSON"),
        (b"[1, 2]", "not a table file"),
        (b'{"games": {}}', "not a Spades Scorekeeper file"),
        (b'{"_meta": {"1": {"schema": 0, "kind": "active"}}}', "schema 0 is not one"),
    ],
)
def test_damaged_file_is_moved_aside_never_deleted(tmp_path, content, reason):
    (tmp_path / "active.json").write_bytes(content)
    with GameStore(tmp_path) as store:
        assert len(store.notices) == 1 and reason in str(store.notices[0])
        moved = list((tmp_path / "damaged").iterdir())
        assert len(moved) == 1 and moved[0].read_bytes() == content
        assert str(moved[0]) in str(store.notices[0])
        store.create(game())  # the app goes on with a fresh file
    with GameStore(tmp_path) as store:
        assert store.notices == [] and store.history().total == 1


def test_damaged_file_comes_back_from_the_latest_backup(tmp_path):
    with GameStore(tmp_path, today=date(2020, 1, 1)) as store:
        kept = store.create(game(EVEN))  # the first open of the day made a backup before this
    GameStore(tmp_path, today=date(2020, 1, 2)).close()
    (tmp_path / "active.json").write_text("{truncated")
    with GameStore(tmp_path) as store:
        assert "restored the backup of 2020-01-02" in str(store.notices[0])
        assert store.get(kept.id) == kept


def test_damaged_index_is_rebuilt_from_the_archive(tmp_path):
    with GameStore(tmp_path) as store:
        done = play(store, store.create(short_game()), WIN)
    (tmp_path / "index" / "000001.json").write_text("nonsense")
    with GameStore(tmp_path) as store:
        assert [s.id for s in store.history().items] == [done.id]
    assert len(list((tmp_path / "damaged").iterdir())) == 1
    (tmp_path / "index" / "000001.json").unlink()
    with GameStore(tmp_path) as store:
        assert store.history().items[0].winner == 1


def test_interrupted_archive_move_is_finished_on_open(tmp_path):
    with GameStore(tmp_path) as store:
        saved = play(store, store.create(short_game()), EVEN)
        # simulate a crash right after the durable first step of the move:
        store._active.put(
            game_to_document(replace(saved, scored=add_hand(saved.game, WIN), revision=3))
        )
    with GameStore(tmp_path) as store:
        assert store.history(status=Status.FINISHED).total == 1
        assert json.loads((tmp_path / "active.json").read_text())["games"] == {}
        assert len(store.get(saved.id).game.hands) == 2


def test_reopen_reads_the_folder_again_as_it_was_put_back(tmp_path):
    """The offline build puts the files back as IndexedDB last took them after
    a failed sync, and the store reads them again."""
    with GameStore(tmp_path) as store:
        done = play(store, store.create(short_game()), WIN)
        playing = play(store, store.create(game()), EVEN)  # to 500: still in progress
        kept = (tmp_path / "active.json").read_bytes()
        play(store, playing, EVEN)
        (tmp_path / "active.json").write_bytes(kept)
        store.reopen()
        assert store.get(playing.id) == playing
        assert {s.id for s in store.history().items} == {done.id, playing.id}
        again = play(store, playing, EVEN)
        assert store.get(playing.id) == again
        assert store.totals() == tally(store.all_facts())


def test_a_closed_store_is_freed_at_once(tmp_path):
    """Its parts refer to one another; closing lets go of them, so a store
    closed (or reopened) is not left to the garbage collector."""
    with GameStore(tmp_path) as store:
        play(store, store.create(short_game()), WIN)
        store.create(short_game())
    parts = [weakref.ref(store._journal), weakref.ref(store._archive), weakref.ref(store._active)]
    gc.disable()
    try:
        del store
        assert [part() for part in parts] == [None, None, None]
    finally:
        gc.enable()


def test_a_second_process_gets_a_clear_error(tmp_path):
    code = (
        "import sys; from pathlib import Path;"
        "from scorekeeper.storage.store import GameStore, StoreLockedError\n"
        "try:\n    GameStore(Path(sys.argv[1]))\n"
        "except StoreLockedError as e:\n    print(e); sys.exit(3)\n"
    )
    with GameStore(tmp_path):
        result = subprocess.run(
            [sys.executable, "-c", code, str(tmp_path)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert result.returncode == 3 and "in use by another Spades Scorekeeper" in result.stdout
    GameStore(tmp_path).close()  # free again once the first closes


def test_same_process_second_open_is_refused_too(tmp_path):
    with GameStore(tmp_path), pytest.raises(StoreLockedError):
        GameStore(tmp_path)


def test_concurrent_writers_from_threads_lose_nothing(tmp_path):
    """Two writers per game; a stale revision is refused, the writer reloads
    and tries again, and every hand ends up stored exactly once."""
    with GameStore(tmp_path) as store:
        ids = [store.create(game(rules=RuleSet(target=10_000))).id for _ in range(4)]
        conflicts = []

        def worker(game_id):
            added = 0
            while added < 15:
                current = store.get(game_id)
                try:
                    store.save(game_id, add_hand(current.game, EVEN), current.revision)
                    added += 1
                except ConflictError as error:
                    conflicts.append(error)

        threads = [threading.Thread(target=worker, args=(i,)) for i in ids for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    with GameStore(tmp_path) as store:
        for game_id in ids:
            saved = store.get(game_id)
            assert len(saved.game.hands) == 30 and saved.revision == 31


def test_backups_roll_and_restore(tmp_path, monkeypatch):
    monkeypatch.setattr(backups, "BACKUP_DAYS", 3)
    with GameStore(tmp_path) as store:
        old = store.create(game(EVEN))
        for day in range(1, 6):
            store._daily_backup(date(2099, 1, day))
        assert store.backups() == ["2099-01-03", "2099-01-04", "2099-01-05"]
        store.create(game())
    aside = restore_backup(tmp_path, "2099-01-05")
    assert (aside / "active.json").exists()
    with GameStore(tmp_path) as store:
        assert [s.id for s in store.history().items] == [old.id]
    with pytest.raises(Exception, match="'1999-01-01' is not a backup day"):
        restore_backup(tmp_path, "1999-01-01")


def test_unchanged_archive_files_are_hard_linked_between_backups(tmp_path):
    with GameStore(tmp_path) as store:
        play(store, store.create(short_game()), WIN)
        store._daily_backup(date(2099, 1, 1))
        store._daily_backup(date(2099, 1, 2))
    a = tmp_path / "backups" / "2099-01-01" / "archive" / "000001.json"
    b = tmp_path / "backups" / "2099-01-02" / "archive" / "000001.json"
    assert a.stat().st_ino == b.stat().st_ino


def test_migrations_run_from_older_schemas(tmp_path, monkeypatch):
    def add_revision(tables):
        for doc in tables.get("games", {}).values():
            doc.setdefault("revision", 1)
        return tables

    with GameStore(tmp_path) as store:
        saved = store.create(game(EVEN))
    data = json.loads((tmp_path / "active.json").read_text())
    del data["games"]["1"]["revision"]
    (tmp_path / "active.json").write_text(json.dumps(data))
    monkeypatch.setattr(migration, "SCHEMA_VERSION", 3)
    monkeypatch.setitem(migration.MIGRATIONS, 2, add_revision)
    with GameStore(tmp_path) as store:
        assert store.get(saved.id).revision == 1
        store.save(saved.id, add_hand(saved.game, EVEN), 1)  # written at the next save
    meta = json.loads((tmp_path / "active.json").read_text())["_meta"]["1"]
    assert meta == {"schema": 3, "kind": "active"}


def test_data_folder_precedence(tmp_path, monkeypatch):
    from scorekeeper.storage.location import data_folder

    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    assert data_folder() == tmp_path / "flet"
    monkeypatch.setenv("SCOREKEEPER_DATA", str(tmp_path / "env"))
    assert data_folder() == tmp_path / "env"
    assert data_folder(tmp_path / "flag") == tmp_path / "flag"
    monkeypatch.delenv("SCOREKEEPER_DATA")
    monkeypatch.delenv("FLET_APP_STORAGE_DATA")
    assert data_folder().name == "spades-scorekeeper"
    assert isinstance(data_folder(), Path)


def _finished_games(store, count):
    games = [replace(short_game(), hands=(EVEN, WIN)) for _ in range(count)]
    return store.import_games([Incoming(g) for g in games])


def _index_tables(folder):
    return json.loads((folder / "index" / "000001.json").read_text())


def test_statistics_after_opening_add_up_the_kept_tallies_without_reading_facts(tmp_path):
    with GameStore(tmp_path) as store:
        _finished_games(store, 3)
        counted = store.totals()
    assert _index_tables(tmp_path)["totals"]["1"]["tally"]["players"]["Alex"][:3] == [3, 3, 0]
    with GameStore(tmp_path) as store:
        assert store.totals() == counted
        assert store._archive._facts == {}, "no facts file was read"
        assert store.totals().players["Beth"][:3] == [3, 3, 3]


def test_a_tally_that_counted_other_games_or_does_not_read_is_counted_again(tmp_path):
    with GameStore(tmp_path) as store:
        first, *_ = _finished_games(store, 3)
        counted = store.totals()
    path = tmp_path / "index" / "000001.json"
    tables = _index_tables(tmp_path)
    for row in tables["summaries"].values():  # as an older version leaves an edit
        if row["id"] == first.id:
            row["updated_at"] = "2021-01-01T00:00:00+00:00"
    path.write_text(json.dumps(tables))
    with GameStore(tmp_path) as store:
        assert store.totals() == counted
    assert _index_tables(tmp_path)["totals"] != tables["totals"], "counted again and kept"
    tables = _index_tables(tmp_path)
    tables["totals"]["1"]["tally"]["players"]["Alex"] = [1, "x"]
    path.write_text(json.dumps(tables))
    with GameStore(tmp_path) as store:
        assert store.totals() == counted


def test_tallies_follow_finishing_reopening_and_deleting_a_game(tmp_path):
    with GameStore(tmp_path) as store:
        saved = play(store, store.create(short_game()), EVEN)
        assert store.totals().players["Alex"][:2] == [1, 0], "in progress"
        saved = play(store, saved, WIN)
        assert store.totals().players["Alex"][:2] == [1, 1]
        store.save(saved.id, undo_last_hand(saved.game), saved.revision)
        assert store.totals().players["Alex"][:2] == [1, 0]
        store.delete(saved.id)
        assert store.totals().players == {}


def test_a_game_from_a_file_keeps_when_it_was_imported(tmp_path):
    """Marked when stored from a file (not when created), and kept through an
    edit, the game's end (the archive) and a new start of the store."""
    with GameStore(tmp_path) as store:
        made = store.create(game(EVEN))
        (copy,) = store.import_games([Incoming(made.game, from_file=True)])
        assert made.imported_at is None and copy.imported_at is not None
        ended = store.save(copy.id, scored(replace(copy.game, hands=(EVEN,) * 9)), copy.revision)
        assert ended.imported_at == copy.imported_at
    with GameStore(tmp_path) as store:
        assert store.get(copy.id).imported_at == copy.imported_at
        listed = {s.id: s.imported_at for s in store.history().items}
        assert listed == {made.id: None, copy.id: copy.imported_at}


def test_games_of_three_and_four_sides_with_adjustments_survive_reopening(tmp_path):
    cutthroat = Game(Variant.CUTTHROAT, ("Ana", "Ben", "Cy"), 2, RuleSet(big_bid_min=10))
    fined = Hand((Bid(5), Bid(5), Bid(5)), (6, 6, 5), (Adjustment(1, -30, "renege"),))
    with GameStore(tmp_path) as store:
        saved = play(store, store.create(cutthroat), fined)
        solo = store.create(Game(Variant.SOLO, ("Ana", "Ben", "Cy", "Di")))
        draft = HandDraft.of_hand(fined, 0, saved.revision, total=17).with_tricks(0, 7)
        store.save_draft(saved.id, draft)
    with GameStore(tmp_path) as store:
        assert store.get(saved.id) == saved and store.get(solo.id) == solo
        assert store.draft(saved.id) == draft, "the edit keeps the hand's adjustments"
        summaries = {s.id: s for s in store.history().items}
        assert summaries[saved.id].scores == (51, 21, 50)
        assert len(summaries[solo.id].scores) == 4
