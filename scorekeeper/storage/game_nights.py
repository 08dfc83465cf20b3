"""The store's operations on sessions and ratings (`GameStore` inherits them):
which games one table played together, the match they play, and every
player's rating, kept up to date game by game."""

import threading
from collections.abc import Iterable, Sequence
from datetime import datetime

from scorekeeper.core.exchange import Incoming
from scorekeeper.core.ratings import Rating, best_first
from scorekeeper.core.saved import GameSummary, SavedGame
from scorekeeper.core.session import (
    PlayedAt,
    Session,
    SessionRef,
    in_played_order,
    match_problem,
    move_game,
    played_order,
)
from scorekeeper.core.stats import person
from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _
from scorekeeper.storage.active import ActiveGames
from scorekeeper.storage.archive import Archive
from scorekeeper.storage.documents import (
    SummaryDocument,
    instant,
    stored_summary,
    summary_from_document,
)
from scorekeeper.storage.errors import GameNotFoundError
from scorekeeper.storage.guard import guarded
from scorekeeper.storage.ids import new_id, now
from scorekeeper.storage.journal import Journal
from scorekeeper.storage.kept_ratings import KeptRatings
from scorekeeper.storage.players import Players
from scorekeeper.storage.sessions import Sessions, visible


class SessionNotFoundError(ScorekeeperError):
    """A session id that names no stored session."""


