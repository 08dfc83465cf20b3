"""Home: a new game, the games in progress, the recent finished ones."""

import flet as ft

from scorekeeper.i18n import LANGUAGES, _, percent
from scorekeeper.ui.screens.menus import menu
from scorekeeper.ui.screens.widgets import (
    Bind,
    Files,
    game_card,
    heading,
    tool,
    undo_delete,
    wrapping_switch,
)
from scorekeeper.ui.state import TEXT_SIZES, AppState


def language_picker(state: AppState, on: Bind) -> ft.Control:
    """Each language named in itself, so anyone finds theirs whatever is shown."""
    return menu(
        _("Language"),
        LANGUAGES.items(),
        on(state.set_language, with_value=True),
        state.language,
        "language",
        prefix_icon=ft.Icons.LANGUAGE,
        dense=True,
        width=220,
    )


def text_size_picker(state: AppState, on: Bind) -> ft.Control:
    """How big every text of the app is drawn on this device (the page scales
    it: the browser's own text scaling, so nothing is drawn twice)."""
    return menu(
        _("Text size"),
        [(str(size), percent(size / 100)) for size in TEXT_SIZES],
        on(state.set_text_size, with_value=True),
        str(state.text_size),
        "text-size",
        prefix_icon=ft.Icons.FORMAT_SIZE,
        dense=True,
        width=220,
    )


def build(state: AppState, on: Bind, files: Files) -> list[ft.Control]:
    browsing = state.browsing
    controls: list[ft.Control] = [
        ft.FilledButton(_("New game"), icon=ft.Icons.ADD, on_click=on(state.new_game), height=56),
    ]
    if browsing.in_progress:
        controls.append(heading(_("Games in progress")))
        controls += [
            game_card(s, on, state.open_game, f"resume-{s.id}", delete=state.delete_from_home)
            for s in browsing.in_progress
        ]
    if browsing.recent:
        controls.append(heading(_("Recent games")))
        controls += [game_card(s, on, state.review_game, f"recent-{s.id}") for s in browsing.recent]
    if not browsing.in_progress and not browsing.recent:
        controls.append(
            ft.Text(
                _(
                    "No games yet. Start one: the app keeps the score, "
                    "bags and the dealer's turn, and saves every hand."
                )
            )
        )
    if state.deleting.deleted:
        controls.append(undo_delete(state, on))
    controls.append(
        ft.Row(
            [
                tool(_("All games"), ft.Icons.HISTORY, on(state.show_history)),
                tool(_("Statistics"), ft.Icons.BAR_CHART, on(state.show_stats)),
                tool(_("Rules"), ft.Icons.MENU_BOOK, on(state.show_rules)),
            ],
            wrap=True,
        )
    )
    controls.append(
        ft.Row([language_picker(state, on), text_size_picker(state, on)], wrap=True, spacing=12)
    )
    controls.append(
        ft.Semantics(
            identifier="keep-screen-on",
            content=wrapping_switch(
                ft.Switch(
                    label=_("Keep the screen on during a game"),
                    value=state.keep_screen_on,
                    on_change=on(state.set_keep_screen_on, with_value=True),
                )
            ),
        )
    )
    return controls
