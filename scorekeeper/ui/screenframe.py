"""What a tab shows of its app state: the screen, its app bar, the question
being asked, in one Flet View, sent to the browser as little as possible.

Screens with inputs (set-up, a hand) and the scoreboard are built once and
then synced in place; the others are cheap to rebuild. A screen opened over
another (a hand over its scoreboard) keeps that one drawn underneath, so
going back to it sends nothing again.
"""

import importlib
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any

import flet as ft

from scorekeeper.ui.fonts import load_needed_fonts
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.screens import SCREENS, page_title, route_of, title_of
from scorekeeper.ui.screens.widgets import AppBar, Bind, Built, Files, Synced, banner
from scorekeeper.ui.state import AppState, Confirm

Draw = Callable[[AppState, Bind, Files], Built]


@dataclass
class Layer:
    """A screen kept drawn under the one shown: its body and what it shows."""

    body: ft.Column
    screen: Synced | None
    key: tuple[Any, ...] | None
    shown: tuple[Any, ...]


def new_body() -> ft.Column:
    """A screen's own column, stretched to the width the View gives it."""
    return ft.Column(horizontal_alignment=ft.CrossAxisAlignment.STRETCH, spacing=12)


def draw(screen: Screen) -> Draw:
    """The `build` function of the module that draws `screen`."""
    module = importlib.import_module(f"scorekeeper.ui.screens.{SCREENS[screen].module}")
    build: Draw = module.build
    return build


def shown_names(state: AppState) -> Iterator[str]:
    """The names the screens may show: those typed, the game's, the lists'."""
    yield from state.form.names
    if state.saved:
        yield from state.saved.game.players
    for summary in (*state.in_progress, *state.recent, *state.history.items):
        yield from summary.players
    for player in state.players:
        yield player.name
    for pair in state.pairs:
        yield from pair.names
    for rivals in state.rivals:
        yield from rivals.names


