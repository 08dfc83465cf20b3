"""Where the data folder is: --data, then SCOREKEEPER_DATA, then the folder a
built Flet app is given (FLET_APP_STORAGE_DATA), then the platform's user
data folder."""

import os
from pathlib import Path

from platformdirs import user_data_dir

from scorekeeper.i18n import _
from scorekeeper.storage.errors import DataFolderError

APP_NAME = "spades-scorekeeper"


def data_folder(explicit: str | Path | None = None) -> Path:
    """An empty --data is refused: taken as "not given", it would quietly use
    the default folder, where the person meant another one."""
    if explicit is not None and not str(explicit).strip():
        raise DataFolderError(
            _("--data needs a folder name; leave it out to use {folder}").format(
                folder=data_folder()
            )
        )
    for candidate in (
        explicit,
        os.environ.get("SCOREKEEPER_DATA"),
        os.environ.get("FLET_APP_STORAGE_DATA"),
    ):
        if candidate:
            return Path(candidate).expanduser().resolve()
    return Path(user_data_dir(APP_NAME, appauthor=False))
