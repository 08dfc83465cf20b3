"""Looking through the stored games: the home screen's lists, the history
with its filters, the statistics and the merged spellings of names. Reads the
store; the only writes are the merges."""

from scorekeeper.core.ratings import Rating
from scorekeeper.core.saved import GameSummary
from scorekeeper.core.scoring import Status
from scorekeeper.core.stats import (
    HeadToHead,
    PairStats,
    PlayerStats,
    head_to_head,
    pair_stats,
    person,
    player_stats,
)
from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _
from scorekeeper.storage.store import GameStore, Page
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.state.night_history import SessionEntry, session_entries
from scorekeeper.ui.state.shown import Restore, Shown

HISTORY_PAGE = 30
# the players' table sorts by these: the rating, or a count of PlayerStats
SORT_KEYS = {"rating": "", "finished": "finished", "wins": "wins", "nils": "nils_made"}
HOME_IN_PROGRESS = 20  # games in progress listed on the home screen
HOME_RECENT = 5  # finished games listed on the home screen


class Browsing:
    """The lists of games and players, as last read from the store."""

    def __init__(self, store: GameStore, shown: Shown) -> None:
        self.store = store
        self.shown = shown
        self.in_progress: tuple[GameSummary, ...] = ()
        self.recent: tuple[GameSummary, ...] = ()
        self.history_player = ""  # part of a name the history is filtered by
        self.history_status: Status | None = None
        self.history: Page = Page((), 0)
        self.session_of: dict[str, str] = {}  # listed game id -> its session's id
        self.sessions: dict[str, SessionEntry] = {}  # the sessions of the listed games
        self.players: list[PlayerStats] = []
        self.pairs: list[PairStats] = []
        self.rivals: list[HeadToHead] = []
        self.merges: dict[str, str] = {}
        self.ratings: dict[str, Rating] = {}  # by person, as `stats.person` keys them
        self.sort_by = "rating"  # the players' table: one of SORT_KEYS
        # each player's rating over time, by person: (their games counted, ordinal)
        self.trends: dict[str, list[tuple[int, float]]] = {}
        self.opened: str | None = None  # the player whose details show under their row

    def show_home(self) -> None:
        self.shown.go(Screen.HOME)
        self.shown.summary = []
        self.in_progress = self.store.history(
            status=Status.IN_PROGRESS, limit=HOME_IN_PROGRESS
        ).items
        self.recent = self.store.history(status=Status.FINISHED, limit=HOME_RECENT).items

    def show_history(self) -> None:
        self.shown.go(Screen.HISTORY)
        self.history = self.store.history(
            status=self.history_status, player=self.history_player, limit=HISTORY_PAGE
        )
        self.session_of, self.sessions = session_entries(self.store, self.history.items)

    def regroup_history(self) -> None:
        """The listed games' sessions read again (another device moved a game)."""
        self.session_of, self.sessions = session_entries(self.store, self.history.items)

    def filter_history(self, player: str | None = None, status: str | None = None) -> None:
        """Filter by part of a player's name and by "in_progress", "finished" or "all"."""
        if status is not None and status != "all" and status not in {s.value for s in Status}:
            self.show_history()
            self.shown.message = _(
                "{status!r} is not a status: in_progress, finished or all."
            ).format(status=str(status)[:40])
            return
        if player is not None:
            self.history_player = str(player)[:100]
        if status is not None:
            self.history_status = None if status == "all" else Status(status)
        self.show_history()

    def more_history(self) -> None:
        more = self.store.history(
            status=self.history_status,
            player=self.history_player,
            offset=len(self.history.items),
            limit=HISTORY_PAGE,
        )
        self.history = Page(self.history.items + more.items, more.total)
        self.session_of, self.sessions = session_entries(self.store, self.history.items)

    def show_stats(self) -> None:
        self.shown.go(Screen.STATS)
        counts = self.store.totals()
        self.merges = self.store.aliases()
        self.players = player_stats(counts, self.merges)
        self.pairs = pair_stats(counts, self.merges)
        self.rivals = head_to_head(counts, self.merges)
        self.ratings = {person(r.name, self.merges): r for r in self.store.ratings()}
        self.trends = self.store.rating_trend()
        if self.opened is not None and self.opened not in {p.name for p in self.players}:
            self.opened = None  # merged away, or every game of theirs deleted

    def open_player(self, name: str) -> None:
        """Show a player's details under their row (tapped again: hide them)."""
        self.opened = None if name == self.opened else str(name)[:100]

    def trend(self, name: str) -> list[tuple[int, float]]:
        """A player's rating over time: (their games counted, rating)."""
        return self.trends.get(person(name, self.merges), [])

    def leaders(self, most: int = 4) -> list[str]:
        """The players with the highest ratings, best first, as the table names them."""
        rated = [(p.name, r) for p in self.players if (r := self.rating(p.name)) is not None]
        rated.sort(key=lambda nr: (-nr[1].ordinal, nr[0].casefold()))
        return [name for name, _r in rated[:most]]

    def sort_players(self, key: str) -> None:
        """Order the players' table by rating, games finished, wins or nils made."""
        if key in SORT_KEYS:
            self.sort_by = key

    def table(self) -> list[tuple[PlayerStats, Rating | None]]:
        """One row per player, sorted by `sort_by`, highest first (ties by name)."""
        rows = [(p, self.rating(p.name)) for p in self.players]

        def value(row: tuple[PlayerStats, Rating | None]) -> float:
            stats, rating = row
            if self.sort_by == "rating":
                return rating.ordinal if rating else float("-inf")
            return float(getattr(stats, SORT_KEYS[self.sort_by]))

        return sorted(rows, key=lambda row: (-value(row), row[0].name.casefold()))

    def rating(self, name: str) -> Rating | None:
        """The rating of the person behind a name, once a finished game counted."""
        return self.ratings.get(person(name, self.merges))

    def merge_players(self, name: str | None, into: str | None) -> None:
        """Count two spellings of a name as one player (refused with a reason)."""
        if not name or not into:
            self.show_stats()
            self.shown.errors = {"merge": _("choose the two spellings to merge")}
            return
        try:
            self.store.merge_players(name, into)
        except ScorekeeperError as error:
            self.show_stats()
            self.shown.errors = {"merge": str(error)}
            return
        self.show_stats()
        self.shown.message = _("{name}: now counted as {into}.").format(name=name, into=into)

    def unmerge_player(self, name: str) -> None:
        self.store.unmerge_player(name)
        self.show_stats()

    def snapshot(self) -> Restore:
        lists = (self.in_progress, self.recent, self.history)
        grouped = (dict(self.session_of), dict(self.sessions))
        history_filter = (self.history_player, self.history_status)
        stats = (list(self.players), list(self.pairs), list(self.rivals), dict(self.merges))
        ratings, trends, opened = dict(self.ratings), dict(self.trends), self.opened

        def restore() -> None:
            self.in_progress, self.recent, self.history = lists
            self.session_of, self.sessions = dict(grouped[0]), dict(grouped[1])
            self.history_player, self.history_status = history_filter
            players, pairs, rivals, merges = stats
            self.players, self.pairs, self.rivals = list(players), list(pairs), list(rivals)
            self.merges = dict(merges)
            self.ratings = dict(ratings)
            self.trends, self.opened = dict(trends), opened

        return restore
