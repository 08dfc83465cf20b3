"""A hand from the keyboard: the keys of the bid and trick steps, one method
per action, on top of the keypad's own (`entry.py`).

A digit sets the highlighted player's bid or tricks and moves on, as a keypad
tap does. A "1" followed within `PAUSE` seconds by another digit makes 10 to
13 (17 in cutthroat): the second digit corrects the player the "1" was set
for. The time of each key is passed in (the session reads its clock once per
key), so the pause is tested without waiting.
"""

from collections.abc import Callable, Hashable
from typing import ParamSpec

from scorekeeper.core.draft import Step
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.state.entry import BLIND, REST, HandEntry
from scorekeeper.ui.state.shown import Restore

P = ParamSpec("P")
PAUSE = 1.0  # seconds: a second digit within it makes a two-digit number
# The players' lines stand in a column, in bidding order: Down is the next
# player, and Left or Right the next one in the language's reading direction.
NEXT = ("Arrow Down", "Arrow Right")
PREVIOUS = ("Arrow Up", "Arrow Left")
NEXT_RTL = ("Arrow Down", "Arrow Left")
PREVIOUS_RTL = ("Arrow Up", "Arrow Right")
KEYS = frozenset(
    {*"0123456789", "N", "B", "R", "Backspace", "Delete", "Enter", "Escape", *NEXT, *PREVIOUS}
)


def quiet(method: Callable[P, None]) -> Callable[P, None]:
    """An action that changes nothing shown: the session runs it without
    drawing the screen again (a redraw on every focus change would move the
    focus it follows)."""
    setattr(method, "quiet", True)  # noqa: B010
    return method


def named(key: str) -> str:
    """A key as KEYS names it: a letter in capitals, a keypad's digit as a digit."""
    if key.startswith("Numpad ") and key[-1].isdigit():
        return key[-1]
    return key.upper() if len(key) == 1 else key


