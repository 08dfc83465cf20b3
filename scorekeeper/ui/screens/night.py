"""A session's page: the tally and the match, a chart of the games each side
(or player) won, every game with its final score, the evening's highlights
and how much it moved each player's rating. Draws `state.night.view` only."""

import flet as ft
import flet_charts as fch

from scorekeeper.i18n import _, is_rtl
from scorekeeper.ui.palette import CHART_BAR
from scorekeeper.ui.screens.widgets import SIDE_COLORS, Bind, Files, heading, tagged
from scorekeeper.ui.state import AppState
from scorekeeper.ui.state.night_page import NightGame
from scorekeeper.ui.text import num


def wins_chart(wins: tuple[tuple[str, int], ...]) -> ft.Control:
    """Games won, a bar each, in reading order (from the right in Hebrew)."""
    rtl = is_rtl()
    count = len(wins)

    def at(i: int) -> int:
        return count - 1 - i if rtl else i

    most = max([1, *(won for _name, won in wins)])
    step = max(1, -(-most // 4))
    count_axis = fch.ChartAxis(
        label_size=28,
        labels=[
            fch.ChartAxisLabel(value=v, label=ft.Text(num(v), size=11))
            for v in range(0, most + 1, step)
        ],
    )
    no_axis = fch.ChartAxis(label_size=0, show_labels=False)
    chart = fch.BarChart(
        groups=[
            fch.BarChartGroup(
                x=at(i),
                rods=[fch.BarChartRod(to_y=won, width=22, color=CHART_BAR, border_radius=4)],
            )
            for i, (_name, won) in sorted(enumerate(wins), key=lambda iw: at(iw[0]))
        ],
        max_y=most,
        height=160,
        interactive=False,
        left_axis=no_axis if rtl else count_axis,
        right_axis=count_axis if rtl else no_axis,
        bottom_axis=fch.ChartAxis(
            label_size=28,
            labels=[
                fch.ChartAxisLabel(value=at(i), label=ft.Text(name, size=11, no_wrap=True))
                for i, (name, _won) in enumerate(wins)
            ],
        ),
        horizontal_grid_lines=fch.ChartGridLines(
            interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1
        ),
    )
    said = _(", ").join(f"{name} {num(won)}" for name, won in wins)
    return tagged(
        "night-chart",
        ft.Semantics(label=_("Games won: {wins}").format(wins=said), content=chart),
    )


def game_line(game: NightGame, on: Bind, state: AppState) -> ft.Control:
    """One game: each side's final score (the winner's in bold); a tap opens it."""
    sides: list[ft.Control] = [
        ft.Text(
            f"{label}   {num(score)}",
            color=SIDE_COLORS[side],
            weight=ft.FontWeight.BOLD if game.winner == side else None,
        )
        for side, (label, score) in enumerate(game.sides)
    ]
    return tagged(
        f"night-game-{game.id}",
        ft.Card(
            ft.ListTile(
                title=ft.Text(game.title, size=13),
                subtitle=ft.Column(sides, spacing=0),
                trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
                on_click=on(state.review_game, game.id),
            )
        ),
    )


def build(state: AppState, on: Bind, files: Files) -> list[ft.Control]:
    view = state.night.view
    if view is None:
        return [ft.Text(_("That session is no longer stored."))]
    controls: list[ft.Control] = [
        tagged("night-title", ft.Text(view.title, size=14)),
        tagged("night-tally", ft.Text(view.tally, size=18, weight=ft.FontWeight.BOLD)),
    ]
    if view.match:
        controls.append(tagged("night-match", ft.Text(view.match, size=14)))
    if view.moves:
        controls.append(tagged("night-moves", ft.Text(view.moves, size=14)))
    if any(won for _name, won in view.wins):
        controls += [heading(_("Games won")), wins_chart(view.wins)]
    if view.highlights:
        controls.append(heading(_("Highlights")))
        controls.append(
            tagged(
                "night-highlights",
                ft.Column([ft.Text(line, size=14) for line in view.highlights], spacing=2),
            )
        )
    controls.append(heading(_("Games")))
    controls += [game_line(game, on, state) for game in view.games]
    return controls
