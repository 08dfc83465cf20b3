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
from scorekeeper.ui.state.night_history import SessionEntry


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
    said: set[str] = set()
    for s in browsing.history.items:
        session = browsing.session_of.get(s.id)
        if session is not None and session not in said:  # said once, over its first game
            said.add(session)
            items.append(session_card(browsing.sessions[session], on, state))
        items.append(game_card(s, on, state.review_game, f"history-{s.id}"))
    if len(browsing.history.items) < browsing.history.total:
        items.append(ft.OutlinedButton(_("Show more"), on_click=on(state.more_history)))
    return items


def session_card(entry: SessionEntry, on: Bind, state: AppState) -> ft.Control:
    """A session over its games: when, who, each game's winner and the tally;
    a tap opens the session's page."""
    return tagged(
        f"history-session-{entry.id}",
        ft.Card(
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
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            margin=ft.Margin.only(top=8),
        ),
    )


def build(state: AppState, on: Bind, files: Files) -> list[ft.Control]:
    return history_tools(state, on, files) + history(state, on)
