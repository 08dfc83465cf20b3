"""The Share screen: the watch link, the keeper link (hidden until asked
for, since it lets a device change the games) and making new links, which
logs every other device out."""

from typing import Protocol, runtime_checkable

from scorekeeper.i18n import _
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.state.open_game import OpenGame
from scorekeeper.ui.state.shown import Restore, Shown


@runtime_checkable
class Sharing(Protocol):
    """The links of the web server, for the Share screen (see gate.py)."""

    def keeper_link(self) -> str: ...

    def watch_link(self) -> str: ...

    def reset_keys(self) -> None: ...


class ShareLinks:
    """What the Share screen shows; `sharing` is set when served to browsers."""

    def __init__(self, current: OpenGame, shown: Shown) -> None:
        self.current = current
        self.shown = shown
        self.sharing: Sharing | None = None
        self.show_keeper_link = False
        self.confirm_reset = False  # the reset button asks once

    def show_share(self) -> None:
        self.shown.clear()
        if self.sharing is None:
            self.current.go_home()
            self.shown.message = _("Links to share exist when the app is served to browsers.")
            return
        self.shown.screen = Screen.SHARE
        self.show_keeper_link = False
        self.confirm_reset = False

    def reveal_keeper_link(self, show: bool = True) -> None:
        self.show_keeper_link = show

    def link(self, which: str) -> str | None:
        """The current watch or keeper link (the keeper link once it is shown)."""
        if self.sharing is None:
            return None
        if which == "watch":
            return self.sharing.watch_link()
        if which == "keeper" and self.show_keeper_link:
            return self.sharing.keeper_link()
        return None

    def link_copied(self, which: str, done: bool = True) -> None:
        if not done:
            self.shown.message = _(
                "This browser did not let the link be copied: copy it from the text."
            )
        elif which == "keeper":
            self.shown.message = _("Keeper link copied.")
        else:
            self.shown.message = _("Watch link copied.")

    def ask_reset(self, ask: bool = True) -> None:
        self.confirm_reset = ask

    def reset_links(self) -> None:
        """New links: every other device (watchers too) is logged out."""
        if self.sharing is None:
            return
        self.sharing.reset_keys()
        self.confirm_reset = False
        self.shown.message = _(
            "New links made: every other device is logged out. Share the new ones."
        )

    def snapshot(self) -> Restore:
        kept = (self.show_keeper_link, self.confirm_reset)

        def restore() -> None:
            self.show_keeper_link, self.confirm_reset = kept

        return restore
