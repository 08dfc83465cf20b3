"""What every screen uses: the handler maker, stable test hooks, named icon
buttons, headings, errors and banners, the side colours, a game's card and the
app bar."""

import inspect
from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol, cast

import flet as ft

from scorekeeper.core.saved import GameSummary
from scorekeeper.core.scoring import Status
from scorekeeper.i18n import _, is_rtl, moment, ngettext
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.screens import title_of
from scorekeeper.ui.state import AppState
from scorekeeper.ui.text import isolate, named_side, num, rules_name, sentence

# Each side's colour: theme slots set from scorekeeper.ui.palette, so the
# colour follows the light or dark theme and keeps its contrast in both.
# Sides 1 and 2, then the third and fourth player of cutthroat and solo.
SIDE_COLORS = (
    ft.Colors.SECONDARY,
    ft.Colors.TERTIARY,
    ft.Colors.PRIMARY_FIXED,
    ft.Colors.SECONDARY_FIXED,
)
# Icons that point a way (forward, back, undo): Flutter draws each of these the
# other way round by itself in a right-to-left language (their glyphs match the
# text direction), so a screen names the left-to-right one. An icon that points
# a way and is not here would not turn: tests/test_ui_language.py checks it.
SELF_MIRRORING = frozenset(
    {
        ft.Icons.ARROW_BACK,
        ft.Icons.ARROW_FORWARD,
        ft.Icons.CHEVRON_LEFT,
        ft.Icons.CHEVRON_RIGHT,
        ft.Icons.UNDO,
        ft.Icons.REDO,
    }
)


def table_order(controls: list[ft.Control]) -> list[ft.Control]:
    """Controls in a row whose order is fixed, the table (West to East) or the
    keypad's digits: kept in that order on the screen whatever the language's
    direction (a row reads from the right in Hebrew, the table does not turn)."""
    return controls[::-1] if is_rtl() else controls


class Bind(Protocol):
    """Makes an event handler: run `action(*args)` (plus the control's value
    when `with_value`), then render the state again."""

    def __call__(
        self,
        action: Callable[..., None],
        *args: Any,
        with_value: bool = False,
        attribute: str = "value",
    ) -> Callable[[ft.Event[Any]], Any]: ...


class Files(Protocol):
    """Handlers that need the browser: downloads, uploads, the clipboard."""

    def export(self, kind: str, game_id: str | None = None) -> Any: ...

    def pick_import(self) -> Any: ...

    def copy_link(self, which: str) -> Any: ...


class Synced(Protocol):
    """A screen drawn once and then updated in place by `sync()`."""

    controls: list[ft.Control]

    def sync(self) -> None: ...


Built = list[ft.Control] | Synced


def tagged(identifier: str, control: ft.Control) -> ft.Semantics:
    """A stable hook for scripts and tests: flt-semantics-identifier in the DOM."""
    return ft.Semantics(identifier=identifier, content=control)


def icon_button(
    icon: ft.IconData,
    label: str,
    handler: Any,
    identifier: str | None = None,
    focus: Any = None,
) -> ft.Control:
    """An icon button with an accessible name: the icon's semantic label names
    the button itself (a tooltip alone does not), so a screen reader's
    activation, a pointer and Enter or Space on the focused button all reach
    the same handler, and the button is in the Tab order. `focus(True)` and
    `focus(False)` make its on_focus and on_blur handlers."""
    button = ft.IconButton(
        ft.Icon(icon, semantics_label=label),
        tooltip=label,
        on_click=handler,
        icon_size=28,
        padding=ft.Padding.all(12),  # a 52 px target
        on_focus=focus(True) if focus else None,
        on_blur=focus(False) if focus else None,
    )
    box = ft.Container(button, width=52, height=52, alignment=ft.Alignment.CENTER)
    return tagged(identifier, box) if identifier else box


def tool(label: str, icon: ft.IconData, on_click: Any) -> ft.OutlinedButton:
    """A secondary action: outlined, beside the screen's main one, and tall
    enough for a thumb (48 px)."""
    return ft.OutlinedButton(label, icon=icon, height=48, on_click=on_click)


