"""Entry of the offline build (`scorekeeper publish`): the app runs in the
phone's browser, Python in Pyodide, games kept in the browser's IndexedDB.

Before the store opens: take the Web Lock (one writer per phone), mount the
data folder on IndexedDB and load it. The user is told whether the browser
agreed to keep the data (the page asked it, see publish.py). Nothing here
imports the server (psutil, qrcode).
"""

import asyncio
import importlib.abc
import importlib.machinery
import os
import random
import sys
import zipfile
from collections.abc import Callable, Sequence
from datetime import datetime
from types import ModuleType
from typing import Any

import flet as ft

from scorekeeper.i18n import Later, _
from scorekeeper.storage import browser
from scorekeeper.storage.location import data_folder
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.app import make_main
from scorekeeper.ui.boot import CHANNEL
from scorekeeper.ui.device import preferred_language
from scorekeeper.ui.fonts import lean_fonts
from scorekeeper.ui.palette import DARK, LIGHT
from scorekeeper.ui.theme import theme
from scorekeeper.ui.updates import announce_drawn


def persistence_notice(persisted: bool | None) -> Later:
    """What the browser answered when the page asked it to keep the data."""
    if persisted:
        return Later(
            "Games are kept in this browser on this phone, and the browser agreed to keep "
            "them. Export them (History) to move them to another device."
        )
    return Later(
        "Games are kept in this browser on this phone, but the browser did not promise "
        "to keep them: it may clear them when space runs low (on an iPhone, after 7 days "
        "unused unless the app is on the home screen). Add the app to the home screen, "
        "and export your games (History) to keep a copy."
    )


def browser_languages() -> list[str]:
    """The languages the browser asks for, most wanted first."""
    import js

    return [str(tag) for tag in getattr(js.navigator, "languages", None) or []]


def second_tab(page: ft.Page, retry: Callable[[], Any]) -> None:
    """Another tab or window holds the data: say so instead of a second writer."""
    page.views.clear()
    page.views.append(
        ft.View(
            route="/",
            padding=24,
            vertical_alignment=ft.MainAxisAlignment.CENTER,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[
                ft.Semantics(
                    identifier="second-tab",
                    content=ft.Text(
                        _(
                            "Spades Scorekeeper is already open in another tab or window "
                            "on this device. Use that one, or close it and tap Try again: "
                            "two at once could overwrite each other's games."
                        ),
                        text_align=ft.TextAlign.CENTER,
                        size=18,
                    ),
                ),
                ft.Button(_("Try again"), icon=ft.Icons.REFRESH, on_click=lambda _e: retry()),
            ],
        )
    )
    announce_drawn(page)


ARCHIVE = "app.zip"  # written into the worker's folder (pwa/python-worker.js)
CODE = (".py", ".pyc")


class UnpackOnUse(importlib.abc.MetaPathFinder):
    """Last on sys.meta_path after a start from the memory snapshot: a module
    of app.zip that the snapshot lacks unpacks the app's code, once. The
    archive's list is read on the first import that reaches here, not at the
    start."""

    def __init__(self) -> None:
        self.names: set[str] | None = None

    def _in_archive(self, fullname: str) -> bool:
        if self.names is None:
            with zipfile.ZipFile(ARCHIVE) as archive:
                self.names = set(archive.namelist())
        stem = fullname.replace(".", "/")
        return any(
            f"{folder}{stem}{end}" in self.names
            for folder in ("", "__pypackages__/")
            for end in (*CODE, *(f"/__init__{suffix}" for suffix in CODE))
        )

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not self._in_archive(fullname):
            return None
        sys.meta_path.remove(self)
        print(f"python worker: {fullname} is not in the snapshot: unpacking the app's code")
        with zipfile.ZipFile(ARCHIVE) as archive:
            archive.extractall(members=[n for n in archive.namelist() if n.endswith(CODE)])
        importlib.invalidate_caches()
        return importlib.machinery.PathFinder.find_spec(fullname, path, target)


def import_everything(session_modules: str = "") -> str:
    """Before a memory snapshot is taken (in the browser by pwa/python-worker.js,
    or by `scorekeeper publish` in Node.js, pwa/snapshot.mjs): import every module
    a session uses, those listed in startup_modules.txt and `session_modules`
    (one a line). Returns those that could not be imported, one a line."""
    import gc
    import importlib

    with open("startup_modules.txt", encoding="utf-8") as listed:
        wanted = listed.read().split() + session_modules.split()
    failed = []
    for name in wanted:
        if name not in sys.modules and name not in ("__main__", "main"):
            try:
                importlib.import_module(name)
            except Exception as error:
                failed.append(f"{name}: {error!r}")
    warm_up()
    gc.collect()
    return "\n".join(failed)


