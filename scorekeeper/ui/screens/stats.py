"""Statistics: per player, partnerships, head to head, a win-rate chart, and
merging two spellings of one name."""

from collections.abc import Sequence
from typing import Any

import flet as ft
import flet_charts as fch

from scorekeeper.core.ratings import Rating
from scorekeeper.core.stats import PlayerStats
from scorekeeper.i18n import _, decimal, is_rtl, ngettext, percent
from scorekeeper.ui.palette import CHART_BAR
from scorekeeper.ui.screens.widgets import Bind, Files, error_text, heading, named, tagged
from scorekeeper.ui.state import AppState
from scorekeeper.ui.text import isolate, names_pair, num


def pct(rate: float | None) -> str:
    return "-" if rate is None else percent(rate)


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


def rating_line(rating: Rating | None) -> str:
    """ "Rating 12.4": openskill's ordinal, once a finished game counted."""
    if rating is None:
        return _("Rating: after a finished game")
    return _("Rating {rating}").format(rating=decimal(rating.ordinal, "#,##0.0"))


def player_card(p: PlayerStats, rating: Rating | None = None) -> ft.Control:
    lines = [
        rating_line(rating),
        _("Games {games} · wins {wins} of {finished} ({rate})").format(
            games=p.games, wins=p.wins, finished=p.finished, rate=pct(p.win_rate)
        ),
        _("Average bid {bid} · side made {made} · set {set} · bagged {bagged}").format(
            bid="-" if p.average_bid is None else decimal(p.average_bid, "0.0"),
            made=pct(p.made_rate),
            set=pct(p.set_rate),
            bagged=pct(p.bagged_rate),
        ),
        _("Bags per hand {bags} · bag penalties {penalties}").format(
            bags="-" if p.bags_per_hand is None else decimal(p.bags_per_hand, "0.00"),
            penalties=p.penalties,
        ),
        _("Nil {made} of {tried} ({rate}) · blind nil {bmade} of {btried} ({brate})").format(
            made=p.nils_made,
            tried=p.nils,
            rate=pct(p.nil_rate),
            bmade=p.blind_nils_made,
            btried=p.blind_nils,
            brate=pct(p.blind_nil_rate),
        ),
    ]
    if p.blind_bids:  # only where a table plays blind bids
        lines.append(
            _("Blind bids made {made} · set {set} ({rate})").format(
                made=p.blind_bids_made, set=p.blind_bids_set, rate=pct(p.blind_bid_rate)
            )
        )
    if p.alone:  # games where the player was a side alone: the wins are their own
        lines.insert(
            1,
            _("Playing alone: {games} · won {wins} of {finished} ({rate})").format(
                games=p.alone,
                wins=p.alone_wins,
                finished=p.alone_finished,
                rate=pct(p.alone_win_rate),
            ),
        )
    return tagged(
        f"player-{p.name}",
        ft.Container(
            ft.Column(
                [
                    ft.Text(isolate(p.name), weight=ft.FontWeight.BOLD, size=16),
                    *[ft.Text(line, size=14) for line in lines],
                ],
                spacing=1,
            ),
            padding=ft.Padding.symmetric(vertical=6),
            border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        ),
    )


def players_table(state: AppState, on: Bind) -> ft.Control:
    """One compact row per player (rating, games finished, wins, nils made),
    sorted by the column tapped; the details are in the cards below."""
    browsing = state.browsing
    columns = (
        ("rating", _("Rating")),
        ("finished", _("Games")),
        ("wins", _("Wins")),
        ("nils", _("Nils")),
    )

    def cell(text: str, bold: bool = False) -> ft.Control:
        return ft.Container(
            ft.Text(text, weight=ft.FontWeight.BOLD if bold else None, text_align=ft.TextAlign.END),
            width=58,
            alignment=ft.Alignment.CENTER_RIGHT,
        )

    header = ft.Row(
        [
            ft.Text(_("Player"), expand=True, weight=ft.FontWeight.BOLD),
            *[sort_button(state, on, key, label) for key, label in columns],
        ],
        spacing=2,
    )
    rows: list[ft.Control] = [header]
    for stats, rating in browsing.table():
        shown = "-" if rating is None else decimal(rating.ordinal, "#,##0.0")
        rows.append(
            tagged(
                f"row-{stats.name}",
                ft.Row(
                    [
                        ft.Text(isolate(stats.name), expand=True, no_wrap=True),
                        cell(shown, bold=True),
                        cell(num(stats.finished)),
                        cell(num(stats.wins)),
                        cell(num(stats.nils_made)),
                    ],
                    spacing=2,
                ),
            )
        )
    return tagged("players-table", ft.Column(rows, spacing=0))


def sort_button(state: AppState, on: Bind, key: str, label: str) -> ft.Control:
    """A column's header: a tap sorts the table by it. The column sorted by is
    marked by an icon, not a "▼" (the icons' font is always there; a symbol's
    font may not be yet, and the engine would fetch one of its own) and is
    "selected" for screen readers."""
    sorted_by = state.browsing.sort_by == key
    button = tagged(
        f"sort-{key}",
        ft.TextButton(
            label,
            icon=ft.Icons.ARROW_DROP_DOWN if sorted_by else None,
            width=58,
            height=48,
            style=ft.ButtonStyle(padding=0),
            on_click=on(state.sort_players, key),
        ),
    )
    button.selected = sorted_by
    return button


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

    controls: list[ft.Control] = [players_table(state, on), heading(_("Win rate"))]
    if any(p.finished for p in browsing.players):
        controls.append(win_chart(browsing.players))
    else:
        controls.append(ft.Text(_("Win rates appear once a game is finished.")))
    controls.append(heading(_("Players")))
    controls.append(
        ft.Text(
            _(
                "Rating: what every finished game says of a player's skill, counting "
                "the partner and the opponents. A new player starts at 0, as little is "
                "known yet; wins, above all against strong players, raise it."
            ),
            size=13,
            italic=True,
        )
    )
    controls += [player_card(p, browsing.rating(p.name)) for p in browsing.players]
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
                    named(
                        ft.Dropdown(
                            label=label,
                            width=160,
                            dense=True,
                            on_select=choose(slot),
                            options=[ft.DropdownOption(key=n, text=n) for n in names],
                        ),
                        label,
                    )
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
