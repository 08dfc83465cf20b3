"""Sessions stored in sessions.json, on real files: kept through reopening,
backups, export and import, deletes and their undo, a damaged file and an
import killed at any step; ended_at kept; ratings kept game by game."""

import json
from datetime import UTC, date, datetime

import pytest
from openskill.models import PlackettLuce

from scorekeeper.core.exchange import export_record, parse_import
from scorekeeper.core.game import add_hand
from scorekeeper.core.model import Game, Variant
from scorekeeper.core.record import game_to_record
from scorekeeper.core.rules import RuleSet
from scorekeeper.core.session import Session, SessionRef
from scorekeeper.errors import ScorekeeperError
from scorekeeper.storage import platform
from scorekeeper.storage.store import (
    GameNotFoundError,
    GameStore,
    NewerVersionError,
    SessionNotFoundError,
)
from tests.factories import EVEN, game, hand

WIN_1 = hand([6, 3, 4, 0], [6, 3, 4, 0])  # with target 100: side 1 (Beth + David) wins
WIN_0 = hand([3, 6, 0, 4], [3, 6, 0, 4])  # side 0 (Alex + Charlie) wins


def finished(win=WIN_1, players=("Alex", "Beth", "Charlie", "David")):
    return add_hand(Game(Variant.PARTNERSHIP, players, 0, RuleSet(target=100)), win).game


def three_games(store):
    a, b, c = (store.create(finished(w)) for w in (WIN_0, WIN_1, WIN_0))
    store.continue_session(a.id, b.id)
    store.continue_session(b.id, c.id)
    return a, b, c


def test_rematches_continue_one_session_kept_across_reopening(tmp_path):
    with GameStore(tmp_path) as store:
        a, b, c = three_games(store)
        (session,) = store.sessions()
        assert session.games == (a.id, b.id, c.id)
        assert store.session_of(b.id) == session
        store.set_match(session.id, 2)
    with GameStore(tmp_path) as store:
        assert store.sessions() == [Session(session.id, (a.id, b.id, c.id), 2)]
    assert json.loads((tmp_path / "sessions.json").read_text())["_meta"]["1"]["kind"] == "sessions"


def test_a_folder_without_sessions_writes_no_sessions_file(tmp_path):
    with GameStore(tmp_path) as store:
        store.create(finished())
        assert store.sessions() == []
    assert not (tmp_path / "sessions.json").exists()


def test_moving_games_out_into_and_between_sessions(tmp_path):
    with GameStore(tmp_path) as store:
        a, b, c = three_games(store)
        d = store.create(game(EVEN))
        other = store.start_session(d.id, match=3)
        store.move_to_session(b.id, other.id)  # b began before d: it goes first
        assert [s.games for s in store.sessions()] == [(a.id, c.id), (b.id, d.id)]
        store.move_to_session(c.id, None)
        assert store.session_of(c.id) is None
        new = store.start_session(a.id)  # the old session, left empty, goes
        assert [s.id for s in store.sessions()] == [new.id, other.id]  # a began before b
        with pytest.raises(SessionNotFoundError, match="no session with id 'nope'"):
            store.move_to_session(a.id, "nope")
        with pytest.raises(GameNotFoundError):
            store.continue_session("missing", a.id)
        with pytest.raises(ScorekeeperError, match="from 1 to 99, got 0"):
            store.set_match(other.id, 0)


def test_a_deleted_game_leaves_its_session_and_undo_puts_it_back_in_place(tmp_path):
    with GameStore(tmp_path) as store:
        a, b, c = three_games(store)
        gone = store.delete(b.id)
        assert store.sessions()[0].games == (a.id, c.id)
        store.restore(gone)
        assert store.sessions()[0].games == (a.id, b.id, c.id)
        assert store.get(b.id).ended_at == gone.ended_at is not None


def test_sessions_are_backed_up_and_recovered_from_a_backup(tmp_path):
    with GameStore(tmp_path, today=date(2020, 1, 1)) as store:
        three_games(store)
        kept = store.sessions()
    GameStore(tmp_path, today=date(2020, 1, 2)).close()
    assert (tmp_path / "backups" / "2020-01-02" / "sessions.json").exists()
    (tmp_path / "sessions.json").write_text("damaged")
    with GameStore(tmp_path) as store:
        assert store.sessions() == kept
        assert "restored the backup of" in str(store.notices[0])


def test_a_newer_versions_sessions_file_is_refused(tmp_path):
    with GameStore(tmp_path) as store:
        three_games(store)
    data = json.loads((tmp_path / "sessions.json").read_text())
    data["_meta"]["1"]["schema"] = 99
    (tmp_path / "sessions.json").write_text(json.dumps(data))
    with pytest.raises(NewerVersionError):
        GameStore(tmp_path)


