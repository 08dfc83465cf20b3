"""Views: functions of AppState to Flet controls. They read state only; every
handler is made by `on(action, *args)`, which runs the action and re-renders.

The set-up screen has text fields, so it is built once and then synced in
place (rebuilding a field would drop the keyboard focus while typing).
"""

from collections.abc import Callable
from typing import Any, Protocol

import flet as ft

from scorekeeper.draft import Step
from scorekeeper.i18n import _, ngettext
from scorekeeper.model import NIL, Game, Variant
from scorekeeper.rules import PRESETS
from scorekeeper.saved import GameSummary
from scorekeeper.scoring import Status
from scorekeeper.ui.state import AppState, Screen
from scorekeeper.ui.text import (
    bid_label,
    event_lines,
    isolate,
    outcome,
    player,
    short_bid,
    side_label,
    signed,
)

RECENT_HANDS = 10  # the sheet shows these at first: a long game costs no more to draw
SIDE_COLORS = (ft.Colors.BLUE_700, ft.Colors.DEEP_ORANGE_700)
SEAT_PLACES_4 = (_("South"), _("West"), _("North"), _("East"))


class Bind(Protocol):
    """Makes an event handler: run `action(*args)` (plus the control's value
    when `with_value`), then render the state again."""

    def __call__(
        self,
        action: Callable[..., None],
        *args: Any,
        with_value: bool = False,
        attribute: str = "value",
    ) -> Callable[[ft.Event[Any]], Any]: ...


def tagged(identifier: str, control: ft.Control) -> ft.Semantics:
    """A stable hook for scripts and tests: flt-semantics-identifier in the DOM."""
    return ft.Semantics(identifier=identifier, content=control)


def icon_button(
    icon: ft.IconData, label: str, handler: Any, identifier: str | None = None
) -> ft.Semantics:
    """An icon button with an accessible name. A tooltip alone does not give one,
    so the wrapper is the button for screen readers (its tap runs the same handler)."""
    return ft.Semantics(
        label=label,
        identifier=identifier,
        button=True,
        exclude_semantics=True,
        on_tap=handler,
        content=ft.Container(
            ft.IconButton(icon, tooltip=label, on_click=handler, icon_size=28),
            width=52,
            height=52,
            alignment=ft.Alignment.CENTER,
        ),
    )


def heading(text: str) -> ft.Text:
    return ft.Text(text, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.BOLD)


def error_text(message: str | None, identifier: str) -> ft.Semantics:
    hooked = ft.Semantics(
        identifier=identifier, content=ft.Text(message or "-", color=ft.Colors.ERROR)
    )
    hooked.visible = bool(message)
    return hooked


def show_error(hooked: ft.Semantics, message: str | None) -> None:
    assert isinstance(hooked.content, ft.Text)
    hooked.content.value = message or "-"
    hooked.visible = bool(message)


def banner(text: str, identifier: str, color: str = ft.Colors.SECONDARY_CONTAINER) -> ft.Control:
    return tagged(
        identifier, ft.Container(ft.Text(text, size=16), bgcolor=color, padding=12, border_radius=8)
    )


def page_title(state: AppState) -> str:
    if state.screen is Screen.SETUP:
        return _("New game")
    if state.screen is Screen.HISTORY:
        return _("History")
    if state.screen is Screen.STATS:
        return _("Statistics")
    if state.saved and state.screen in (Screen.GAME, Screen.HAND, Screen.DETAIL):
        number = len(state.saved.game.hands) + 1
        if state.draft and state.draft.editing is not None:
            return _("Edit hand {number}").format(number=state.draft.editing + 1)
        if state.screen is Screen.HAND and state.draft:
            step = _("bids") if state.draft.step is Step.BIDS else _("tricks")
            return _("Hand {number}: {step}").format(number=number, step=step)
        return " vs ".join(
            side_label(state.saved.game, s) for s in range(len(state.saved.game.variant.sides))
        )
    return _("Spades Scorekeeper")


