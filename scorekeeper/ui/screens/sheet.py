"""The score sheet of the scoreboard: a header with the sides, one line per
hand (bids / tricks, points and total, who dealt, with the hand's adjustments under it)
and the form that adds, changes or removes a penalty on a hand."""

import flet as ft

from scorekeeper.core.model import Adjustment, Game, Variant
from scorekeeper.i18n import _
from scorekeeper.ui.screens.widgets import (
    SIDE_COLORS,
    Bind,
    error_text,
    fitted_size,
    icon_button,
    tagged,
)
from scorekeeper.ui.state import AppState
from scorekeeper.ui.text import (
    bag_penalty_line,
    num,
    partners_figures,
    player,
    short_bid,
    side_label,
    signed,
)

FORM_KEY = "adjustment-form"  # the page scrolls the penalty form into view by it
NO_BREAK = "\u00a0"
FIGURES_ROOM = 190  # px a 360 px phone leaves the sides' columns of a hand's line
SCROLL_KEY = ft.ScrollKey(FORM_KEY)  # type: ignore[call-arg]


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
            ft.Container(width=100),  # over the two icon buttons
        ],
        spacing=4,  # as the hands' lines
    )


def hand_row(state: AppState, on: Bind, index: int) -> ft.Control:
    """One line of the score sheet: per side, bids / tricks, then points and total."""
    assert state.saved and state.score
    game, result = state.saved.game, state.score.hands[index]
    hand = game.hands[index]
    cells: list[ft.Control] = []
    for sh in result.sides:
        seats = game.variant.sides[sh.side]
        bids = partners_figures([short_bid(hand.bids[s]) for s in seats])
        took = partners_figures([str(hand.tricks[s]) for s in seats])
        cells.append(
            ft.Column(
                [
                    ft.Text(f"{bids} / {took}", size=14),
                    figures(
                        sh.points,
                        sh.score,
                        SIDE_COLORS[sh.side],
                        f"{index + 1}-{sh.side}",
                        room=FIGURES_ROOM / len(result.sides),
                        text_size=state.text_size,
                    ),
                    *(
                        [
                            tagged(
                                f"penalty-{index + 1}-{sh.side}",
                                ft.TextButton(
                                    _("Bags {points}").format(points=num(sh.penalty_points)),
                                    on_click=on(state.explain_penalty, index, sh.side),
                                    tooltip=bag_penalty_line(game, sh),
                                    style=ft.ButtonStyle(
                                        color=ft.Colors.ERROR,
                                        padding=ft.Padding.symmetric(horizontal=4),
                                        text_style=ft.TextStyle(size=13),
                                    ),
                                    height=32,
                                ),
                            )
                        ]
                        if sh.penalties
                        else []
                    ),
                    *(
                        [dealer_mark(game, index, result.dealer)]
                        if game.variant.side_of(result.dealer) == sh.side
                        else []
                    ),
                    *(
                        [tagged(f"big-bid-{index + 1}-{sh.side}", ft.Text(_("big bid"), size=13))]
                        if sh.big_bid
                        else []
                    ),
                    *(
                        [
                            tagged(
                                f"blind-{index + 1}-{sh.side}",
                                ft.Text(
                                    _("blind {contract}").format(contract=sh.contract), size=13
                                ),
                            )
                        ]
                        if sh.blind
                        else []
                    ),
                ],
                spacing=0,
                expand=True,
            )
        )
    adjustments = [
        ft.TextButton(
            adjustment_line(game, adj),
            on_click=on(state.open_adjustment, index, position),
            style=ft.ButtonStyle(color=SIDE_COLORS[adj.side % len(SIDE_COLORS)]),
            key=f"adjustment-{index + 1}-{position}",
        )
        for position, adj in enumerate(hand.adjustments)
    ]
    row = ft.Row(
        [
            ft.Text(f"{index + 1}", size=18, weight=ft.FontWeight.BOLD, width=28),
            *cells,
            icon_button(
                ft.Icons.GAVEL,
                _("Penalty or adjustment on hand {number}").format(number=index + 1),
                on(state.open_adjustment, index),
                f"penalty-{index + 1}",
            ),
            icon_button(
                ft.Icons.EDIT,
                _("Edit hand {number}").format(number=index + 1),
                on(state.edit_hand, index),
            ),
        ],
        spacing=4,  # the figures' columns get the width on a narrow phone
    )
    return tagged(
        f"hand-{index + 1}",
        ft.Container(
            ft.Column([row, *adjustments], spacing=0) if adjustments else row,
            padding=ft.Padding.symmetric(vertical=2),
            border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        ),
    )


