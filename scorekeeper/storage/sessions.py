"""The sessions: which games one table played together, in sessions.json.

A session keeps the ids of its games even while one is deleted, so that
undoing the delete puts the game back where it was; what the store hands
out leaves out the games it no longer holds. Every change rewrites the
table in one write, inside the store's transaction (atomic.py)."""

from collections.abc import Iterable, Sequence
from typing import Any, TypedDict

from tinydb import TinyDB

from scorekeeper.core.session import MAX_MATCH, Session


class SessionDocument(TypedDict):
    """A session as sessions.json keeps it."""

    id: str
    games: list[str]
    match: int | None


def session_to_document(session: Session) -> SessionDocument:
    """A session as stored."""
    return {"id": session.id, "games": list(session.games), "match": session.match}


def session_from_document(doc: Any) -> Session | None:
    """A stored session, or None for a row that does not read (left out)."""
    if not isinstance(doc, dict):
        return None
    session_id, games, match = doc.get("id"), doc.get("games"), doc.get("match")
    if not isinstance(session_id, str) or not isinstance(games, list):
        return None
    if not all(isinstance(g, str) for g in games):
        return None
    if match is not None and not (type(match) is int and 1 <= match <= MAX_MATCH):
        match = None
    return Session(session_id, tuple(dict.fromkeys(games)), match)


class Sessions:
    """The sessions in sessions.json, in the order they were started."""

    def __init__(self, db: TinyDB) -> None:
        self.db = db

    def all(self) -> list[Session]:
        """Every stored session, a game in at most one (the first that names it)."""
        seen: set[str] = set()
        sessions = []
        for doc in self.db.table("sessions").all():
            session = session_from_document(doc)
            if session is None or not session.games:
                continue
            games = tuple(g for g in session.games if g not in seen)
            seen.update(games)
            if games:
                sessions.append(Session(session.id, games, session.match))
        return sessions

    def replace(self, sessions: Sequence[Session]) -> None:
        """Keep exactly these sessions (one write)."""
        table = self.db.table("sessions")
        table.truncate()
        table.insert_multiple([session_to_document(s) for s in sessions if s.games])

    def ids(self) -> set[str]:
        """The stored sessions' ids."""
        return {s.id for s in self.all()}


def visible(sessions: Iterable[Session], stored: set[str]) -> list[Session]:
    """The sessions with only the games still stored; one left with none is not shown."""
    shown = []
    for session in sessions:
        games = tuple(g for g in session.games if g in stored)
        if games:
            shown.append(Session(session.id, games, session.match))
    return shown
