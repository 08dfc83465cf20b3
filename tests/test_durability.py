"""Every write reaches the disk the durable way: a temporary file, fsynced,
renamed over the old one, and the folder fsynced after the rename. Each step
is observed (the calls are recorded), so a change that skips one fails here
in a fraction of a second, not only in the slow SIGKILL loop of test_crash.py."""

import errno
import fcntl
import json
import os
import stat
import threading
from datetime import date
from pathlib import Path

import pytest
from filelock import FileLock

from scorekeeper.core.scoring import scored
from scorekeeper.storage import atomic, platform
from scorekeeper.storage.atomic import JOURNAL, AtomicJSONStorage, Transaction
from scorekeeper.storage.store import GameStore, restore_backup
from tests.factories import EVEN, game


class Disk:
    """Records what platform.py asks of the operating system, in order:
    ("open", path) for writing, ("fsync", path), ("replace", source, target)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[tuple[str, ...]] = []
        real_fsync, real_replace = os.fsync, os.replace

        real_open = os.open

        def opened(path, flags, *args, **kwargs):  # os.open
            if flags & (os.O_WRONLY | os.O_RDWR):
                self.calls.append(("open", str(path)))
            return real_open(path, flags, *args, **kwargs)

        def file_opened(path, mode="r", *args, **kwargs):  # open(), as platform.py sees it
            if not isinstance(path, int) and ("w" in mode or "a" in mode):
                self.calls.append(("open", str(path)))
            return open(path, mode, *args, **kwargs)

        def fsync(fd):
            self.calls.append(("fsync", os.readlink(f"/proc/self/fd/{fd}")))
            real_fsync(fd)

        def replace(source, target):
            self.calls.append(("replace", str(source), str(target)))
            real_replace(source, target)

        monkeypatch.setattr(os, "open", opened)
        monkeypatch.setattr(platform, "open", file_opened, raising=False)
        monkeypatch.setattr(os, "fsync", fsync)
        monkeypatch.setattr(os, "replace", replace)

    def written_durably(self, path: Path) -> None:
        """`path` was written as a temporary, fsynced, renamed, folder fsynced."""
        path = Path(os.path.realpath(path))
        assert ("open", str(path)) not in self.calls, f"{path} was written in place"
        renames = [c for c in self.calls if c[0] == "replace" and c[2] == str(path)]
        assert renames, f"{path} was never renamed into place"
        rename = self.calls.index(renames[-1])
        tmp = renames[-1][1]
        assert Path(tmp).parent == path.parent and Path(tmp).name.startswith(".")
        assert ("open", tmp) in self.calls[:rename], "the temporary was not written first"
        assert ("fsync", tmp) in self.calls[:rename], "the temporary was not fsynced"
        assert ("fsync", str(path.parent)) in self.calls[rename:], "the folder was not fsynced"


@pytest.fixture
def disk(monkeypatch):
    return Disk(monkeypatch)


# -- platform.py ------------------------------------------------------------------------


def test_a_write_goes_through_a_fsynced_temporary_renamed_then_the_folder_fsynced(tmp_path, disk):
    target = tmp_path / "active.json"
    target.write_bytes(b"old")
    platform.write_atomically(target, b"new")
    assert target.read_bytes() == b"new"
    disk.written_durably(target)
    assert [p.name for p in tmp_path.iterdir()] == ["active.json"], "no temporary left"


def test_the_temporary_is_hidden_beside_its_file_and_found_by_the_cleanup(tmp_path):
    tmp = platform.temp_path(tmp_path / "active.json")
    assert tmp.parent == tmp_path and tmp.name.startswith(".active.json.")
    assert tmp.name.endswith(platform.TEMP_SUFFIX)
    tmp.write_bytes(b"half")
    atomic.remove_temporaries(tmp_path)
    assert not tmp.exists()


def test_a_failed_write_leaves_no_partial_file(tmp_path, monkeypatch):
    class Full:
        def __init__(self, path, mode):
            self.f = open(path, mode)  # noqa: SIM115  # closed by __exit__

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def write(self, data):
            self.f.write(data[:1])
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(platform, "open", Full, raising=False)
    target = tmp_path / "active.json"
    target.write_bytes(b"old")
    with pytest.raises(OSError):
        platform.write_atomically(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["active.json"]


def test_a_write_that_cannot_start_reports_why(tmp_path, monkeypatch):
    """The cleanup of a file never made must not hide the reason it was not."""

    def refused(path, *args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(os, "open", refused)  # however platform.py opens the file
    monkeypatch.setattr(platform, "open", refused, raising=False)
    with pytest.raises(PermissionError):
        platform.write_atomically(tmp_path / "active.json", b"new")


def test_a_failed_rename_removes_the_temporary(tmp_path, monkeypatch):
    def refuse(source, target):
        raise OSError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    target = tmp_path / "active.json"
    target.write_bytes(b"old")
    with pytest.raises(OSError):
        platform.write_atomically(target, b"new")
    assert [p.name for p in tmp_path.iterdir()] == ["active.json"]
    assert target.read_bytes() == b"old"


@pytest.mark.parametrize("code", [errno.EINVAL, errno.EBADF, errno.ENOTSUP])
def test_a_folder_that_cannot_be_fsynced_is_accepted(tmp_path, monkeypatch, code):
    closed = []
    real_close = os.close

    def fsync(fd):
        raise OSError(code, "not supported")

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "close", lambda fd: closed.append(fd) or real_close(fd))
    platform.fsync_folder(tmp_path)
    assert len(closed) == 1, "the folder's descriptor is closed"


def test_a_folder_fsync_that_fails_otherwise_is_an_error(tmp_path, monkeypatch):
    closed = []
    real_close = os.close

    def fsync(fd):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "close", lambda fd: closed.append(fd) or real_close(fd))
    with pytest.raises(OSError):
        platform.fsync_folder(tmp_path)
    assert len(closed) == 1, "the folder's descriptor is closed"


def test_a_copy_made_in_place_of_a_file_is_written_durably(tmp_path, disk):
    source, target = tmp_path / "backup.json", tmp_path / "active.json"
    source.write_bytes(b"from the backup")
    target.write_bytes(b"damaged")
    platform.copy_atomically(source, target)
    assert target.read_bytes() == b"from the backup"
    disk.written_durably(target)


def test_link_or_copy_links_copies_where_it_cannot_and_stops_when_the_disk_is_full(
    tmp_path, monkeypatch
):
    source = tmp_path / "a.json"
    source.write_bytes(b"x")
    platform.link_or_copy(source, tmp_path / "linked.json")
    assert (tmp_path / "linked.json").stat().st_ino == source.stat().st_ino

    def no_links(self, target):
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(Path, "hardlink_to", no_links)
    platform.link_or_copy(source, tmp_path / "copied.json")
    assert (tmp_path / "copied.json").read_bytes() == b"x"
    assert (tmp_path / "copied.json").stat().st_ino != source.stat().st_ino
    for code in (errno.ENOSPC, errno.EDQUOT, errno.EROFS):

        def full(self, target, code=code):
            raise OSError(code, "full")

        monkeypatch.setattr(Path, "hardlink_to", full)
        with pytest.raises(OSError):
            platform.link_or_copy(source, tmp_path / f"never-{code}.json")
        assert not (tmp_path / f"never-{code}.json").exists()


def test_a_second_folder_lock_is_refused_at_once_until_the_first_is_released(tmp_path):
    first, second = platform.FolderLock(tmp_path), platform.FolderLock(tmp_path)
    assert first.acquire()
    assert (tmp_path / ".lock").is_file(), "the lock file other copies of the app look for"
    let_go = threading.Timer(5, first.release)  # a wait of any length would then succeed
    let_go.start()
    assert not second.acquire(), "refused at once, not after a wait (bench/refusals.py: how fast)"
    let_go.cancel()
    first.release()
    assert second.acquire()
    second.release()


def test_a_folder_locked_by_another_is_refused_even_with_its_lock_file_free(tmp_path):
    """The folder itself is the lock (`.lock` can be deleted from under a
    running app): another process holding only the folder is enough."""
    other = os.open(tmp_path, os.O_RDONLY)
    try:
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
        assert not platform.FolderLock(tmp_path).acquire()
    finally:
        os.close(other)
    lock = platform.FolderLock(tmp_path)
    assert lock.acquire()
    lock.release()


def test_a_lock_file_held_by_an_older_version_is_refused_at_once(tmp_path):
    """Older versions lock `.lock` alone: held there, the store is refused
    without waiting, and the folder is let go again."""
    older = FileLock(tmp_path / ".lock", thread_local=False)
    older.acquire()
    let_go = threading.Timer(0.8, older.release)  # a wait of any length would then succeed
    let_go.start()
    lock = platform.FolderLock(tmp_path)
    assert not lock.acquire()  # at once: a wait would have ended in the folder
    let_go.join(5)
    assert not older.is_locked
    assert lock.acquire(), "the folder was let go when `.lock` was refused"
    lock.release()
    lock.release()  # twice, or never taken: nothing to let go
    platform.FolderLock(tmp_path).release()


@pytest.mark.parametrize("code", [errno.ENOLCK, errno.EINVAL, errno.ENOTSUP])
def test_a_file_system_without_folder_locks_relies_on_the_lock_file(tmp_path, monkeypatch, code):
    flock = fcntl.flock

    def unsupported(fd, operation):  # on folders; `.lock` is a file
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise OSError(code, os.strerror(code))
        flock(fd, operation)

    monkeypatch.setattr(fcntl, "flock", unsupported)
    first, second = platform.FolderLock(tmp_path), platform.FolderLock(tmp_path)
    assert first.acquire()
    assert not second.acquire()
    first.release()


def test_a_folder_lock_that_fails_otherwise_is_an_error(tmp_path, monkeypatch):
    flock = fcntl.flock

    def broken(fd, operation):
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise OSError(errno.EIO, "Input/output error")
        flock(fd, operation)

    monkeypatch.setattr(fcntl, "flock", broken)
    with pytest.raises(OSError, match="Input/output"):
        platform.FolderLock(tmp_path).acquire()


def test_a_new_folder_is_private_from_the_start_with_its_parents(tmp_path, monkeypatch):
    monkeypatch.setattr(platform, "make_private", lambda path: None)
    platform.make_folder(tmp_path / "new" / "games")
    assert (tmp_path / "new" / "games").stat().st_mode & 0o777 == 0o700


@pytest.mark.parametrize(("before", "after"), [(0o644, 0o600), (0o755, 0o700), (0o600, 0o600)])
def test_what_others_may_do_is_taken_away(tmp_path, before, after):
    path = tmp_path / "file"
    path.write_text("x")
    os.chmod(path, before)
    platform.make_private(path)
    assert path.stat().st_mode & 0o777 == after


def test_another_users_file_is_left_as_it_is(tmp_path, monkeypatch):
    path = tmp_path / "file"
    path.write_text("x")
    os.chmod(path, 0o644)

    def not_yours(path, mode):
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "chmod", not_yours)
    platform.make_private(path)
    assert path.stat().st_mode & 0o777 == 0o644


# -- atomic.py: what it asks of platform.py -----------------------------------------------


class FakePlatform:
    """platform.py as atomic.py sees it, recording each call and doing it for real."""

    TEMP_SUFFIX = platform.TEMP_SUFFIX
    temp_path = staticmethod(platform.temp_path)

    def __init__(self, root: Path) -> None:
        self.root = root
        self.calls: list[tuple[str, ...]] = []

    def _name(self, path: Path) -> str:
        return str(Path(path).relative_to(self.root)) or "."

    def write_durably(self, path: Path, data: bytes) -> None:
        self.calls.append(("write_durably", self._name(path)))
        platform.write_durably(path, data)

    def write_atomically(self, path: Path, data: bytes) -> None:
        self.calls.append(("write_atomically", self._name(path)))
        platform.write_atomically(path, data)

    def replace(self, source: Path, target: Path) -> None:
        self.calls.append(("replace", self._name(source), self._name(target)))
        platform.replace(source, target)

    def fsync_folder(self, folder: Path) -> None:
        self.calls.append(("fsync_folder", self._name(folder)))
        platform.fsync_folder(folder)


@pytest.fixture
def fake(tmp_path, monkeypatch):
    recorder = FakePlatform(tmp_path)
    monkeypatch.setattr(atomic, "platform", recorder)
    return recorder


def test_a_single_write_is_atomic(tmp_path, fake):
    storage = AtomicJSONStorage(tmp_path / "active.json")
    storage.write({"games": {"1": {"id": "a"}}})
    assert fake.calls == [("write_atomically", "active.json")]
    assert json.loads((tmp_path / "active.json").read_bytes()) == {"games": {"1": {"id": "a"}}}


def test_a_change_to_several_files_is_journalled_before_any_rename(tmp_path, fake):
    (tmp_path / "archive").mkdir()
    transaction = Transaction(tmp_path)
    one = AtomicJSONStorage(tmp_path / "active.json", transaction)
    two = AtomicJSONStorage(tmp_path / "archive" / "1.json", transaction)
    transaction.begin()
    one.write({"games": {}})
    two.write({"games": {"1": {"id": "a"}}})
    assert fake.calls == [], "nothing is written before the commit"
    transaction.commit()
    tmp_one = platform.temp_path(tmp_path / "active.json").name
    tmp_two = "archive/" + platform.temp_path(tmp_path / "archive" / "1.json").name
    assert fake.calls == [
        ("write_durably", tmp_one),
        ("write_durably", tmp_two),
        ("write_durably", JOURNAL),
        ("fsync_folder", "."),  # the journal is durable before any rename
        ("replace", tmp_one, "active.json"),
        ("replace", tmp_two, "archive/1.json"),
        ("fsync_folder", "."),
        ("fsync_folder", "archive"),
        ("fsync_folder", "."),  # the journal's removal
    ]
    assert not (tmp_path / JOURNAL).exists()
    assert json.loads((tmp_path / "archive" / "1.json").read_bytes()) == {
        "games": {"1": {"id": "a"}}
    }


def test_a_change_to_one_file_in_a_transaction_needs_no_journal(tmp_path, fake):
    transaction = Transaction(tmp_path)
    one = AtomicJSONStorage(tmp_path / "active.json", transaction)
    transaction.begin()
    one.write({"games": {}})
    transaction.commit()
    tmp_one = platform.temp_path(tmp_path / "active.json").name
    assert fake.calls == [
        ("write_durably", tmp_one),
        ("replace", tmp_one, "active.json"),
        ("fsync_folder", "."),
    ]


def test_a_failed_single_write_does_not_stay_in_memory(tmp_path, monkeypatch):
    path = tmp_path / "active.json"
    path.write_bytes(b'{"games":{}}')
    storage = AtomicJSONStorage(path)
    assert storage.read() == {"games": {}}

    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(platform, "write_atomically", full)
    with pytest.raises(atomic.ScorekeeperError):
        storage.write({"games": {"1": {"id": "lost"}}})
    assert storage.read() == {"games": {}}, "what is shown is what is on disk"


def test_an_interrupted_single_write_does_not_stay_in_memory(tmp_path, monkeypatch):
    path = tmp_path / "active.json"
    path.write_bytes(b'{"games":{}}')
    storage = AtomicJSONStorage(path)

    def interrupted(path, data):
        raise KeyboardInterrupt

    monkeypatch.setattr(platform, "write_atomically", interrupted)
    with pytest.raises(KeyboardInterrupt):
        storage.write({"games": {"1": {"id": "lost"}}})
    assert storage.read() == {"games": {}}


def test_a_closed_storage_reads_the_file_again(tmp_path):
    path = tmp_path / "active.json"
    storage = AtomicJSONStorage(path, tables={"games": {}})
    path.write_bytes(b'{"games":{"1":{}}}')
    storage.close()
    assert storage.read() == {"games": {"1": {}}}


# -- the journal ---------------------------------------------------------------------------


def test_a_torn_journal_is_dropped_and_the_old_files_stay(tmp_path):
    """A crash while the journal is written leaves it torn; no rename had
    started, so the old files are whole and the half-made temporaries go."""
    with GameStore(tmp_path) as store:
        saved = store.create(game(EVEN))
    active = (tmp_path / "active.json").read_bytes()
    tmp = platform.temp_path(tmp_path / "active.json")
    tmp.write_bytes(b'{"games":{}}')  # the new version, never renamed
    whole = json.dumps({"renames": [[tmp.name, "active.json"]]}).encode()
    (tmp_path / JOURNAL).write_bytes(whole[: len(whole) // 2])
    assert not atomic.replay_journal(tmp_path)
    assert not (tmp_path / JOURNAL).exists()
    assert (tmp_path / "active.json").read_bytes() == active
    (tmp_path / JOURNAL).write_bytes(whole[: len(whole) // 2])
    with GameStore(tmp_path) as store:
        assert store.get(saved.id).game == game(EVEN)
    assert not tmp.exists() and not (tmp_path / JOURNAL).exists()


def test_a_whole_journal_is_finished_on_open(tmp_path):
    with GameStore(tmp_path) as store:
        saved = store.create(game(EVEN))
        store.save(saved.id, scored(game(EVEN, EVEN)), saved.revision)
    newer = (tmp_path / "active.json").read_bytes()
    with GameStore(tmp_path) as store:
        store.save(saved.id, scored(game(EVEN, EVEN, EVEN)), saved.revision + 1)
    tmp = platform.temp_path(tmp_path / "active.json")
    tmp.write_bytes(newer)  # a crash after the journal: rename not done yet
    (tmp_path / JOURNAL).write_text(json.dumps({"renames": [[tmp.name, "active.json"]]}))
    with GameStore(tmp_path) as store:
        assert store.get(saved.id).game == game(EVEN, EVEN)
    assert not tmp.exists() and not (tmp_path / JOURNAL).exists()


# -- store.py: recovery and restore write as durably as any save ----------------------------


def test_a_damaged_file_restored_from_a_backup_is_written_durably(tmp_path, monkeypatch):
    with GameStore(tmp_path, today=date(2020, 1, 1)) as store:
        saved = store.create(game(EVEN))
    GameStore(tmp_path, today=date(2020, 1, 2)).close()  # the backup holding the game
    (tmp_path / "active.json").write_text("{torn")
    disk = Disk(monkeypatch)
    with GameStore(tmp_path, today=date(2020, 1, 2)) as store:
        assert store.get(saved.id).game == game(EVEN)
    disk.written_durably(tmp_path / "active.json")


def test_a_restored_backup_is_written_durably(tmp_path, monkeypatch):
    with GameStore(tmp_path, today=date(2020, 1, 1)) as store:
        store.create(game(EVEN))
    GameStore(tmp_path, today=date(2020, 1, 2)).close()
    day = "2020-01-02"
    disk = Disk(monkeypatch)
    restore_backup(tmp_path, day)
    restored = sorted((tmp_path / "backups" / day).rglob("*.json"))
    assert restored
    for item in restored:
        disk.written_durably(tmp_path / item.relative_to(tmp_path / "backups" / day))


# -- atomic.py: what a file holds and what a damaged one reports ---------------------------


def test_a_file_is_compact_json_in_utf8_with_every_script_kept():
    tables = {"games": {"1": {"name": "Ann ไทย שרה"}}}
    assert atomic.encode(tables) == '{"games":{"1":{"name":"Ann ไทย שרה"}}}'.encode()


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"  \n", "the file is empty"),
        (b'{"games": {', "not valid JSON (Expecting"),
        (b'{"games": [1, 2]}', "not a table file"),
        (b"[1, 2]", "not a table file"),
    ],
)
def test_a_damaged_file_names_itself_and_why(tmp_path, content, reason):
    path = tmp_path / "active.json"
    path.write_bytes(content)
    with pytest.raises(atomic.DamagedFileError) as damaged:
        atomic.read_json_file(path)
    assert damaged.value.path == path
    assert str(damaged.value).startswith(f"{path}: {reason}")
    assert str(damaged.value.reason).startswith(reason)


def test_the_json_error_quoted_is_cut_at_80_characters(tmp_path):
    path = tmp_path / "active.json"
    path.write_bytes(b"[" * 100_000)  # too deep: Python's own message is longer than 80
    with pytest.raises(atomic.DamagedFileError) as damaged:
        atomic.read_json_file(path)
    quoted = str(damaged.value.reason).removeprefix("not valid JSON (").removesuffix(")")
    assert len(quoted) == 80 and quoted.startswith("maximum recursion depth exceeded")


def test_no_journal_means_nothing_to_finish(tmp_path):
    assert atomic.replay_journal(tmp_path) is False


def test_every_version_of_a_file_carries_its_meta_row(tmp_path):
    storage = AtomicJSONStorage(tmp_path / "active.json", meta={"kind": "active", "schema": 2})
    assert storage.read() == {"_meta": {"1": {"kind": "active", "schema": 2}}}


def test_a_file_is_parsed_once_what_was_written_is_kept_in_memory(tmp_path):
    path = tmp_path / "active.json"
    storage = AtomicJSONStorage(path)
    storage.write({"games": {"1": {"id": "a"}}})
    path.write_bytes(b"{}")  # only this process writes the folder: never read again
    assert storage.read() == {"games": {"1": {"id": "a"}}}
