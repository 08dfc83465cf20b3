"""The game open on this device, and the hand being entered on it.

The two are kept together because the store keeps them together: each new
version of the game (saved here or on another device) decides whether the
entry still means the same hand (`carry_over`), so opening, reloading and saving all
meet the entry here. The actions on the entry itself are in `entry.py`.
"""

from scorekeeper.core import game as ops
from scorekeeper.core.draft import HandDraft, carry_over
from scorekeeper.core.saved import SavedGame
from scorekeeper.core.scoring import GameScore, ScoredGame, Status
from scorekeeper.i18n import _
from scorekeeper.storage.store import ConflictError, GameNotFoundError, GameStore
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.state.browsing import Browsing
from scorekeeper.ui.state.shown import Restore, Shown
from scorekeeper.ui.state.tonight import Joined, Tonight, tonight
from scorekeeper.ui.text import describe_hand, outcome

DELETED = -1  # the revision told to other devices when a game is deleted


class OpenGame:
    """One game as stored, its score, and this device's entry on it."""

    def __init__(self, store: GameStore, shown: Shown, browsing: Browsing) -> None:
        self.store = store
        self.shown = shown
        self.browsing = browsing
        self.saved: SavedGame | None = None
        self.score: GameScore | None = None
        self.draft: HandDraft | None = None
        self.all_hands = False  # the whole score sheet, not only the recent hands
        # (game id, revision) this state wrote last, or (id, DELETED): for other devices
        self.changed: tuple[str, int] | None = None
        self.tonight: Tonight | None = None  # the shown game's session, as the scoreboard says it
        self.joined: Joined | None = None  # it joined the session of the same players lately
        # a session changed here (a game moved, a match set): other devices are told
        self.sessions_changed = False

    def go_home(self) -> None:
        self.saved = self.score = self.draft = None
        self.browsing.show_home()

    def gone(self) -> None:
        """The game was deleted (here or elsewhere) while it was shown."""
        self.go_home()
        self.shown.message = _("That game is no longer stored.")

    def open_game(self, game_id: str) -> None:
        """The scoreboard, or the hand being entered if one was left unsaved."""
        self.shown.clear()
        try:
            saved = self.store.get(game_id)
        except GameNotFoundError:
            self.gone()
            return
        self.show(saved)
        self.take(self.store.draft(game_id))
        if self.draft:
            self.shown.screen = Screen.HAND

    def review_game(self, game_id: str) -> None:
        """A stored game as a whole: every hand, the score over time, export, delete."""
        self.open_game(game_id)
        if self.saved:
            self.shown.screen = Screen.DETAIL

    def show_all_hands(self) -> None:
        self.all_hands = True

    def rematch(self) -> None:
        """The same players and rules, a new game, in the same session."""
        if self.saved:
            self.shown.clear()
            new = self.store.create(ops.rematch(self.saved.game), after=self.saved.id)
            self.sessions_changed = True
            self.show(new)

    @property
    def offer_new_session(self) -> bool:
        """Whether the scoreboard offers a session of its own to the game shown."""
        return self.joined is not None

    def new_session(self) -> None:
        """The game just started begins a session of its own, rather than the
        one the same players played lately (which goes, if begun for it)."""
        if self.saved and self.joined:
            leaving = self.joined.previous if self.joined.began else None
            self.store.start_session(self.saved.id, leaving=leaving)
            self.joined = None
            self.sessions_changed = True
            self.tonight = tonight(self.store, self.saved)

    @property
    def finished(self) -> bool:
        return self.score is not None and self.score.status is Status.FINISHED

    def show(self, saved: SavedGame) -> None:
        """Show a version of the game on its scoreboard (the entry is taken apart)."""
        if not self.saved or self.saved.id != saved.id:
            self.all_hands = False
            self.joined = None
        self.saved = saved
        self.tonight = tonight(self.store, saved)
        self.score = saved.score
        self.draft = None
        self.shown.screen = Screen.GAME

    def take(self, draft: HandDraft | None) -> None:
        """The one place an entry in progress meets a version of its game (the one
        shown): carried over if it still means the same hand, else dropped, saying
        so and showing the hand another device saved in its place."""
        assert self.saved is not None and self.score is not None
        if draft is None:
            return
        found = carry_over(draft, self.saved.game, self.saved.revision, self.finished)
        self.draft = found.draft
        if found.notice:
            self.shown.message = found.notice
        if found.draft is None:
            self.store.drop_draft(self.saved.id, draft)
        elif found.draft != draft:
            self.store.save_draft(self.saved.id, found.draft)
        if found.theirs is not None:
            self.shown.summary = [
                _("Hand {number}, saved on another device").format(number=found.theirs + 1),
                *describe_hand(self.saved.game, self.score, found.theirs),
            ]

    def refresh_tonight(self) -> None:
        """Another device changed a session: the shown game's tally read again."""
        if self.saved is not None:
            self.tonight = tonight(self.store, self.saved)

    def reload(self) -> None:
        """Someone else changed this game: show theirs, with our entry carried
        over or dropped (and told why)."""
        if not self.saved:
            return
        screen, draft = self.shown.screen, self.draft
        try:
            saved = self.store.get(self.saved.id)
        except GameNotFoundError:
            self.gone()
            return
        if saved.revision == self.saved.revision and draft == self.draft:
            return
        self.show(saved)
        self.shown.summary = []
        self.take(draft)
        if (self.draft and screen is Screen.HAND) or screen is Screen.DETAIL:
            self.shown.screen = screen

    def save_change(
        self, game: ScoredGame, based_on: int | None = None, done: HandDraft | None = None
    ) -> bool:
        """Save a changed game; False (with a message) if another device got there
        first. `based_on` is the revision the change was made from; `done` the
        entry it records, dropped in the same write."""
        assert self.saved is not None
        game_id = self.saved.id
        expected = self.saved.revision if based_on is None else based_on
        try:
            saved = self.store.save(game_id, game, expected, done)
        except GameNotFoundError:
            self.gone()
            return False
        except ConflictError:
            self.refused(self.draft)
            return False
        self.show(saved)
        self.changed = (game_id, saved.revision)
        stored = self.store.draft(
            game_id
        )  # someone's entry: carried over quietly; its device is told
        if stored is not None:
            found = carry_over(stored, saved.game, saved.revision, self.finished)
            if found.draft is None:
                self.store.drop_draft(game_id, stored)
            elif found.draft != stored:
                self.store.save_draft(game_id, found.draft)
        return True

    def refused(self, draft: HandDraft | None) -> None:
        """Another device saved first: show the game as it is now, with our entry
        carried over or dropped (and the hand saved in its place shown)."""
        assert self.saved is not None
        self.shown.clear()
        try:
            saved = self.store.get(self.saved.id)
        except GameNotFoundError:
            self.gone()
            return
        self.show(saved)
        self.shown.summary = []
        self.take(draft)
        if self.shown.message is None:
            self.shown.message = _(
                "This game was changed on another device: nothing was saved, "
                "the game is shown as it is now."
            )
        if self.draft:
            self.shown.screen = Screen.HAND

    def reopens(self, game: ScoredGame) -> str:
        """What a finished game becomes when `game` replaces it: open again, or still over."""
        assert self.saved and self.score
        if self.score.status is not Status.FINISHED or game.finished:
            return ""
        return _("The game is over; this opens it again (it was: {result}).").format(
            result=outcome(self.saved.game, self.score)
        )

    def snapshot(self) -> Restore:
        kept = (self.saved, self.score, self.draft, self.all_hands, self.changed)
        evening = (self.tonight, self.joined)

        def restore() -> None:
            self.saved, self.score, self.draft, self.all_hands, self.changed = kept
            self.tonight, self.joined = evening

        return restore
