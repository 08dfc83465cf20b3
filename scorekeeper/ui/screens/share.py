"""Share: the watch link and the keeper link, as text and QR codes, and the
button that makes new ones (logging out every other device)."""

from typing import Any

import flet as ft

from scorekeeper.i18n import _
from scorekeeper.ui.palette import QR_GROUND
from scorekeeper.ui.screens.widgets import Bind, Files, heading, tagged
from scorekeeper.ui.state import AppState


def link_block(link: str, identifier: str, copy: Any) -> list[ft.Control]:
    from scorekeeper.ui.qr import qr_png  # only where links are shared: not in the offline build

    return [
        ft.Row(
            [
                ft.Container(
                    ft.Image(src=qr_png(link), width=220, height=220, fit=ft.BoxFit.CONTAIN),
                    bgcolor=QR_GROUND,
                    padding=8,
                    border_radius=8,
                )
            ],
            alignment=ft.MainAxisAlignment.CENTER,
        ),
        tagged(identifier, ft.Text(link, size=14, font_family="DejaVuSans")),
        ft.Row(
            [
                tagged(
                    f"copy-{identifier}",
                    ft.OutlinedButton(
                        _("Copy link"), icon=ft.Icons.CONTENT_COPY, height=48, on_click=copy
                    ),
                )
            ]
        ),
    ]


def build(state: AppState, on: Bind, files: Files) -> list[ft.Control]:
    sharing = state.share.sharing
    if sharing is None:
        return []
    watch, keeper = sharing.watch_link(), sharing.keeper_link()
    controls: list[ft.Control] = [
        heading(_("Watch link")),
        ft.Text(
            _(
                "For the other players and onlookers: the live scores of the games in "
                "progress and a table display, updated after every hand. Nothing can "
                "be changed from it."
            )
        ),
        *link_block(watch, "watch-link", files.copy_link("watch")),
    ]
    if "//127.0.0.1:" in watch or "//localhost:" in watch:
        controls.append(
            ft.Text(
                _(
                    "These links work on this computer only. For phones on the same "
                    "Wi-Fi, start the app with `scorekeeper serve --lan`."
                ),
                italic=True,
            )
        )
    controls += [
        ft.Divider(),
        heading(_("Keeper link")),
        ft.Text(
            _(
                "Full access: entering hands, history, export, import and delete. The "
                "device that opens it remembers it. Show it only to someone who keeps "
                "the score with you."
            )
        ),
    ]
    if state.share.show_keeper_link:
        controls += link_block(keeper, "keeper-link", files.copy_link("keeper"))
        controls.append(
            ft.TextButton(_("Hide the keeper link"), on_click=on(state.reveal_keeper_link, False))
        )
    else:
        controls.append(
            ft.OutlinedButton(
                _("Show the keeper link"),
                icon=ft.Icons.KEY,
                on_click=on(state.reveal_keeper_link, True),
            )
        )
    controls += [
        ft.Divider(),
        heading(_("Log out every other device")),
        ft.Text(
            _(
                "Makes new links. Every device that has the old ones, watchers "
                "included, sees a page that says to ask you; this one stays in."
            )
        ),
    ]
    if state.share.confirm_reset:
        controls.append(
            ft.Row(
                [
                    # the safe answer is the filled one
                    ft.OutlinedButton(
                        _("Yes, make new links"),
                        icon=ft.Icons.LOCK_RESET,
                        on_click=on(state.reset_links),
                        style=ft.ButtonStyle(color=ft.Colors.ERROR, icon_color=ft.Colors.ERROR),
                    ),
                    ft.FilledButton(_("Cancel"), on_click=on(state.ask_reset, False)),
                ],
                wrap=True,
            )
        )
    else:
        controls.append(
            ft.OutlinedButton(
                _("Log out every other device"),
                icon=ft.Icons.LOCK_RESET,
                on_click=on(state.ask_reset, True),
            )
        )
    return controls
