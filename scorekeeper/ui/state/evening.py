"""The keeper's changes to the shown game's session: the match ("first to N
games", off by default), and moving the game out of its session or into
another one (from the game's detail)."""

from typing import Any

from scorekeeper.core.session import match_problem
from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _, moment
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.state.keys import quiet
from scorekeeper.ui.state.open_game import OpenGame
from scorekeeper.ui.state.shown import Restore, Shown
from scorekeeper.ui.state.tonight import tonight
from scorekeeper.ui.text import isolate

MATCH_CHOICES = (2, 3, 4, 5, 7)  # offered on the scoreboard; any 1-99 is kept
OTHER_SESSIONS = 8  # the latest sessions a game can be moved into


class Evening:
    """The session of the game shown, as the keeper changes it."""

    def __init__(self, store: GameStore, current: OpenGame, shown: Shown) -> None:
        self.store = store
        self.current = current
        self.shown = shown
        self.others: list[tuple[str, str]] = []  # (session id, label) to move into
        self.picked: str | None = None  # the session picked to move the game into

    def _refresh(self) -> None:
        if self.current.saved:
            self.current.tonight = tonight(self.store, self.current.saved)

    def set_match(self, match: Any) -> None:
        """Play the shown game's session as a match, first to `match` games
        (None, "" or "off": no match); a game in no session begins one."""
        evening, saved = self.current.tonight, self.current.saved
        if saved is None:
            return
        wanted = None if match in (None, "", "off") else match
        if isinstance(wanted, str) and wanted.isdigit():
            wanted = int(wanted)
        if wanted is not None and (problem := match_problem(wanted)):
            self.shown.errors = {"match": problem}
            return
        self.shown.errors.pop("match", None)
        if evening is not None:
            self.store.set_match(evening.session, wanted)
        elif wanted is not None:  # a game in no session: a session begins with it
            self.store.start_session(saved.id, wanted)
        else:
            return
        self.current.sessions_changed = True
        self._refresh()

    def load_others(self) -> None:
        """The latest sessions the shown game is not in, to move it into."""
        saved = self.current.saved
        self.others = []
        self.picked = None
        if saved is None:
            return
        sessions = [s for s in self.store.sessions() if saved.id not in s.games]
        for session in sessions[-OTHER_SESSIONS:][::-1]:
            games = self.store.session_games(session)
            if not games:
                continue
            names = ", ".join(isolate(name) for name in games[-1].players)
            label = _("{when}: {names}").format(when=moment(games[0].created_at), names=names)
            self.others.append((session.id, label))

    def leave_session(self) -> None:
        """The shown game leaves its session (a session left empty goes)."""
        if self.current.saved:
            self.store.move_to_session(self.current.saved.id, None)
            self.current.sessions_changed = True
            self.current.joined = None
            self._refresh()
            self.load_others()

    @quiet
    def pick_session(self, session_id: str | None) -> None:
        """The session to move the shown game into, picked before *Move*."""
        self.picked = None if session_id is None else str(session_id)[:80]

    def join_session(self, session_id: str | None = None) -> None:
        """The shown game moves into another session (the one picked, unless
        one is named), in its place in the order played."""
        session_id = self.picked if session_id is None else session_id
        if not self.current.saved or not session_id:
            return
        try:
            self.store.move_to_session(self.current.saved.id, str(session_id)[:80])
        except ScorekeeperError as error:
            self.shown.message = str(error)
            return
        self.current.sessions_changed = True
        self.current.joined = None
        self._refresh()
        self.load_others()

    def snapshot(self) -> Restore:
        others, picked = list(self.others), self.picked

        def restore() -> None:
            self.others, self.picked = list(others), picked

        return restore