def warm_up() -> None:
    """Before a memory snapshot: what a first screen would read from the data
    files, read into memory (each language's catalogs and Babel's data, Flet's
    icon names), so that a start from the snapshot reads no file before its
    first screen (see restored); and Flet's rules for each control class."""
    from scorekeeper import i18n
    from scorekeeper.ui.fletparts import compile_validation

    now = datetime.now()
    shown: list[object] = [ft.Icons.HOME, ft.CupertinoIcons.HOME]
    for code in i18n.LANGUAGES:
        with i18n.language(code):  # each kind of figure reads its part of Babel's data
            shown += [i18n.number(1234), i18n.decimal(1.5), i18n.percent(0.5), i18n.signed(-3)]
            shown += [i18n.day(now.date()), i18n.moment(now)]
    compile_validation()


UNPACK_AFTER_S = 2  # after the first screen: Flutter draws it meanwhile, on the same cores
_data_pending = False  # restored from the snapshot, the data files not yet unpacked


def unpack_data_files() -> None:
    """After a start from the memory snapshot, a while after the first screen:
    the data files (translations, Babel's data), for anything the snapshot did
    not read."""
    global _data_pending
    if _data_pending:
        _data_pending = False
        with zipfile.ZipFile(ARCHIVE) as archive:
            archive.extractall(members=[n for n in archive.namelist() if not n.endswith(CODE)])


def restored() -> None:
    """After a start from the memory snapshot: the modules are in memory, the
    files are not. The code is unpacked only if a module is missing, the data
    files after the first screen (unpack_data_files); reseed `random`, which
    every restore would otherwise start in the same state; set LANG from this
    browser as a normal start does (the snapshot holds the LANG of where it
    was taken, which may be another device or Node.js at publish time). Local
    time needs nothing: Pyodide reads it from a JS Date on each call."""
    global _data_pending
    _data_pending = True
    sys.meta_path.append(UnpackOnUse())
    random.seed()
    languages = browser_languages()
    os.environ["LANG"] = (languages[0] if languages else "C").replace("-", "_", 1) + ".UTF-8"


def phase(name: str) -> None:
    """A start-up phase, for the page's performance marks (pwa/python-worker.js)."""
    import js

    report = getattr(js, "startupPhase", None)
    if report is not None:
        report(name)


class Opened:
    """What `prepare` found: the store, or None when another tab holds the data."""

    def __init__(self, store: GameStore | None) -> None:
        self.store = store


_opening: "asyncio.Task[Opened] | None" = None


async def _open() -> Opened:
    keeping = asyncio.ensure_future(browser.persisted())  # asked while the data loads
    if not await browser.WEB_LOCK.acquire():
        return Opened(None)
    folder = data_folder()
    early = await browser.FOLDER.mount(folder)  # read by the worker as it started, if it could
    phase("data read early" if early else "data read")
    store = GameStore(folder)
    phase("data opened")
    browser.FOLDER.changed()  # opening may have repaired or backed up files
    problem = await browser.FOLDER.flush()
    if problem:
        store.notices.append(Later("Not saved: {reason}", reason=problem))
    store.notices.append(persistence_notice(await keeping))
    return Opened(store)


def report(phase: str) -> None:
    """Tell the page's boot screen how far the start got (boot.py)."""
    import js

    channel = getattr(js, "BroadcastChannel", None)
    if channel is not None:
        sender = channel.new(CHANNEL)
        sender.postMessage(phase)
        sender.close()


def prepare() -> None:
    """Take the lock and load the data in the background (while Flutter starts)."""
    global _opening
    if _opening is None:
        report("games")  # the app is imported: now its data
        _opening = asyncio.ensure_future(_open())


async def start(page: ft.Page) -> None:
    try:
        await first_screen(page)
    finally:  # once Flutter has drawn that screen: it shares the processor
        asyncio.get_running_loop().call_later(UNPACK_AFTER_S, unpack_data_files)


async def first_screen(page: ft.Page) -> None:
    global _opening
    page.title = _("Spades Scorekeeper")
    page.theme = theme(LIGHT)
    page.dark_theme = theme(DARK)
    prepare()
    assert _opening is not None
    opened = await _opening
    if opened.store is None:
        _opening = None  # ask again on Try again

        def retry() -> None:
            page.run_task(start, page)

        second_tab(page, retry)
        return
    language = preferred_language(",".join(browser_languages()))
    await make_main(
        opened.store,
        durable=browser.FOLDER.flush,
        undo=browser.FOLDER.restore,
        device_language=language,
        offline_fonts=lean_fonts(""),  # the site is the prepared client (see publish.py)
    )(page)  # (which sends the first screen: no update needed here)
    phase("first screen")


def run() -> None:
    ft.run(start)