def dealer_mark(game: Game, index: int, dealer: int) -> ft.Control:
    """Who dealt the hand, small, in the dealer's own column: "dealer" where a
    side is one player, "Dealer: Ana" where it is two partners (a role label:
    no verb has to agree with the player); one line at most in a 360 px
    phone's narrow column, the whole sentence read aloud."""
    name = player(game, dealer)
    if game.variant is Variant.TWO_PLAYER:
        mark = _("drew first")
    elif game.variant.partnership:
        mark = _("Dealer: {name}").format(name=name)
    else:
        mark = _("dealer")
    return ft.Semantics(
        identifier=f"dealer-{index + 1}",
        label=_("Hand {number} · Dealer: {dealer}").format(number=index + 1, dealer=name),
        content=ft.Text(
            mark,
            size=12,
            italic=True,
            max_lines=1,
            overflow=ft.TextOverflow.ELLIPSIS,
        ),
    )


def figures(
    points: int, score: int, color: str, where: str, room: float, text_size: int
) -> ft.Control:
    """A hand's points and the total after it ("+45 → 130"), on one line: at a
    larger text size, drawn smaller where its column is too narrow (a no-break
    space holds the total to its arrow should a wide font still overflow)."""
    points_text, _space, total = (
        _("{points} → {score}").format(points=signed(points), score=num(score)).partition(" ")
    )
    shown = f"{points_text} {total.replace(' ', NO_BREAK)}"
    return tagged(
        f"figures-{where}",
        ft.Text(
            shown,
            size=fitted_size(shown, 16, room, text_size),
            weight=ft.FontWeight.BOLD,
            color=color,
        ),
    )


def adjustment_line(game: Game, adjustment: Adjustment) -> str:
    """ "Ana: -30 (renege)": whose points, how many, why."""
    line = _("{names}: {points}").format(
        names=side_label(game, adjustment.side), points=signed(adjustment.points)
    )
    return f"{line} ({adjustment.reason})" if adjustment.reason else line


def adjustment_panel(state: AppState, on: Bind) -> ft.Control:
    """Add, change or remove a penalty on a hand: a side, the points, a reason."""
    assert state.saved and state.corrections.adjusting
    game, form, errors = state.saved.game, state.corrections.adjusting, state.errors
    sides = ft.RadioGroup(
        ft.Column(
            [
                ft.Radio(value=str(side), label=side_label(game, side))
                for side in range(len(game.variant.sides))
            ],
            spacing=0,
        ),
        value=None if form.side is None else str(form.side),  # none until tapped
        on_change=on(lambda v: state.set_adjustment_side(int(v)), with_value=True),
    )
    side_error = error_text(errors.get("adjustment.side"), "adjustment-side-error")
    points = ft.TextField(
        label=_("Points (minus for a penalty)"),
        value=form.points,
        keyboard_type=ft.KeyboardType.NUMBER,
        on_change=on(state.set_adjustment_points, with_value=True),
        error=errors.get("adjustment.points"),
        dense=True,
    )
    reason = ft.TextField(
        label=_("Reason (optional)"),
        value=form.reason,
        max_length=60,
        on_change=on(state.set_adjustment_reason, with_value=True),
        error=errors.get("adjustment.reason") or errors.get("adjustment"),
        dense=True,
    )
    buttons: list[ft.Control] = [
        ft.FilledButton(_("Save"), height=48, on_click=on(state.save_adjustment)),
        ft.OutlinedButton(_("Cancel"), height=48, on_click=on(state.cancel_adjustment)),
    ]
    if form.position is not None:
        buttons.append(
            ft.TextButton(
                _("Remove"),
                icon=ft.Icons.DELETE,
                height=48,
                on_click=on(state.remove_adjustment, form.hand, form.position),
            )
        )
    title = (
        _("Penalty or adjustment on hand {number}")
        if form.position is None
        else _("Change the adjustment on hand {number}")
    )
    return tagged(
        "adjustment",
        ft.Container(
            ft.Column(
                [
                    ft.Text(title.format(number=form.hand + 1), weight=ft.FontWeight.BOLD),
                    sides,
                    side_error,
                    points,
                    reason,
                    ft.Row(buttons, wrap=True),
                ],
                spacing=8,
            ),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
            padding=12,
            border_radius=8,
            key=SCROLL_KEY,
        ),
    )
