"""Statistics' ratings: one compact row per player (rating, games finished,
wins, nils made) sorted by the column tapped, the player's details a tap away
under their row with their rating over time, and the leaders' ratings over
time as a chart."""

import flet as ft
import flet_charts as fch

from scorekeeper.core.ratings import Rating
from scorekeeper.core.stats import PlayerStats
from scorekeeper.i18n import _, decimal, is_rtl, percent
from scorekeeper.ui.screens.charts import line_chart, x_at
from scorekeeper.ui.screens.widgets import SIDE_COLORS, Bind, heading, tagged
from scorekeeper.ui.state import AppState
from scorekeeper.ui.text import isolate, num

Trend = list[tuple[int, float]]  # (the player's games counted, rating)
COLUMN = 64  # a figure's column in the players' table: its header with the sort mark fits


def pct(rate: float | None) -> str:
    return "-" if rate is None else percent(rate)


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


def trend_chart(series: list[tuple[str, Trend]], identifier: str) -> ft.Control:
    """Ratings over the players' own games, a line each, in reading order
    (the first game at the right in Hebrew, where the rating axis stands too)."""
    rtl = is_rtl()
    last = max([1, *(n for _name, points in series for n, _r in points)])

    values = [r for _name, points in series for _n, r in points] or [0.0]
    step = 5 if max(values) - min(values) <= 30 else 10
    low, high = (min(0, int(min(values))) // step) * step, -(-int(max(values) + 1) // step) * step
    lines = [
        fch.LineChartData(
            points=sorted(
                (fch.LineChartDataPoint(x_at(n, last, rtl), round(r, 2)) for n, r in points),
                key=lambda p: p.x,
            ),
            color=SIDE_COLORS[i % len(SIDE_COLORS)],
            stroke_width=3,
            # one rated game is a point, not a line: drawn as a dot to be seen
            point=fch.ChartCirclePoint(radius=5, color=SIDE_COLORS[i % len(SIDE_COLORS)])
            if len(points) == 1
            else None,
        )
        for i, (_name, points) in enumerate(series)
    ]
    chart = line_chart(
        lines,
        last=last,
        values=(low, high, step),
        axis_width=36,
        height=180,
        x_title=_("games"),
        x_labels=range(0, last + 1, max(1, last // 6)),
        rtl=rtl,
    )
    legend = ft.Row(
        [
            ft.Text("━ " + isolate(name), color=SIDE_COLORS[i % len(SIDE_COLORS)], size=13)
            for i, (name, _points) in enumerate(series)
        ],
        wrap=True,
    )
    said = _(", ").join(
        f"{isolate(name)} {decimal(points[-1][1], '#,##0.0')}" for name, points in series if points
    )
    return tagged(
        identifier,
        ft.Semantics(
            label=_("Rating over time: {ratings}").format(ratings=said),
            content=ft.Column(
                [ft.Container(chart, padding=ft.Padding.symmetric(horizontal=12)), legend],
                spacing=4,
            ),
        ),
    )


def players_table(state: AppState, on: Bind) -> ft.Control:
    """One compact row per player (rating, games finished, wins, nils made),
    sorted by the column tapped; a row tapped shows the player's details."""
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
            width=COLUMN,
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
        opened = browsing.opened == stats.name
        rows.append(
            tagged(
                f"row-{stats.name}",
                ft.ListTile(
                    title=ft.Row(
                        [
                            name_cell(stats.name),
                            cell(shown, bold=True),
                            cell(num(stats.finished)),
                            cell(num(stats.wins)),
                            cell(num(stats.nils_made)),
                        ],
                        spacing=2,
                    ),
                    dense=True,
                    content_padding=ft.Padding.all(0),
                    min_height=48,
                    selected=opened,
                    on_click=on(state.open_player, stats.name),
                ),
            )
        )
        if opened:
            rows.append(player_details(stats, rating, browsing.trend(stats.name)))
    return tagged("players-table", ft.Column(rows, spacing=0))


def name_cell(name: str) -> ft.Control:
    """A player's name in the table: one line, a long one ending in an ellipsis
    (never cut off mid-letter); the full name is still what a screen reader
    says, a long press shows it, and the player's details write it whole."""
    return ft.Text(
        isolate(name),
        expand=True,
        no_wrap=True,
        max_lines=1,
        overflow=ft.TextOverflow.ELLIPSIS,
        tooltip=name,
        semantics_label=name,
    )


def sort_button(state: AppState, on: Bind, key: str, label: str) -> ft.Control:
    """A column's header: a tap sorts the table by it. The column sorted by is
    bold and underlined (a mark beside a 64 px header read as the next
    column's; a "▼" made the engine fetch a font of its own) and "selected"
    for screen readers."""
    sorted_by = state.browsing.sort_by == key
    button = tagged(
        f"sort-{key}",
        ft.TextButton(
            content=ft.Text(
                label,
                size=13,
                weight=ft.FontWeight.BOLD if sorted_by else None,
                style=ft.TextStyle(decoration=ft.TextDecoration.UNDERLINE) if sorted_by else None,
            ),
            width=COLUMN,
            height=48,
            style=ft.ButtonStyle(padding=0),
            on_click=on(state.sort_players, key),
        ),
    )
    button.selected = sorted_by
    return button


def player_details(stats: PlayerStats, rating: Rating | None, trend: Trend) -> ft.Control:
    """Under a tapped row: the player's figures, and their rating over time."""
    parts: list[ft.Control] = [player_card(stats, rating)]
    if len(trend) > 1:
        parts.append(trend_chart([(stats.name, trend)], f"trend-{stats.name}"))
    return ft.Container(
        ft.Column(parts, spacing=4),
        padding=ft.Padding.only(left=8, right=8, bottom=8),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        border_radius=8,
    )


def ratings_part(state: AppState, on: Bind) -> list[ft.Control]:
    """The table, what a rating means, and the leaders' ratings over time."""
    browsing = state.browsing
    controls: list[ft.Control] = [
        players_table(state, on),
        ft.Text(
            _(
                "Rating: what every finished game says of a player's skill, counting "
                "the partner and the opponents. A new player starts at 0, as little is "
                "known yet; wins, above all against strong players, raise it."
            ),
            size=13,
            italic=True,
        ),
    ]
    series = [(name, browsing.trend(name)) for name in browsing.leaders()]
    if any(len(points) > 1 for _name, points in series):
        controls += [heading(_("Rating over time")), trend_chart(series, "trend-chart")]
    return controls
