"""Session changes survive the faults games survive: a full disk, a write
failing at any step, the process killed at any step. After each, the folder
reopened holds the change whole or not at all (a new game and its place in a
session both, or neither), sessions.json reads, and memory matches the disk."""

import errno
import json
import os
from collections.abc import Callable

import pytest

from scorekeeper.storage import platform
from scorekeeper.storage.store import GameStore, StorageError
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.state import AppState
from tests.test_sessions_store import WIN_0, WIN_1, finished
from tests.test_ui_state import play, start

STEPS = ("write_durably", "replace", "fsync_folder")  # every place a change can stop

Roles = dict[str, str]  # game id -> its role ("a", "b", "c", "new")
Change = Callable[[GameStore, Roles], object]

CHANGES: dict[str, Change] = {
    "rematch": lambda s, r: s.create(finished(WIN_0), after=_id(r, "b")),
    "new game joins one in no session": lambda s, r: s.create(finished(), after=_id(r, "c")),
    "continue_session": lambda s, r: s.continue_session(_id(r, "b"), _id(r, "c")),
    "start_session": lambda s, r: s.start_session(_id(r, "b"), 2, leaving=_id(r, "a")),
    "move_to_session": lambda s, r: s.move_to_session(_id(r, "c"), _session(s, r)),
    "move out": lambda s, r: s.move_to_session(_id(r, "a"), None),
    "set_match": lambda s, r: s.set_match(_session(s, r), 3),
}


def _id(roles: Roles, role: str) -> str:
    return next(game_id for game_id, named in roles.items() if named == role)


def _session(store: GameStore, roles: Roles) -> str:
    found = store.session_of(_id(roles, "a"))
    assert found is not None
    return found.id


def prepare(folder) -> Roles:
    """Games a and b in one session, c in none."""
    with GameStore(folder) as store:
        a, b, c = (store.create(finished(w)) for w in (WIN_0, WIN_1, WIN_0))
        store.continue_session(a.id, b.id)
        return {a.id: "a", b.id: "b", c.id: "c"}


def state_of(store: GameStore, roles: Roles) -> tuple[object, ...]:
    """The games and sessions by role (a game stored by the change is "new")."""
    games = sorted(roles.get(g.id, "new") for g in store.all_games())
    sessions = sorted(
        (tuple(roles.get(g, "new") for g in s.games), s.match) for s in store.sessions()
    )
    return tuple(games), tuple(sessions)


def sessions_file_reads(folder) -> None:
    data = json.loads((folder / "sessions.json").read_text())
    assert data["_meta"]["1"]["kind"] == "sessions"


def outcomes(tmp_path, change: Change) -> tuple[object, object]:
    """The state before the change and after it, with no fault."""
    roles = prepare(tmp_path / "clean")
    with GameStore(tmp_path / "clean") as store:
        before = state_of(store, roles)
        change(store, roles)
        after = state_of(store, roles)
    assert before != after
    return before, after


def faulty(monkeypatch, at: int, fault: Callable[[str, tuple], BaseException]) -> None:
    """The `at`-th call to any of STEPS raises `fault(name, args)` instead."""
    real = {name: getattr(platform, name) for name in STEPS}
    calls = 0

    def step(name, *args):
        nonlocal calls
        calls += 1
        if calls == at:
            raise fault(name, args)
        return real[name](*args)

    for name in STEPS:
        monkeypatch.setattr(platform, name, lambda *a, _n=name: step(_n, *a))


class Killed(BaseException):
    """The process dies here."""


@pytest.mark.parametrize("name", list(CHANGES))
def test_a_session_change_killed_at_any_step_is_whole_or_absent(tmp_path, monkeypatch, name):
    change = CHANGES[name]
    before, after = outcomes(tmp_path, change)
    seen = set()
    step = 1
    while True:
        folder = tmp_path / f"run{step}"
        roles = prepare(folder)
        faulty(monkeypatch, step, lambda _name, _args: Killed())
        store = GameStore(folder)
        try:
            change(store, roles)
            completed = True
        except Killed:
            completed = False
        store._file_lock.release()  # the process died holding it
        monkeypatch.undo()
        with GameStore(folder) as store:
            now = state_of(store, roles)
            assert now in (before, after), f"killed at step {step}: {now}"
            seen.add(now == after)
        sessions_file_reads(folder)
        assert not list(folder.rglob(".*.tmp")) and not (folder / "journal.json").exists()
        if completed:
            break
        step += 1
    assert step > 2 and seen == {False, True}


