"""The scoreboard's part on the session (its tally, the match and its
winner, the one-tap new session) and the detail's (moving the game out of its
session or into another)."""

import flet as ft

from scorekeeper.i18n import _
from scorekeeper.ui.screens.menus import menu
from scorekeeper.ui.screens.widgets import Bind, banner, error_text, heading, tagged
from scorekeeper.ui.state import AppState
from scorekeeper.ui.state.evening import MATCH_CHOICES
from scorekeeper.ui.state.tonight import Tonight
from scorekeeper.ui.text import num


def match_picker(state: AppState, on: Bind, match: int | None) -> ft.Control:
    """Play the session as a match, first to N games; off by default. On a
    game in no session, choosing N begins a session with that match."""
    label = _("Match")
    choices = [("off", _("Off"))] + [
        (str(n), _("First to {count}").format(count=num(n))) for n in MATCH_CHOICES
    ]
    if match is not None and match not in MATCH_CHOICES:
        choices.append((str(match), _("First to {count}").format(count=num(match))))
    value = "off" if match is None else str(match)
    return menu(
        label,
        choices,
        on(state.set_match, with_value=True),
        value,
        "match",
        width=200,
        dense=True,
    )


def tonight_box(
    state: AppState, on: Bind, evening: Tonight, offer: bool, wrong: str | None
) -> ft.Control:
    """The session's tally over the cards; the match's winner on the game
    that decided it; after a new game joined the session of the same
    players, one tap to begin a session of its own instead."""
    parts: list[ft.Control] = []
    if evening.match_won:
        parts.append(banner(evening.match_won, "match-won", ft.Colors.PRIMARY_CONTAINER))
    parts.append(tagged("tonight", ft.Text(evening.line, size=15, weight=ft.FontWeight.BOLD)))
    if evening.moves:
        parts.append(tagged("tonight-moves", ft.Text(evening.moves, size=13)))
    parts.append(match_picker(state, on, evening.match))
    if wrong:
        parts.append(error_text(wrong, "error-match"))
    if offer:
        parts.append(
            ft.Row(
                [
                    ft.Text(_("Continues tonight's session."), expand=True),
                    tagged(
                        "new-session",
                        ft.TextButton(
                            _("New session"),
                            icon=ft.Icons.ADD,
                            height=48,
                            on_click=on(state.new_session),
                        ),
                    ),
                ]
            )
        )
    return ft.Column(parts, spacing=4)


def match_alone(state: AppState, on: Bind, wrong: str | None) -> ft.Control:
    """A game in no session: the match picker alone, to begin a session as a
    match from its first game."""
    parts: list[ft.Control] = [match_picker(state, on, None)]
    if wrong:
        parts.append(error_text(wrong, "error-match"))
    return ft.Column(parts, spacing=4)


def session_section(state: AppState, on: Bind) -> list[ft.Control]:
    """On a game's detail: its session's tally, and moving the game out of
    the session or into one of the latest others."""
    evening = state.current.tonight
    controls: list[ft.Control] = [heading(_("Session"))]
    if evening is not None:
        controls.append(tagged("detail-tonight", ft.Text(evening.line)))
    else:
        controls.append(ft.Text(_("This game is in no session.")))
    row: list[ft.Control] = []
    if evening is not None:
        row.append(
            tagged(
                "open-night",
                ft.TextButton(
                    _("The session's page"),
                    icon=ft.Icons.TABLE_CHART,
                    height=48,
                    on_click=on(state.show_night, evening.session),
                ),
            )
        )
        row.append(
            tagged(
                "leave-session",
                ft.TextButton(
                    _("Take out of the session"),
                    icon=ft.Icons.LOGOUT,
                    height=48,
                    on_click=on(state.leave_session),
                ),
            )
        )
    others = state.evening.others
    if others:
        label = _("Move to session")
        row += [
            menu(
                label,
                others,
                on(state.pick_session, with_value=True),
                state.evening.picked,
                "move-to",
                width=260,
                dense=True,
            ),
            ft.OutlinedButton(_("Move"), height=48, on_click=on(state.join_session)),
        ]
    if row:
        controls.append(ft.Row(row, wrap=True))
    return controls
