"""Entering a hand: bids in bidding order, then tricks, with a preview.

One line per player (tap it to pick that player) and one keypad below: a tap
on a key sets the picked player's bid or tricks and moves on to the next
player, so a hand takes one tap per player and step (an edit of a saved hand
stays on the player picked: it corrects one value). Built once per step,
then `sync()` updates it in place, so quick taps never land on a control
being replaced.
"""

from collections.abc import Sequence

import flet as ft

from scorekeeper.core.draft import Step
from scorekeeper.core.model import BLIND_NIL, NIL, Bid, Game, Variant
from scorekeeper.i18n import _, ngettext
from scorekeeper.ui.screens.widgets import (
    SIDE_COLORS,
    Bind,
    Files,
    banner,
    error_text,
    show_error,
    table_order,
    tagged,
)
from scorekeeper.ui.state import BLIND, REST, AppState
from scorekeeper.ui.text import (
    bid_label,
    event_lines,
    num,
    outcome,
    player,
    sentence,
    side_label,
    signed,
)


def side_bid(game: Game, bids: Sequence[Bid | None], side: int, contract: int) -> str:
    """A side's bid as it forms: "-" before it has bid (as a player's line),
    each player's own bid while a partner has yet to bid ("Ben: blind nil;
    Dee: not yet": nothing is said for the side before it is known), its nils
    when it bid only nils ("bid nil + blind nil", not "bid 0"), then its contract."""
    names = side_label(game, side)
    seats = game.variant.sides[side]
    made = [b for seat in seats if (b := bids[seat]) is not None]
    if not made:
        return _("{names}: bid {contract}").format(names=names, contract="-")
    if len(made) < len(seats):
        return "; ".join(
            _("{player}: {bid}").format(
                player=player(game, seat),
                bid=_("not yet") if (bid := bids[seat]) is None else bid_label(bid).lower(),
            )
            for seat in seats
        )
    if all(b.is_nil for b in made):
        return _("{names}: bid {contract}").format(
            names=names, contract=" + ".join(bid_label(b).lower() for b in made)
        )
    return _("{names}: bid {contract}").format(names=names, contract=num(contract))


KEY_HEIGHT = 52  # touch targets of at least 48 px
COLUMNS = 5  # five keys a row fit a 360 px wide phone


class Key:
    """One keypad key: its visible text, the box that draws it, and the
    semantic button that names it ("4 for Ana", "Rest to Ben")."""

    def __init__(self, state: AppState, on: Bind, value: str, text: str) -> None:
        self.value = value
        self.text = ft.Text(
            text,
            size=20,
            weight=ft.FontWeight.BOLD,
            text_align=ft.TextAlign.CENTER,
        )
        self.box = ft.Container(
            self.text,
            height=KEY_HEIGHT,
            alignment=ft.Alignment.CENTER,
            border_radius=8,
            border=ft.Border.all(1, ft.Colors.OUTLINE),
            on_click=on(state.press, value),
        )
        self.control = ft.Semantics(
            identifier=f"key-{value}",
            button=True,
            exclude_semantics=True,
            on_tap=on(state.press, value),
            content=self.box,
            expand=1,
        )

    def show(self, label: str, chosen: bool, enabled: bool) -> None:
        self.control.label = label
        self.control.selected = chosen
        self.control.disabled = not enabled
        self.box.bgcolor = ft.Colors.PRIMARY if chosen else None
        self.text.color = ft.Colors.ON_PRIMARY if chosen else None
        self.box.opacity = 1.0 if enabled else 0.45


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