def app_bar(state: AppState, on: Bind) -> ft.AppBar:
    actions: list[ft.Control] = []
    if state.screen is not Screen.HOME:
        actions.append(icon_button(ft.Icons.HOME, _("Home"), on(state.go_home)))
    if state.screen is not Screen.HISTORY:
        actions.append(icon_button(ft.Icons.HISTORY, _("History"), on(state.show_history)))
    return ft.AppBar(title=ft.Text(page_title(state)), actions=actions)


# -- home -------------------------------------------------------------------------


def game_card(
    summary: GameSummary, on: Bind, open_it: Callable[[str], None], identifier: str
) -> ft.Control:
    sides: list[ft.Control] = [
        ft.Text(
            " + ".join(isolate(summary.players[s]) for s in seats) + f"   {score}",
            weight=ft.FontWeight.BOLD,
            color=SIDE_COLORS[side],
        )
        for side, (seats, score) in enumerate(
            zip(summary.variant.sides, summary.scores, strict=True)
        )
    ]
    if summary.status is Status.FINISHED and summary.winner is not None:
        seats = summary.variant.sides[summary.winner]
        detail = _("{names} won · {hands} hands").format(
            names=" + ".join(isolate(summary.players[s]) for s in seats), hands=summary.hands
        )
    else:
        detail = _("{hands} hands played").format(hands=summary.hands)
    when = summary.created_at.astimezone().strftime("%d %b %Y %H:%M")
    rules = summary.preset or _("custom rules")
    return tagged(
        identifier,
        ft.Card(
            ft.ListTile(
                title=ft.Column(sides, spacing=0),
                subtitle=ft.Text(f"{when} · {detail} · {rules}"),
                trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
                on_click=on(open_it, summary.id),
            )
        ),
    )


def home(state: AppState, on: Bind) -> list[ft.Control]:
    controls: list[ft.Control] = [
        ft.FilledButton(_("New game"), icon=ft.Icons.ADD, on_click=on(state.new_game), height=56),
    ]
    if state.in_progress:
        controls.append(heading(_("Games in progress")))
        controls += [game_card(s, on, state.open_game, f"resume-{s.id}") for s in state.in_progress]
    if state.recent:
        controls.append(heading(_("Recent games")))
        controls += [game_card(s, on, state.review_game, f"recent-{s.id}") for s in state.recent]
    if not state.in_progress and not state.recent:
        controls.append(
            ft.Text(
                _(
                    "No games yet. Start one: the app keeps the score, "
                    "bags and the dealer's turn, and saves every hand."
                )
            )
        )
    if state.deleted:
        controls.append(
            ft.OutlinedButton(_("Undo delete"), icon=ft.Icons.UNDO, on_click=on(state.undo_delete))
        )
    controls.append(
        ft.OutlinedButton(_("All games"), icon=ft.Icons.HISTORY, on_click=on(state.show_history))
    )
    return controls


# -- the scoreboard ---------------------------------------------------------------


