"""The hand entry's keypad: one key per bid or trick count (nil, blind nil
and Rest where the rules and the step have them). Each key names what a tap
does ("4 for Ana", "Rest to Ben"), for screen readers and browser tests."""

from typing import Any

import flet as ft

from scorekeeper.core.draft import Step
from scorekeeper.core.model import BLIND_NIL, NIL, Bid, Game, blind_bid
from scorekeeper.i18n import _, ngettext
from scorekeeper.ui.screens.widgets import Bind, table_order, tagged
from scorekeeper.ui.state import BLIND, REST, AppState, BlindToggle
from scorekeeper.ui.text import player

KEY_HEIGHT = 52  # touch targets of at least 48 px
COLUMNS = 5  # five keys a row fit a 360 px wide phone
BLIND_BID = "blind-bid"  # the Blind toggle: on, a number key bids blind


def key_style(chosen: bool) -> ft.ButtonStyle:
    """A key's look: outlined, filled when it is the player's current value."""
    return ft.ButtonStyle(
        shape=ft.RoundedRectangleBorder(radius=8),
        side=ft.BorderSide(1, ft.Colors.OUTLINE),
        padding=ft.Padding.all(0),
        bgcolor=ft.Colors.PRIMARY if chosen else None,
        color=ft.Colors.ON_PRIMARY if chosen else ft.Colors.ON_SURFACE,
    )


class Key:
    """One keypad key: a real button (a pointer, a screen reader's activation
    and Enter or Space all press it, and Tab reaches it), named for what a
    press does ("4 for Ana", "Rest to Ben"). Its state (the player's current
    value; the Blind toggle on or off) is on the node around it: a button's
    inner nodes are presentational, their state never read."""

    def __init__(
        self, state: AppState, on: Bind, value: str, text: str, action: Any = None
    ) -> None:
        self.value = value
        self.text = ft.Text(
            text,
            size=20,
            weight=ft.FontWeight.BOLD,
            text_align=ft.TextAlign.CENTER,
        )
        self.button = ft.TextButton(
            content=self.text,
            height=KEY_HEIGHT,
            style=key_style(False),
            on_click=action or on(state.press, value),
            on_focus=on(state.key_focus, True),
            on_blur=on(state.key_focus, False),
        )
        self.control = ft.Semantics(
            identifier=f"key-{value}",
            toggled=False if value == BLIND_BID else None,  # the Blind toggle: a switch
            content=self.button,
            expand=1,
        )

    def show(self, label: str, chosen: bool, enabled: bool) -> None:
        self.control.label = label
        self.text.semantics_label = label  # the button's own name
        self.control.selected = chosen
        self.button.disabled = self.control.disabled = not enabled
        self.button.style = key_style(chosen)


def key_rows(specials: list[Key], keys: list[Key]) -> ft.Column:
    """The special keys (nil, blind nil) share a row; the others go COLUMNS a
    row, the last row padded so every number key has the same width. Digits
    keep their left-to-right order in a right-to-left language too, as on a
    Hebrew phone's keypad (1 at the left)."""
    rows = [keys[i : i + COLUMNS] for i in range(0, len(keys), COLUMNS)]
    return ft.Column(
        [
            *([ft.Row([k.control for k in specials], spacing=6)] if specials else []),
            *[
                ft.Row(
                    table_order(
                        [k.control for k in row]
                        + [ft.Container(expand=1) for _ in range(COLUMNS - len(row))]
                    ),
                    spacing=6,
                )
                for row in rows
            ],
        ],
        spacing=6,
    )