class HandKeys:
    """What each key does on a hand's steps, and the first digit of a number
    still waiting for its second."""

    def __init__(self, entry: HandEntry, rtl: Callable[[], bool]) -> None:
        self.entry = entry
        self.rtl = rtl  # whether the tab's language reads right to left
        # (entry, seat, the first digit, when): a "1" that may become 10-17
        self._typed: tuple[Hashable, int, int, float] | None = None
        # the entry for which a control other than a player's line has the
        # keyboard focus (Enter is then that control's, not the step's)
        self._elsewhere: Hashable | None = None
        self._entered: Hashable | None = None  # the entry Enter was last pressed on
        self._line: int | None = None  # the line with the keyboard focus
        self._tab = False  # Tab pressed, its focus move not yet seen

    def wants_key(self, key: str) -> bool:
        """Is `key` one of a hand's keys, on a hand being entered?"""
        return (
            named(key) in KEYS
            and self.entry.shown.screen is Screen.HAND
            and self.entry.draft is not None
        )

    def hand_key(self, key: str, at: float) -> None:
        """A key pressed at `at` (seconds, any clock that only goes forward)."""
        if not self.wants_key(key):
            return
        key = named(key)
        if self.entry.shown.confirm is not None:  # a question is open: Escape keeps entering
            if key == "Escape":
                self.entry.shown.answer(False)
            return
        if key.isdigit():
            self.digit(int(key), at)
            return
        self._typed = None
        self._entered = None
        actions = {
            "N": self.nil,
            "B": self.blind_nil,
            "R": self.rest,
            "Backspace": self.clear,
            "Delete": self.clear,
            "Enter": self.enter,
            "Escape": self.escape,
        }
        action = actions.get(key)
        rtl = self.rtl()
        if action is not None:
            action()
        elif key in (NEXT_RTL if rtl else NEXT):
            self.move(1)
        elif key in (PREVIOUS_RTL if rtl else PREVIOUS):
            self.move(-1)

    def _entry_key(self) -> Hashable:
        draft = self.entry.draft
        assert draft is not None and self.entry.current.saved is not None
        return (self.entry.current.saved.id, draft.editing, draft.index, draft.step)

    def digit(self, value: int, at: float) -> None:
        """A digit: the highlighted player's value, or the second digit of 10-17."""
        entry, typed = self.entry, self._typed
        self._typed = None
        saved, draft = entry.current.saved, entry.draft
        if saved is None or draft is None:
            return
        most = saved.game.variant.tricks
        if typed is not None and typed[0] == self._entry_key() and 0 <= at - typed[3] <= PAUSE:
            number = typed[2] * 10 + value
            if number <= most:  # 10 to 13 (17): the player the first digit was for
                entry.focus_seat(typed[1])
                entry.press(str(number))
                return
        seat = entry.keypad_seat
        if seat is None:
            return
        if value == 0 and draft.step is Step.BIDS and not saved.game.rules.allow_nil:
            return  # no nil in these rules
        entry.press(str(value))
        if value * 10 <= most and value > 0:  # may be the first digit of a number
            self._typed = (self._entry_key(), seat, value, at)

    def nil(self) -> None:
        saved, draft = self.entry.current.saved, self.entry.draft
        if saved and draft and draft.step is Step.BIDS and saved.game.rules.allow_nil:
            self.entry.press("0")

    def blind_nil(self) -> None:
        saved, draft = self.entry.current.saved, self.entry.draft
        if saved and draft and draft.step is Step.BIDS and saved.game.rules.allow_blind_nil:
            self.entry.press(BLIND)

    def rest(self) -> None:
        draft = self.entry.draft
        if draft and draft.step is Step.TRICKS:
            self.entry.press(REST)

    def clear(self) -> None:
        """Backspace: the highlighted player has no bid (no tricks) again; it stays on them."""
        entry, seat, draft = self.entry, self.entry.keypad_seat, self.entry.draft
        if seat is None or draft is None:
            return
        if draft.step is Step.BIDS:
            entry.set_bid(seat, None)
        else:
            entry.set_tricks(seat, 0)
        entry.focus_seat(seat)

    def move(self, by: int) -> None:
        """An arrow: the next (or previous) player in bidding order, round the
        table (Left is the next one in a right-to-left language)."""
        entry = self.entry
        if entry.draft is None or entry.current.saved is None:
            return
        order = entry.bidding_order()
        seat = entry.keypad_seat
        if seat is None:
            entry.focus_seat(order[0] if by > 0 else order[-1])
        else:
            entry.focus_seat(order[(order.index(seat) + by) % len(order)])

    def enter(self) -> None:
        """Enter: on to the tricks, or save the hand, unless a button has the
        keyboard focus (Enter presses that button instead)."""
        draft = self.entry.draft
        if draft is None or self._elsewhere == self._entry_key():
            return
        self._entered = self._entry_key()
        if draft.step is Step.BIDS:
            self.entry.to_tricks()
        else:
            self.entry.save_hand()

    def escape(self) -> None:
        """Escape is Cancel: it asks first when something was entered."""
        self.entry.request_cancel()

    @quiet
    def key_focus(self, elsewhere: bool) -> None:
        """The keyboard focus moved: onto a control other than a player's line
        (`elsewhere`), or onto a line or away from the controls."""
        if self.entry.draft is not None and self.entry.current.saved is not None:
            self._elsewhere = self._entry_key() if elsewhere else None

    def ask_focus(self, seat: int, fresh: bool = False) -> bool:
        """The screen is about to move the keyboard focus to `seat`'s line (a
        new step's lines: `fresh`). False when it is there already."""
        if fresh:
            self._line = None
        return seat != self._line

    @quiet
    def tabbed(self) -> None:
        """Tab was pressed: the line that takes the focus next is the person's choice."""
        self._tab = True

    def focus_line(self, seat: int) -> None:
        """A player's line took the keyboard focus: after Tab, it is the
        highlighted player. Other focus moves are the app's own (`ask_focus`)
        or the engine's, when a step's new lines replace the old ones: they
        leave the highlight where the keys put it."""
        self.key_focus(False)
        self._line = seat
        tab, self._tab = self._tab, False
        if tab:
            self.entry.focus_seat(seat)

    def pick_line(self, seat: int) -> None:
        """A player's line pressed (a tap, a screen reader, Space or Enter on
        it). Enter on a focused line also goes to the next step: its press
        may arrive after the step changed, and must not pick on the new one."""
        entered, self._entered = self._entered, None
        if entered is not None and self.entry.draft and entered != self._entry_key():
            return
        self.entry.focus_seat(seat)

    @quiet
    def line_blur(self, seat: int) -> None:
        """A player's line lost the keyboard focus."""
        self.key_focus(False)
        if self._line == seat:
            self._line = None

    def snapshot(self) -> Restore:
        typed, elsewhere, line = self._typed, self._elsewhere, self._line

        def restore() -> None:
            self._typed, self._elsewhere, self._line = typed, elsewhere, line

        return restore
