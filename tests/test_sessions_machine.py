"""Hypothesis drives a store on real files through games played, games
imported without an end time (counted where they stand in their file, after
the games already stored), rematches, games moved between sessions, deletes
and their undo, matches set, the folder reopened and exported into a new one;
after every step each session, its games in the order played and its tally,
every rating the store keeps game by game, and how much each session moved
the ratings, equal a computation from scratch."""

import json
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from scorekeeper.core.exchange import export_record, parse_import
from scorekeeper.core.game import add_hand
from scorekeeper.core.model import Game, Variant
from scorekeeper.core.ratings import RatedGame, rate_game
from scorekeeper.core.record import game_to_record
from scorekeeper.core.rules import RuleSet
from scorekeeper.core.saved import summarize
from scorekeeper.core.session import played, session_tally
from scorekeeper.core.stats import person
from scorekeeper.storage import kept_ratings
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.state.night_history import history_entries
from tests.factories import hand

WINS = (hand([3, 6, 0, 4], [3, 6, 0, 4]), hand([6, 3, 4, 0], [6, 3, 4, 0]))
TABLES = (
    ("Ana", "Ben", "Cy", "Dee"),
    ("Ana", "Cy", "Ben", "Dee"),
    ("Eve", "Ben", "ana", "Dee"),
)


class SessionsMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="sessions-machine-"))
        self.checkpoint = kept_ratings.CHECKPOINT
        kept_ratings.CHECKPOINT = 2  # a change back counts again from a checkpoint
        self.store = GameStore(self.folder)
        self.sessions: list[list[str]] = []  # the model: game ids per session (any order)
        self.matches: list[int | None] = []
        self.session_ids: list[str | None] = []
        self.games: list[str] = []
        self.counted: list[str] = []  # every game stored, in the order its rating counts
        self.deleted: list = []

    def teardown(self) -> None:
        kept_ratings.CHECKPOINT = self.checkpoint
        self.store.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _leave(self, game_id: str) -> None:
        for games in self.sessions:
            if game_id in games:
                games.remove(game_id)

    @rule(table=st.sampled_from(TABLES), win=st.sampled_from(WINS), rematch=st.booleans())
    def play(self, table, win, rematch):
        game = add_hand(Game(Variant.PARTNERSHIP, table, 0, RuleSet(target=100)), win).game
        saved = self.store.create(game)
        if rematch and self.games:
            previous = self.games[-1]
            session = self.store.continue_session(previous, saved.id)
            own = next((s for s in self.sessions if previous in s), None)
            if own is None:
                self._leave(previous)
                self.sessions.append([previous])
                self.matches.append(None)
                self.session_ids.append(session.id)
                own = self.sessions[-1]
            own.append(saved.id)
        self.games.append(saved.id)
        self.counted.append(saved.id)

    @rule(games=st.lists(st.tuples(st.sampled_from(TABLES), st.sampled_from(WINS)), max_size=3))
    def import_untimed(self, games):
        records = [
            game_to_record(add_hand(Game(Variant.PARTNERSHIP, t, 0, RuleSet(target=100)), w).game)
            for t, w in games
        ]
        saved = self.store.import_games(parse_import(records))
        self.games.extend(s.id for s in saved)
        self.counted.extend(s.id for s in saved)  # in the file's order, after the rest

    @precondition(lambda self: self.games)
    @rule(data=st.data(), match=st.none() | st.integers(1, 3))
    def start_session(self, data, match):
        game_id = data.draw(st.sampled_from(self.games))
        session = self.store.start_session(game_id, match)
        self._leave(game_id)
        self.sessions.append([game_id])
        self.matches.append(match)
        self.session_ids.append(session.id)

    @precondition(lambda self: self.games)
    @rule(data=st.data())
    def move(self, data):
        game_id = data.draw(st.sampled_from(self.games))
        live = [i for i, games in enumerate(self.sessions) if self._shown(games)]
        target = data.draw(st.none() | st.sampled_from(live)) if live else None
        self.store.move_to_session(game_id, None if target is None else self.session_ids[target])
        self._leave(game_id)
        if target is not None:
            self.sessions[target].append(game_id)

    @precondition(lambda self: any(self._shown(g) for g in self.sessions))
    @rule(data=st.data(), match=st.none() | st.integers(1, 3))
    def set_match(self, data, match):
        live = [i for i, games in enumerate(self.sessions) if self._shown(games)]
        target = data.draw(st.sampled_from(live))
        self.store.set_match(self.session_ids[target], match)
        self.matches[target] = match

    @precondition(lambda self: self.games)
    @rule(data=st.data())
    def delete(self, data):
        game_id = data.draw(st.sampled_from(self.games))
        self.deleted.append(self.store.delete(game_id))
        self.games.remove(game_id)

    @precondition(lambda self: self.deleted)
    @rule()
    def undo_delete(self):
        saved = self.deleted.pop()
        self.store.restore(saved)
        self.games.append(saved.id)

    @rule()
    def reopen(self):
        self.store.close()
        self.store = GameStore(self.folder)

    @rule()
    def export_and_import_into_a_new_folder(self):
        """Export then import into an empty folder gives the same sessions."""
        refs = {g: s.ref for s in self.store.sessions() for g in s.games}
        records = [export_record(g, refs.get(g.id)) for g in self.store.all_games()]
        other = self.folder.with_name(self.folder.name + "-copy")
        try:
            with GameStore(other) as copy:
                copy.import_games(parse_import(json.loads(json.dumps(records))))
                assert copy.sessions() == self.store.sessions()
        finally:
            shutil.rmtree(other, ignore_errors=True)

    def _shown(self, games: list[str]) -> list[str]:
        return [g for g in games if g in self.games]

    def _began(self, game_id: str):
        """From scratch: by when the game began, then when it ended, then by id."""
        saved = self.store.get(game_id)
        return (
            saved.created_at,
            saved.ended_at is None,
            saved.ended_at or saved.created_at,
            game_id,
        )

    def _in_played_order(self, games: list[str]) -> tuple[str, ...]:
        return tuple(sorted(self._shown(games), key=self._began))

    @invariant()
    def sessions_and_tallies_equal_the_model(self):
        expected = [
            (self.session_ids[i], self._in_played_order(games), self.matches[i])
            for i, games in enumerate(self.sessions)
            if self._shown(games)
        ]
        expected.sort(key=lambda session: self._began(session[1][0]))  # the order they began
        stored = self.store.sessions()
        assert [(s.id, s.games, s.match) for s in stored] == expected
        for session in stored:
            from_scratch = [played(summarize(self.store.get(g))) for g in session.games]
            summaries = {s.id: s for s in self.store.history(limit=1000).items}
            kept = [played(summaries[g]) for g in session.games]
            assert session_tally(kept, session.match, {}) == session_tally(
                from_scratch, session.match, {}
            )

    def _from_scratch(self) -> tuple[dict, dict[str, dict[str, tuple[str, float]]]]:
        """The ratings after every stored game, counted one by one in the
        model's order, and what each game did to its players' ordinals."""
        ratings: dict = {}
        moved: dict[str, dict[str, tuple[str, float]]] = {}
        for game_id in (g for g in self.counted if g in self.games):
            saved = self.store.get(game_id)
            rated = RatedGame(
                game_id,
                tuple(saved.game.side_names(s) for s in range(2)),
                tuple(s.score for s in saved.score.sides),
            )
            after = rate_game(ratings, rated, {})
            moved[game_id] = {
                k: (r.name, r.ordinal - (ratings[k].ordinal if k in ratings else 0.0))
                for k, r in after.items()
            }
            ratings.update(after)
        return ratings, moved

    @invariant()
    def ratings_equal_a_computation_from_scratch(self):
        scratch, _moved = self._from_scratch()
        kept = {person(r.name, {}): (r.mu, r.sigma, r.games) for r in self.store.ratings()}
        assert kept == {k: (r.mu, r.sigma, r.games) for k, r in scratch.items()}

    @invariant()
    def each_session_moved_the_ratings_by_its_own_games(self):
        _ratings, moved = self._from_scratch()
        sessions = self.store.sessions()
        moves = self.store.rating_moves(sessions)
        for session in sessions:
            expected: dict[str, float] = {}
            names: dict[str, str] = {}
            for game_id in sorted(session.games, key=self.counted.index):
                for key, (name, move) in moved[game_id].items():
                    expected[key] = expected.get(key, 0.0) + move
                    names[key] = name
            assert moves[session.id] == pytest.approx(
                {names[k]: v for k, v in expected.items()}, abs=1e-9
            )

    @invariant()
    def history_lists_each_session_as_one_entry_of_its_games(self):
        listed = self.store.history(limit=1000).items
        of_game = {g: s.id for s in self.store.sessions() for g in s.games}
        entries = history_entries(listed, of_game)
        order = [g.id for g in listed]
        assert sorted(g.id for _s, games in entries for g in games) == sorted(order)  # each once
        firsts = [games[0].id for _s, games in entries]
        assert firsts == [g for g in order if g in firsts]  # where its newest listed game stands
        sessions = [s for s, _games in entries if s is not None]
        assert len(sessions) == len(set(sessions))  # one entry per session
        for session, games in entries:
            if session is None:
                assert len(games) == 1 and games[0].id not in of_game  # a game alone
            else:
                ids = [g.id for g in games]
                assert ids == [g for g in order if of_game.get(g) == session]


SessionsMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=12, deadline=None)
test_sessions_machine = SessionsMachine.TestCase
