"""The scoreboard of a game: both sides' scores and bags, whose deal, the
score sheet with edit and undo, the result at the end."""

import asyncio
from collections.abc import Callable
from functools import partial

import flet as ft

from scorekeeper.core.model import Game, Variant
from scorekeeper.core.scoring import Status
from scorekeeper.i18n import _, ngettext
from scorekeeper.ui.screens.evening import match_alone, tonight_box
from scorekeeper.ui.screens.sheet import SCROLL_KEY, adjustment_panel, hand_row, sheet_header
from scorekeeper.ui.screens.widgets import (
    SIDE_COLORS,
    Bind,
    Files,
    banner,
    fitted_size,
    heading,
    tagged,
    tool,
)
from scorekeeper.ui.state import AppState
from scorekeeper.ui.text import (
    num,
    outcome,
    player,
    rules_summary,
    sentence,
    side_label,
    side_players,
    side_spoken,
)

RECENT_HANDS = 10  # the sheet shows these at first: a long game costs no more to draw


def players_line(game: Game, side: int) -> list[ft.Control]:
    """Who is in a side with a name of its own, under the name; an empty line
    for the other side, so both cards stay the same height."""
    if players := side_players(game, side):
        return [tagged(f"players-{side}", ft.Text(players, size=13))]
    named = any(side_players(game, s) for s in range(len(game.variant.sides)))
    return [ft.Text(" ", size=13)] if named else []


SCORE_ROOM = 128  # px inside a side's card on a 360 px phone


