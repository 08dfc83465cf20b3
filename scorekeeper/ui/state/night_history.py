"""History by session: the sessions the listed games were played in, each
one entry with its listed games under it (when, who, each game's winner, the
tally). A game outside any session stays an entry of its own. No flet."""

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.core.saved import GameSummary
from scorekeeper.core.scoring import Status
from scorekeeper.core.session import played, session_tally, standings_text
from scorekeeper.i18n import _, decimal, moment, ngettext
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.text import isolate, num


@dataclass(frozen=True)
class SessionEntry:
    """A session as History lists it, over its games."""

    id: str
    title: str  # "Session of Mar 6, 2026, 8:00 PM · 3 games"
    players: str  # everyone who played in it
    winners: str  # each game's winner, in the order played
    tally: str  # "Ana + Cy 2, Ben + Dee 1"
    moves: str = ""  # "Ratings: Ana +1.4, Ben -0.8": how much the session moved them


def _winner(game: GameSummary) -> str:
    if game.status is not Status.FINISHED or game.winner is None:
        return "-"
    return " + ".join(isolate(name) for name in game.side_names(game.winner))


def moves_list(moves: dict[str, float]) -> str:
    """Each player's rating move, most gained first: "Ana +1.4, Ben -0.8"."""
    return ", ".join(
        f"{isolate(name)} {decimal(move, '+#,##0.0;-#,##0.0')}"
        for name, move in sorted(moves.items(), key=lambda item: -item[1])
    )


def moves_text(moves: dict[str, float]) -> str:
    """How much a session moved each player's rating: "Ratings: Ana +1.4, Ben -0.8"."""
    if not moves:
        return ""
    return _("Ratings: {moves}").format(moves=moves_list(moves))


def session_entries(
    store: GameStore, listed: Sequence[GameSummary]
) -> tuple[dict[str, str], dict[str, SessionEntry]]:
    """Which session each listed game is in (by game id), and those sessions."""
    ids = {game.id for game in listed}
    of_game: dict[str, str] = {}
    entries: dict[str, SessionEntry] = {}
    aliases = store.aliases()
    shown = [s for s in store.sessions() if ids.intersection(s.games)]
    moves = store.rating_moves(shown)  # together: one pass over the ratings
    for session in shown:
        games = store.session_games(session)
        for game in games:
            of_game[game.id] = session.id
        people = dict.fromkeys(name for game in games for name in game.players)
        count = ngettext("{count} game", "{count} games", len(games)).format(count=num(len(games)))
        tally = session_tally([played(g) for g in games], session.match, aliases)
        entries[session.id] = SessionEntry(
            session.id,
            _("Session of {when} · {games}").format(when=moment(games[0].created_at), games=count),
            ", ".join(isolate(name) for name in people),
            _("Winners: {names}").format(names=" · ".join(_winner(g) for g in games)),
            standings_text(tally, isolate),
            moves_text(moves[session.id]),
        )
    return of_game, entries


def history_entries(
    listed: Sequence[GameSummary], session_of: dict[str, str]
) -> list[tuple[str | None, list[GameSummary]]]:
    """The listed games as History's entries, in the list's order: a session
    (its id) with its listed games together, where its first listed game
    stands; a game in no session (None) alone, never among a session's."""
    entries: list[tuple[str | None, list[GameSummary]]] = []
    at: dict[str, int] = {}  # session id -> its entry's place
    for game in listed:
        session = session_of.get(game.id)
        if session is None:
            entries.append((None, [game]))
        elif session in at:
            entries[at[session]][1].append(game)
        else:
            at[session] = len(entries)
            entries.append((session, [game]))
    return entries
