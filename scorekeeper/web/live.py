"""What the watch link shows: the games in progress (and those just won),
read from the store once per change however many devices watch. No flet.

The board is shared by watchers who read different languages: it holds data
only (names, numbers, bids), and each watch page puts it into words."""

import threading
from dataclasses import dataclass
from datetime import datetime, timedelta

from scorekeeper.core.blind import is_blind_contract
from scorekeeper.core.draft import HandDraft, Step
from scorekeeper.core.model import Bid, Variant
from scorekeeper.core.saved import SavedGame
from scorekeeper.core.scoring import Status
from scorekeeper.core.session import played, session_tally
from scorekeeper.storage.store import GameNotFoundError, GameStore, now
from scorekeeper.ui import isolate, player, side_label, side_players

LIVE_GAMES = 20
JUST_WON = timedelta(minutes=30)  # a finished game stays on the board this long


@dataclass(frozen=True)
class LiveSide:
    names: str  # "Alex + Charlie", names isolated for right-to-left scripts
    score: int
    bags: int  # carried, after penalties
    bid: int | None  # the side's contract so far in the hand being bid, None before any bid
    players: str = ""  # who is in a side with a name of its own ("Us"): "Alex + Charlie"
    blind: bool = False  # the contract so far is bid blind


@dataclass(frozen=True)
class LiveBid:
    player: str  # isolated for right-to-left scripts
    bid: Bid | None  # None while not yet bid


@dataclass(frozen=True)
class LiveTally:
    """The tally of the session a live game is played in (words are the page's)."""

    standings: tuple[tuple[str, int], ...]  # ("Alex + Charlie", wins), most wins first
    match: int | None  # first to this many games; None: no match
    winner: str = ""  # the match's winner, once decided
    # where the match was decided, seen from this game: "here" (announced on
    # this game only), "earlier" (a game before this one) or "later"
    decided: str = ""


@dataclass(frozen=True)
class LiveGame:
    id: str
    sides: tuple[LiveSide, ...]
    hand: int  # the number of the hand being played (1-based); hands recorded + 1
    dealer: str  # in the two-player game, the player who draws first
    first_bidder: str
    drawing: bool  # the two-player game: no deal, the players draw from the stock
    bids: tuple[LiveBid, ...]  # in bidding order
    step: str  # "bids", "tricks" or "" when no hand is being entered
    target: int
    winner: int | None  # the side that won
    tied: bool  # both past the target with equal scores: play on
    finished: bool
    tally: LiveTally | None = None  # the session's, when the game is in one


def live_tally(store: GameStore, saved: SavedGame) -> LiveTally | None:
    """The tally of the game's session, or None when it is in none."""
    session = store.session_of(saved.id)
    if session is None:
        return None
    games = store.session_games(session)
    tally = session_tally([played(g) for g in games], session.match, store.aliases())
    standings = tuple((" + ".join(map(isolate, s.names)), s.wins) for s in tally.standings)
    decided = ""
    if tally.winner is not None and tally.decided_by is not None:
        at = next(i for i, g in enumerate(games) if g.id == saved.id)
        decided = (
            "here" if at == tally.decided_by else "earlier" if at > tally.decided_by else "later"
        )
    winner = " + ".join(map(isolate, tally.winner or ()))
    return LiveTally(standings, session.match, winner, decided)


def live_game(
    saved: SavedGame, draft: HandDraft | None, tally: LiveTally | None = None
) -> LiveGame:
    game, score = saved.game, saved.score  # scored once, when the game was read
    index = len(game.hands)
    order = game.bidding_order(index)
    entering = draft if draft is not None and draft.editing is None else None
    bids = tuple(
        LiveBid(player(game, seat), entering.bids[seat] if entering else None) for seat in order
    )
    sides = []
    for total in score.sides:
        contract = None
        blind = False
        if entering and any(entering.bids[seat] is not None for seat in total.seats):
            contract = entering.contract(total.seats)
            entered = [b for seat in total.seats if (b := entering.bids[seat]) is not None]
            blind = is_blind_contract(entered)
        sides.append(
            LiveSide(
                side_label(game, total.side),
                total.score,
                total.bags,
                contract,
                side_players(game, total.side),
                blind,
            )
        )
    finished = score.status is Status.FINISHED
    return LiveGame(
        id=saved.id,
        sides=tuple(sides),
        hand=index + 1,
        dealer=player(game, game.dealer(index)),
        first_bidder=player(game, order[0]),
        drawing=game.variant is Variant.TWO_PLAYER,
        bids=bids,
        step=(entering.step.value if entering.step in (Step.BIDS, Step.TRICKS) else "")
        if entering and not finished
        else "",
        target=game.rules.target,
        winner=score.winner,
        tied=score.tied,
        finished=finished,
        tally=tally,
    )


def read_live_games(
    store: GameStore, at: datetime | None = None, kept: dict[str, SavedGame] | None = None
) -> tuple[LiveGame, ...]:
    """Games in progress, newest first, then the games won in the last half hour.

    `kept` holds games as a keeper saved them, by id: one that is the version
    listed is shown as it is, scored once when it was saved (not read, parsed
    and scored again). It is left holding the games shown."""
    at = at or now()
    known = dict(kept or {})
    if kept is not None:
        kept.clear()
    playing = store.history(status=Status.IN_PROGRESS, limit=LIVE_GAMES).items
    won = [
        g
        for g in store.history(status=Status.FINISHED, limit=5).items
        if at - g.updated_at <= JUST_WON
    ]
    games = []
    for summary in (*playing, *won):
        saved = known.get(summary.id)
        if saved is None or saved.updated_at != summary.updated_at:
            try:
                saved = store.get(summary.id)
            except GameNotFoundError:  # deleted meanwhile
                continue
        if kept is not None:
            kept[summary.id] = saved
        draft = store.draft(summary.id) if summary.status is Status.IN_PROGRESS else None
        games.append(live_game(saved, draft, live_tally(store, saved)))
    return tuple(games)


class LiveBoard:
    """The live games, read again only after a change was announced: twenty
    watchers cost one read of the store per change."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._lock = threading.Lock()
        self.version = 0
        self._read_version = -1
        self._games: tuple[LiveGame, ...] = ()
        self._kept: dict[str, SavedGame] = {}  # the games shown, and any just saved

    def changed(self, saved: SavedGame | None = None) -> int:
        """A keeper changed something; `saved` is the game as it was just saved
        (with its score), shown as it is when it is the version listed."""
        with self._lock:
            if saved is not None:
                self._kept[saved.id] = saved
            self.version += 1
            return self.version

    def games(self) -> tuple[LiveGame, ...]:
        """The games as of the latest change (blocking: call it off the event loop)."""
        with self._lock:
            if self._read_version != self.version:
                self._games = read_live_games(self.store, kept=self._kept)
                self._read_version = self.version
            return self._games
