"""Which view renders which screen (for the screens rebuilt on every change)."""

import flet as ft

from scorekeeper.ui import review, views
from scorekeeper.ui.review import Files
from scorekeeper.ui.state import AppState, Screen
from scorekeeper.ui.views import Bind


def body(state: AppState, on: Bind, files: Files) -> list[ft.Control]:
    controls: list[ft.Control] = []
    if state.message:
        controls.append(views.banner(state.message, "message", ft.Colors.TERTIARY_CONTAINER))
    if state.screen is Screen.HOME:
        controls += views.home(state, on)
    elif state.screen is Screen.GAME:
        controls += views.scoreboard(state, on)
    elif state.screen is Screen.HISTORY:
        controls += review.history_tools(state, on, files) + views.history(state, on)
    elif state.screen is Screen.DETAIL:
        controls += review.detail(state, on, files)
    elif state.screen is Screen.STATS:
        controls += review.statistics(state, on)
    return controls
