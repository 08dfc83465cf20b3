"""Statistics: per player, partnerships, head to head, a win-rate chart, and
merging two spellings of one name."""

from collections.abc import Sequence
from typing import Any

import flet as ft
import flet_charts as fch

from scorekeeper.core.stats import PlayerStats
from scorekeeper.i18n import _, is_rtl, ngettext, percent
from scorekeeper.ui.palette import CHART_BAR
from scorekeeper.ui.screens.menus import menu
from scorekeeper.ui.screens.ratings import pct, ratings_part
from scorekeeper.ui.screens.widgets import Bind, Files, error_text, heading, tagged
from scorekeeper.ui.state import AppState
from scorekeeper.ui.text import isolate, names_pair, num


def win_chart(players: list[PlayerStats]) -> ft.Control:
    """Bars in reading order: the first player at the left, or at the right in
    Hebrew, where the percentage axis stands too."""
    shown = [p for p in players if p.finished][:8]
    rtl = is_rtl()

    def at(i: int) -> int:
        return len(shown) - 1 - i if rtl else i

    rate_axis = fch.ChartAxis(
        label_size=36,
        labels=[
            fch.ChartAxisLabel(value=v, label=ft.Text(percent(v / 100), size=11))
            for v in (0, 50, 100)
        ],
    )
    no_axis = fch.ChartAxis(label_size=0, show_labels=False)
    chart = fch.BarChart(
        groups=[
            fch.BarChartGroup(
                x=at(i),
                rods=[
                    fch.BarChartRod(
                        to_y=round((p.win_rate or 0) * 100),
                        width=22,
                        color=CHART_BAR,
                        border_radius=4,
                    )
                ],
            )
            for i, p in sorted(enumerate(shown), key=lambda ip: at(ip[0]))
        ],
        max_y=100,
        height=200,
        interactive=False,
        left_axis=no_axis if rtl else rate_axis,
        right_axis=rate_axis if rtl else no_axis,
        bottom_axis=fch.ChartAxis(
            label_size=28,
            labels=[
                fch.ChartAxisLabel(value=at(i), label=ft.Text(isolate(p.name[:8]), size=11))
                for i, p in enumerate(shown)
            ],
        ),
        horizontal_grid_lines=fch.ChartGridLines(
            interval=25, color=ft.Colors.OUTLINE_VARIANT, width=1
        ),
    )
    return tagged("win-chart", ft.Semantics(label=_("Win rate by player"), content=chart))


def partnership_line(names: Sequence[str], games: int, wins: int, finished: int, rate: str) -> str:
    """ "Ana + Cy: 1 game, 1 win of 1 (100%)": each count in its own plural form."""
    return _("{names}: {games}, {wins} ({rate})").format(
        names=names_pair(names),
        games=ngettext("{count} game", "{count} games", games).format(count=num(games)),
        wins=ngettext("{wins} win of {finished}", "{wins} wins of {finished}", wins).format(
            wins=num(wins), finished=num(finished)
        ),
        rate=rate,
    )


def build(state: AppState, on: Bind, files: Files) -> list[ft.Control]:
    browsing = state.browsing
    if not browsing.players:
        return [ft.Text(_("No games yet: statistics appear once games are played."))]
    names = sorted({p.name for p in browsing.players}, key=str.casefold)
    picked: dict[str, str | None] = {"name": None, "into": None}

    def choose(slot: str) -> Any:
        def handler(event: ft.Event[Any]) -> None:
            picked[slot] = event.control.value

        return handler

    controls: list[ft.Control] = [*ratings_part(state, on), heading(_("Win rate"))]
    if any(p.finished for p in browsing.players):
        controls.append(win_chart(browsing.players))
    else:
        controls.append(ft.Text(_("Win rates appear once a game is finished.")))
    if browsing.pairs:
        controls.append(heading(_("Partnerships")))
        controls += [
            ft.Text(partnership_line(p.names, p.games, p.wins, p.finished, pct(p.win_rate)))
            for p in browsing.pairs
        ]
    if browsing.rivals:
        controls.append(heading(_("Head to head")))
        controls += [
            ft.Text(f"{isolate(r.names[0])} {r.wins[0]} - {r.wins[1]} {isolate(r.names[1])}")
            for r in browsing.rivals
        ]
    controls += [
        heading(_("Same person, two spellings?")),
        ft.Row(
            [
                *[
                    menu(label, [(n, n) for n in names], choose(slot), width=160, dense=True)
                    for label, slot in ((_("Count"), "name"), (_("as"), "into"))
                ],
                ft.FilledButton(
                    _("Merge"),
                    height=48,
                    on_click=on(lambda: state.merge_players(picked["name"], picked["into"])),
                ),
            ],
            wrap=True,
        ),
        error_text(state.errors.get("merge"), "error-merge"),
    ]
    for alias, into in sorted(browsing.merges.items()):
        controls.append(
            ft.Row(
                [
                    ft.Text(
                        _("{name}: counted as {into}").format(name=alias, into=into), expand=True
                    ),
                    ft.TextButton(
                        _("Undo merge"), height=48, on_click=on(state.unmerge_player, alias)
                    ),
                ]
            )
        )
    return controls