class HandView:
    def __init__(self, state: AppState, on: Bind) -> None:
        assert state.saved and state.draft
        self.state = state
        game, draft = state.saved.game, state.draft
        self.step = draft.step
        self.index = draft.editing if draft.editing is not None else len(game.hands)
        self.order = game.bidding_order(self.index)
        bids = self.step is Step.BIDS
        self.rows: dict[int, ft.Semantics] = {}
        self.boxes: dict[int, ft.Container] = {}
        self.values: dict[int, ft.Text] = {}
        self.asides: dict[int, ft.Text] = {}
        self.errors: dict[int, ft.Semantics] = {}
        lines: list[ft.Control] = []
        for seat in self.order:
            color = SIDE_COLORS[game.variant.side_of(seat)]
            self.values[seat] = ft.Text("", size=24, weight=ft.FontWeight.BOLD)
            self.asides[seat] = ft.Text("", size=14)
            self.boxes[seat] = ft.Container(
                ft.Row(
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
                padding=ft.Padding.symmetric(horizontal=12),
                border_radius=8,
                on_click=on(state.focus_seat, seat),
            )
            self.rows[seat] = ft.Semantics(
                identifier=f"player-{seat}",
                button=True,
                on_tap=on(state.focus_seat, seat),
                content=self.boxes[seat],
            )
            self.errors[seat] = error_text(None, f"error-{seat}")
            if bids:  # "has not bid yet" in the player's own line: no line of its own
                row = self.boxes[seat].content
                assert isinstance(row, ft.Row)
                row.controls.insert(2, self.errors[seat])
                self.errors[seat].expand = True
                message = self.errors[seat].content
                assert isinstance(message, ft.Text)
                message.size, message.max_lines = 14, 2
                message.overflow = ft.TextOverflow.ELLIPSIS
                message.text_align = ft.TextAlign.END
                lines.append(self.rows[seat])
            else:
                lines += [self.rows[seat], self.errors[seat]]
        rules = game.rules
        specials: list[Key] = []
        if bids:
            if rules.allow_nil:
                specials.append(Key(state, on, "0", _("Nil")))
            if rules.allow_blind_nil:
                specials.append(Key(state, on, BLIND, _("Blind nil")))
            numbers = [Key(state, on, str(n), str(n)) for n in range(1, game.variant.tricks + 1)]
        else:
            numbers = [Key(state, on, str(n), str(n)) for n in range(game.variant.tricks + 1)]
        self.keys = specials + numbers
        self.keypad_title = tagged("keypad-title", ft.Text("", size=16, weight=ft.FontWeight.BOLD))
        title_line: ft.Control = self.keypad_title
        if not bids:
            # Rest stands beside "Tricks taken: Ana", two digits wide: its word is
            # never squeezed into a digit's width ("Mbetja", "ที่เหลือ"), and the
            # keypad takes no more room than before.
            rest = Key(state, on, REST, _("Rest"))
            rest.control.expand = 2
            self.keys.append(rest)
            title_line = ft.Row(
                [ft.Container(self.keypad_title, expand=3), rest.control],
                spacing=6,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        self.keypad = key_rows(specials, numbers)
        self.hand_error = error_text(None, "error-hand")
        self.status = tagged(
            "contracts" if bids else "tricks-left",
            # the sides' bids may take two lines on a small phone: a size smaller
            ft.Text("", size=16 if bids else 18, weight=ft.FontWeight.BOLD),
        )
        self.notes = ft.Column(spacing=4)
        self.notes_shape: tuple[object, ...] | None = None
        cancel = ft.OutlinedButton(_("Cancel"), on_click=on(state.request_cancel), height=48)
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
            )
            back = ft.OutlinedButton(_("Back to bids"), on_click=on(state.back_to_bids), height=48)
            actions = ft.Row([back, step], spacing=8)
            below = [ft.Row([cancel], alignment=ft.MainAxisAlignment.END)]
        dealer, bidder = player(game, game.dealer(self.index)), player(game, self.order[0])
        if game.variant is Variant.TWO_PLAYER:
            turn = _("Drew first: {dealer} · Bids first: {bidder}")
        else:
            turn = _("Dealer: {dealer} · Bids first: {bidder}")
        self.controls: list[ft.Control] = [
            ft.Text(sentence(turn.format(dealer=dealer, bidder=bidder)), size=16),
            self.hand_error,
            ft.Column(lines, spacing=4),
            self.status,
            title_line,
            self.keypad,
            actions,
            self.notes,
            *below,
        ]
        if draft.editing is not None:
            self.controls.append(
                ft.TextButton(
                    _("Delete hand {number}").format(number=draft.editing + 1),
                    icon=ft.Icons.DELETE,
                    height=48,
                    on_click=on(state.ask_delete_hand, draft.editing),
                )
            )
        self.sync()

    def sync(self) -> None:
        state = self.state
        assert state.saved and state.draft
        game, draft, errors = state.saved.game, state.draft, state.errors
        bids = self.step is Step.BIDS
        focus = state.keypad_seat
        show_error(self.hand_error, errors.get("hand"))
        for seat in self.order:
            name, bid = player(game, seat), draft.bids[seat]
            chosen = seat == focus
            box = self.boxes[seat]
            box.bgcolor = ft.Colors.SECONDARY_CONTAINER if chosen else None
            box.border = ft.Border.all(
                2 if chosen else 1, ft.Colors.PRIMARY if chosen else ft.Colors.OUTLINE_VARIANT
            )
            self.rows[seat].selected = chosen
            if bids:
                self.values[seat].value = bid_label(bid)
                self.asides[seat].value = ""
                self.rows[seat].label = _("Bid for {name}").format(name=name)
                show_error(self.errors[seat], errors.get(f"bid.{seat}"))
            else:
                self.values[seat].value = str(draft.tricks[seat])
                self.asides[seat].value = _("bid {bid}").format(bid=bid_label(bid).lower())
                self.rows[seat].label = _("Tricks for {name}").format(name=name)
                show_error(self.errors[seat], errors.get(f"tricks.{seat}"))
        self._sync_keys(focus)
        notes = self._bid_notes() if bids else self._trick_notes()
        shape = tuple(map(shape_of, notes))
        if shape != self.notes_shape:  # unchanged notes stay: nothing to send
            self.notes.controls, self.notes_shape = notes, shape

    def _sync_keys(self, focus: int | None) -> None:
        state = self.state
        assert state.saved and state.draft
        game, draft = state.saved.game, state.draft
        title = self.keypad_title.content
        assert isinstance(title, ft.Text)
        # Every bid in and nobody picked: the keypad folds, so the notes under
        # Next: tricks (the blind nil reminder, a side bidding more than 13) fit
        # a phone's screen; a tap on a player opens it again.
        self.keypad.visible = not (self.step is Step.BIDS and focus is None)
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
            for key in self.keys:
                bid = BLIND_NIL if key.value == BLIND else Bid(int(key.value))
                if bid == BLIND_NIL:
                    label = _("Blind nil for {name}").format(name=name)
                elif bid == NIL:
                    label = _("Nil for {name}").format(name=name)
                else:
                    label = _("{bid} for {name}").format(bid=bid.value, name=name)
                key.show(label, chosen=bid == current, enabled=True)
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

    def _bid_notes(self) -> list[ft.Control]:
        state = self.state
        assert state.saved and state.draft
        game, draft, errors = state.saved.game, state.draft, state.errors
        sides = game.variant.sides
        contracts = [draft.contract(seats) for seats in sides]
        status = self.status.content
        assert isinstance(status, ft.Text)
        status.value = "  ·  ".join(
            side_bid(game, draft.bids, s, c) for s, c in enumerate(contracts)
        )
        notes: list[ft.Control] = [
            error_text(errors[f"side.{s}"], f"error-side-{s}")
            for s in range(len(sides))
            if f"side.{s}" in errors
        ]
        most = game.variant.tricks
        over = [s for s, c in enumerate(contracts) if c > most]
        for s in over:  # legal, so never refused; but most likely a wrong tap
            message = _(
                "{names}: bid {contract}, more than the {most} tricks of a hand: the side "
                "will be set. Tap a player to change a bid."
            )
            notes.append(
                tagged(
                    f"over-13-{s}",
                    ft.Text(
                        message.format(
                            names=side_label(game, s), contract=num(contracts[s]), most=most
                        ),
                        color=ft.Colors.TERTIARY,
                    ),
                )
            )
        if sum(contracts) > most and not over:
            message = (
                _("Bids add up to {total}: more than 13 tricks, someone will be set.")
                if most == 13
                else _("Bids add up to {total}: more than {most} tricks, someone will be set.")
            )
            notes.append(
                ft.Text(
                    message.format(total=sum(contracts), most=most),
                    color=ft.Colors.TERTIARY,
                )
            )
        big = game.rules.big_bid_min
        for s, c in enumerate(contracts):
            if big is not None and c >= big:
                notes.append(
                    ft.Text(
                        _("{names}: bid {contract}, a big bid worth {points} either way.").format(
                            names=side_label(game, s),
                            contract=num(c),
                            points=num(game.rules.big_bid_points),
                        ),
                        weight=ft.FontWeight.BOLD,
                    )
                )
        if any(b is not None and b.blind for b in draft.bids):
            notes.append(banner(blind_nil_reminder(state), "blind-nil-reminder"))
        elif game.rules.allow_blind_nil and not errors:  # problems need the room more
            notes.append(
                ft.Text(
                    _("Blind nil is declared before looking at the cards."),
                    size=12,
                    italic=True,
                )
            )
        return notes

    def _trick_notes(self) -> list[ft.Control]:
        state = self.state
        assert state.saved and state.draft
        game, draft, errors = state.saved.game, state.draft, state.errors
        left = draft.tricks_left()
        status = self.status.content
        assert isinstance(status, ft.Text)
        status.value = (
            (
                ngettext("{count} trick left of 13", "{count} tricks left of 13", left)
                if game.variant.tricks == 13
                else ngettext("{count} trick left of {most}", "{count} tricks left of {most}", left)
            ).format(count=left, most=game.variant.tricks)
            if left >= 0
            else ngettext("{count} trick too many", "{count} tricks too many", -left).format(
                count=-left
            )
        )
        status.color = ft.Colors.ERROR if left < 0 else None
        notes: list[ft.Control] = []
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
                                        score=num(sh.score),
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
        return notes


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
    if not game.variant.partnership:
        return _("Blind nil: each plays alone, so no cards are swapped.")
    blind = [s for s, b in enumerate(state.draft.bids) if b is not None and b.blind]
    texts = []
    for seat in blind:
        partner = (seat + 2) % 4
        if partner in blind and partner < seat:
            continue
        if partner in blind:
            texts.append(
                _("Blind nil for both {a} and {b}: no card swap.").format(
                    a=player(game, seat), b=player(game, partner)
                )
            )
        else:
            texts.append(
                _("Blind nil: now 3 cards are swapped between {a} and {b}.").format(
                    a=player(game, seat), b=player(game, partner)
                )
            )
    return " ".join(texts)


def build(state: AppState, on: Bind, files: Files) -> HandView | list[ft.Control]:
    return HandView(state, on) if state.saved and state.draft else []