class SideCard:
    """One side's card: its score and bags, changed in place after each hand."""

    def __init__(self, game: Game, side: int) -> None:
        self.side = side
        many = len(game.variant.sides) > 2  # two cards a row on a phone: smaller figures
        self.size = 34 if many else 44
        self.score = ft.Text("", size=self.size, weight=ft.FontWeight.BOLD)
        self.bags = ft.Text("", size=14)
        card = ft.Container(
            ft.Column(
                [
                    ft.Text(
                        side_label(game, side),
                        size=16,
                        weight=ft.FontWeight.BOLD,
                        color=SIDE_COLORS[side],
                    ),
                    *players_line(game, side),
                    tagged(f"score-{side}", self.score),
                    tagged(f"bags-{side}", self.bags),
                ],
                spacing=2,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            border=ft.Border.all(2, SIDE_COLORS[side]),
            border_radius=12,
            padding=12,
        )
        # read as one line per side ("Ana and Cy: 122, bags 2 of 10")
        self.control = ft.Semantics(
            identifier=f"side-{side}",
            container=True,
            exclude_semantics=True,
            content=card,
            expand=True,
        )

    def show(self, state: AppState) -> None:
        assert state.saved and state.score
        game, total = state.saved.game, state.score.sides[self.side]
        limit = game.rules.bag_limit
        near = total.bags >= max(1, limit - 3)
        bags = _("Bags {count} of {limit}").format(count=num(total.bags), limit=num(limit))
        self.control.label = _("{names}: {score}, bags {count} of {limit}").format(
            names=side_spoken(game, self.side),
            score=num(total.score),
            count=num(total.bags),
            limit=num(limit),
        )
        self.score.value = num(total.score)
        # one line at every text size: smaller where a 360 px phone's card is too narrow
        self.score.size = fitted_size(self.score.value, self.size, SCORE_ROOM, state.text_size)
        self.bags.value = bags + (_(" · near the penalty!") if near else "")
        self.bags.color = ft.Colors.ERROR if near else None


def summary_box(lines: list[str]) -> ft.Control:
    return tagged(
        "summary",
        ft.Container(
            ft.Column(
                [
                    ft.Text(lines[0], weight=ft.FontWeight.BOLD),
                    *[ft.Text(line) for line in lines[1:]],
                ],
                spacing=2,
            ),
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            padding=12,
            border_radius=8,
        ),
    )


class Scoreboard:
    """Drawn once per game, then `sync()` changes only what a hand changed: the
    scores, whose deal, the summary, a new line on the sheet. A line is drawn
    again only when its hand or its score did change (an edit re-scores the
    hands after it), so saving a hand sends a few controls, not the screen."""

    def __init__(self, state: AppState, on: Bind) -> None:
        assert state.saved and state.score
        self.state, self.on = state, on
        game = state.saved.game
        self.cards = [SideCard(game, s) for s in range(len(game.variant.sides))]
        sides = len(self.cards)
        self.cards_row: ft.Control = (
            ft.Row([card.control for card in self.cards])
            if sides == 2
            else ft.ResponsiveRow(  # two a row on a phone, all in one row on a wide screen
                [
                    ft.Container(card.control, col={"xs": 6, "md": 12 // sides})
                    for card in self.cards
                ],
                spacing=8,
                run_spacing=8,
            )
        )
        self.turn = tagged("turn", ft.Text("", size=16))
        self.enter = ft.FilledButton(
            _("Enter hand"), icon=ft.Icons.EDIT_NOTE, height=56, on_click=on(state.begin_hand)
        )
        self.finished = ft.Row(
            [
                ft.FilledButton(
                    _("Rematch"), icon=ft.Icons.REPLAY, height=48, on_click=on(state.rematch)
                ),
                tool(_("Home"), ft.Icons.HOME, on(state.go_home)),
            ],
            wrap=True,
        )
        self.sheet_title = ft.Row(
            [
                heading(_("Hands")),
                ft.TextButton(
                    _("Undo last hand"),
                    icon=ft.Icons.UNDO,
                    height=48,
                    on_click=on(state.ask_undo_last_hand),
                ),
            ],
            alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
        )
        self.header = sheet_header(game)
        self.legend = ft.Text(
            _("Bids / tricks taken, then points → total. N: nil, BN: blind nil."),
            size=12,
            italic=True,
        )
        rules = game.rules.overrides()
        self.rules = (
            ft.Text(_("House rules: {rules}").format(rules=rules_summary(rules)), size=12)
            if rules
            else None
        )
        # what each changing part was drawn from, and the control drawn
        self.parts: dict[object, tuple[object, ft.Control]] = {}
        self.used: set[object] = set()
        self.opened: tuple[int, int | None] | None = None  # the penalty form scrolled to
        self.column = ft.Column(horizontal_alignment=ft.CrossAxisAlignment.STRETCH, spacing=12)
        self.controls: list[ft.Control] = [self.column]
        self.sync()

    def part(self, name: object, shape: object, draw: Callable[[], ft.Control]) -> ft.Control:
        """The control drawn for `shape` last time, or a new one if it changed."""
        self.used.add(name)
        kept = self.parts.get(name)
        if kept is not None and kept[0] == shape:
            return kept[1]
        control = draw()
        self.parts[name] = (shape, control)
        return control

    def sync(self) -> None:
        state = self.state
        assert state.saved and state.score
        game, score = state.saved.game, state.score
        shown: list[ft.Control] = []
        self.used = set()
        removed = state.corrections.removed
        if state.message and removed is None:  # a removed penalty's is said at its hand
            message = state.message
            shown.append(
                self.part(
                    "message",
                    message,
                    lambda: banner(message, "message", ft.Colors.TERTIARY_CONTAINER),
                )
            )
        if state.summary:
            lines = list(state.summary)
            shown.append(self.part("summary", tuple(lines), lambda: summary_box(lines)))
        result = outcome(game, score)
        if result:
            shown.append(
                self.part(
                    "outcome",
                    result,
                    lambda: banner(result, "outcome", ft.Colors.PRIMARY_CONTAINER),
                )
            )
        evening = state.current.tonight
        if evening is not None:
            offer = state.current.offer_new_session
            shape = (evening, offer, state.errors.get("match"))
            shown.append(self.part("tonight", shape, lambda: tonight_box(state, self.on, *shape)))
        else:  # no session yet: the match can be set from the first game
            wrong = state.errors.get("match")
            shown.append(self.part("match", wrong, lambda: match_alone(state, self.on, wrong)))
        for card in self.cards:
            card.show(state)
        shown.append(self.cards_row)
        if score.status is Status.IN_PROGRESS:
            assert score.next_dealer is not None and score.next_first_bidder is not None
            turn = self.turn.content
            assert isinstance(turn, ft.Text)
            turn.value = (
                _("Hand {number} · Draws first: {dealer} · Bids first: {bidder}")
                if game.variant is Variant.TWO_PLAYER
                else _("Hand {number} · Dealer: {dealer} · Bids first: {bidder}")
            ).format(
                number=len(game.hands) + 1,
                dealer=player(game, score.next_dealer),
                bidder=player(game, score.next_first_bidder),
            )
            shown += [self.turn, self.enter]
        else:
            shown.append(self.finished)
        form = state.corrections.adjusting
        if game.hands:
            shown += [self.sheet_title, self.header]
            count = len(game.hands)
            first = 0 if state.current.all_hands else max(0, count - RECENT_HANDS)
            for index in reversed(range(first, count)):
                drawn = (game.hands[index], score.hands[index], state.text_size)
                shown.append(
                    self.part(("hand", index), drawn, partial(hand_row, state, self.on, index))
                )
                if form and form.hand == index:  # the form opens under its own hand
                    shown.append(self.form_part(state))
                if removed and removed.hand == index and state.message:  # where it was
                    said = (state.message, removed)
                    shown.append(self.part("message", said, partial(self.undo_banner, said[0])))
            if first > 0:
                shown.append(
                    self.part(
                        "show-all",
                        count,
                        lambda: ft.TextButton(
                            ngettext(
                                "Show the {count} hand", "Show all {count} hands", count
                            ).format(count=count),
                            on_click=self.on(state.show_all_hands),
                            height=48,
                        ),
                    )
                )
            shown.append(self.legend)
        if self.rules is not None:
            shown.append(self.rules)
        self.parts = {name: kept for name, kept in self.parts.items() if name in self.used}
        same = len(shown) == len(self.column.controls) and all(
            a is b for a, b in zip(shown, self.column.controls, strict=True)
        )
        if not same:  # the same controls in the same order: nothing to send
            self.column.controls = shown
        opened = (form.hand, form.position) if form else None
        if opened != self.opened:
            self.opened = opened
            if opened is not None:
                self.bring_form_into_view()

    def undo_banner(self, message: str) -> ft.Control:
        """A penalty removed: said under its hand, where the keeper tapped, with
        Undo beside it (as a deleted game's Undo), until the next action."""
        undo = ft.TextButton(
            _("Undo"),
            icon=ft.Icons.UNDO,
            height=48,
            on_click=self.on(self.state.undo_remove_adjustment),
        )
        return tagged(
            "message",
            ft.Container(
                ft.Row(
                    [ft.Text(sentence(message), expand=True), tagged("undo-remove", undo)],
                    wrap=False,
                ),
                bgcolor=ft.Colors.TERTIARY_CONTAINER,
                padding=ft.Padding.only(left=12, right=4, top=4, bottom=4),
                border_radius=8,
            ),
        )

    def form_part(self, state: AppState) -> ft.Control:
        """The penalty form, drawn again only when more than the typing changed."""
        form = state.corrections.adjusting
        assert form is not None
        wrong = tuple(sorted((k, v) for k, v in state.errors.items() if "adjustment" in k))
        return self.part(
            "adjustment",
            (form.hand, form.position, form.side, wrong),
            lambda: adjustment_panel(state, self.on),
        )

    def bring_form_into_view(self) -> None:
        """The form just opened: its fields are scrolled into view (a hand far
        down the sheet would leave them below the screen's edge)."""
        view = self.column.parent
        while view is not None and not isinstance(view, ft.View):
            view = view.parent
        if view is None:
            return  # not on a page yet: nothing to scroll
        scrolled = view

        async def scroll() -> None:
            await asyncio.sleep(0.2)  # the form is laid out first
            await scrolled.scroll_to(scroll_key=SCROLL_KEY, duration=200)

        view.page.run_task(scroll)


def build(state: AppState, on: Bind, files: Files) -> Scoreboard | list[ft.Control]:
    return Scoreboard(state, on) if state.saved and state.score else []
