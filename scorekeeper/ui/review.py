"""Views of the review side: a game's detail (sheet and chart) and the
players' statistics. Like views.py, they only render AppState."""

from typing import Any, Protocol

import flet as ft
import flet_charts as fch

from scorekeeper.i18n import _
from scorekeeper.rules import preset_name
from scorekeeper.scoring import EventKind, Status
from scorekeeper.stats import PlayerStats
from scorekeeper.ui.state import AppState
from scorekeeper.ui.text import bid_label, event_lines, isolate, outcome, player, side_label, signed
from scorekeeper.ui.views import SIDE_COLORS, Bind, error_text, heading, tagged

# The hand lines already show points and bags; these add what they do not.
DETAIL_EVENTS = (
    EventKind.SET,
    EventKind.NIL_MADE,
    EventKind.NIL_FAILED,
    EventKind.BLIND_NIL_MADE,
    EventKind.BLIND_NIL_FAILED,
)


class Files(Protocol):
    """Handlers that need the browser: downloads and uploads."""

    def export(self, kind: str, game_id: str | None = None) -> Any: ...

    def pick_import(self) -> Any: ...


def pct(rate: float | None) -> str:
    return "-" if rate is None else f"{rate:.0%}"


def export_buttons(files: Files, game_id: str | None = None) -> ft.Control:
    return ft.Row(
        [
            ft.OutlinedButton(
                _("Export JSON"),
                icon=ft.Icons.DOWNLOAD,
                height=48,
                on_click=files.export("json", game_id),
            ),
            ft.OutlinedButton(
                _("Export CSV"),
                icon=ft.Icons.TABLE_CHART,
                height=48,
                on_click=files.export("csv", game_id),
            ),
        ],
        wrap=True,
    )


# -- a game as a whole -------------------------------------------------------------------