class ScreenFrame:
    """Draws the state into the page: `render()` after every action."""

    def __init__(
        self,
        page: ft.Page,
        state: AppState,
        bind: Bind,
        files: Files,
        waiting_fonts: dict[str, str] | None = None,
    ) -> None:
        self.page = page
        self.state = state
        self.bind = bind  # makes the screens' event handlers
        self.files = files  # the screens' downloads, uploads and clipboard
        self.waiting_fonts = dict(waiting_fonts or {})  # family -> url, until a name needs it
        self.screen: Synced | None = None
        self.screen_key: tuple[Any, ...] | None = None
        self.shown: tuple[Any, ...] | None = None
        self.bar_shows: tuple[Any, ...] | None = None  # what the app bar shows
        self.body = ft.Column()
        self.stack = ft.Column()  # the View's screens: the one shown, and one kept under it
        self.view = ft.View()
        self.app_bar: AppBar | None = None  # the View's bar, changed in place
        self.below: Layer | None = None  # the screen the one shown opens over, kept drawn
        self.to_top = False  # a screen changed in a kept View: scroll it to its top
        self.asked: Confirm | None = None  # the question the dialog shows
        self.dialog: ft.AlertDialog | None = None
        self.focus_due: Callable[[], Awaitable[None]] | None = None  # see take_focus

    def start_over(self) -> None:
        """The next render draws a fresh View (every control in a new language)."""
        self.shown = None
        self.below = None

    def render(self) -> ft.BaseControl:
        """Show the state. Returns what to send: the screen alone when nothing
        else changed (a key tap), else the page (comparing the page costs more
        than a whole key tap)."""
        state = self.state
        whole = False
        shown = (route_of(state), state.draft.step if state.draft else None)
        if shown != self.shown:
            self._place(shown)
            whole = True
        bar = (state.screen, title_of(state), state.text_size)
        if bar != self.bar_shows:  # a tap that leaves the bar as it was sends nothing of it
            assert self.app_bar is not None  # placed with its View
            self.app_bar.show(state)
            self.page.title = page_title(bar[1])
            self.bar_shows = bar
            whole = True
        whole = self._sync_dialog() or whole
        if self.waiting_fonts:
            whole = load_needed_fonts(self.page, self.waiting_fonts, shown_names(state)) or whole
        spec = SCREENS[state.screen]
        key = (state.screen, spec.keep(state)) if spec.keep else None
        if self.screen is not None and key is not None and key == self.screen_key:
            self.screen.sync()
            return self.page if whole else self.body
        built = draw(state.screen)(state, self.bind, self.files)
        self.focus_due = getattr(built, "take_focus", None)  # only the screen just drawn
        if isinstance(built, list):
            self.screen = None
            if state.message:
                built.insert(0, banner(state.message, "message", ft.Colors.TERTIARY_CONTAINER))
            self.body.controls = built
        else:
            self.screen, self.screen_key = built, key
            self.body.controls = built.controls
        return self.page

    async def take_focus(self, again: bool = False) -> None:
        """A screen just drawn that wants the keyboard focus (a hand's step)
        takes it; `again`: the screen shown takes it once more (after a key
        moved its highlight, the focus follows, so a dialog closed gives it
        back to the same place)."""
        due, self.focus_due = self.focus_due, None
        if due is None and again and not self.state.confirm:
            due = getattr(self.screen, "follow_focus", None)
        if due is not None:
            await due()

    async def scroll_to_top(self) -> None:
        """A screen shown in a kept View starts at its top, as a fresh View does."""
        if self.to_top:
            self.to_top = False
            await self.view.scroll_to(offset=0)

    def _new_view(self) -> None:
        """A fresh View per screen: it opens at its top, with no old scroll offset."""
        self.body = new_body()
        self.stack = ft.Column(
            [self.body], horizontal_alignment=ft.CrossAxisAlignment.STRETCH, spacing=0
        )
        self.app_bar = AppBar(self.state, self.bind)
        self.view = ft.View(
            route=route_of(self.state),
            appbar=self.app_bar.control,
            scroll=ft.ScrollMode.AUTO,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[
                ft.ResponsiveRow(
                    [ft.Container(self.stack, col={"xs": 12, "md": 10, "lg": 8, "xl": 6})],
                    alignment=ft.MainAxisAlignment.CENTER,
                )
            ],
        )
        self.bar_shows = None
        self.below = None
        self.to_top = False
        self.page.views.clear()
        self.page.views.append(self.view)

    def _place(self, shown: tuple[Any, ...]) -> None:
        """Show the state's screen in a fresh View; or, for a screen opened over
        another (a hand over its scoreboard), in the same View with the one
        underneath kept, hidden; or go back to that one, which the page still
        has: it is synced in place, not sent again. (A View of its own on top
        would cost the browser a route transition to close.)"""
        state, below = self.state, self.below
        self.to_top = True
        if below is not None and below.shown == shown:  # back to the screen underneath
            below.body.visible = True
            self.stack.controls = [below.body]
            self.body, self.screen, self.screen_key = below.body, below.screen, below.key
            self.shown, self.below, self.bar_shows = below.shown, None, None
            return
        over = SCREENS[state.screen].over
        under = route_of(state, over) if over is not None else None
        if under is None:
            self.shown, self.screen = shown, None
            self._new_view()
            return
        if below is None or below.shown[0] != under:
            if self.screen is None or self.shown is None or self.shown[0] != under:
                self.shown, self.screen = shown, None
                self._new_view()
                return
            self.body.visible = False  # kept, hidden, under the screen opened over it
            self.below = Layer(self.body, self.screen, self.screen_key, self.shown)
        assert self.below is not None
        self.shown, self.screen, self.bar_shows = shown, None, None
        self.body = new_body()
        self.stack.controls = [self.below.body, self.body]

    def _sync_dialog(self) -> bool:
        """Show the state's question, if any, as a dialog that must be answered.
        Returns whether the dialogs changed."""
        asked = self.state.confirm
        if asked is self.asked:
            return False
        if self.dialog is not None and self.dialog.open:
            self.page.pop_dialog()
        self.asked, self.dialog = asked, None
        if asked is None:
            return True
        self.dialog = ft.AlertDialog(
            modal=True,
            title=ft.Text(asked.question),
            content=ft.Text(asked.detail) if asked.detail else None,
            # What loses something is never the filled, first-seen button: the
            # safe answer is, and the other is drawn in the error colour.
            actions=[
                ft.OutlinedButton(
                    asked.yes,
                    height=48,
                    style=ft.ButtonStyle(color=ft.Colors.ERROR),
                    on_click=self.bind(self.state.answer, True),
                ),
                ft.FilledButton(asked.no, height=48, on_click=self.bind(self.state.answer, False)),
            ],
        )
        self.page.show_dialog(self.dialog)
        return True