def side_card(state: AppState, side: int) -> ft.Control:
    assert state.saved and state.score
    game, total = state.saved.game, state.score.sides[side]
    limit = game.rules.bag_limit
    near = total.bags >= max(1, limit - 3)
    bags = _("Bags {count} of {limit}").format(count=total.bags, limit=limit)
    return ft.Container(
        ft.Column(
            [
                ft.Text(
                    side_label(game, side),
                    size=16,
                    weight=ft.FontWeight.BOLD,
                    color=SIDE_COLORS[side],
                ),
                tagged(
                    f"score-{side}", ft.Text(str(total.score), size=44, weight=ft.FontWeight.BOLD)
                ),
                tagged(
                    f"bags-{side}",
                    ft.Text(
                        bags + (_(" · near the penalty!") if near else ""),
                        color=ft.Colors.ERROR if near else None,
                        size=14,
                    ),
                ),
            ],
            spacing=2,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        border=ft.Border.all(2, SIDE_COLORS[side]),
        border_radius=12,
        padding=12,
        expand=True,
    )


def sheet_header(game: Game) -> ft.Control:
    return ft.Row(
        [
            ft.Text("#", width=28, weight=ft.FontWeight.BOLD),
            *[
                ft.Text(
                    side_label(game, side),
                    color=SIDE_COLORS[side],
                    expand=True,
                    weight=ft.FontWeight.BOLD,
                )
                for side in range(len(game.variant.sides))
            ],
            ft.Container(width=52),
        ]
    )


def hand_row(state: AppState, on: Bind, index: int) -> ft.Control:
    """One line of the score sheet: per side, bids / tricks, then points and total."""
    assert state.saved and state.score
    game, result = state.saved.game, state.score.hands[index]
    hand = game.hands[index]
    cells: list[ft.Control] = []
    for sh in result.sides:
        seats = game.variant.sides[sh.side]
        bids = "+".join(short_bid(hand.bids[s]) for s in seats)
        took = "+".join(str(hand.tricks[s]) for s in seats)
        cells.append(
            ft.Column(
                [
                    ft.Text(f"{bids} / {took}", size=14),
                    ft.Text(
                        f"{signed(sh.points)} → {sh.score}",
                        size=16,
                        weight=ft.FontWeight.BOLD,
                        color=SIDE_COLORS[sh.side],
                    ),
                ],
                spacing=0,
                expand=True,
            )
        )
    return tagged(
        f"hand-{index + 1}",
        ft.Container(
            ft.Row(
                [
                    ft.Text(f"{index + 1}", size=18, weight=ft.FontWeight.BOLD, width=28),
                    *cells,
                    icon_button(
                        ft.Icons.EDIT,
                        _("Edit hand {number}").format(number=index + 1),
                        on(state.edit_hand, index),
                    ),
                ]
            ),
            padding=ft.Padding.symmetric(vertical=2),
            border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        ),
    )


def scoreboard(state: AppState, on: Bind) -> list[ft.Control]:
    assert state.saved and state.score
    game, score = state.saved.game, state.score
    controls: list[ft.Control] = []
    if state.summary:
        controls.append(
            tagged(
                "summary",
                ft.Container(
                    ft.Column(
                        [
                            ft.Text(state.summary[0], weight=ft.FontWeight.BOLD),
                            *[ft.Text(line) for line in state.summary[1:]],
                        ],
                        spacing=2,
                    ),
                    bgcolor=ft.Colors.SECONDARY_CONTAINER,
                    padding=12,
                    border_radius=8,
                ),
            )
        )
    result = outcome(game, score)
    if result:
        controls.append(banner(result, "outcome", ft.Colors.PRIMARY_CONTAINER))
    controls.append(ft.Row([side_card(state, s) for s in range(len(score.sides))]))
    if score.status is Status.IN_PROGRESS:
        assert score.next_dealer is not None and score.next_first_bidder is not None
        controls.append(
            tagged(
                "turn",
                ft.Text(
                    _("Hand {number}: {dealer} deals, {bidder} bids first").format(
                        number=len(game.hands) + 1,
                        dealer=player(game, score.next_dealer),
                        bidder=player(game, score.next_first_bidder),
                    ),
                    size=16,
                ),
            )
        )
        controls.append(
            ft.FilledButton(
                _("Enter hand"), icon=ft.Icons.EDIT_NOTE, height=56, on_click=on(state.begin_hand)
            )
        )
    else:
        controls.append(
            ft.Row(
                [
                    ft.FilledButton(
                        _("Rematch"), icon=ft.Icons.REPLAY, height=48, on_click=on(state.rematch)
                    ),
                    ft.OutlinedButton(
                        _("Home"), icon=ft.Icons.HOME, height=48, on_click=on(state.go_home)
                    ),
                ],
                wrap=True,
            )
        )
    if game.hands:
        controls.append(
            ft.Row(
                [
                    heading(_("Hands")),
                    ft.TextButton(
                        _("Undo last hand"), icon=ft.Icons.UNDO, on_click=on(state.undo_last_hand)
                    ),
                ],
                alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
            )
        )
        controls.append(sheet_header(game))
        count = len(game.hands)
        shown = count if state.all_hands else min(count, RECENT_HANDS)
        controls += [hand_row(state, on, i) for i in reversed(range(count - shown, count))]
        if shown < count:
            controls.append(
                ft.TextButton(
                    _("Show all {count} hands").format(count=count),
                    on_click=on(state.show_all_hands),
                    height=48,
                )
            )
        controls.append(
            ft.Text(
                _("Bids / tricks taken, then points → total. N: nil, BN: blind nil."),
                size=12,
                italic=True,
            )
        )
    rules = game.rules.overrides()
    if rules:
        listed = ", ".join(f"{k} = {'off' if v is None else v}" for k, v in rules.items())
        controls.append(ft.Text(_("House rules: {rules}").format(rules=listed), size=12))
    return controls


# -- entering a hand --------------------------------------------------------------------


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
                else _("{count} tricks too many").format(count=-left)
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
        self.notes.controls = notes


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


# -- history ------------------------------------------------------------------------------


def history(state: AppState, on: Bind) -> list[ft.Control]:
    filters = ft.Row(
        [
            tagged(
                "history-player",
                ft.TextField(
                    label=_("Player"),
                    value=state.history_player,
                    width=200,
                    dense=True,
                    on_submit=on(state.filter_history, with_value=True),
                ),
            ),
            ft.Dropdown(
                label=_("Status"),
                width=170,
                dense=True,
                value=state.history_status.value if state.history_status else "all",
                options=[
                    ft.DropdownOption(key="all", text=_("All")),
                    ft.DropdownOption(key="in_progress", text=_("In progress")),
                    ft.DropdownOption(key="finished", text=_("Finished")),
                ],
                on_select=on(lambda status: state.filter_history(status=status), with_value=True),
            ),
        ],
        wrap=True,
    )
    items: list[ft.Control] = [
        filters,
        tagged(
            "history-count",
            ft.Text(
                ngettext("{count} game", "{count} games", state.history.total).format(
                    count=state.history.total
                )
            ),
        ),
    ]
    items += [game_card(s, on, state.review_game, f"history-{s.id}") for s in state.history.items]
    if len(state.history.items) < state.history.total:
        items.append(ft.OutlinedButton(_("Show more"), on_click=on(state.more_history)))
    return items


# -- setting up a game -------------------------------------------------------------------


RULE_LABELS = {
    "target": _("Points to win"),
    "bag_limit": _("Bags before a penalty"),
    "bag_penalty": _("Bag penalty"),
    "nil_bonus": _("Nil bonus"),
    "blind_nil_bonus": _("Blind nil bonus"),
    "mercy": _("Mercy: lose at (empty: off)"),
    "blind_nil_min_deficit": _("Blind nil only when behind by (empty: always)"),
    "min_side_bid": _("Minimum side bid"),
}
PRESET_LABELS = {
    "standard": _("Standard: 500, 10 bags"),
    "short": _("Short game: 300"),
    "quick": _("Quick game: 250"),
    "mercy": _("Standard with mercy at -200"),
}


class SetupView:
    """The new-game form: built once, then `sync()` copies state into it."""

    def __init__(self, state: AppState, on: Bind) -> None:
        self.state = state
        self.names = [
            ft.TextField(
                label="",
                on_change=on(state.set_name, seat, with_value=True),
                max_length=30,
                counter="",
                border=ft.OutlineInputBorder(side=ft.BorderSide(1, SIDE_COLORS[seat % 2])),
                text_size=18,
            )
            for seat in range(4)
        ]
        self.variant = ft.SegmentedButton(
            segments=[
                ft.Segment(value="partnership", label=ft.Text(_("4 players"))),
                ft.Segment(value="two-player", label=ft.Text(_("2 players"))),
            ],
            selected=["partnership"],
            on_change=on(
                lambda v: state.set_variant(Variant(v[0])), with_value=True, attribute="selected"
            ),
        )
        self.dealer = ft.Dropdown(
            label=_("First dealer"),
            on_select=on(lambda v: state.set_first_dealer(int(v)), with_value=True),
        )
        self.preset = ft.Dropdown(
            label=_("House rules"),
            options=[ft.DropdownOption(key=k, text=PRESET_LABELS[k]) for k in PRESETS],
            on_select=on(state.set_preset, with_value=True),
        )
        self.customize = ft.Switch(
            label=_("Change house rules"), on_change=on(state.set_customizing, with_value=True)
        )
        self.rule_fields = {
            name: ft.TextField(
                label=label,
                keyboard_type=ft.KeyboardType.NUMBER,
                dense=True,
                on_change=on(state.set_rule, name, with_value=True),
            )
            for name, label in RULE_LABELS.items()
        }
        self.switches = {
            "allow_nil": ft.Switch(
                label=_("Nil allowed"), on_change=on(state.set_rule, "allow_nil", with_value=True)
            ),
            "allow_blind_nil": ft.Switch(
                label=_("Blind nil allowed"),
                on_change=on(state.set_rule, "allow_blind_nil", with_value=True),
            ),
        }
        self.partner_tricks = ft.Switch(
            label=_("A failed nil's tricks count toward the partner's bid"),
            on_change=on(
                lambda v: state.set_rule("failed_nil_tricks", "count_for_partner" if v else "bags"),
                with_value=True,
            ),
        )
        self.custom = ft.Column(
            [*self.rule_fields.values(), *self.switches.values(), self.partner_tricks], spacing=8
        )
        self.players_error = error_text(None, "error-players")
        self.rules_error = error_text(None, "error-rules")
        table = ft.Container(
            ft.Text("♠", size=30, color=ft.Colors.WHITE),
            width=56,
            height=56,
            bgcolor=ft.Colors.GREEN_700,
            border_radius=28,
            alignment=ft.Alignment.CENTER,
        )
        self.north = ft.Row([self.names[2]], alignment=ft.MainAxisAlignment.CENTER)
        self.east = ft.Container(self.names[3], expand=True)
        self.seats = ft.Column(
            [
                self.north,
                ft.Row(
                    [ft.Container(self.names[1], expand=True), table, self.east],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                ft.Row([self.names[0]], alignment=ft.MainAxisAlignment.CENTER),
            ]
        )
        for seat in (0, 2):
            self.names[seat].width = 220
        self.controls: list[ft.Control] = [
            self.variant,
            ft.Text(_("Players clockwise; partners sit opposite."), size=14),
            self.seats,
            self.players_error,
            self.dealer,
            self.preset,
            self.customize,
            self.custom,
            self.rules_error,
            ft.FilledButton(
                _("Start game"), icon=ft.Icons.PLAY_ARROW, height=56, on_click=on(state.start_game)
            ),
        ]
        # Text fields are written here and never again: what is typed flows to the
        # state only, as writing it back would race with the next keystrokes.
        for seat, field in enumerate(self.names):
            field.value = state.form.names[seat] if seat < len(state.form.names) else ""
        self.rules_shown = -1  # the rule fields are written when the rules change
        self.sync()

    def sync(self) -> None:
        form, errors = self.state.form, self.state.errors
        two = form.variant is Variant.TWO_PLAYER
        self.variant.selected = [form.variant.value]
        labels = (
            (_("Player 1"), _("Player 2"))
            if two
            else tuple(f"{seat + 1} · {place}" for seat, place in enumerate(SEAT_PLACES_4))
        )
        for seat, field in enumerate(self.names):
            visible = seat < form.variant.player_count
            field.visible = visible
            if visible:
                field.label = labels[seat]
                field.error = errors.get(f"players.{seat}")
        self.north.visible = self.east.visible = not two
        show_error(self.players_error, errors.get("players") or errors.get("first_dealer"))
        self.dealer.options = [
            ft.DropdownOption(key=str(seat), text=form.names[seat].strip() or labels[seat])
            for seat in range(form.variant.player_count)
        ]
        self.dealer.value = str(form.first_dealer)
        self.preset.value = form.preset
        self.customize.value = form.customizing
        self.custom.visible = form.customizing
        for name, field in self.rule_fields.items():
            if self.rules_shown != form.rules_revision:
                field.value = form.rules[name]
            field.error = errors.get(f"rules.{name}")
        self.rules_shown = form.rules_revision
        for name, switch in self.switches.items():
            switch.value = bool(form.rules[name])
        self.partner_tricks.value = form.rules["failed_nil_tricks"] == "count_for_partner"
        rule_problems = [m for k, m in errors.items() if k.startswith("rules")]
        show_error(self.rules_error, "; ".join(rule_problems) if not form.customizing else None)