class GameNights:
    """Sessions and ratings, over the parts of the store's folder."""

    _lock: threading.RLock
    _journal: Journal
    _sessions: Sessions
    _archive: Archive
    _active: ActiveGames
    _players: Players
    _kept_ratings: KeptRatings
    _played: dict[str, tuple[SummaryDocument, PlayedAt]]  # see _played_at

    def _ids(self) -> set[str]:
        raise NotImplementedError  # the store's: every stored game's id

    # -- sessions ----------------------------------------------------------------

    @guarded(writes=False)
    def sessions(self) -> list[Session]:
        """Every session with a game still stored, each listing its stored
        games in the order played (`in_played_order`); the sessions in the
        order they began (their first games')."""
        with self._lock:
            shown = visible(self._sessions.all(), self._ids())
            when = self._played_at(g for s in shown for g in s.games)
            ordered = [in_played_order(s, when) for s in shown]
            return sorted(ordered, key=lambda s: when[s.games[0]])

    def _played_at(self, game_ids: Iterable[str]) -> dict[str, PlayedAt]:
        """Where each of these stored games stands in the order played. A
        finished game's row is read once while it stays the same object (its
        times parsed again only when it changed: 5,000 games, one new)."""
        active = {row["id"]: row for row in self._active.summaries()}
        when = {}
        for game_id in game_ids:
            row: SummaryDocument | None = self._archive.summary(game_id) or active.get(game_id)
            if row is None:
                continue
            known = self._played.get(game_id)
            if known is not None and known[0] is row:
                when[game_id] = known[1]
                continue
            ended = row.get("ended_at")
            when[game_id] = played_order(
                instant(row["created_at"]), instant(ended) if ended else None, game_id
            )
            self._played[game_id] = (row, when[game_id])
        return when

    @guarded(writes=False)
    def session(self, session_id: str) -> Session:
        """A stored session by id; SessionNotFoundError if there is none."""
        with self._lock:
            for session in visible(self._sessions.all(), self._ids()):
                if session.id == session_id:
                    return in_played_order(session, self._played_at(session.games))
        raise SessionNotFoundError(
            _("there is no session with id {id!r}").format(id=session_id[:80])
        )

    @guarded(writes=False)
    def session_of(self, game_id: str) -> Session | None:
        """The session a game was played in, if any."""
        with self._lock:
            for session in visible(self._sessions.all(), self._ids()):
                if game_id in session.games:
                    return in_played_order(session, self._played_at(session.games))
        return None

    def _stored(self, game_id: str) -> None:
        if game_id not in self._ids():
            raise GameNotFoundError(_("there is no game with id {id!r}").format(id=game_id[:80]))

    @guarded(writes=True)
    def continue_session(self, previous_id: str, game_id: str) -> Session:
        """`game_id` joins the session `previous_id` was played in (one is
        begun with it, if it was in none), in its place in the order played."""
        with self._lock, self._journal.transaction():
            self._stored(previous_id)
            self._stored(game_id)
            joined = self._join_after(previous_id, game_id)
        return self.session(joined)

    def _join_after(self, previous_id: str, game_id: str) -> str:
        """`continue_session` without its checks (`create` joins a game it is
        storing in the same transaction); the session's id."""
        stored = self._sessions.all()
        own = next((s for s in stored if previous_id in s.games), None)
        if own is None:
            own = Session(new_id(now(), {s.id for s in stored}), (previous_id,))
            stored = [*move_game(stored, previous_id, None), own]
        self._sessions.replace(move_game(stored, game_id, own.id))
        return own.id

    @guarded(writes=True)
    def start_session(
        self, game_id: str, match: int | None = None, leaving: str | None = None
    ) -> Session:
        """`game_id` leaves its session (if any) and begins a new one. In the
        same write, the game `leaving` (if given) goes out of its session: the
        one begun for `game_id` to join it, say, which then goes too."""
        with self._lock, self._journal.transaction():
            self._stored(game_id)
            _check_match(match)
            stored = self._sessions.all()
            new = Session(new_id(now(), {s.id for s in stored}), (), match)
            if leaving is not None:
                stored = list(move_game(stored, leaving, None))
            self._sessions.replace(move_game(stored, game_id, None, new))
        return self.session(new.id)

    @guarded(writes=True)
    def move_to_session(self, game_id: str, session_id: str | None) -> None:
        """Move a game into another session (in its place in the order
        played), or out of any (`None`); a session left without games goes."""
        with self._lock, self._journal.transaction():
            self._stored(game_id)
            if session_id is not None:
                self.session(session_id)
            self._sessions.replace(move_game(self._sessions.all(), game_id, session_id))

    @guarded(writes=True)
    def set_match(self, session_id: str, match: int | None) -> Session:
        """Play the session as a match, first to `match` games (None: no match)."""
        with self._lock, self._journal.transaction():
            _check_match(match)
            self.session(session_id)
            self._sessions.replace(
                [
                    Session(s.id, s.games, match) if s.id == session_id else s
                    for s in self._sessions.all()
                ]
            )
        return self.session(session_id)

    def _join_sessions(self, incoming: Sequence[Incoming], saved: Sequence[SavedGame]) -> None:
        """Put imported games into the sessions their records name (made
        when new), in file order (`sessions` hands them out in the order
        played); inside the import's transaction, so the games and their
        sessions are stored together."""
        refs = [(item.session, game) for item, game in zip(incoming, saved, strict=True)]
        joining = [(ref, game) for ref, game in refs if ref is not None]
        if not joining:
            return
        stored = list(self._sessions.all())
        for ref, game in joining:
            stored = _join(stored, ref, game.id)
        self._sessions.replace(stored)

    @guarded(writes=False)
    def session_games(self, session: Session) -> list[GameSummary]:
        """The summaries of a session's games, in the order played."""
        with self._lock:
            found = []
            for game_id in session.games:
                row: SummaryDocument | None = self._archive.summary(game_id)
                if row is None and (doc := self._active.get(game_id)) is not None:
                    row = stored_summary(doc)
                if row is not None:
                    found.append(summary_from_document(row))
            return found

    @guarded(writes=False)
    def played_lately(
        self, players: Iterable[str], since: datetime, but: str = ""
    ) -> GameSummary | None:
        """The latest game (but `but`) the same people played, seated in any
        way, saved since `since`; merged spellings count as one person."""
        with self._lock:
            aliases = self._players.aliases()
            people = sorted(person(name, aliases) for name in players)
            rows = [*self._active.summaries(), *self._archive.summaries()]
            lately = [
                row
                for row in rows
                if row["id"] != but
                and instant(row["updated_at"]) >= since
                and sorted(person(name, aliases) for name in row["players"]) == people
            ]
            if not lately:
                return None
            return summary_from_document(max(lately, key=lambda r: instant(r["updated_at"])))

    # -- ratings -----------------------------------------------------------------

    @guarded(writes=False)
    def rating_moves(self, sessions: Sequence[Session]) -> dict[str, dict[str, float]]:
        """By session id: how much each of its players' rating (ordinal) moved
        through the session's own finished games (the sum of what each of them
        changed, where it counted), by the name in the player's latest of them."""
        if not sessions:
            return {}  # nothing to say: the ratings are not even counted
        with self._lock:
            self.ratings()  # the kept ratings up to date
            kept = self._kept_ratings
            changes = kept.changes(g for s in sessions for g in s.games)
            moves: dict[str, dict[str, float]] = {}
            for session in sessions:
                moved: dict[str, float] = {}
                names: dict[str, str] = {}
                places = {g: p for g in session.games if (p := kept.position(g)) is not None}
                for game_id in sorted(places, key=places.__getitem__):
                    for key, (before, rating) in changes.get(game_id, {}).items():
                        moved[key] = moved.get(key, 0.0) + rating.ordinal - before
                        names[key] = rating.name
                moves[session.id] = {names[key]: move for key, move in moved.items()}
            return moves

    @guarded(writes=False)
    def rating_trend(self) -> dict[str, list[tuple[int, float]]]:
        """Each player's rating (ordinal) over time, by person key: after how
        many of their own games, at the points `KeptRatings.trend` reads."""
        with self._lock:
            self.ratings()  # the kept ratings up to date
            trends: dict[str, dict[int, float]] = {}
            for _count, ratings in self._kept_ratings.trend():
                for key, rating in ratings.items():
                    trends.setdefault(key, {})[rating.games] = rating.ordinal
            return {key: sorted(points.items()) for key, points in trends.items()}

    @guarded(writes=False)
    def ratings(self) -> list[Rating]:
        """Every player's rating from the finished games, best first. Kept
        between calls: a game finished since counts only itself."""
        with self._lock:
            kept = self._kept_ratings.ratings(self._archive.summaries(), self._players.aliases())
            return best_first(kept)


def _check_match(match: int | None) -> None:
    if match is not None and (problem := match_problem(match)):
        raise ScorekeeperError(problem)


def _join(stored: Iterable[Session], ref: SessionRef, game_id: str) -> list[Session]:
    sessions = list(stored)
    if not any(s.id == ref.id for s in sessions):
        return [*move_game(sessions, game_id, None), Session(ref.id, (game_id,), ref.match)]
    moved = list(move_game(sessions, game_id, ref.id))
    if ref.match is None:
        return moved
    return [Session(s.id, s.games, ref.match) if s.id == ref.id else s for s in moved]
