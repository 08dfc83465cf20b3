"""Entering a hand: bids in bidding order, then tricks, with a preview."""

import flet as ft

from scorekeeper.draft import Step
from scorekeeper.i18n import _, ngettext
from scorekeeper.model import NIL, Variant
from scorekeeper.ui.screens.widgets import (
    SIDE_COLORS,
    Bind,
    Files,
    banner,
    error_text,
    icon_button,
    show_error,
    tagged,
)
from scorekeeper.ui.state import AppState
from scorekeeper.ui.text import bid_label, event_lines, outcome, player, side_label, signed


class HandView:
    """Bids or tricks for one hand. Built once per step, then `sync()` updates
    it in place, so quick taps on + never land on a control being replaced."""

    def __init__(self, state: AppState, on: Bind) -> None:
        assert state.saved and state.draft
        self.state = state
        game, draft = state.saved.game, state.draft
        self.step = draft.step
        self.index = draft.editing if draft.editing is not None else len(game.hands)
        order = game.bidding_order(self.index)
        self.values: dict[int, ft.Text] = {}
        self.titles: dict[int, ft.Text] = {}
        self.errors: dict[int, ft.Semantics] = {}
        self.blind: dict[int, ft.OutlinedButton] = {}
        self.nil: dict[int, ft.OutlinedButton] = {}
        kind = "bid" if self.step is Step.BIDS else "tricks"
        rows: list[ft.Control] = []
        for seat in order:
            name = player(game, seat)
            color = SIDE_COLORS[game.variant.side_of(seat)]
            self.titles[seat] = ft.Text(
                name, size=18, weight=ft.FontWeight.BOLD, color=color, expand=True
            )
            self.values[seat] = ft.Text(
                "", size=28, weight=ft.FontWeight.BOLD, width=76, text_align=ft.TextAlign.CENTER
            )
            step = state.step_bid if self.step is Step.BIDS else state.step_tricks
            buttons: list[ft.Control] = []
            if self.step is Step.BIDS:
                self.blind[seat] = ft.OutlinedButton(
                    _("Blind nil"), height=48, on_click=on(state.toggle_nil, seat, True)
                )
                self.nil[seat] = ft.OutlinedButton(
                    _("Nil"), height=48, on_click=on(state.toggle_nil, seat)
                )
                buttons += [
                    tagged(f"blind-nil-{seat}", self.blind[seat]),
                    tagged(f"nil-{seat}", self.nil[seat]),
                ]
            else:
                buttons.append(
                    tagged(
                        f"rest-{seat}",
                        ft.TextButton(_("Rest"), on_click=on(state.rest_to, seat), height=48),
                    )
                )
            buttons += [
                icon_button(
                    ft.Icons.REMOVE,
                    _("One less for {name}").format(name=name),
                    on(step, seat, -1),
                    f"{kind}-minus-{seat}",
                ),
                tagged(f"{kind}-{seat}", self.values[seat]),
                icon_button(
                    ft.Icons.ADD,
                    _("One more for {name}").format(name=name),
                    on(step, seat, 1),
                    f"{kind}-plus-{seat}",
                ),
            ]
            self.errors[seat] = error_text(None, f"error-{seat}")
            rows.append(
                ft.Container(
                    ft.Column(
                        [
                            ft.Row([self.titles[seat]]),
                            ft.Row(
                                buttons, wrap=True, alignment=ft.MainAxisAlignment.END, spacing=4
                            ),
                            self.errors[seat],
                        ],
                        spacing=2,
                    ),
                    border=ft.Border.only(left=ft.BorderSide(4, color)),
                    padding=ft.Padding.only(left=10, top=4, bottom=4),
                )
            )
        self.hand_error = error_text(None, "error-hand")
        self.status = tagged(
            "contracts" if self.step is Step.BIDS else "tricks-left",
            ft.Text("", size=18, weight=ft.FontWeight.BOLD),
        )
        self.notes = ft.Column(spacing=4)
        self.notes_shape: tuple[object, ...] | None = None
        if self.step is Step.BIDS:
            buttons = [
                ft.OutlinedButton(_("Cancel"), on_click=on(state.cancel_hand), height=48),
                ft.FilledButton(
                    _("Next: tricks"),
                    icon=ft.Icons.ARROW_FORWARD,
                    on_click=on(state.to_tricks),
                    height=48,
                ),
            ]
        else:
            buttons = [
                ft.OutlinedButton(_("Back to bids"), on_click=on(state.back_to_bids), height=48),
                ft.FilledButton(
                    _("Save hand"), icon=ft.Icons.CHECK, on_click=on(state.save_hand), height=48
                ),
            ]
        self.controls: list[ft.Control] = [
            ft.Text(
                _("{dealer} deals; {bidder} bids first and leads").format(
                    dealer=player(game, game.dealer(self.index)), bidder=player(game, order[0])
                ),
                size=16,
            ),
            self.hand_error,
            *rows,
            self.status,
            self.notes,
            ft.Row(buttons, alignment=ft.MainAxisAlignment.END, wrap=True),
        ]
        if draft.editing is not None:
            self.controls.append(
                ft.TextButton(
                    _("Delete hand {number}").format(number=draft.editing + 1),
                    icon=ft.Icons.DELETE,
                    on_click=on(state.delete_hand, draft.editing),
                )
            )
        self.sync()

    def sync(self) -> None:
        state = self.state
        assert state.saved and state.draft
        game, draft, errors = state.saved.game, state.draft, state.errors
        show_error(self.hand_error, errors.get("hand"))
        chosen = ft.ButtonStyle(bgcolor=ft.Colors.PRIMARY, color=ft.Colors.ON_PRIMARY)
        for seat, value in self.values.items():
            bid = draft.bids[seat]
            if self.step is Step.BIDS:
                value.value = bid_label(bid) if bid is None or bid.is_nil else str(bid.value)
                value.size = 16 if bid is not None and bid.is_nil else 28
                self.blind[seat].style = chosen if bid is not None and bid.blind else None
                self.nil[seat].style = chosen if bid == NIL else None
                show_error(self.errors[seat], errors.get(f"bid.{seat}"))
            else:
                value.value = str(draft.tricks[seat])
                self.titles[seat].value = _("{name} (bid {bid})").format(
                    name=player(game, seat), bid=bid_label(bid)
                )
                show_error(self.errors[seat], errors.get(f"tricks.{seat}"))
        notes: list[ft.Control] = []
        status = self.status.content
        assert isinstance(status, ft.Text)
        sides = game.variant.sides
        if self.step is Step.BIDS:
            contracts = [draft.contract(seats) for seats in sides]
            status.value = "  ·  ".join(
                _("{names} bid {contract}").format(names=side_label(game, s), contract=c)
                for s, c in enumerate(contracts)
            )
            notes += [
                error_text(errors[f"side.{s}"], f"error-side-{s}")
                for s in range(len(sides))
                if f"side.{s}" in errors
            ]
            if sum(contracts) > 13:
                notes.append(
                    ft.Text(
                        _(
                            "Bids add up to {total}: more than 13 tricks, someone will be set."
                        ).format(total=sum(contracts)),
                        color=ft.Colors.TERTIARY,
                    )
                )
            if any(b is not None and b.blind for b in draft.bids):
                notes.append(banner(blind_nil_reminder(state), "blind-nil-reminder"))
            else:
                notes.append(
                    ft.Text(
                        _("Blind nil is declared before looking at the cards."),
                        size=12,
                        italic=True,
                    )
                )
        else:
            left = draft.tricks_left()
            status.value = (
                _("Tricks left: {left}").format(left=left)
                if left >= 0
                else ngettext("{count} trick too many", "{count} tricks too many", -left).format(
                    count=-left
                )
            )
            status.color = ft.Colors.ERROR if left < 0 else None
            if "tricks" in errors:
                notes.append(error_text(errors["tricks"], "error-tricks"))
            preview = state.preview()
            if preview:
                facts = event_lines(game, preview, self.index)
                last = self.index == len(preview.hands) - 1
                result = outcome(game, preview) if last else None
                notes.append(
                    tagged(
                        "preview",
                        ft.Column(
                            [
                                *[
                                    ft.Text(
                                        _("{names}: {points} → {score}").format(
                                            names=side_label(game, sh.side),
                                            points=signed(sh.points),
                                            score=sh.score,
                                        ),
                                        color=SIDE_COLORS[sh.side],
                                        size=16,
                                        weight=ft.FontWeight.BOLD,
                                    )
                                    for sh in preview.hands[self.index].sides
                                ],
                                *[ft.Text(line, size=14) for line in facts],
                                *[
                                    ft.Text(line, size=16, weight=ft.FontWeight.BOLD)
                                    for line in (result,)
                                    if line
                                ],
                            ],
                            spacing=2,
                        ),
                    )
                )
        shape = tuple(map(shape_of, notes))
        if shape != self.notes_shape:  # unchanged notes stay: nothing to send
            self.notes.controls, self.notes_shape = notes, shape


