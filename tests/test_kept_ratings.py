"""Ratings kept game by game, on real stores in temporary folders: games
imported without an end time keep their place through delete and undo and
reopening; the ratings at points along the games are each counted from the
nearest checkpoint; History without sessions counts no rating; and a
session's rating move is what its own games did."""

from scorekeeper.core.exchange import parse_import
from scorekeeper.core.game import add_hand
from scorekeeper.core.model import Game, Variant
from scorekeeper.core.ratings import RatedGame, rate_game, ratings_of
from scorekeeper.core.record import game_to_record
from scorekeeper.core.rules import RuleSet
from scorekeeper.storage import kept_ratings
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.state import AppState
from scorekeeper.web.server import rate_in_background
from tests.factories import hand

WIN_1 = hand([6, 3, 4, 0], [6, 3, 4, 0])  # with target 100: side 1 wins
WIN_0 = hand([3, 6, 0, 4], [3, 6, 0, 4])  # side 0 wins
TABLE = ("Ana", "Ben", "Cy", "Dee")


def finished(win, players=TABLE):
    return add_hand(Game(Variant.PARTNERSHIP, players, 0, RuleSet(target=100)), win).game


def shown(store):
    return {r.name: (r.mu, r.sigma, r.games) for r in store.ratings()}


def expected(*wins):
    """The ratings after games of TABLE won by these sides, in this order."""
    games = [
        RatedGame(str(n), (("Ana", "Cy"), ("Ben", "Dee")), (130, 60) if w == 0 else (60, 130))
        for n, w in enumerate(wins)
    ]
    return {r.name: (r.mu, r.sigma, r.games) for r in ratings_of(games, {}).values()}


def counting(monkeypatch):
    """How many games `KeptRatings` rates from now on."""
    calls = [0]
    real = kept_ratings.rate_game

    def counted(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(kept_ratings, "rate_game", counted)
    return calls


def test_games_imported_without_an_end_time_keep_their_place(tmp_path):
    """Counted in the file's order after the games stored, through reopening,
    and a deleted one put back counts where it did (not last)."""
    wins = [1, 0, 0, 1, 0]
    with GameStore(tmp_path) as store:
        store.create(finished(WIN_0))
        records = [game_to_record(finished(WIN_0 if w == 0 else WIN_1)) for w in wins]
        imported = store.import_games(parse_import(records))
        assert shown(store) == expected(0, *wins)
    with GameStore(tmp_path) as store:
        assert shown(store) == expected(0, *wins)
        for game in imported:
            store.restore(store.delete(game.id))
            assert shown(store) == expected(0, *wins)
    with GameStore(tmp_path) as store:
        assert shown(store) == expected(0, *wins)


def test_ratings_at_points_far_apart_are_each_counted_from_the_nearest_checkpoint(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(kept_ratings, "CHECKPOINT", 5)
    with GameStore(tmp_path) as store:
        for n in range(43):
            store.create(finished(WIN_0 if n % 3 else WIN_1))
        store.ratings()
        kept = store._kept_ratings
        counted = kept._counted
        calls = counting(monkeypatch)
        points = kept.after([2, 38, 39, 43, 0])
        assert calls[0] <= 2 + 3 + 1 + 3  # from 0, 35, 38 and 40: never from the start
        for count, ratings in points.items():
            assert ratings == ratings_of(counted[:count], {})


def test_rating_moves_of_no_session_counts_no_rating(tmp_path):
    with GameStore(tmp_path) as store:
        for _ in range(3):
            store.create(finished(WIN_0))
    with GameStore(tmp_path) as store:
        assert store.rating_moves([]) == {}
        assert store._kept_ratings.rated == 0


def test_the_first_history_of_a_store_without_sessions_counts_no_rating(tmp_path):
    with GameStore(tmp_path) as store:
        for _ in range(3):
            store.create(finished(WIN_1))
    with GameStore(tmp_path) as store:
        state = AppState(store)
        state.show_history()
        state.filter_history(player="ana")
        assert len(state.history.items) == 3
        assert store._kept_ratings.rated == 0


def test_a_sessions_move_counts_only_its_own_games(tmp_path, monkeypatch):
    """Games of another session played in between, and a game moved out of
    the session, do not count in its move; each game counts its own change."""
    monkeypatch.setattr(kept_ratings, "CHECKPOINT", 2)
    with GameStore(tmp_path) as store:
        wins = [WIN_0, WIN_1, WIN_1, WIN_0, WIN_1, WIN_0]
        a, x, b, y, c, d = (store.create(finished(w)) for w in wins)
        store.continue_session(a.id, b.id)
        store.continue_session(b.id, c.id)
        store.continue_session(c.id, d.id)
        store.continue_session(x.id, y.id)  # another session, played in between
        store.move_to_session(c.id, None)  # moved out
        ours, theirs = store.sessions()
        assert ours.games == (a.id, b.id, d.id)
        store.ratings()
        calls = counting(monkeypatch)
        moves = store.rating_moves([ours, theirs])
        assert calls[0] <= 2 * 5  # each game: from its checkpoint, then itself
        games = store._kept_ratings._counted
        for session in (ours, theirs):
            total: dict[str, float] = {}
            for place, game in enumerate(games):
                if game.id in session.games:
                    before = ratings_of(games[:place], {})
                    for key, rating in rate_game(before, game, {}).items():
                        old = before[key].ordinal if key in before else 0.0
                        total[rating.name] = total.get(rating.name, 0.0) + rating.ordinal - old
            assert moves[session.id] == total


def test_a_records_counted_at_is_kept_only_for_a_finished_game_without_an_end(tmp_path):
    when = "2024-05-01T20:00:00+02:00"
    done = {**game_to_record(finished(WIN_0)), "counted_at": when}
    ended = {**done, "ended_at": "2024-05-01T21:00:00+00:00"}
    playing = {**game_to_record(Game(Variant.PARTNERSHIP, TABLE, 0)), "counted_at": when}
    with GameStore(tmp_path) as store:
        kept, timed, in_play = store.import_games(parse_import([done, ended, playing]))
        assert store.get(kept.id).counted_at.isoformat() == "2024-05-01T18:00:00+00:00"
        assert store.get(timed.id).counted_at is None
        assert store.get(in_play.id).counted_at is None
        assert [g.id for g in store._kept_ratings._counted] == []  # nothing asked yet
        store.ratings()
        assert [g.id for g in store._kept_ratings._counted] == [kept.id, timed.id]


def test_the_server_counts_the_ratings_as_it_starts(tmp_path, monkeypatch):
    """The first page to show a session's rating moves after a start finds
    every game rated already: it counts none of them again."""
    with GameStore(tmp_path) as store:
        first = store.create(finished(WIN_0))
        for _ in range(4):
            store.continue_session(first.id, store.create(finished(WIN_1)).id)
    with GameStore(tmp_path) as store:
        rate_in_background(store).join()
        assert store._kept_ratings.rated == 5
        calls = counting(monkeypatch)
        moves = store.rating_moves(store.sessions())
        assert calls[0] <= 2 * 5  # to each own game's point, then its change: none from scratch
        assert store._kept_ratings.rated == 5
        assert set(next(iter(moves.values()))) == set(TABLE)