def undo_delete(state: AppState, on: Bind) -> ft.OutlinedButton:
    return tool(_("Undo delete"), ft.Icons.UNDO, on(state.undo_delete))


def wrapping_switch(switch: ft.Switch) -> ft.MergeSemantics:
    """A switch with its words beside it, wrapping in the width there is: Flet
    draws a switch's own label on one line, cut off at a narrow phone's edge.
    The words are merged into the switch (a screen reader names it by them)
    and a tap on them turns it, as on the switch itself."""
    label = switch.label
    switch.label = None

    async def turn(_event: ft.TapEvent[ft.GestureDetector]) -> None:
        if switch.disabled or switch.on_change is None:
            return
        switch.value = not switch.value
        handler = cast(Callable[[ft.Event[ft.Switch]], Any], switch.on_change)
        done = handler(ft.Event("change", control=switch))
        if inspect.isawaitable(done):
            await done

    words = ft.GestureDetector(
        content=ft.Text(str(label or "")),
        on_tap=turn,
        expand=True,
        mouse_cursor=ft.MouseCursor.CLICK,
    )
    return ft.MergeSemantics(content=ft.Row([switch, words], spacing=4))


def heading(text: str) -> ft.Semantics:
    """A section's title, marked as a heading: a screen reader lists and jumps to it."""
    return ft.Semantics(
        header=True,
        heading_level=2,
        content=ft.Text(
            text, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.BOLD
        ),
    )


def error_text(message: str | None, identifier: str) -> ft.Semantics:
    hooked = ft.Semantics(
        identifier=identifier, content=ft.Text(sentence(message or "-"), color=ft.Colors.ERROR)
    )
    hooked.visible = bool(message)
    return hooked


def show_error(hooked: ft.Semantics, message: str | None) -> None:
    assert isinstance(hooked.content, ft.Text)
    hooked.content.value = sentence(message or "-")
    hooked.visible = bool(message)


def banner(text: str, identifier: str, color: str = ft.Colors.SECONDARY_CONTAINER) -> ft.Control:
    return tagged(
        identifier,
        ft.Container(ft.Text(sentence(text), size=16), bgcolor=color, padding=12, border_radius=8),
    )


# Widths of the characters of a figure, in ems of the bold app font (Roboto's
# digits and signs, DejaVu Sans's arrow): enough to tell whether a figure fits.
FIGURE_EMS = {"-": 0.3, "+": 0.6, ",": 0.22, ".": 0.28, " ": 0.26, "\u00a0": 0.26, "\u2192": 0.86}
INVISIBLE = frozenset("\u200e\u200f\u2060\u2066\u2067\u2068\u2069")


def fitted_size(figure: str, size: float, room: float, text_size: int) -> float:
    """The font size (before the page's text size scales it) at which `figure`
    stays on one line within `room` px: `size`, or smaller where the text size
    would make it wider than its room (a 360 px phone's column). A figure never
    splits across lines; it scales less than the words around it."""
    ems = sum(0 if c in INVISIBLE else FIGURE_EMS.get(c, 0.6) for c in figure)
    if not ems:
        return size
    return min(size, int(room / (ems * text_size / 100)))


BAR_HEIGHT = 56  # px: Material's app bar
BAR_GROWTH = 80  # px more per 100% of text size above 100%: three lines of BAR_TITLE_SIZE
BAR_TITLE_SIZE = 16  # px before scaling, where the bar's title may wrap