def score_chart(state: AppState) -> ft.Control:
    assert state.saved and state.score
    game, score = state.saved.game, state.score
    series = []
    lowest, highest = 0, game.rules.target
    for side in range(len(game.variant.sides)):
        points = [fch.LineChartDataPoint(0, 0)] + [
            fch.LineChartDataPoint(h.index + 1, h.sides[side].score) for h in score.hands
        ]
        lowest = min([lowest, *(p.y for p in points)])
        highest = max([highest, *(p.y for p in points)])
        series.append(fch.LineChartData(points=points, color=SIDE_COLORS[side], stroke_width=3))
    step = 100 if highest - lowest <= 800 else 250
    low, high = (lowest // step) * step, -(-highest // step) * step
    chart = fch.LineChart(
        data_series=series,
        min_x=0,
        max_x=max(1, len(score.hands)),
        min_y=low,
        max_y=high,
        height=240,
        interactive=False,
        horizontal_grid_lines=fch.ChartGridLines(
            interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1
        ),
        left_axis=fch.ChartAxis(
            label_size=44,
            labels=[
                fch.ChartAxisLabel(value=v, label=ft.Text(str(v), size=11))
                for v in range(int(low), int(high) + 1, step)
            ],
        ),
        bottom_axis=fch.ChartAxis(
            label_size=24,
            title=ft.Text(_("hand"), size=11),
            labels=[
                fch.ChartAxisLabel(value=n, label=ft.Text(str(n), size=11))
                for n in range(0, len(score.hands) + 1, max(1, len(score.hands) // 8))
            ],
        ),
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
            content=ft.Column([chart, legend], spacing=4),
        ),
    )


def detail_row(state: AppState, index: int) -> ft.Control:
    assert state.saved and state.score
    game, result = state.saved.game, state.score.hands[index]
    hand = game.hands[index]
    lines: list[ft.Control] = [
        ft.Text(
            _("Hand {number} · {dealer} dealt").format(
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
            _("{points} → {score}").format(points=signed(sh.points), score=sh.score),
            _("bags {bags}, {carried} carried").format(bags=sh.bags, carried=sh.carried_bags),
        ]
        if sh.penalties:
            parts.append(_("bag penalty {points}").format(points=sh.penalty_points))
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


def detail(state: AppState, on: Bind, files: Files) -> list[ft.Control]:
    assert state.saved and state.score
    game, score, saved = state.saved.game, state.score, state.saved
    when = saved.created_at.astimezone().strftime("%d %b %Y %H:%M")
    result = outcome(game, score) or _("In progress: {scores}").format(
        scores=" to ".join(str(t.score) for t in score.sides)
    )
    controls: list[ft.Control] = [
        tagged("detail-outcome", ft.Text(result, size=20, weight=ft.FontWeight.BOLD)),
        ft.Text(
            _("Started {when} · {hands} hands · {rules}").format(
                when=when,
                hands=len(game.hands),
                rules=preset_name(game.rules) or _("custom rules"),
            ),
            size=14,
        ),
    ]
    buttons: list[ft.Control] = []
    if score.status is Status.IN_PROGRESS:
        buttons.append(
            ft.FilledButton(
                _("Resume"),
                icon=ft.Icons.PLAY_ARROW,
                height=48,
                on_click=on(state.open_game, saved.id),
            )
        )
    buttons.append(
        ft.OutlinedButton(
            _("Delete game"), icon=ft.Icons.DELETE, height=48, on_click=on(state.ask_delete)
        )
    )
    controls.append(ft.Row(buttons, wrap=True))
    if state.confirm_delete:
        controls.append(
            tagged(
                "confirm-delete",
                ft.Container(
                    ft.Row(
                        [
                            ft.Text(_("Delete this game for good?"), expand=True),
                            ft.FilledButton(
                                _("Delete"),
                                height=48,
                                on_click=on(state.delete_game),
                                style=ft.ButtonStyle(
                                    bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR
                                ),
                            ),
                            ft.OutlinedButton(
                                _("Keep"), height=48, on_click=on(state.ask_delete, False)
                            ),
                        ],
                        wrap=True,
                    ),
                    bgcolor=ft.Colors.ERROR_CONTAINER,
                    padding=10,
                    border_radius=8,
                ),
            )
        )
    if game.hands:
        controls += [heading(_("Score over the game")), score_chart(state)]
    controls.append(export_buttons(files, saved.id))
    if game.hands:
        controls.append(heading(_("Every hand")))
        controls += [detail_row(state, i) for i in range(len(game.hands))]
    return controls


# -- statistics ---------------------------------------------------------------------------


def win_chart(players: list[PlayerStats]) -> ft.Control:
    shown = [p for p in players if p.finished][:8]
    chart = fch.BarChart(
        groups=[
            fch.BarChartGroup(
                x=i,
                rods=[
                    fch.BarChartRod(
                        to_y=round((p.win_rate or 0) * 100),
                        width=22,
                        color=ft.Colors.INDIGO_400,
                        border_radius=4,
                    )
                ],
            )
            for i, p in enumerate(shown)
        ],
        max_y=100,
        height=200,
        interactive=False,
        left_axis=fch.ChartAxis(
            label_size=36,
            labels=[
                fch.ChartAxisLabel(value=v, label=ft.Text(f"{v}%", size=11)) for v in (0, 50, 100)
            ],
        ),
        bottom_axis=fch.ChartAxis(
            label_size=28,
            labels=[
                fch.ChartAxisLabel(value=i, label=ft.Text(p.name[:8], size=11))
                for i, p in enumerate(shown)
            ],
        ),
        horizontal_grid_lines=fch.ChartGridLines(
            interval=25, color=ft.Colors.OUTLINE_VARIANT, width=1
        ),
    )
    return tagged("win-chart", ft.Semantics(label=_("Win rate by player"), content=chart))


def player_card(p: PlayerStats) -> ft.Control:
    lines = [
        _("Games {games} · won {wins} of {finished} ({rate})").format(
            games=p.games, wins=p.wins, finished=p.finished, rate=pct(p.win_rate)
        ),
        _("Average bid {bid} · side made {made} · set {set} · bagged {bagged}").format(
            bid="-" if p.average_bid is None else f"{p.average_bid:.1f}",
            made=pct(p.made_rate),
            set=pct(p.set_rate),
            bagged=pct(p.bagged_rate),
        ),
        _("Bags per hand {bags} · bag penalties {penalties}").format(
            bags="-" if p.bags_per_hand is None else f"{p.bags_per_hand:.2f}", penalties=p.penalties
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


def statistics(state: AppState, on: Bind) -> list[ft.Control]:
    if not state.players:
        return [ft.Text(_("No games yet: statistics appear once games are played."))]
    names = sorted({p.name for p in state.players}, key=str.casefold)
    picked: dict[str, str | None] = {"name": None, "into": None}

    def choose(slot: str) -> Any:
        def handler(event: ft.Event[Any]) -> None:
            picked[slot] = event.control.value

        return handler

    controls: list[ft.Control] = [heading(_("Win rate"))]
    if any(p.finished for p in state.players):
        controls.append(win_chart(state.players))
    else:
        controls.append(ft.Text(_("Win rates appear once a game is finished.")))
    controls.append(heading(_("Players")))
    controls += [player_card(p) for p in state.players]
    if state.pairs:
        controls.append(heading(_("Partnerships")))
        controls += [
            ft.Text(
                _("{a} + {b}: {games} games, won {wins} of {finished} ({rate})").format(
                    a=isolate(p.names[0]),
                    b=isolate(p.names[1]),
                    games=p.games,
                    wins=p.wins,
                    finished=p.finished,
                    rate=pct(p.win_rate),
                )
            )
            for p in state.pairs
        ]
    if state.rivals:
        controls.append(heading(_("Head to head")))
        controls += [
            ft.Text(f"{isolate(r.names[0])} {r.wins[0]} - {r.wins[1]} {isolate(r.names[1])}")
            for r in state.rivals
        ]
    controls += [
        heading(_("Same person, two spellings?")),
        ft.Row(
            [
                *[
                    ft.Dropdown(
                        label=label,
                        width=160,
                        dense=True,
                        on_select=choose(slot),
                        options=[ft.DropdownOption(key=n, text=n) for n in names],
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
    for alias, into in sorted(state.merges.items()):
        controls.append(
            ft.Row(
                [
                    ft.Text(
                        _("{name} counts as {into}").format(name=alias, into=into), expand=True
                    ),
                    ft.TextButton(
                        _("Undo merge"), height=48, on_click=on(state.unmerge_player, alias)
                    ),
                ]
            )
        )
    return controls


def history_tools(state: AppState, on: Bind, files: Files) -> list[ft.Control]:
    controls: list[ft.Control] = [
        ft.Row(
            [
                ft.OutlinedButton(
                    _("Statistics"),
                    icon=ft.Icons.BAR_CHART,
                    height=48,
                    on_click=on(state.show_stats),
                ),
                ft.OutlinedButton(
                    _("Import"), icon=ft.Icons.UPLOAD_FILE, height=48, on_click=files.pick_import()
                ),
            ],
            wrap=True,
        ),
        export_buttons(files),
    ]
    if state.deleted:
        controls.insert(
            0,
            ft.OutlinedButton(
                _("Undo delete"), icon=ft.Icons.UNDO, height=48, on_click=on(state.undo_delete)
            ),
        )
    return controls
