"""A game as a whole: its result, the score over the game as a chart, every
hand in detail, export, resume and delete."""

import flet as ft
import flet_charts as fch

from scorekeeper.core.rules import preset_name
from scorekeeper.core.scoring import EventKind, Status
from scorekeeper.i18n import _, is_rtl, moment, ngettext
from scorekeeper.ui.screens.charts import line_chart, x_at
from scorekeeper.ui.screens.evening import session_section
from scorekeeper.ui.screens.widgets import (
    SIDE_COLORS,
    Bind,
    Files,
    export_buttons,
    heading,
    imported_line,
    tagged,
    tool,
)
from scorekeeper.ui.state import AppState
from scorekeeper.ui.text import (
    bid_label,
    event_lines,
    num,
    outcome,
    player,
    rules_name,
    sentence,
    side_label,
    signed,
)

# The hand lines already show points and bags; these add what they do not.
DETAIL_EVENTS = (
    EventKind.SET,
    EventKind.NIL_MADE,
    EventKind.NIL_FAILED,
    EventKind.BLIND_NIL_MADE,
    EventKind.BLIND_NIL_FAILED,
)


def score_chart(state: AppState) -> ft.Control:
    """The score after each hand. It reads the way the language does: in Hebrew
    the first hand is at the right and the score axis stands at the right."""
    assert state.saved and state.score
    game, score = state.saved.game, state.score
    series = []
    lowest, highest = 0, game.rules.target
    last = max(1, len(score.hands))
    rtl = is_rtl()

    for side in range(len(game.variant.sides)):
        points = [fch.LineChartDataPoint(x_at(0, last, rtl), 0)] + [
            fch.LineChartDataPoint(x_at(h.index + 1, last, rtl), h.sides[side].score)
            for h in score.hands
        ]
        lowest = min([lowest, *(p.y for p in points)])
        highest = max([highest, *(p.y for p in points)])
        points.sort(key=lambda p: p.x)  # the line is drawn from the lowest x
        series.append(fch.LineChartData(points=points, color=SIDE_COLORS[side], stroke_width=3))
    step = 100 if highest - lowest <= 800 else 250
    low, high = (lowest // step) * step, -(-highest // step) * step
    chart = line_chart(
        series,
        last=last,
        values=(int(low), int(high), step),
        axis_width=44,
        height=240,
        x_title=_("hand"),
        x_labels=range(0, len(score.hands) + 1, max(1, len(score.hands) // 8)),
        rtl=rtl,
    )
    legend = ft.Row(
        [
            ft.Text("━ " + side_label(game, side), color=SIDE_COLORS[side], size=13)
            for side in range(len(game.variant.sides))
        ],
        wrap=True,
    )
    return tagged(
        "chart",
        ft.Semantics(
            label=_("Score after each hand"),
            # room for the last hand's label, which stands out past the chart's edge
            content=ft.Column(
                [ft.Container(chart, padding=ft.Padding.symmetric(horizontal=12)), legend],
                spacing=4,
            ),
        ),
    )


def detail_row(state: AppState, index: int) -> ft.Control:
    assert state.saved and state.score
    game, result = state.saved.game, state.score.hands[index]
    hand = game.hands[index]
    lines: list[ft.Control] = [
        ft.Text(
            _("Hand {number} · Dealer: {dealer}").format(
                number=index + 1, dealer=player(game, result.dealer)
            ),
            weight=ft.FontWeight.BOLD,
        )
    ]
    for sh in result.sides:
        seats = game.variant.sides[sh.side]
        bids = ", ".join(
            f"{player(game, s)} {bid_label(hand.bids[s])}/{hand.tricks[s]}" for s in seats
        )
        parts = [
            _("{points} → {score}").format(points=signed(sh.points), score=num(sh.score)),
            _("bags {bags}, {carried} carried").format(bags=sh.bags, carried=sh.carried_bags),
        ]
        if sh.penalties:
            parts.append(_("bag penalty {points}").format(points=num(sh.penalty_points)))
        if sh.big_bid:
            parts.append(_("big bid"))
        if sh.blind:
            parts.append(_("blind {contract}").format(contract=num(sh.contract)))
        parts += [
            f"{signed(a.points)} ({a.reason})" if a.reason else signed(a.points)
            for a in sh.adjustments
        ]
        lines.append(ft.Text(f"{bids}: " + " · ".join(parts), color=SIDE_COLORS[sh.side], size=14))
    facts = event_lines(game, state.score, index, DETAIL_EVENTS)
    lines += [ft.Text(line, size=13, italic=True) for line in facts]
    return tagged(
        f"detail-{index + 1}",
        ft.Container(
            ft.Column(lines, spacing=1),
            padding=ft.Padding.symmetric(vertical=6),
            border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        ),
    )


def build(state: AppState, on: Bind, files: Files) -> list[ft.Control]:
    assert state.saved and state.score
    game, score, saved = state.saved.game, state.score, state.saved
    when = moment(saved.created_at)
    result = outcome(game, score) or _("In progress: {scores}").format(
        scores=_("{score} to {other}").format(
            score=num(score.sides[0].score), other=", ".join(num(t.score) for t in score.sides[1:])
        )
    )
    controls: list[ft.Control] = [
        tagged("detail-outcome", ft.Text(result, size=20, weight=ft.FontWeight.BOLD)),
        ft.Text(
            ngettext(
                "Started {when} · {hands} hand · {rules}",
                "Started {when} · {hands} hands · {rules}",
                len(game.hands),
            ).format(
                when=when,
                hands=len(game.hands),
                rules=rules_name(preset_name(game.rules)),
            ),
            size=14,
        ),
    ]
    if saved.imported_at is not None:  # a copy from a file: told apart from its original
        controls.append(
            tagged(
                "detail-imported",
                ft.Text(sentence(imported_line(saved.imported_at)), size=14, italic=True),
            )
        )
    # a game in progress resumes; a wrong hand found after the end is fixed on the sheet
    playing = score.status is Status.IN_PROGRESS
    button = ft.FilledButton if playing else ft.OutlinedButton
    buttons: list[ft.Control] = [
        button(
            _("Resume") if playing else _("Open score sheet"),
            icon=ft.Icons.PLAY_ARROW if playing else ft.Icons.EDIT_NOTE,
            height=48,
            on_click=on(state.open_game, saved.id),
        ),
        tool(_("Delete game"), ft.Icons.DELETE, on(state.ask_delete)),
    ]
    controls.append(ft.Row(buttons, wrap=True))
    if state.deleting.confirm_delete:
        controls.append(
            tagged(
                "confirm-delete",
                ft.Container(
                    ft.Column(
                        [
                            ft.Text(_("Delete this game for good?")),
                            ft.Row(
                                [
                                    # the safe answer is the filled one
                                    ft.OutlinedButton(
                                        _("Delete"),
                                        height=48,
                                        on_click=on(state.delete_game),
                                        style=ft.ButtonStyle(color=ft.Colors.ERROR),
                                    ),
                                    ft.FilledButton(
                                        _("Keep"), height=48, on_click=on(state.ask_delete, False)
                                    ),
                                ],
                                wrap=True,
                            ),
                        ]
                    ),
                    bgcolor=ft.Colors.ERROR_CONTAINER,
                    padding=10,
                    border_radius=8,
                ),
            )
        )
    controls += session_section(state, on)
    if game.hands:
        controls += [heading(_("Score over the game")), score_chart(state)]
    controls.append(export_buttons(files, saved.id))
    if game.hands:
        controls.append(heading(_("Every hand")))
        controls += [detail_row(state, i) for i in range(len(game.hands))]
    return controls
