"""Entering a hand: bids in bidding order, then tricks, with a preview.

One line per player (tap it to pick that player) and one keypad below: a tap
on a key sets the picked player's bid or tricks and moves on to the next
player, so a hand takes one tap per player and step (an edit of a saved hand
stays on the player picked: it corrects one value). Built once per step,
then `sync()` updates it in place, so quick taps never land on a control
being replaced.
"""

import flet as ft

from scorekeeper.core.draft import Step
from scorekeeper.core.model import Variant
from scorekeeper.i18n import _
from scorekeeper.ui.screens.hand_notes import bid_notes, shape_of, trick_notes
from scorekeeper.ui.screens.keypad import KEY_HEIGHT, Keypad
from scorekeeper.ui.screens.menus import menu
from scorekeeper.ui.screens.widgets import (
    SIDE_COLORS,
    Bind,
    Files,
    error_text,
    show_error,
    tagged,
)
from scorekeeper.ui.state import AppState
from scorekeeper.ui.text import bid_label, player, sentence


class HandView:
    """The players' lines, the keypad, the step's buttons and the notes: drawn
    once per step, then synced in place after every tap."""

    def __init__(self, state: AppState, on: Bind) -> None:
        assert state.saved and state.draft
        self.state = state
        game, draft = state.saved.game, state.draft
        self.step = draft.step
        self.index = draft.editing if draft.editing is not None else len(game.hands)
        self.order = state.bidding_order()  # from the dealer, an edit's correction too
        bids = self.step is Step.BIDS
        self.rows: dict[int, ft.TextButton] = {}  # each player's line, a button
        self.named: dict[int, ft.Semantics] = {}  # its name and state ("Bid for Ana", chosen)
        self.values: dict[int, ft.Text] = {}
        self.asides: dict[int, ft.Text] = {}
        self.errors: dict[int, ft.Semantics] = {}
        lines: list[ft.Control] = []
        for seat in self.order:
            color = SIDE_COLORS[game.variant.side_of(seat)]
            self.values[seat] = ft.Text("", size=24, weight=ft.FontWeight.BOLD)
            self.asides[seat] = ft.Text("", size=14)
            # A real button: a tap, a screen reader's activation and Enter or
            # Space pick the player, and Tab reaches the line (picking it too).
            self.rows[seat] = ft.TextButton(
                content=ft.Row(
                    [
                        ft.Text(
                            player(game, seat),
                            size=18,
                            weight=ft.FontWeight.BOLD,
                            color=color,
                            expand=True,
                            max_lines=1,
                            overflow=ft.TextOverflow.ELLIPSIS,
                        ),
                        self.asides[seat],
                        tagged(f"{'bid' if bids else 'tricks'}-{seat}", self.values[seat]),
                    ],
                    spacing=10,
                ),
                height=KEY_HEIGHT,
                style=line_style(False),
                on_click=on(state.pick_line, seat),
                on_focus=on(state.focus_line, seat),
                on_blur=on(state.line_blur, seat),
            )
            # its name and state ("Bid for Ana", chosen) around it: a button's
            # inner nodes are presentational, their state never read
            self.named[seat] = ft.Semantics(identifier=f"player-{seat}", content=self.rows[seat])
            self.errors[seat] = error_text(None, f"error-{seat}")
            if bids:  # "has not bid yet" in the player's own line: no line of its own
                row = self.rows[seat].content
                assert isinstance(row, ft.Row)
                row.controls.insert(2, self.errors[seat])
                self.errors[seat].expand = True
                message = self.errors[seat].content
                assert isinstance(message, ft.Text)
                message.size, message.max_lines = 14, 2
                message.overflow = ft.TextOverflow.ELLIPSIS
                message.text_align = ft.TextAlign.END
                lines.append(self.named[seat])
            else:
                lines += [self.named[seat], self.errors[seat]]
        self.keypad = Keypad(state, on, game, self.step)
        self.hand_error = error_text(None, "error-hand")
        self.status = tagged(
            "contracts" if bids else "tricks-left",
            # the sides' bids may take two lines on a small phone: a size smaller
            ft.Text("", size=16 if bids else 18, weight=ft.FontWeight.BOLD),
        )
        self.notes = ft.Column(spacing=4)
        self.notes_shape: tuple[object, ...] | None = None
        # Enter on a focused button presses it: the step's Enter waits meanwhile
        held, left = on(state.key_focus, True), on(state.key_focus, False)
        cancel = ft.OutlinedButton(
            _("Cancel"), on_click=on(state.request_cancel), height=48, on_focus=held, on_blur=left
        )
        # The step's own button right under the keypad, at the same place on both
        # steps and as wide as the row allows: the notes below it may be long (a
        # preview with a nil, a set and a bag penalty; the blind nil reminder)
        # and never push it off a phone's screen.
        if bids:
            step = ft.FilledButton(
                _("Next: tricks"),
                icon=ft.Icons.ARROW_FORWARD,
                on_click=on(state.to_tricks),
                height=52,
                expand=True,
                on_focus=held,
                on_blur=left,
            )
            actions = ft.Row([cancel, step], spacing=8)
            below: list[ft.Control] = []
        else:
            step = ft.FilledButton(
                _("Save hand"),
                icon=ft.Icons.CHECK,
                on_click=on(state.save_hand),
                height=52,
                expand=True,
                on_focus=held,
                on_blur=left,
            )
            back = ft.OutlinedButton(
                _("Back to bids"),
                on_click=on(state.back_to_bids),
                height=48,
                on_focus=held,
                on_blur=left,
            )
            actions = ft.Row([back, step], spacing=8)
            below = [ft.Row([cancel], alignment=ft.MainAxisAlignment.END)]
        two = game.variant is Variant.TWO_PLAYER
        dealer, bidder = player(game, state.entry_dealer()), player(game, self.order[0])
        if two:
            turn = _("Drew first: {dealer} · Bids first: {bidder}")
        else:
            turn = _("Dealer: {dealer} · Bids first: {bidder}")
        self.controls: list[ft.Control] = [
            ft.Text(sentence(turn.format(dealer=dealer, bidder=bidder)), size=16),
            keys_hint(bids, game.variant.tricks),
            self.hand_error,
            ft.Column(lines, spacing=4),
            self.status,
            self.keypad.title_line,
            self.keypad.rows,
            actions,
            self.notes,
            *below,
        ]
        if draft.editing is not None:
            self.controls.append(dealer_picker(state, on, two))
            self.controls.append(
                ft.TextButton(
                    _("Delete hand {number}").format(number=draft.editing + 1),
                    icon=ft.Icons.DELETE,
                    height=48,
                    on_click=on(state.ask_delete_hand, draft.editing),
                    on_focus=held,
                    on_blur=left,
                )
            )
        self.sync()

    async def take_focus(self) -> None:
        """The keyboard on the keypad's player's line once the step is shown:
        a button focused on the screen before (Enter hand) is gone, and the
        browser would hand the focus to the app bar (Enter would press it)."""
        seat = self.state.keypad_seat
        seat = seat if seat is not None else self.order[0]
        self.state.ask_focus(seat, fresh=True)
        await self.rows[seat].focus()  # type: ignore[no-untyped-call]

    async def follow_focus(self) -> None:
        """After a key: the focus on the highlighted player's line, so that a
        dialog closed, or Tab, goes on from there (nobody highlighted: it stays)."""
        seat = self.state.keypad_seat
        if seat is not None and seat in self.rows and self.state.ask_focus(seat):
            await self.rows[seat].focus()  # type: ignore[no-untyped-call]

    def sync(self) -> None:
        state = self.state
        assert state.saved and state.draft
        game, draft, errors = state.saved.game, state.draft, state.errors
        bids = self.step is Step.BIDS
        focus = state.keypad_seat
        show_error(self.hand_error, errors.get("hand") or errors.get("dealer"))
        for seat in self.order:
            name, bid = player(game, seat), draft.bids[seat]
            chosen = seat == focus
            self.rows[seat].style = line_style(chosen)
            self.named[seat].selected = chosen
            if bids:
                self.values[seat].value = bid_label(bid)
                self.asides[seat].value = ""
                self.named[seat].label = _("Bid for {name}").format(name=name)
                show_error(self.errors[seat], errors.get(f"bid.{seat}"))
            else:
                self.values[seat].value = str(draft.tricks[seat])
                self.asides[seat].value = _("bid {bid}").format(bid=bid_label(bid).lower())
                self.named[seat].label = _("Tricks for {name}").format(name=name)
                show_error(self.errors[seat], errors.get(f"tricks.{seat}"))
        self.keypad.show(state, focus)
        status = self.status.content
        assert isinstance(status, ft.Text)
        notes = bid_notes(state, status) if bids else trick_notes(state, status, self.index)
        shape = tuple(map(shape_of, notes))
        if shape != self.notes_shape:  # unchanged notes stay: nothing to send
            self.notes.controls, self.notes_shape = notes, shape


