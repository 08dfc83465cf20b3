"""History: every game, filtered by player and status, with import, export
and the way to the statistics."""

import flet as ft

from scorekeeper.i18n import _, is_rtl, ngettext
from scorekeeper.ui.screens.menus import menu
from scorekeeper.ui.screens.widgets import (
    Bind,
    Files,
    export_buttons,
    game_card,
    tagged,
    tool,
    undo_delete,
)
from scorekeeper.ui.state import AppState
from scorekeeper.ui.state.night_history import SessionEntry, history_entries


def history_tools(state: AppState, on: Bind, files: Files) -> list[ft.Control]:
    controls: list[ft.Control] = [
        ft.Row(
            [
                tool(_("Statistics"), ft.Icons.BAR_CHART, on(state.show_stats)),
                tool(_("Import"), ft.Icons.UPLOAD_FILE, files.pick_import()),
            ],
            wrap=True,
        ),
        export_buttons(files),
    ]
    if state.deleting.deleted:
        controls.insert(0, undo_delete(state, on))
    return controls


def history(state: AppState, on: Bind) -> list[ft.Control]:
    browsing = state.browsing
    statuses = {"all": _("All"), "in_progress": _("In progress"), "finished": _("Finished")}
    status = browsing.history_status.value if browsing.history_status else "all"
    filters = ft.Row(
        [
            tagged(
                "history-player",
                ft.TextField(
                    rtl=is_rtl(),
                    label=_("Player"),
                    value=browsing.history_player,
                    width=200,
                    dense=True,
                    on_submit=on(state.filter_history, with_value=True),
                ),
            ),
            menu(
                _("Status"),
                statuses.items(),
                on(lambda status: state.filter_history(status=status), with_value=True),
                status,
                width=170,
                dense=True,
            ),
        ],
        wrap=True,
    )
    items: list[ft.Control] = [
        filters,
        tagged(
            "history-count",
            ft.Text(
                ngettext("{count} game", "{count} games", browsing.history.total).format(
                    count=browsing.history.total
                )
            ),
        ),
    ]
    for session, games in history_entries(browsing.history.items, browsing.session_of):
        cards = [game_card(s, on, state.review_game, f"history-{s.id}") for s in games]
        if session is None:  # a game in no session: an entry of its own
            items += cards
        else:  # a session: one entry, its games under it
            items.append(session_group(browsing.sessions[session], cards, on, state))
    if len(browsing.history.items) < browsing.history.total:
        items.append(ft.OutlinedButton(_("Show more"), on_click=on(state.more_history)))
    return items


def session_group(
    entry: SessionEntry, games: list[ft.Control], on: Bind, state: AppState
) -> ft.Control:
    """A session as one entry: when, who, each game's winner and the tally (a
    tap opens the session's page), with its games inside the same box."""
    head = tagged(
        f"history-session-{entry.id}",
        ft.ListTile(
            title=ft.Text(entry.title, weight=ft.FontWeight.BOLD),
            subtitle=ft.Column(
                [
                    ft.Text(entry.players, size=13),
                    ft.Text(entry.winners, size=13),
                    ft.Text(entry.tally, size=14, weight=ft.FontWeight.BOLD),
                    *([ft.Text(entry.moves, size=13)] if entry.moves else []),
                ],
                spacing=2,
            ),
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
            on_click=on(state.show_night, entry.id),
        ),
    )
    return ft.Semantics(
        identifier=f"history-night-{entry.id}",
        container=True,
        content=ft.Container(
            ft.Column([head, *games], spacing=0),
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            border=ft.Border.all(2, ft.Colors.SECONDARY),
            border_radius=12,
            padding=ft.Padding.only(left=12, right=4, bottom=6),
            margin=ft.Margin.only(top=8, bottom=8),
        ),
    )


def build(state: AppState, on: Bind, files: Files) -> list[ft.Control]:
    return history_tools(state, on, files) + history(state, on)