def shape_of(control: ft.Control) -> object:
    """What a note looks like, to tell whether it changed (unknown kinds always do)."""
    if isinstance(control, ft.Text):
        return ("text", control.value, control.color, control.size, control.italic, control.weight)
    if isinstance(control, ft.Semantics):
        inner = shape_of(control.content) if control.content else None
        return ("tag", control.identifier, control.visible, inner)
    if isinstance(control, ft.Column):
        return ("column", tuple(map(shape_of, control.controls)))
    if isinstance(control, ft.Container):
        inner = shape_of(control.content) if isinstance(control.content, ft.Control) else None
        return ("box", control.bgcolor, inner)
    return ("other", id(control))


def blind_nil_reminder(state: AppState) -> str:
    assert state.saved and state.draft
    game = state.saved.game
    if game.variant is Variant.TWO_PLAYER:
        return _(
            "Blind nil: the bidder may discard up to 3 cards and draw replacements "
            "from the discards."
        )
    blind = [s for s, b in enumerate(state.draft.bids) if b is not None and b.blind]
    texts = []
    for seat in blind:
        partner = (seat + 2) % 4
        if partner in blind and partner < seat:
            continue
        if partner in blind:
            texts.append(
                _("{a} and {b} both bid blind nil: no card swap.").format(
                    a=player(game, seat), b=player(game, partner)
                )
            )
        else:
            texts.append(
                _("Blind nil: {a} and {b} now swap 3 cards.").format(
                    a=player(game, seat), b=player(game, partner)
                )
            )
    return " ".join(texts)


def build(state: AppState, on: Bind, files: Files) -> HandView | list[ft.Control]:
    return HandView(state, on) if state.saved and state.draft else []