def dealer_picker(state: AppState, on: Bind, two: bool) -> ft.Control:
    """An edit corrects who dealt the hand (in the two-player game, who drew
    first); the later hands keep their own dealers."""
    assert state.saved
    game, seat = state.saved.game, state.entry_dealer()
    label = _("Who drew first") if two else _("Who dealt this hand")
    return menu(
        label,
        [(str(s), player(game, s)) for s in range(game.variant.player_count)],
        on(lambda v: state.set_dealer(int(v)), with_value=True),
        str(seat),
        "hand-dealer",
    )


def keys_hint(bids: bool, most: int) -> ft.Control:
    """One line naming the keys, at desktop widths (a phone has no keyboard):
    a ResponsiveRow hides a column of 0 below its breakpoint."""
    if bids:
        words = _(
            "Keys: 0-{most} (1 then 0: 10), N nil, B blind nil, Backspace clears, "
            "arrows/Tab: player, Enter: tricks, Esc: cancel"
        )
    else:
        words = _(
            "Keys: 0-{most} (1 then 3: 13), R rest, Backspace clears, "
            "arrows/Tab: player, Enter: save, Esc: cancel"
        )
    hint = tagged("keys-hint", ft.Text(words.format(most=most), size=12, italic=True))
    hint.col = {ft.ResponsiveRowBreakpoint.XS: 0, ft.ResponsiveRowBreakpoint.MD: 12}
    return ft.ResponsiveRow([hint])


def line_style(chosen: bool) -> ft.ButtonStyle:
    """A player's line: outlined, and filled and framed when it is the keypad's player."""
    return ft.ButtonStyle(
        shape=ft.RoundedRectangleBorder(radius=8),
        side=ft.BorderSide(
            2 if chosen else 1, ft.Colors.PRIMARY if chosen else ft.Colors.OUTLINE_VARIANT
        ),
        bgcolor=ft.Colors.SECONDARY_CONTAINER if chosen else None,
        color=ft.Colors.ON_SURFACE,
        padding=ft.Padding.symmetric(horizontal=12),
    )


def build(state: AppState, on: Bind, files: Files) -> HandView | list[ft.Control]:
    return HandView(state, on) if state.saved and state.draft else []
