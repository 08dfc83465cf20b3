"""What every part of the app state writes to: the screen it is on, the
errors of its form, a message, a hand's summary and a question waiting for an
answer. Kept in one object so that a part can tell the person what happened
without knowing the other parts."""

import errno
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from scorekeeper.i18n import _
from scorekeeper.ui.screen import Screen

Restore = Callable[[], None]  # puts a part back as it was when its snapshot was taken


class KeepsState(Protocol):
    """A part of the app state that can be put back after a refused save."""

    def snapshot(self) -> Restore: ...


@dataclass(frozen=True)
class Confirm:
    """A question put to the scorekeeper before something is lost."""

    question: str
    detail: str
    yes: str
    no: str
    action: Callable[[], None]


def os_error_message(error: OSError) -> str:
    """What to say when the server could not open a file; never the file's path."""
    if error.errno in (errno.EMFILE, errno.ENFILE):
        return _(
            "The server has too many connections and files open: that was not done. "
            "Try again in a moment."
        )
    return _("The server could not read or write its files ({reason}): that was not done.").format(
        reason=(error.strerror or type(error).__name__).lower()
    )


class Shown:
    """The screen and what it says about the last action."""

    def __init__(self) -> None:
        self.screen = Screen.HOME
        self.errors: dict[str, str] = {}  # field -> message, every problem at once
        self.message: str | None = None
        self.summary: list[str] = []  # the hand just saved, in words
        self.confirm: Confirm | None = None  # a question waiting for an answer
        # forms open over a screen (a penalty being written) close when another action begins
        self._on_clear: list[Callable[[], None]] = []

    def when_cleared(self, close: Callable[[], None]) -> None:
        """`close` runs whenever a new action begins (a part's form or question ends)."""
        self._on_clear.append(close)

    def clear(self) -> None:
        """A new action begins: the last one's errors, message and question go."""
        self.errors = {}
        self.message = None
        self.confirm = None
        for close in self._on_clear:
            close()

    def go(self, screen: Screen) -> None:
        """Another screen: what the last action said stays with the screen before."""
        self.clear()
        self.screen = screen

    def failed(self, message: str) -> None:
        """An action failed: say so where the person looks."""
        self.message = message
        # the screens with a form show errors in place of the banner
        where = {Screen.HAND: "hand", Screen.SETUP: "players"}.get(self.screen)
        if where:
            self.errors[where] = message

    def ask(self, confirm: Confirm) -> None:
        self.confirm = confirm

    def answer(self, yes: bool) -> None:
        asked, self.confirm = self.confirm, None
        if asked and yes:
            asked.action()

    def snapshot(self) -> Restore:
        screen, errors, message = self.screen, dict(self.errors), self.message
        summary, confirm = list(self.summary), self.confirm

        def restore() -> None:
            self.screen, self.errors, self.message = screen, dict(errors), message
            self.summary, self.confirm = list(summary), confirm

        return restore