def test_export_and_import_keep_sessions_matches_and_end_times(tmp_path):
    with GameStore(tmp_path / "one") as store:
        a, _b, _c = three_games(store)
        lone = store.create(finished())
        playing = store.create(game(EVEN))
        store.set_match(store.sessions()[0].id, 2)
        sessions = store.sessions()
        records = [
            export_record(g, s.ref if (s := store.session_of(g.id)) else None)
            for g in store.all_games()  # newest first: import puts them back in order
        ]
    by_id = {r["id"]: r for r in records}
    assert by_id[a.id]["session"] == {"id": sessions[0].id, "match": 2}
    assert "session" not in by_id[lone.id] and "ended_at" in by_id[lone.id]
    assert "ended_at" not in by_id[playing.id]
    with GameStore(tmp_path / "two") as store:
        store.import_games(parse_import(json.loads(json.dumps(records))))
        assert store.sessions() == sessions
        assert store.get(a.id).ended_at == a.ended_at
        assert store.get(playing.id).ended_at is None


def test_an_imported_session_joins_one_already_stored(tmp_path):
    record = {**game_to_record(finished()), "session": {"id": "night-1", "match": 3}}
    with GameStore(tmp_path) as store:
        (first,) = store.import_games(parse_import(record))
        (second,) = store.import_games(parse_import({**record, "session": {"id": "night-1"}}))
        assert store.sessions() == [Session("night-1", (first.id, second.id), 3)]


@pytest.mark.parametrize("bad", [{"id": "bad id"}, {"id": "x", "match": 0}, "night-1"])
def test_a_bad_session_in_a_record_is_refused_with_the_value(bad):
    with pytest.raises(ScorekeeperError, match="game 1"):
        parse_import({**game_to_record(finished()), "session": bad})


def test_older_records_are_written_as_before(tmp_path):
    """A record without end time nor session is read as before, and written as
    before, but for a finished game where the ratings count it (`counted_at`)."""
    times = {"created_at": "2025-01-01T10:00:00+00:00", "updated_at": "2025-01-01T11:00:00+00:00"}
    record = {**game_to_record(finished()), "id": "old-1", **times}
    playing = {**game_to_record(game(EVEN)), "id": "old-2", **times}
    with GameStore(tmp_path) as store:
        saved, in_play = store.import_games(parse_import([record, playing]))
        assert export_record(store.get(in_play.id), None) == playing
        counted = store.get(saved.id).counted_at
        assert counted is not None and store.get(saved.id).ended_at is None
        assert export_record(store.get(saved.id), None) == {
            **record,
            "counted_at": counted.isoformat(),
        }


class Killed(BaseException):
    """The process dies here."""


def test_an_import_with_sessions_killed_at_any_step_leaves_all_or_nothing(tmp_path, monkeypatch):
    records = [{**game_to_record(finished()), "session": {"id": "s1"}} for _ in range(3)]
    real = {name: getattr(platform, name) for name in ("write_durably", "replace", "fsync_folder")}
    step = 1
    while True:
        folder = tmp_path / f"run{step}"
        GameStore(folder).close()
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
            store.import_games(parse_import(records))
            completed = True
        except Killed:
            completed = False
        store._file_lock.release()
        for name, function in real.items():
            monkeypatch.setattr(platform, name, function)
        with GameStore(folder) as store:
            total = store.history().total
            assert total in (0, 3), f"killed at step {step}"
            assert [len(s.games) for s in store.sessions()] == ([3] if total else [])
        if completed:
            break
        step += 1
    assert step > 3


def reference_ratings(games):
    model = PlackettLuce()
    table = {}
    for g in games:
        sides = [[g.game.players[s] for s in side] for side in g.game.variant.sides]
        teams = [[table.setdefault(n.casefold(), model.rating()) for n in side] for side in sides]
        scores = [s.score for s in g.score.sides]
        rated = model.rate(teams, ranks=[1 + sum(o > x for o in scores) for x in scores])
        for side, team in zip(sides, rated, strict=True):
            for name, r in zip(side, team, strict=True):
                table[name.casefold()] = r
    return {k: (r.mu, r.sigma) for k, r in table.items()}


def test_ratings_follow_the_order_games_ended_and_are_kept_game_by_game(tmp_path):
    later = {**game_to_record(finished(WIN_0)), "ended_at": "2026-03-01T22:00:00+00:00"}
    earlier = {**game_to_record(finished(WIN_1)), "ended_at": "2026-03-01T21:00:00+00:00"}
    with GameStore(tmp_path) as store:
        x, y = store.import_games(parse_import([later, earlier]))
        assert y.ended_at == datetime(2026, 3, 1, 21, tzinfo=UTC)
        expected = reference_ratings([y, x])
        assert {r.name.casefold(): (r.mu, r.sigma) for r in store.ratings()} == expected
        rated = store._kept_ratings.rated
        z = store.create(finished(WIN_0, ("Alex", "Eve", "Charlie", "Fay")))
        ratings = store.ratings()
        assert store._kept_ratings.rated == rated + 1  # only the new game was counted
        assert {r.name.casefold(): (r.mu, r.sigma) for r in ratings} == reference_ratings([y, x, z])
        assert [r.games for r in ratings if r.name == "Alex"] == [3]
        store.merge_players("Eve", "Beth")
        merged = {r.name: r.games for r in store.ratings()}
        assert merged == {"Alex": 3, "Charlie": 3, "Eve": 3, "David": 2, "Fay": 1}


