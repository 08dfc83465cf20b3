"""What the screens ask of the device's browser: a download of an export, a
file picked to import, a link put on the clipboard (the screens' `Files`).

Served, an import's file never travels in a websocket message: the page says
its name and size, then sends it over HTTP to a slot only this tab holds
(inbox.py). Where there is no server (the offline build, a native app) the
file's bytes come with the pick.
"""

import asyncio
import logging
from collections.abc import Callable
from typing import Any, Protocol

import flet as ft

from scorekeeper.core.exchange import MAX_INPUT_BYTES
from scorekeeper.i18n import _
from scorekeeper.redaction import redacted
from scorekeeper.ui.inbox import Inbox, NotArrived, Slot, TooBig
from scorekeeper.ui.state import AppState
from scorekeeper.ui.updates import skip_auto_update

log = logging.getLogger(__name__)


class Actions(Protocol):
    """The tab's way of acting on its state (the session)."""

    state: AppState

    async def allowed(self) -> bool: ...

    async def run(self, action: Callable[..., None], *args: Any) -> None: ...

    def speaking(self) -> Any: ...


class DeviceFiles:
    """Downloads, imports and the clipboard of one tab."""

    def __init__(
        self, actions: Actions, uploads: Inbox | None, may_act: Callable[[], bool]
    ) -> None:
        self.actions = actions
        self.state = actions.state
        self.uploads = uploads  # served: an import's file comes over HTTP (inbox.py)
        self.may_act = may_act  # an upload's slot stays open only while this holds
        self.slot: Slot | None = None  # the import waiting for its file
        self.picker = ft.FilePicker(on_upload=self.upload_progress)  # kept alive here
        self.clipboard = ft.Clipboard()

    def export(self, kind: str, game_id: str | None = None) -> Callable[[Any], Any]:
        """A handler that downloads the export (`kind`) of one game or all."""

        async def handler(_event: Any) -> None:
            if not await self.actions.allowed():
                return
            name, data = await asyncio.to_thread(self.state.export_data, kind, game_id)
            await self.picker.save_file(file_name=name, src_bytes=data)

        return handler

    def pick_import(self) -> Callable[[Any], Any]:
        """The file's bytes come with the pick where there is no server (the
        offline build, a native app); served, they come over HTTP (`upload_import`)."""

        async def handler(_event: Any) -> None:
            if not await self.actions.allowed():
                return
            with self.actions.speaking():
                title = _("Import games")
            files = await self.picker.pick_files(
                allowed_extensions=["json"], with_data=self.uploads is None, dialog_title=title
            )
            if not files:
                return
            if self.uploads is None:
                await self.actions.run(self.state.import_file, files[0].name, files[0].bytes)
            else:
                await self.upload_import(self.uploads, files[0])

        return handler

    async def upload_import(self, uploads: Inbox, file: ft.FilePickerFile) -> None:
        """Served: the picker said the file's name and size only. A file over
        the limit is refused without a byte of it sent; another is sent by the
        page over HTTP to a slot only this tab holds (inbox.py), never in
        a websocket message, then imported as any other."""
        run = self.actions.run
        size = file.size if isinstance(file.size, int) else 0  # else the server still counts
        if size > MAX_INPUT_BYTES:
            await run(self.state.file_too_big, file.name, size)
            return
        slot = uploads.open(self.may_act)
        if slot is None:
            await self.actions.allowed()  # logged out meanwhile: the page is told
            return
        if self.slot is not None:
            uploads.close(self.slot)  # an earlier import still waiting: this one replaces it
        self.slot = slot
        try:
            await self.picker.upload(
                [ft.FilePickerUploadFile(upload_url=slot.url, method="PUT", id=file.id)]
            )
            data = await uploads.wait(slot)
        except TooBig as big:
            await run(self.state.file_too_big, file.name, big.size)
            return
        except Exception as error:  # the page left, failed to send, or a newer import
            log.info("an import's file did not arrive: %r", error)
            if self.slot is slot:
                await run(self.state.import_failed, file.name)
            return
        finally:
            uploads.close(slot)
            if self.slot is slot:
                self.slot = None
        await run(self.state.import_file, file.name, data)

    async def upload_progress(self, event: ft.FilePickerUploadEvent) -> None:
        """The page's word on its upload: a failure there ends the wait at once
        (the server's own refusals have already ended it)."""
        skip_auto_update()
        if event.error and self.slot is not None:
            why = redacted(event.error)  # it names the upload's URL, token and all
            log.info("the page could not send its import: %s", why)
            self.slot.fail(NotArrived(why))

    def copy_link(self, which: str) -> Callable[[Any], Any]:
        """Copy the watch or keeper link (read on the server when tapped: the
        current one) to the device's clipboard, and say so."""

        async def handler(_event: Any) -> None:
            if not await self.actions.allowed():
                return
            link = self.state.link(which)
            if link is None:
                return
            try:
                await self.clipboard.set(link)
            except Exception as error:  # a browser that refuses: the link is on screen
                log.info("could not copy a link: %r", error)
                await self.actions.run(self.state.link_copied, which, False)
                return
            await self.actions.run(self.state.link_copied, which, True)

        return handler
