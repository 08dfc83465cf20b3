"""The server out of file descriptors (too many connections): every action
that needs a file says so in words, on the screen where it was tapped, and
never shows a path on the server."""

import asyncio
import builtins
import errno
import os
import pathlib

from scorekeeper.storage.store import GameStore
from tests.inprocess import open_app
from tests.test_ui_views import new_game


def out_of_files(monkeypatch, folder):
    """Opening any file in `folder` fails as it does at the open-file limit."""
    where = str(folder)

    def refuse(path):
        if str(path).startswith(where):
            raise OSError(errno.EMFILE, os.strerror(errno.EMFILE), str(path))

    real_open, real_read, real_os_open = builtins.open, pathlib.Path.read_bytes, os.open

    def fake_open(path, *args, **kwargs):
        refuse(path)
        return real_open(path, *args, **kwargs)

    def fake_read(self):
        refuse(self)
        return real_read(self)

    def fake_os_open(path, *args, **kwargs):
        refuse(path)
        return real_os_open(path, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", fake_open)
    monkeypatch.setattr(pathlib.Path, "read_bytes", fake_read)
    monkeypatch.setattr(os, "open", fake_os_open)


def test_out_of_files_a_tap_says_so_without_a_path(tmp_path, monkeypatch):
    async def go():
        with GameStore(tmp_path) as store:
            app = await open_app(store)
            await new_game(app)
            await app.click("Enter hand")
            out_of_files(monkeypatch, tmp_path)
            await app.tap("player-0")
            await app.tap("key-3")
            text = " ".join(app.texts())
            monkeypatch.undo()
            assert str(tmp_path) not in text and "Errno" not in text, text
            assert "too many" in text.lower(), text
            assert app.conn.crashes() == []

    asyncio.run(go())
