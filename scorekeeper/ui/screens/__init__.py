"""Every screen of the app in one table: its URL, its title, how a URL enters
it, and the module that draws it. A new screen is one entry here (plus its
module under this package).

This module imports no flet, and the state does not import it (the state
names its screen, `scorekeeper.ui.screen`). Only the per-tab session loads
the drawing modules (`scorekeeper.ui.screens.<module>`, each with a
`build(state, on, files)` function).
"""

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorekeeper.core.draft import Step
from scorekeeper.i18n import _
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.text import side_label, versus

if TYPE_CHECKING:
    from scorekeeper.ui.state import AppState


Params = dict[str, str]


@dataclass(frozen=True)
class ScreenSpec:
    route: str  # the URL; "{id}" stands for what `ident` names (the game's id)
    module: str  # scorekeeper.ui.screens.<module>.build draws the screen
    title: Callable[["AppState"], str]
    enter: Callable[["AppState", Params], None]  # follow a URL (reload, back, a link) here
    # Screens with inputs, and the scoreboard, are drawn once and then synced
    # in place while this key stays the same (rebuilding a text field would
    # drop its focus; a saved hand changes a few of the scoreboard's controls);
    # the others are drawn again after every action.
    keep: Callable[["AppState"], Hashable] | None = None
    # A screen opened over another one (a hand over its scoreboard): the one
    # underneath stays drawn, and is synced in place when it shows again.
    over: "Screen | None" = None
    # what "{id}" in the URL stands for: the game's id, or a session's on its page
    ident: Callable[["AppState"], str | None] = lambda state: _game_id(state)


def _game_title(state: "AppState") -> str:
    if not state.saved:
        return _("Spades Scorekeeper")
    game = state.saved.game
    return versus([side_label(game, s) for s in range(len(game.variant.sides))])


def _hand_title(state: "AppState") -> str:
    if not state.saved or not state.draft:
        return _game_title(state)
    if state.draft.editing is not None:
        return _("Edit hand {number}").format(number=state.draft.editing + 1)
    step = _("bids") if state.draft.step is Step.BIDS else _("tricks")
    return _("Hand {number}: {step}").format(number=len(state.saved.game.hands) + 1, step=step)


def _game_id(state: "AppState") -> str | None:
    return state.saved.id if state.saved else None


def _night_id(state: "AppState") -> str | None:
    return state.night.view.id if state.night.view else None


def _enter_setup(state: "AppState", _params: Params) -> None:
    if state.screen is not Screen.SETUP:
        state.new_game()


def _enter_game(state: "AppState", params: Params) -> None:
    if not state.saved or state.saved.id != params["id"]:
        state.open_game(params["id"])
    elif state.screen is Screen.HAND:
        state.request_cancel()  # asks first when something was entered
    elif state.screen is not Screen.GAME:
        state.open_game(params["id"])


def _enter_hand(state: "AppState", params: Params) -> None:
    if not state.saved or state.saved.id != params["id"] or state.screen is Screen.DETAIL:
        state.open_game(params["id"])
    elif state.screen is Screen.GAME:
        state.begin_hand()


def _game_key(state: "AppState") -> Hashable:
    return state.saved.id if state.saved else None


def _setup_key(state: "AppState") -> Hashable:
    return id(state.setup.form)


def _hand_key(state: "AppState") -> Hashable:
    if not state.saved or not state.draft:
        return None
    draft = state.draft
    return (state.saved.id, state.saved.revision, draft.step, draft.editing, draft.dealer)


SCREENS: dict[Screen, ScreenSpec] = {
    Screen.HOME: ScreenSpec(
        "/", "home", lambda _s: _("Spades Scorekeeper"), lambda state, _p: state.go_home()
    ),
    Screen.SETUP: ScreenSpec(
        "/new", "setup", lambda _s: _("New game"), _enter_setup, keep=_setup_key
    ),
    Screen.GAME: ScreenSpec("/game/{id}", "scoreboard", _game_title, _enter_game, keep=_game_key),
    Screen.HAND: ScreenSpec(
        "/game/{id}/hand", "hand", _hand_title, _enter_hand, keep=_hand_key, over=Screen.GAME
    ),
    Screen.HISTORY: ScreenSpec(
        "/history", "history", lambda _s: _("History"), lambda state, _p: state.show_history()
    ),
    Screen.DETAIL: ScreenSpec(
        "/review/{id}", "detail", _game_title, lambda state, p: state.review_game(p["id"])
    ),
    Screen.NIGHT: ScreenSpec(
        "/night/{id}",
        "night",
        lambda _s: _("Session"),
        lambda state, p: state.show_night(p["id"]),
        ident=_night_id,
    ),
    Screen.STATS: ScreenSpec(
        "/stats", "stats", lambda _s: _("Statistics"), lambda state, _p: state.show_stats()
    ),
    Screen.SHARE: ScreenSpec(
        "/share", "share", lambda _s: _("Share"), lambda state, _p: state.show_share()
    ),
    Screen.RULES: ScreenSpec(
        "/rules", "rules", lambda _s: _("Rules"), lambda state, _p: state.show_rules()
    ),
}


def route_of(state: "AppState", screen: Screen | None = None) -> str:
    """The URL of what the state shows (or of `screen`, for the state's game)."""
    spec = SCREENS[screen or state.screen]
    if "{id}" in spec.route:
        ident = spec.ident(state)
        return spec.route.format(id=ident) if ident else "/"
    return spec.route


def title_of(state: "AppState") -> str:
    return SCREENS[state.screen].title(state)


def page_title(where: str) -> str:
    """The browser tab's title: where the page is, then the app ("History ·
    Spades Scorekeeper"), so screen readers and tabs tell the screens apart."""
    app = _("Spades Scorekeeper")
    if where == app:
        return app
    return _("{screen} · {app}").format(screen=where, app=app)


def match(route: str) -> tuple[Screen, Params] | None:
    """Which screen a URL names, and its parameters (the game id)."""
    parts = [p for p in route.split("?")[0].split("/") if p]
    for screen, spec in SCREENS.items():
        pattern = [p for p in spec.route.split("/") if p]
        if len(pattern) != len(parts):
            continue
        params: Params = {}
        for want, got in zip(pattern, parts, strict=True):
            if want.startswith("{") and want.endswith("}"):
                params[want[1:-1]] = got
            elif want != got:
                break
        else:
            return screen, params
    return None


def follow(state: "AppState", route: str) -> None:
    """Follow a URL; one that names no screen leads home."""
    found = match(route)
    if found is None:
        state.go_home()
        return
    screen, params = found
    SCREENS[screen].enter(state, params)
