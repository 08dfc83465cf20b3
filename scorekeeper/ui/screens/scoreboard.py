"""The scoreboard of a game: both sides' scores and bags, whose deal, the
score sheet with edit and undo, the result at the end."""

import flet as ft

from scorekeeper.i18n import _, ngettext
from scorekeeper.model import Game, Variant
from scorekeeper.scoring import Status
from scorekeeper.ui.screens.widgets import (
    SIDE_COLORS,
    Bind,
    Files,
    banner,
    directed,
    heading,
    icon_button,
    tagged,
)
from scorekeeper.ui.state import AppState
from scorekeeper.ui.text import (
    bag_penalty_line,
    num,
    outcome,
    player,
    rules_summary,
    short_bid,
    side_label,
    side_spoken,
    signed,
)

RECENT_HANDS = 10  # the sheet shows these at first: a long game costs no more to draw


def side_card(state: AppState, side: int) -> ft.Control:
    assert state.saved and state.score
    game, total = state.saved.game, state.score.sides[side]
    limit = game.rules.bag_limit
    near = total.bags >= max(1, limit - 3)
    bags = _("Bags {count} of {limit}").format(count=num(total.bags), limit=num(limit))
    spoken = _("{names}: {score}, bags {count} of {limit}").format(
        names=side_spoken(game, side),
        score=num(total.score),
        count=num(total.bags),
        limit=num(limit),
    )
    card = ft.Container(
        ft.Column(
            [
                ft.Text(
                    side_label(game, side),
                    size=16,
                    weight=ft.FontWeight.BOLD,
                    color=SIDE_COLORS[side],
                ),
                tagged(
                    f"score-{side}", ft.Text(num(total.score), size=44, weight=ft.FontWeight.BOLD)
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
    )
    # read as one line per side ("Ana and Cy: 122, bags 2 of 10")
    return ft.Semantics(
        identifier=f"side-{side}",
        label=spoken,
        container=True,
        exclude_semantics=True,
        content=card,
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
                        _("{points} → {score}").format(
                            points=signed(sh.points), score=num(sh.score)
                        ),
                        size=16,
                        weight=ft.FontWeight.BOLD,
                        color=SIDE_COLORS[sh.side],
                    ),
                    *(
                        [
                            tagged(
                                f"penalty-{index + 1}-{sh.side}",
                                ft.Text(bag_penalty_line(game, sh), size=13, color=ft.Colors.ERROR),
                            )
                        ]
                        if sh.penalties
                        else []
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


def build(state: AppState, on: Bind, files: Files) -> list[ft.Control]:
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
                    (
                        _("Hand {number}: {dealer} draws first, {bidder} bids first")
                        if game.variant is Variant.TWO_PLAYER
                        else _("Hand {number}: {dealer} deals, {bidder} bids first")
                    ).format(
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
                        _("Undo last hand"),
                        icon=directed(ft.Icons.UNDO),
                        height=48,
                        on_click=on(state.ask_undo_last_hand),
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
                    ngettext("Show the {count} hand", "Show all {count} hands", count).format(
                        count=count
                    ),
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
        controls.append(
            ft.Text(_("House rules: {rules}").format(rules=rules_summary(rules)), size=12)
        )
    return controls
