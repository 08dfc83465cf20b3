"""The session of the game on screen, as the scoreboard shows it: the tally
("Tonight: Ana + Cy 2, Ben + Dee 1"), the match and its winner, announced on
the game that decided it. Read from the store when a game is shown (no flet)."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from scorekeeper.core.saved import SavedGame
from scorekeeper.core.session import played, session_tally, standings_text
from scorekeeper.i18n import _
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.state.night_history import moves_list
from scorekeeper.ui.text import isolate, num

LATELY = timedelta(hours=12)  # a new game with the same players continues their session


@dataclass(frozen=True)
class Tonight:
    """What the scoreboard says of the shown game's session."""

    session: str  # its id
    line: str  # "Tonight: Ana + Cy 2, Ben + Dee 1 · first to 3"
    match_won: str | None = None  # said on the game that decided the match only
    match: int | None = None  # first to this many games; None: no match
    moves: str = ""  # "Ratings tonight: Ana +1.4, Ben -0.8", once a game of it finished


def tonight(store: GameStore, saved: SavedGame) -> Tonight | None:
    """The session's tally up to now, or None when the game is in no session."""
    session = store.session_of(saved.id)
    if session is None:
        return None
    aliases = store.aliases()
    games = store.session_games(session)
    tally = session_tally([played(g) for g in games], session.match, aliases)
    line = _("Tonight: {tally}").format(tally=standings_text(tally, isolate))
    if session.match is not None:
        line = _("{tally} · first to {count}").format(tally=line, count=num(session.match))
    won = None
    decided = tally.decided_by
    if tally.winner is not None and decided is not None and games[decided].id == saved.id:
        won = _("Match won: {names}").format(names=" + ".join(map(isolate, tally.winner)))
    moved = store.rating_moves([session]).get(session.id, {})
    moves = _("Ratings tonight: {moves}").format(moves=moves_list(moved)) if moved else ""
    return Tonight(session.id, line, won, session.match, moves)


@dataclass(frozen=True)
class Joined:
    """A new game joined the session of the same players' game `previous`;
    `began` says the session was begun for it (that game was in none)."""

    previous: str
    began: bool


def session_to_join(store: GameStore, players: Sequence[str], now: datetime) -> Joined | None:
    """The session a new game of these players joins: the one of their latest
    game, if they played within LATELY (seated in any way). The game is then
    stored `after` that one (`GameStore.create`), in the same write."""
    lately = store.played_lately(players, now - LATELY)
    if lately is None:
        return None
    return Joined(lately.id, began=store.session_of(lately.id) is None)