class Keypad:
    """The keys of one step (bids or tricks), with the title that says whose
    bid or tricks they set. Built once per step; `show` updates it in place."""

    def __init__(self, state: AppState, on: Bind, game: Game, step: Step) -> None:
        self.step = step
        rules = game.rules
        self.blind: Key | None = None  # the Blind toggle, where the rules have blind bids
        self.blind_says = ft.Text("", size=12, italic=True, max_lines=3)
        self.blind_row = ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        specials: list[Key] = []
        if step is Step.BIDS:
            if rules.allow_nil:
                specials.append(Key(state, on, "0", _("Nil")))
            if rules.allow_blind_nil:
                specials.append(Key(state, on, BLIND, _("Blind nil")))
            numbers = [Key(state, on, str(n), str(n)) for n in range(1, game.variant.tricks + 1)]
            if rules.blind_bids:
                self.blind = Key(state, on, BLIND_BID, _("Blind"), on(state.toggle_blind))
                self.blind.control.expand = 2
                self.blind_row.controls = [
                    self.blind.control,
                    ft.Container(self.blind_says, expand=3),
                ]
        else:
            numbers = [Key(state, on, str(n), str(n)) for n in range(game.variant.tricks + 1)]
        self.keys = specials + numbers
        self.title = tagged("keypad-title", ft.Text("", size=16, weight=ft.FontWeight.BOLD))
        self.title_line: ft.Control = self.title
        if step is Step.TRICKS:
            # Rest stands beside "Tricks taken: Ana", two digits wide: its word is
            # never squeezed into a digit's width ("Mbetja", "ที่เหลือ"), and the
            # keypad takes no more room than before.
            rest = Key(state, on, REST, _("Rest"))
            rest.control.expand = 2
            self.keys.append(rest)
            self.title_line = ft.Row(
                [ft.Container(self.title, expand=3), rest.control],
                spacing=6,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        self.rows = key_rows(specials, numbers)
        if self.blind:  # above the numbers it turns blind
            self.rows.controls.insert(0, self.blind_row)

    def show(self, state: AppState, focus: int | None) -> None:
        """Name each key for the player it sets, and mark their current value."""
        assert state.saved and state.draft
        game, draft = state.saved.game, state.draft
        title = self.title.content
        assert isinstance(title, ft.Text)
        # Every bid in and nobody picked: the keypad folds, so the notes under
        # Next: tricks (the blind nil reminder, a side bidding more than 13) fit
        # a phone's screen; a tap on a player opens it again.
        self.rows.visible = not (self.step is Step.BIDS and focus is None)
        if focus is None:
            title.value = (
                _("Tap a player to change their bid.")
                if self.step is Step.BIDS
                else _("Tap a player to change their tricks.")
            )
            for key in self.keys:
                key.show(key.text.value or "", chosen=False, enabled=False)
            return
        name = player(game, focus)
        if self.step is Step.BIDS:
            title.value = _("Bid: {name}").format(name=name)
            current = draft.bids[focus]
            toggle = state.blind_toggle()
            blind = bool(toggle and toggle.on)
            for key in self.keys:
                bid = BLIND_NIL if key.value == BLIND else Bid(int(key.value))
                if bid == BLIND_NIL:
                    label = _("Blind nil for {name}").format(name=name)
                elif bid == NIL:
                    label = _("Nil for {name}").format(name=name)
                elif blind:
                    bid = blind_bid(bid.value)
                    label = _("Blind {bid} for {name}").format(bid=bid.value, name=name)
                else:
                    label = _("{bid} for {name}").format(bid=bid.value, name=name)
                key.show(label, chosen=bid == current, enabled=True)
            self.show_blind(toggle, name)
            return
        title.value = _("Tricks taken: {name}").format(name=name)
        left = draft.left_for(focus)  # below 0: the others took too many, none to give
        for key in self.keys:
            if key.value == REST:
                rest = max(0, left)
                label = ngettext(
                    "Rest to {name} ({count} trick)", "Rest to {name} ({count} tricks)", rest
                ).format(name=name, count=rest)
                key.show(label, chosen=False, enabled=left >= 0)
            else:
                count = int(key.value)
                label = ngettext(
                    "{count} trick for {name}", "{count} tricks for {name}", count
                ).format(count=count, name=name)
                key.show(label, chosen=count == draft.tricks[focus], enabled=True)

    def show_blind(self, toggle: BlindToggle | None, name: str) -> None:
        """The Blind toggle, and why it is off where the side may not bid blind."""
        if not self.blind:
            return
        self.blind_row.visible = toggle is not None
        if toggle is None:
            return
        self.blind.show(
            _("Blind bid for {name}").format(name=name),
            chosen=toggle.on,
            enabled=toggle.why_not is None,
        )
        self.blind.control.toggled = toggle.on  # a screen reader hears a switch, on or off
        self.blind_says.value = toggle.why_not or (
            _("On: a number is a blind bid.")
            if toggle.on
            else _("Tap Blind, then a number, for a blind bid.")
        )
