"""Every menu of the app, built one way: a screen reader's activation (a DOM
click on its node), a tap, and Space or Enter on the keyboard focus open it;
Tab reaches it; after a pick the focus stays on it.

It is Flutter's DropdownButton (Flet's `DropdownM2`): a button in the
accessibility tree with a tap action and a focus of its own. Flet's
`Dropdown` (Material 3's DropdownMenu) has neither: its node ignores a DOM
click, the DOM focus never lands on it, and a pick drops the focus to the
page. The label and the chosen option are drawn inside the button, so they
are its accessible name ("Language English")."""

from collections.abc import Callable, Iterable
from typing import Any

import flet as ft
from flet.controls.material.dropdownm2 import Option


def options(choices: Iterable[tuple[str, str]]) -> list[Option]:
    """One option per (key, words). The words go in as a Text: Flet 1.0.5
    draws an option's `text` as its key."""
    return [Option(key=key, content=ft.Text(words)) for key, words in choices]


def menu(
    label: str,
    choices: Iterable[tuple[str, str]],
    on_change: Callable[[ft.Event[Any]], Any],
    value: str | None = None,
    identifier: str | None = None,
    **look: Any,
) -> ft.Semantics:
    """A menu named `label`, hooked as `identifier` for tests."""
    return ft.Semantics(
        identifier=identifier,
        content=ft.DropdownM2(
            label=label, value=value, options=options(choices), on_change=on_change, **look
        ),
    )


def picker(named: ft.Semantics) -> ft.DropdownM2:
    """The menu inside what `menu` built, to update it in place."""
    assert isinstance(named.content, ft.DropdownM2)
    return named.content


def chosen(dropdown: ft.DropdownM2) -> str | None:
    """The words of the option chosen, as the menu shows them (None: none chosen)."""
    for option in dropdown.options or []:
        if option.key == dropdown.value and isinstance(option.content, ft.Text):
            return option.content.value
    return None