@pytest.mark.parametrize("name", list(CHANGES))
def test_a_session_change_whose_write_fails_at_any_step_is_whole_or_absent(
    tmp_path, monkeypatch, name
):
    change = CHANGES[name]
    before, after = outcomes(tmp_path, change)
    step = 1
    while True:
        folder = tmp_path / f"run{step}"
        roles = prepare(folder)
        failed: list[str] = []  # the step that failed
        replaced: list[str] = []  # files replaced before it

        def full(name, args, failed=failed):
            failed.append(name)
            return OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(args[0]))

        with GameStore(folder) as store:
            faulty(monkeypatch, step, full)
            monkeypatch.setattr(platform, "replace", _noting(platform.replace, replaced))
            try:
                change(store, roles)
            except StorageError as error:
                assert "disk full" in error.user_message
            monkeypatch.undo()
            in_memory = state_of(store, roles)
        with GameStore(folder) as store:
            on_disk = state_of(store, roles)
        if failed and not replaced and failed != ["replace"]:  # before any file was replaced
            assert in_memory == on_disk == before, f"failed at step {step}"
        else:
            assert on_disk in (before, after), f"failed at step {step}"
        sessions_file_reads(folder)
        if not failed:
            assert in_memory == on_disk == after
            break
        step += 1
    assert step > 2


def _noting(replace, replaced):
    def noted(*args):
        result = replace(*args)
        replaced.append(str(args[1]))
        return result

    return noted


@pytest.mark.parametrize("name", list(CHANGES))
def test_a_full_disk_leaves_a_session_change_undone_and_it_can_be_made_again(
    tmp_path, monkeypatch, name
):
    change = CHANGES[name]
    before, after = outcomes(tmp_path, change)
    roles = prepare(tmp_path / "full")
    with GameStore(tmp_path / "full") as store:

        def full(path, data):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

        monkeypatch.setattr(platform, "write_durably", full)
        with pytest.raises(StorageError, match="nothing was lost"):
            change(store, roles)
        assert state_of(store, roles) == before
        monkeypatch.undo()
        change(store, roles)
        assert state_of(store, roles) == after
    with GameStore(tmp_path / "full") as store:
        assert state_of(store, roles) == after


def sessions_file_full(monkeypatch):
    """The disk is full as sessions.json is written, and only then."""
    real = platform.write_durably

    def write(path, data):
        if "sessions" in str(path):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        return real(path, data)

    monkeypatch.setattr(platform, "write_durably", write)


NAMES = ("Alex", "Beth", "Charlie", "David")
SIDE_0 = ([3, 6, 0, 4], [3, 6, 0, 4])


def test_a_rematch_that_cannot_be_saved_says_so_and_leaves_no_half_made_game(tmp_path, monkeypatch):
    with GameStore(tmp_path) as store:
        state = start(AppState(store), NAMES, target="100")
        play(state, *SIDE_0)
        first = state.current.saved
        sessions_file_full(monkeypatch)
        state.perform(state.rematch)
        assert state.shown.message == "Could not save (disk full); nothing was lost"
        assert (store.history().total, store.sessions()) == (1, [])
        assert state.shown.screen is Screen.GAME and state.current.saved == first
        monkeypatch.undo()
        state.perform(state.rematch)  # tapped again: one rematch, in the session
        (session,) = store.sessions()
        assert store.history().total == 2 and session.games == (first.id, state.current.saved.id)
        assert state.current.tonight is not None


def test_a_new_game_that_cannot_join_its_session_is_not_stored(tmp_path, monkeypatch):
    with GameStore(tmp_path) as store:
        state = start(AppState(store), NAMES, target="100")
        play(state, *SIDE_0)
        sessions_file_full(monkeypatch)
        state.go_home()
        state.new_game()
        for seat, name in enumerate(NAMES):
            state.set_name(seat, name)
        state.perform(state.start_game)
        assert "Could not save (disk full); nothing was lost" in str(state.shown.message)
        assert (store.history().total, store.sessions()) == (1, [])
