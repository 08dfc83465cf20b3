"""A session's own page, opened from History: its games with their final
scores, the games each side (or player) won, the evening's highlights and
how much it moved each player's rating. Everything is worked out here, in
words, when the page is opened (no flet): the screen only draws it."""

from dataclasses import dataclass

from scorekeeper.core.highlights import Highlights, session_highlights
from scorekeeper.core.saved import SavedGame
from scorekeeper.core.scoring import Status
from scorekeeper.core.session import Session, played, session_tally, standings_text
from scorekeeper.i18n import _, moment, ngettext
from scorekeeper.storage.store import GameNotFoundError, GameStore, SessionNotFoundError
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.state.browsing import Browsing
from scorekeeper.ui.state.night_history import moves_text
from scorekeeper.ui.state.shown import Restore, Shown
from scorekeeper.ui.text import isolate, num, side_label


@dataclass(frozen=True)
class NightGame:
    """One game of the session as its page lists it."""

    id: str
    title: str  # "Game 2 · Finished" or "Game 3 · In progress"
    sides: tuple[tuple[str, int], ...]  # each side's label and final (or current) score
    winner: int | None  # the winning side of a finished game


@dataclass(frozen=True)
class NightView:
    """Everything the session's page shows, in words and figures."""

    id: str
    title: str  # "Session of Mar 6, 2026, 8:00 PM · 3 games"
    tally: str  # "Ana + Cy 2, Ben + Dee 1"
    match: str  # "First to 3 · won by Ana + Cy", or "" without a match
    games: tuple[NightGame, ...]
    wins: tuple[tuple[str, int], ...]  # the chart: each standing and its games won
    highlights: tuple[str, ...]  # the highlights, one line each
    moves: str  # "Ratings: Ana +1.4, Ben -0.8"


def _game(place: int, saved: SavedGame) -> NightGame:
    game, score = saved.game, saved.score
    finished = score.status is Status.FINISHED
    title = _("Game {number} · finished") if finished else _("Game {number} · in progress")
    return NightGame(
        saved.id,
        title.format(number=num(place + 1)),
        tuple((side_label(game, t.side), t.score) for t in score.sides),
        score.winner if finished else None,
    )


def highlight_lines(figures: Highlights, games: list[SavedGame]) -> tuple[str, ...]:
    """The highlights in words; nothing before a hand was played."""
    big = figures.biggest
    if big is None:
        return ()
    side = side_label(games[big.game].game, big.side)
    return (
        _("Biggest hand: {points} for {side} (game {game}, hand {hand})").format(
            points=num(big.points), side=side, game=num(big.game + 1), hand=num(big.hand + 1)
        ),
        _("Nils: {made} made, {failed} failed").format(
            made=num(figures.nils_made), failed=num(figures.nils_failed)
        ),
        _("Sides set: {count}").format(count=num(figures.sets)),
        ngettext(
            "Bags paid: {count} penalty, {points} points",
            "Bags paid: {count} penalties, {points} points",
            figures.bag_penalties,
        ).format(count=num(figures.bag_penalties), points=num(figures.bag_points)),
    )


def night_view(store: GameStore, session: Session) -> NightView:
    """A stored session's page, read from the store."""
    games: list[SavedGame] = []
    for game_id in session.games:
        try:
            games.append(store.get(game_id))
        except GameNotFoundError:  # deleted meanwhile: the page shows the others
            continue
    summaries = store.session_games(session)
    tally = session_tally([played(g) for g in summaries], session.match, store.aliases())
    match = ""
    if session.match is not None:
        match = _("First to {count}").format(count=num(session.match))
        if tally.winner is not None:
            match = _("{match} · won by {names}").format(
                match=match, names=" + ".join(map(isolate, tally.winner))
            )
    count = ngettext("{count} game", "{count} games", len(games)).format(count=num(len(games)))
    when = moment(games[0].created_at) if games else ""
    return NightView(
        session.id,
        _("Session of {when} · {games}").format(when=when, games=count),
        standings_text(tally, isolate),
        match,
        tuple(_game(place, saved) for place, saved in enumerate(games)),
        tuple((" + ".join(map(isolate, s.names)), s.wins) for s in tally.standings),
        highlight_lines(session_highlights([g.scored for g in games]), games),
        moves_text(store.rating_moves([session]).get(session.id, {})),
    )


class NightPage:
    """The session whose page is shown, as last read."""

    def __init__(self, store: GameStore, shown: Shown, browsing: Browsing) -> None:
        self.store = store
        self.shown = shown
        self.browsing = browsing
        self.view: NightView | None = None

    def show_night(self, session_id: str) -> None:
        """Open a session's page; one no longer stored leads to History."""
        try:
            session = self.store.session(str(session_id)[:80])
        except SessionNotFoundError as error:
            self.view = None
            self.browsing.show_history()
            self.shown.message = str(error)
            return
        self.view = night_view(self.store, session)
        self.shown.go(Screen.NIGHT)

    def reload(self) -> None:
        """Another device changed the session: read its page again."""
        if self.view is not None and self.shown.screen is Screen.NIGHT:
            try:
                session = self.store.session(self.view.id)
            except SessionNotFoundError:  # gone: the page keeps what it showed
                return
            self.view = night_view(self.store, session)

    def snapshot(self) -> Restore:
        view = self.view

        def restore() -> None:
            self.view = view

        return restore
