"""Deleting a game, from its review or from the home screen, with a short
while to undo it (the game is kept here until then, not in the store)."""

from scorekeeper.core.saved import SavedGame
from scorekeeper.i18n import _
from scorekeeper.storage.store import GameNotFoundError
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.state.browsing import Browsing
from scorekeeper.ui.state.open_game import DELETED, OpenGame
from scorekeeper.ui.state.shown import Restore, Shown

UNDO_SECONDS = 10.0  # Undo delete is offered this long, as a snack bar is


class Deleting:
    """The game deleted last, while it can be restored."""

    def __init__(self, current: OpenGame, browsing: Browsing, shown: Shown) -> None:
        self.current = current
        self.browsing = browsing
        self.shown = shown
        self.deleted: SavedGame | None = None  # for the short-lived undo
        self.confirm_delete = False  # the delete button asks once
        shown.when_cleared(self._stop_asking)  # any other action: the button asks again

    def _stop_asking(self) -> None:
        self.confirm_delete = False

    def ask_delete(self, ask: bool = True) -> None:
        self.confirm_delete = ask

    def _delete(self, game_id: str) -> bool:
        try:
            self.deleted = self.current.store.delete(game_id)
        except GameNotFoundError:
            return False
        self.current.changed = (self.deleted.id, DELETED)  # another device showing it is told
        return True

    def delete_game(self) -> None:
        """The game under review: deleted, and the history shown."""
        if self.current.saved:
            if not self._delete(self.current.saved.id):
                self.current.gone()
                return
            self.browsing.show_history()
            self.shown.message = _("Game deleted.")

    def delete_from_home(self, game_id: str) -> None:
        """Delete a game in progress from the home screen; Undo brings it back."""
        deleted = self._delete(game_id)
        self.current.go_home()
        if deleted:
            self.shown.message = _("Game deleted.")

    def forget_deleted(self, deleted: SavedGame) -> None:
        """Undo delete has had its time (for `deleted`, not a later delete)."""
        if self.deleted is deleted:
            self.deleted = None
            if self.shown.message == _("Game deleted."):
                self.shown.message = None

    def undo_delete(self) -> None:
        if self.deleted:
            restored = self.current.store.restore(self.deleted)
            self.deleted = None
            self.current.changed = (restored.id, restored.revision)
            if self.shown.screen is Screen.HOME:
                self.current.go_home()
                self.shown.message = _("Game restored.")
            else:
                self.current.review_game(restored.id)

    def snapshot(self) -> Restore:
        kept = (self.deleted, self.confirm_delete)

        def restore() -> None:
            self.deleted, self.confirm_delete = kept

        return restore