def test_an_in_progress_game_gets_its_end_time_when_it_finishes(tmp_path):
    with GameStore(tmp_path) as store:
        started = store.create(
            Game(Variant.PARTNERSHIP, ("A", "B", "C", "D"), 0, RuleSet(target=100))
        )
        assert started.ended_at is None
        done = store.save(started.id, add_hand(started.game, WIN_1), started.revision)
        assert done.ended_at is not None and store.get(started.id).ended_at == done.ended_at
        assert [r.games for r in store.ratings()] == [1, 1, 1, 1]


def test_a_session_ref_carries_its_match():
    assert Session("s", ("g",), 2).ref == SessionRef("s", 2)


def test_a_sessions_rating_moves_are_the_change_over_its_games(tmp_path, monkeypatch):
    from scorekeeper.core.ratings import ratings_of
    from scorekeeper.storage import kept_ratings

    monkeypatch.setattr(kept_ratings, "CHECKPOINT", 2)  # counted again from checkpoints
    with GameStore(tmp_path) as store:
        before = [store.create(finished(WIN_0)) for _ in range(3)]
        a, b, c = three_games(store)
        after = [store.create(finished(WIN_1, ("Alex", "Eve", "Charlie", "Fay")))]
        session = store.session_of(a.id)
        moves = store.rating_moves([session])[session.id]
        rated = store._kept_ratings._counted
        assert [g.id for g in rated] == [g.id for g in (*before, a, b, c, *after)]
        start, end = ratings_of(rated[:3], {}), ratings_of(rated[:6], {})
        assert moves == {
            end[k].name: end[k].ordinal - start[k].ordinal
            for k in ("alex", "beth", "charlie", "david")
        }
        assert set(moves) == {"Alex", "Beth", "Charlie", "David"}  # Eve and Fay came after


def test_rating_moves_of_several_sessions_at_once_equal_each_alone(tmp_path, monkeypatch):
    from scorekeeper.storage import kept_ratings

    monkeypatch.setattr(kept_ratings, "CHECKPOINT", 3)
    with GameStore(tmp_path) as store:
        three_games(store)
        store.create(finished(WIN_1))
        three_games(store)
        sessions = store.sessions()
        together = store.rating_moves(sessions)
        assert len(together) == 2 and all(together.values())
        assert together == {s.id: store.rating_moves([s])[s.id] for s in sessions}


@pytest.mark.parametrize("games", [3, 11])  # counted again from the start; read from copies
def test_a_ratings_trend_is_the_ratings_after_so_many_games(tmp_path, monkeypatch, games):
    from scorekeeper.core.ratings import ratings_of
    from scorekeeper.storage import kept_ratings

    monkeypatch.setattr(kept_ratings, "CHECKPOINT", 2)
    monkeypatch.setattr(kept_ratings, "TREND_POINTS", 4)
    with GameStore(tmp_path) as store:
        for n in range(games):
            store.create(finished(WIN_0 if n % 3 else WIN_1))
        store.ratings()
        rated = store._kept_ratings.rated
        counted = store._kept_ratings._counted
        points = store._kept_ratings.trend(4)
        assert len(points) <= 4 and points[-1][0] == games
        for count, ratings in points:
            assert ratings == ratings_of(counted[:count], {})
        assert store._kept_ratings.rated == rated  # what was counted is not counted again
        trend = store.rating_trend()
        alex = trend["alex"]
        assert alex[-1] == (games, next(r.ordinal for r in store.ratings() if r.name == "Alex"))
        assert [n for n, _o in alex] == sorted({n for n, _o in alex})  # one point a game count


def test_spread_picks_evenly_apart_points_ending_on_the_last():
    from scorekeeper.storage.kept_ratings import spread

    assert spread(3, 5) == [1, 2, 3]
    assert spread(100, 4) == [25, 50, 75, 100]
    assert spread(0, 4) == []


def test_an_older_game_moved_into_a_session_takes_its_place_in_the_order_played(tmp_path):
    with GameStore(tmp_path) as store:
        old = store.create(finished())
        a, b, c = three_games(store)
        store.move_to_session(old.id, store.session_of(a.id).id)
        assert store.session_of(old.id).games == (old.id, a.id, b.id, c.id)
        store.move_to_session(b.id, None)
        store.move_to_session(b.id, store.session_of(a.id).id)  # back in its place
        assert store.session_of(b.id).games == (old.id, a.id, b.id, c.id)