class AppBar:
    """The bar over every screen, drawn once per View: a screen change sets its
    title and shows or hides its buttons in place. (A new bar each time made the
    browser build it anew and the View around every screen again.)"""

    def __init__(self, state: AppState, on: Bind) -> None:
        self.title = ft.Text("", max_lines=3, overflow=ft.TextOverflow.ELLIPSIS)

        # Enter on a focused icon presses it, not a hand's step
        def focus(on_it: bool) -> Any:
            return on(state.key_focus, on_it)

        self.home = icon_button(ft.Icons.HOME, _("Home"), on(state.go_home), focus=focus)
        self.history = icon_button(
            ft.Icons.HISTORY, _("History"), on(state.show_history), focus=focus
        )
        self.share = icon_button(
            ft.Icons.SHARE, _("Share"), on(state.show_share), "share", focus=focus
        )
        self.control = ft.AppBar(
            title=ft.Semantics(header=True, heading_level=1, content=self.title),
            actions=[self.home, self.history, self.share],
        )

    def show(self, state: AppState) -> None:
        self.title.value = title_of(state)
        # Larger text: the title in a smaller style, on up to three lines, in a
        # taller bar (a bar keeps its height, and a long game's title would be
        # cut off at 150% on a narrow phone).
        scale = state.text_size / 100
        self.title.size = BAR_TITLE_SIZE if scale > 1 else None
        self.control.toolbar_height = BAR_HEIGHT + (scale - 1) * BAR_GROWTH if scale > 1 else None
        self.home.visible = state.screen is not Screen.HOME
        self.history.visible = state.screen is not Screen.HISTORY
        self.share.visible = state.sharing is not None and state.screen is not Screen.SHARE


def imported_line(when: datetime) -> str:
    return _("imported {when}").format(when=moment(when))


def game_card(
    summary: GameSummary,
    on: Bind,
    open_it: Callable[[str], None],
    identifier: str,
    delete: Callable[[str], None] | None = None,
) -> ft.Control:
    """A stored game: its sides and score, when, how far, which rules; a tap
    opens it. With `delete`, a delete button stands beside the card's button,
    not inside it: a screen reader names and reaches the two apart."""

    def name(side: int) -> str:  # as the scoreboard names it: "Us", else "Ana + Cy"
        return named_side(summary.team_name(side), summary.side_names(side))

    sides: list[ft.Control] = [
        ft.Text(
            f"{name(side)}   {num(score)}",
            weight=ft.FontWeight.BOLD,
            color=SIDE_COLORS[side],
        )
        for side, score in enumerate(summary.scores)
    ]
    if summary.status is Status.FINISHED and summary.winner is not None:
        detail = sentence(
            ngettext(
                "Winner: {names} · {hands} hand", "Winner: {names} · {hands} hands", summary.hands
            ).format(names=name(summary.winner), hands=summary.hands)
        )
    else:
        detail = ngettext("{hands} hand played", "{hands} hands played", summary.hands).format(
            hands=summary.hands
        )
    when = moment(summary.created_at)
    rules = rules_name(summary.preset)
    subtitle = f"{when} · {detail} · {rules}"
    if summary.imported_at is not None:  # a copy: told apart from its original
        subtitle += " · " + imported_line(summary.imported_at)
    tile = ft.ListTile(
        title=ft.Column(sides, spacing=0),
        subtitle=ft.Text(subtitle),
        trailing=None if delete else ft.Icon(ft.Icons.CHEVRON_RIGHT),
        on_click=on(open_it, summary.id),
    )
    if delete is None:
        return tagged(identifier, ft.Card(tile))
    tile.expand = True
    remove = icon_button(
        ft.Icons.DELETE_OUTLINE,
        _("Delete game: {names}").format(
            names=", ".join(isolate(player) for player in summary.players)
        ),
        on(delete, summary.id),
        f"delete-{summary.id}",
    )
    return tagged(
        identifier,
        ft.Card(
            ft.Row(
                [tile, ft.Container(remove, padding=ft.Padding.symmetric(horizontal=8))],
                spacing=0,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            semantic_container=False,  # two buttons side by side, not one holding the other
        ),
    )


def export_buttons(files: Files, game_id: str | None = None) -> ft.Control:
    return ft.Row(
        [
            tool(_("Export JSON"), ft.Icons.DOWNLOAD, files.export("json", game_id)),
            tool(_("Export CSV"), ft.Icons.TABLE_CHART, files.export("csv", game_id)),
        ],
        wrap=True,
    )
