"""Every place the app reaches into Flet's private parts, in one module.

Flet 1.0.5 offers no public way to do these five things; each is pinned by
tests/test_fletparts.py, which fails on a Flet version that changes it:
- the websocket of a page (its cookies and headers: the browser's language);
- the key under which flet_web keeps a session (to hold and drop sessions);
- where a failing handler's traceback is sent (never to the page);
- what becomes of the answer to a control's method call once the control
  has left the page;
- the rules Flet checks each control against, compiled for every control
  class ahead of a first screen.
"""

from collections.abc import Callable
from typing import Any

import flet as ft

WEBSOCKET = "_FletApp__websocket"  # where flet_web's FletApp keeps its websocket
SESSION_KEY = "_FletApp__get_unique_session_id"  # the method naming a session


def websocket(page: ft.Page) -> Any:
    """The websocket a served page came in on (None elsewhere: the offline
    build, a native app). flet_web's FletApp keeps it as a private attribute."""
    connection = getattr(page.session, "connection", None)
    return getattr(connection, WEBSOCKET, None)


def session_key(page: ft.Page) -> str | None:
    """The key flet_web's app_manager keeps the page's session under (None when
    the page is not served by flet_web): Flet's own private method computes it,
    from the page's address and browser, so ours never drifts from it."""
    return connection_key(getattr(page.session, "connection", None), page.session.id)


def connection_key(connection: Any, session_id: str) -> str | None:
    """The same for a session id a connection resumes (None off flet_web)."""
    unique = getattr(connection, SESSION_KEY, None)
    return unique(session_id) if unique is not None else None


def report_errors_to(page: ft.Page, report: Callable[[Callable[[str], None], str], None]) -> None:
    """Flet sends a failing handler's traceback to the page through
    `session.error`; route it through `report(send, message)` instead, where
    `send` shows the page Flet's crash notice with the text given."""
    session = page.session
    send = session.error

    def error(message: str) -> None:
        report(send, message)

    session.error = error  # type: ignore[method-assign]


def answer_late_replies(page: ft.Page) -> None:
    """A control's method call (a scroll, a focus) answered after the control
    left the page, a screen replaced meanwhile: Flet raises on the answer,
    which ends the offline build's message loop (every later tap and key of
    the page is lost) and leaves the call waiting for ever. The answer is
    taken as the page's own instead, so the call returns."""
    session = page.session
    handle = session.handle_invoke_method_results

    def handled(control_id: int, call_id: str, result: Any, error: str | None) -> None:
        if control_id not in session.index:
            control_id = page._i
        handle(control_id, call_id, result, error)

    session.handle_invoke_method_results = handled  # type: ignore[method-assign]


def compile_validation() -> int:
    """Flet compiles a control class's validation rules the first time one of
    its controls is sent, and keeps them: a first screen pays for each class
    it uses. Done before the offline build's memory snapshot for every class
    imported by then, no start pays. Returns how many classes."""
    from flet.controls.base_control import BaseControl
    from flet.utils.validation import _compile_class_spec

    found: set[type] = set()
    classes: list[type] = [BaseControl]
    while classes:
        control_class = classes.pop()
        if control_class not in found:
            found.add(control_class)
            _compile_class_spec(control_class)
            classes += control_class.__subclasses__()
    return len(found)
